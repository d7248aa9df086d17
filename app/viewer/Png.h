#pragma once
/// \file Png.h
/// Writing screenshots.

#include "core/Result.h"

#include <string>
#include <vector>

namespace cliplab::viewer {

/// Writes RGB pixels (rows top first, `width` * 3 bytes each) to a PNG file. Errors name the file.
core::Status writePng(const std::string& path, int width, int height, const std::vector<unsigned char>& rgb);

} // namespace cliplab::viewer
