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

/// Structural similarity of the luma of two pictures of the same size over the rectangle
/// [x0, x1) x [y0, y1) given in fractions of the size: the mean SSIM of 8x8 windows (step 4),
/// with the usual constants for 8-bit values. 1 for identical pictures; pictures that merely share
/// the average brightness score low. -1 when the sizes differ or a picture is empty.
double meanSsim(const Image& a, const Image& b, double x0 = 0, double y0 = 0, double x1 = 1, double y1 = 1);

} // namespace cliplab::test
