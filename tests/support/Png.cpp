#include "support/Png.h"

#include "render/ImageDecode.h"

#include <fstream>
#include <iterator>

namespace cliplab::test {

Image loadPng(const std::string& path) {
    Image img;
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto decoded = render::decodeImage(bytes, 3);
    if (decoded) {
        img.width = decoded->width;
        img.height = decoded->height;
        img.rgb = std::move(decoded->pixels);
    }
    return img;
}

} // namespace cliplab::test
