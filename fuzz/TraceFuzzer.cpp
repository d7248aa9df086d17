// The trace API fed arbitrary parameters (shape, extents, radius, epsilon, mask, semantics, curves,
// model, start and end, including NaN, infinities and huge values) against the compiled
// playground map, through Model::trace, PlaneShiftTree::trace and stepAndCorrect. It asserts the
// hostile-number contract of collision/TraceLimits.h for every input: the result is refused
// exactly when the input is unusable, the fraction is in [0, 1], endpos and plane are finite;
// step-and-correct ends at a finite position within +/-1e6 after at most kMaxCorrectSteps steps.
#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "mapc/Compiler.h"
#include "planeshift/PlaneShiftTree.h"
#include "stepcorrect/StepCorrect.h"

#include <glm/geometric.hpp>

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

const cliplab::collision::PlaneShiftTree& playgroundTree() {
    static const cliplab::collision::PlaneShiftTree tree = cliplab::collision::PlaneShiftTree::build(
        playground(), cliplab::bsp::contents::MaskPlayerSolid, true);
    return tree;
}

bool finite3(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// The contract of every trace result (TraceLimits.h); aborts on a breach.
void checkResult(const cliplab::collision::TraceResult& r, bool usable) {
    if (r.refused == usable)
        std::abort();
    if (!(r.fraction >= 0.0f && r.fraction <= 1.0f))
        std::abort();
    if (!finite3(r.endpos) || !finite3(r.plane.normal) || !std::isfinite(r.plane.dist))
        std::abort();
    if (r.refused && (r.fraction != 0.0f || !r.allSolid || !cliplab::collision::pointUsable(r.endpos)))
        std::abort();
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
    case 0:
        shape = Shape::ray();
        break;
    case 1:
        shape = Shape::box(v[2], v[3]);
        break;
    case 2:
        shape = Shape::sphere(radius);
        break;
    case 3:
        shape = Shape::capsule(v[2], v[3]);
        break;
    default:
        shape = Shape::cylinder(radius, v[3].z);
        break;
    }
    TraceOptions options;
    if (flags & 1)
        options.epsilon = epsilon;
    options.semantics = flags & 2 ? Semantics::Tutorial : flags & 16 ? Semantics::Quake3e : Semantics::Quake3;
    options.curves = (flags & 4) != 0;
    options.model = model_;
    const bool usable = traceInputUsable(shape, v[0], v[1]);
    checkResult(model.trace(shape, v[0], v[1], mask, options), usable);
    if (options.model == 0 && options.semantics == Semantics::Quake3)
        checkResult(playgroundTree().trace(shape, v[0], v[1], options), usable);
    if (flags & 8) {
        // Step-and-correct with arbitrary options: bounded steps, a finite end inside the limits.
        StepCorrectOptions sc;
        sc.stepLength = radius;
        // Keep runs fast: at most ~32 steps here (the kMaxCorrectSteps cap itself is covered by
        // HostileTrace.StepCorrectRefusesAndBoundsHostileMoves); NaN and other lengths stay as fed
        // when they give few steps.
        const float length = glm::length(v[1] - v[0]);
        if (std::isfinite(length) && length > 32.0f * clampStepCorrectOptions(sc).stepLength)
            sc.stepLength = length / 32.0f;
        sc.margin = epsilon;
        sc.maxCorrections = static_cast<int8_t>(flags);
        const StepCorrectResult m = stepAndCorrect(model, shape, v[0], v[1], mask, sc);
        if (!finite3(m.position) || !pointUsable(m.position) || m.steps > kMaxCorrectSteps)
            std::abort();
        if (!usable && (!m.stuck || m.steps != 0))
            std::abort();
    }
    return 0;
}
