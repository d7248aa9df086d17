#include "support/Png.h"

// Declarations only: stb_image's code comes from the renderer library (engine/render/Textures.cpp),
// which every test that reads pictures links anyway.
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

#include <fstream>
#include <iterator>

namespace cliplab::test {

Image loadPng(const std::string& path) {
    Image img;
    // The renderer builds stb_image without its stdio functions, so the file is read here.
    std::ifstream in(path, std::ios::binary);
    const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.empty())
        return img;
    int channels = 0;
    unsigned char* p = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &img.width, &img.height,
                                             &channels, 3);
    if (p) {
        img.rgb.assign(p, p + static_cast<size_t>(img.width) * static_cast<size_t>(img.height) * 3);
        stbi_image_free(p);
    }
    return img;
}

} // namespace cliplab::test
