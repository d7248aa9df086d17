#include "support/Png.h"

#include "scene/ImageDecode.h"

#include <fstream>
#include <iterator>

namespace cliplab::test {

Image loadPng(const std::string& path) {
    Image img;
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto decoded = scene::decodeImage(bytes, 3);
    if (decoded) {
        img.width = decoded->width;
        img.height = decoded->height;
        img.rgb = std::move(decoded->pixels);
    }
    return img;
}

double meanSsim(const Image& a, const Image& b, double x0, double y0, double x1, double y1) {
    if (a.width != b.width || a.height != b.height || a.rgb.empty() || b.rgb.empty())
        return -1.0;
    auto luma = [](const Image& img, int x, int y) {
        const unsigned char* p = &img.rgb[static_cast<size_t>((y * img.width + x) * 3)];
        return 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
    };
    constexpr int kWindow = 8, kStep = 4;
    constexpr double c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255);
    const int ax = static_cast<int>(x0 * a.width), bx = static_cast<int>(x1 * a.width);
    const int ay = static_cast<int>(y0 * a.height), by = static_cast<int>(y1 * a.height);
    double sum = 0.0;
    int windows = 0;
    for (int wy = ay; wy + kWindow <= by; wy += kStep)
        for (int wx = ax; wx + kWindow <= bx; wx += kStep) {
            double ma = 0, mb = 0, va = 0, vb = 0, cov = 0;
            for (int y = wy; y < wy + kWindow; ++y)
                for (int x = wx; x < wx + kWindow; ++x) {
                    ma += luma(a, x, y);
                    mb += luma(b, x, y);
                }
            constexpr double n = kWindow * kWindow;
            ma /= n;
            mb /= n;
            for (int y = wy; y < wy + kWindow; ++y)
                for (int x = wx; x < wx + kWindow; ++x) {
                    const double da = luma(a, x, y) - ma, db = luma(b, x, y) - mb;
                    va += da * da;
                    vb += db * db;
                    cov += da * db;
                }
            va /= n - 1;
            vb /= n - 1;
            cov /= n - 1;
            sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
            ++windows;
        }
    return windows > 0 ? sum / windows : -1.0;
}

} // namespace cliplab::test
