// The trace API fed arbitrary parameters (shape, extents, radius, epsilon, mask, semantics, curves,
// model, start and end, including NaN, infinities and huge values) against the compiled
// playground map: it must return, never crash or hang. Finite, sane input must give a finite
// fraction in [0, 1].
#include "collision/Model.h"
#include "mapc/Compiler.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>

namespace {

const cliplab::collision::Model& playground() {
    static const std::unique_ptr<cliplab::collision::Model> model = [] {
        std::ifstream in(CLIPLAB_SOURCE_DIR "/assets/maps/playground.map");
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        auto data = cliplab::mapc::compileMap(text, "playground.map", {});
        if (!data.ok())
            std::abort();
        return std::make_unique<cliplab::collision::Model>(data.value());
    }();
    return *model;
}

float takeFloat(const uint8_t*& p, size_t& left) {
    float f = 0.0f;
    if (left >= 4) {
        std::memcpy(&f, p, 4);
        p += 4;
        left -= 4;
    }
    return f;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace cliplab::collision;
    const Model& model = playground();
    if (size < 4)
        return 0;
    const uint8_t kind = data[0] % 5, flags = data[1];
    const int32_t model_ = data[2] % 4;
    const int32_t mask = data[3] & 1 ? cliplab::bsp::contents::MaskPlayerSolid : -1;
    const uint8_t* p = data + 4;
    size_t left = size - 4;
    glm::vec3 v[4];
    for (auto& x : v)
        for (int i = 0; i < 3; ++i)
            x[i] = takeFloat(p, left);
    const float radius = takeFloat(p, left), epsilon = takeFloat(p, left);
    Shape shape;
    switch (kind) {
    case 0: shape = Shape::ray(); break;
    case 1: shape = Shape::box(v[2], v[3]); break;
    case 2: shape = Shape::sphere(radius); break;
    case 3: shape = Shape::capsule(v[2], v[3]); break;
    default: shape = Shape::cylinder(radius, v[3].z); break;
    }
    TraceOptions options;
    if (flags & 1)
        options.epsilon = epsilon;
    options.semantics = flags & 2 ? Semantics::Tutorial : Semantics::Quake3;
    options.curves = (flags & 4) != 0;
    options.model = model_;
    const TraceResult r = model.trace(shape, v[0], v[1], mask, options);
    bool sane = true;
    for (const auto& x : v)
        for (int i = 0; i < 3; ++i)
            sane = sane && std::isfinite(x[i]) && std::fabs(x[i]) < 1e5f;
    sane = sane && std::isfinite(radius) && std::fabs(radius) < 1e3f && std::isfinite(epsilon) &&
           epsilon >= 0.0f && epsilon < 1.0f;
    if (sane && !(r.fraction >= 0.0f && r.fraction <= 1.0f))
        std::abort();
    return 0;
}
