#pragma once
/// \file ImageDecode.h
/// Image files (TGA, JPEG, PNG) decoded to 8-bit pixels with stb_image; no GL.

#include "core/Result.h"

#include <cstdint>
#include <vector>

namespace cliplab::scene {

/// Pixels of a decoded image, rows top first.
struct DecodedImage {
    int width = 0, height = 0;
    std::vector<unsigned char> pixels; ///< width * height * channels bytes.
};

/// Decodes the bytes of a TGA, JPEG or PNG file into `channels` (1-4) bytes per pixel. The error
/// is stb_image's reason (e.g. "unknown image type"); the caller names the file.
core::Result<DecodedImage> decodeImage(const std::vector<uint8_t>& bytes, int channels);

} // namespace cliplab::scene
