#include "scene/ImageDecode.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_NO_STDIO
#define STBI_ONLY_TGA
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#endif
#include <stb/stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <climits>

namespace cliplab::scene {

core::Result<DecodedImage> decodeImage(const std::vector<uint8_t>& bytes, int channels) {
    if (bytes.empty() || bytes.size() > size_t(INT_MAX))
        return core::makeError(bytes.empty() ? "empty file" : "file too large to decode");
    DecodedImage image;
    int fileChannels = 0;
    unsigned char* p = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &image.width,
                                             &image.height, &fileChannels, channels);
    if (!p)
        return core::makeError(stbi_failure_reason());
    image.pixels.assign(p, p + size_t(image.width) * size_t(image.height) * size_t(channels));
    stbi_image_free(p);
    return image;
}

} // namespace cliplab::scene
