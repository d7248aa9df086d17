#pragma once
/// \file Png.h
/// Reading the PNG pictures `cliplab shot` and the viewer write, for tests that look at them.

#include <string>
#include <vector>

namespace cliplab::test {

/// An 8-bit RGB picture, rows top to bottom.
struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb; ///< width * height * 3 bytes; empty when the file did not load.
};

/// Loads `path` as RGB (any PNG is converted); an empty image when it cannot be read.
Image loadPng(const std::string& path);

} // namespace cliplab::test
