#include "viewer/Png.h"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#include <stb/stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace cliplab::viewer {

core::Status writePng(const std::string& path, int width, int height, const std::vector<unsigned char>& rgb) {
    if (width <= 0 || height <= 0 ||
        rgb.size() != static_cast<size_t>(width) * static_cast<size_t>(height) * 3)
        return core::makeError(path + ": bad image size for PNG");
    if (!stbi_write_png(path.c_str(), width, height, 3, rgb.data(), width * 3))
        return core::makeError(path + ": cannot write PNG (folder missing or not writable?)");
    return core::Ok{};
}

} // namespace cliplab::viewer
