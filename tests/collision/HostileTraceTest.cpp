// Hostile numbers through the trace API (TraceLimits.h): every NaN, infinity, far coordinate,
// inverted or huge shape and bad epsilon gets its documented result from Model::trace and
// PlaneShiftTree::trace alike, always with a fraction in [0, 1] and a finite end position.

#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "planeshift/PlaneShiftTree.h"
#include "stepcorrect/StepCorrect.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace cliplab;
using collision::Model;
using collision::Shape;
using collision::TraceOptions;
using collision::TraceResult;
using test::boxPlanes;
using test::makeBrushMap;

namespace {

constexpr int32_t kSolid = bsp::contents::Solid;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

/// A 4-unit wall x in [64, 68] and a floor z in [-64, -32].
Model wallModel() {
    return Model(makeBrushMap(
        {{boxPlanes({64, -256, -32}, {68, 256, 256})}, {boxPlanes({-512, -512, -64}, {512, 512, -32})}}));
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// The contract every result keeps, whatever the input.
void expectSane(const TraceResult& r, const char* name) {
    EXPECT_TRUE(r.fraction >= 0.0f && r.fraction <= 1.0f) << name << ": fraction " << r.fraction;
    EXPECT_TRUE(finite(r.endpos)) << name;
    EXPECT_TRUE(finite(r.plane.normal) && std::isfinite(r.plane.dist)) << name;
}

void expectSame(const TraceResult& a, const TraceResult& b, const char* name) {
    EXPECT_EQ(a.fraction, b.fraction) << name;
    EXPECT_EQ(a.endpos, b.endpos) << name;
    EXPECT_EQ(a.startSolid, b.startSolid) << name;
    EXPECT_EQ(a.allSolid, b.allSolid) << name;
    EXPECT_EQ(a.brush, b.brush) << name;
    EXPECT_EQ(a.refused, b.refused) << name;
}

struct Case {
    const char* name;
    Shape shape;
    glm::vec3 start, end;
    float epsilon;
    /// Refused (true), or traced like `sameAs` with epsilon `sameEpsilon` (false).
    bool refused;
    Shape sameAs;
    float sameEpsilon;
    glm::vec3 refusedEnd; ///< endpos of a refused trace.
};

const glm::vec3 kFrom(0, 0, 0), kTo(160, 0, 0);
const Shape kBox = Shape::box({-8, -8, -8}, {8, 8, 8});

const Case kCases[] = {
    {"NaN start", Shape::ray(), {kNaN, 0, 0}, kTo, 0.125f, true, {}, 0, {0, 0, 0}},
    {"inf end", Shape::ray(), kFrom, {kInf, 0, 0}, 0.125f, true, {}, 0, kFrom},
    {"-inf start", kBox, {0, -kInf, 0}, kTo, 0.125f, true, {}, 0, {0, -1e6f, 0}},
    {"1e7 start", Shape::ray(), {1e7f, 0, 0}, kTo, 0.125f, true, {}, 0, {1e6f, 0, 0}},
    {"-1e7 end", kBox, kFrom, {0, 0, -1e7f}, 0.125f, true, {}, 0, kFrom},
    {"NaN box mins", Shape::box({kNaN, -8, -8}, {8, 8, 8}), kFrom, kTo, 0.125f, true, {}, 0, kFrom},
    {"inf box maxs", Shape::box({-8, -8, -8}, {8, kInf, 8}), kFrom, kTo, 0.125f, true, {}, 0, kFrom},
    {"NaN capsule", Shape::capsule({-8, -8, kNaN}, {8, 8, 8}), kFrom, kTo, 0.125f, true, {}, 0, kFrom},
    {"NaN sphere radius", Shape::sphere(kNaN), kFrom, kTo, 0.125f, true, {}, 0, kFrom},
    {"inf cylinder half height", Shape::cylinder(8, kInf), kFrom, kTo, 0.125f, true, {}, 0, kFrom},
    // Numbers a kind does not use do not matter.
    {"ray with NaN box",
     Shape{collision::ShapeKind::Ray, glm::vec3(kNaN), glm::vec3(kNaN), kNaN, kNaN},
     kFrom,
     kTo,
     0.125f,
     false,
     Shape::ray(),
     0.125f,
     {}},
    {"1e6 coordinates", Shape::ray(), {1e6f, 0, 0}, {-1e6f, 0, 0}, 0.125f, false, Shape::ray(), 0.125f, {}},
    {"inverted box", Shape::box({8, 8, 8}, {-8, -8, -8}), kFrom, kTo, 0.125f, false, kBox, 0.125f, {}},
    {"inverted x only", Shape::box({8, -8, -8}, {-8, 8, 8}), kFrom, kTo, 0.125f, false, kBox, 0.125f, {}},
    {"inverted capsule",
     Shape::capsule({8, 8, 24}, {-8, -8, -24}),
     kFrom,
     kTo,
     0.125f,
     false,
     Shape::capsule({-8, -8, -24}, {8, 8, 24}),
     0.125f,
     {}},
    {"huge box",
     Shape::box(glm::vec3(-1e9f), glm::vec3(1e30f)),
     kFrom,
     kTo,
     0.125f,
     false,
     Shape::box(glm::vec3(-collision::kMaxExtent), glm::vec3(collision::kMaxExtent)),
     0.125f,
     {}},
    {"negative sphere radius", Shape::sphere(-5), kFrom, kTo, 0.125f, false, Shape::sphere(0), 0.125f, {}},
    {"huge sphere radius",
     Shape::sphere(1e20f),
     kFrom,
     kTo,
     0.125f,
     false,
     Shape::sphere(collision::kMaxExtent),
     0.125f,
     {}},
    {"negative cylinder",
     Shape::cylinder(-3, -4),
     kFrom,
     kTo,
     0.125f,
     false,
     Shape::cylinder(0, 0),
     0.125f,
     {}},
    {"epsilon 0", Shape::ray(), kFrom, kTo, 0.0f, false, Shape::ray(), 0.0f, {}},
    {"epsilon -1", kBox, kFrom, kTo, -1.0f, false, kBox, 0.0f, {}},
    {"epsilon NaN", kBox, kFrom, kTo, kNaN, false, kBox, collision::kDefaultEpsilon, {}},
    {"epsilon inf", kBox, kFrom, kTo, kInf, false, kBox, collision::kMaxEpsilon, {}},
    {"epsilon 1e9", Shape::ray(), kFrom, kTo, 1e9f, false, Shape::ray(), collision::kMaxEpsilon, {}},
};

} // namespace

TEST(HostileTrace, EveryCaseGetsItsDocumentedResult) {
    const Model m = wallModel();
    const auto tree = collision::PlaneShiftTree::build(m, kSolid, true);
    for (const Case& c : kCases) {
        TraceOptions o;
        o.epsilon = c.epsilon;
        for (int method = 0; method < 2; ++method) {
            auto run = [&](const Shape& s, const glm::vec3& a, const glm::vec3& b, const TraceOptions& opt) {
                return method == 0 ? m.trace(s, a, b, kSolid, opt) : tree.trace(s, a, b, opt);
            };
            const TraceResult r = run(c.shape, c.start, c.end, o);
            expectSane(r, c.name);
            EXPECT_EQ(r.refused, c.refused) << c.name << " method " << method;
            if (c.refused) {
                EXPECT_EQ(r.fraction, 0.0f) << c.name;
                EXPECT_TRUE(r.startSolid && r.allSolid) << c.name;
                EXPECT_EQ(r.endpos, c.refusedEnd) << c.name;
                EXPECT_EQ(r.brush, -1) << c.name;
            } else {
                TraceOptions same;
                same.epsilon = c.sameEpsilon;
                expectSame(r, run(c.sameAs, c.start, c.end, same), c.name);
            }
        }
    }
}

TEST(HostileTrace, ClampedCasesStillCollide) {
    // The clamps keep the trace meaningful: these hit the wall where the sane equivalent does, by
    // both methods. (In the table above, "1e6 coordinates" and "epsilon 0" are their own sane
    // equivalents: there they only check that they are not refused; their values are checked here.)
    const Model m = wallModel();
    const auto tree = collision::PlaneShiftTree::build(m, kSolid, true);
    for (int method = 0; method < 2; ++method) {
        auto run = [&](const Shape& s, const glm::vec3& a, const glm::vec3& b, const TraceOptions& opt) {
            return method == 0 ? m.trace(s, a, b, kSolid, opt) : tree.trace(s, a, b, opt);
        };
        TraceOptions zero;
        zero.epsilon = 0.0f;
        const TraceResult exact = run(Shape::ray(), kFrom, kTo, zero);
        EXPECT_FLOAT_EQ(exact.endpos.x, 64.0f) << "method " << method; // epsilon 0 stops on the surface
        const TraceResult inverted = run(Shape::box({8, 8, 8}, {-8, -8, -8}), kFrom, kTo, {});
        EXPECT_NEAR(inverted.endpos.x, 56.0f - 0.125f, 1e-3) << "method " << method;
        const TraceResult far = run(Shape::ray(), {1e6f, 0, 0}, {-1e6f, 0, 0}, {});
        EXPECT_LT(far.fraction, 1.0f) << "method " << method;
        EXPECT_NEAR(far.endpos.x, 68.125f, 0.1f) << "method " << method; // float spacing at 1e6 is 1/16
    }
}

TEST(HostileTrace, PositionTestsFollowTheSameRules) {
    const Model m = wallModel();
    const TraceResult nan = m.trace(kBox, glm::vec3(kNaN), glm::vec3(kNaN), kSolid);
    EXPECT_TRUE(nan.refused);
    EXPECT_EQ(nan.endpos, glm::vec3(0.0f));
    const TraceResult inside = m.trace(Shape::box({8, 8, 8}, {-8, -8, -8}), {66, 0, 0}, {66, 0, 0}, kSolid);
    EXPECT_FALSE(inside.refused);
    EXPECT_TRUE(inside.startSolid);
}

TEST(HostileTrace, CheckTraceInputNamesTheArgument) {
    struct Check {
        Shape shape;
        glm::vec3 start, end;
        float epsilon;
        const char* expect; ///< Substring of the error, or nullptr when the input is fine.
    };
    const Check checks[] = {
        {kBox, kFrom, kTo, 0.125f, nullptr},
        {Shape::ray(), kFrom, kTo, 0.0f, nullptr},
        {Shape::ray(), {0, kNaN, 0}, kTo, 0.125f, "start y is not finite"},
        {Shape::ray(), kFrom, {0, 0, kInf}, 0.125f, "end z is not finite"},
        {Shape::ray(), {2e6f, 0, 0}, kTo, 0.125f, "start x = 2e+06 is beyond"},
        {Shape::box({1, 0, 0}, {0, 1, 1}), kFrom, kTo, 0.125f, "mins x = 1 is above maxs x = 0"},
        {Shape::box({-1e6f, 0, 0}, {0, 1, 1}), kFrom, kTo, 0.125f, "mins x = -1e+06 is beyond"},
        {Shape::box({0, 0, 0}, {1, kNaN, 1}), kFrom, kTo, 0.125f, "maxs y is not finite"},
        {Shape::sphere(-1), kFrom, kTo, 0.125f, "radius = -1 is negative"},
        {Shape::cylinder(4, kNaN), kFrom, kTo, 0.125f, "halfHeight is not finite"},
        {Shape::ray(), kFrom, kTo, -1.0f, "epsilon = -1 is not in [0, 16]"},
        {Shape::ray(), kFrom, kTo, kNaN, "epsilon = nan is not in [0, 16]"},
    };
    for (const Check& c : checks) {
        TraceOptions o;
        o.epsilon = c.epsilon;
        const auto error = collision::checkTraceInput(c.shape, c.start, c.end, o);
        if (!c.expect) {
            EXPECT_FALSE(error.has_value()) << *error;
            continue;
        }
        ASSERT_TRUE(error.has_value()) << c.expect;
        EXPECT_NE(error->find(c.expect), std::string::npos) << *error;
    }
}

TEST(HostileTrace, StepCorrectRefusesAndBoundsHostileMoves) {
    const Model m = wallModel();
    const auto nan = collision::stepAndCorrect(m, kBox, {kNaN, 0, 0}, kTo, kSolid);
    EXPECT_TRUE(nan.stuck);
    EXPECT_EQ(nan.steps, 0);
    EXPECT_EQ(nan.position, glm::vec3(0.0f));
    const auto far = collision::stepAndCorrect(m, kBox, kFrom, {1e7f, 0, 0}, kSolid);
    EXPECT_TRUE(far.stuck);
    EXPECT_EQ(far.position, kFrom);
    const auto badShape =
        collision::stepAndCorrect(m, Shape::box({0, 0, 0}, {kInf, 1, 1}), kFrom, kTo, kSolid);
    EXPECT_TRUE(badShape.stuck);

    // A tiny step over two million units: the step count is capped, so the work is bounded.
    collision::StepCorrectOptions tiny;
    tiny.stepLength = 1e-9f;
    const auto longMove =
        collision::stepAndCorrect(m, Shape::ray(), {-1e6f, 0, 1000}, {1e6f, 0, 1000}, kSolid, tiny);
    EXPECT_EQ(longMove.steps, collision::kMaxCorrectSteps);
    EXPECT_TRUE(finite(longMove.position));

    // NaN options take the defaults; out-of-range ones are clamped.
    collision::StepCorrectOptions hostile;
    hostile.stepLength = kNaN;
    hostile.margin = kNaN;
    hostile.edgeHandicap = -kInf;
    hostile.cornerHandicap = kNaN;
    hostile.maxCorrections = -5;
    const auto c = collision::clampStepCorrectOptions(hostile);
    EXPECT_EQ(c.stepLength, 8.0f);
    EXPECT_EQ(c.margin, 0.125f);
    EXPECT_EQ(c.edgeHandicap, 0.0f);
    EXPECT_EQ(c.cornerHandicap, 0.2f);
    EXPECT_EQ(c.maxCorrections, 0);
    collision::StepCorrectOptions nanStep;
    nanStep.stepLength = kNaN;
    const auto a = collision::stepAndCorrect(m, kBox, kFrom, kTo, kSolid, nanStep);
    const auto b = collision::stepAndCorrect(m, kBox, kFrom, kTo, kSolid);
    EXPECT_EQ(a.position, b.position);
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_FALSE(a.stuck);
}
