// The tracing module: the method names, the one rule for when plane shifting answers, the
// plane-shift trees built per (mask, bevels) on first use, and the trace function for a set of
// rules, each against the brush trace or the tree it stands for.

#include "tracing/Tracing.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace cliplab;
using tracing::TraceMethod;

namespace {

/// A floor and a wedge x >= 0, z >= 0, x + z <= 64, y in [200, 328] with no bevel sides: its apex
/// edge (x = 0, z = 64) is a sharp ridge that plane shifting without bevels protrudes beyond.
collision::Model wedgeModel() {
    const std::vector<bsp::Plane> wedge = {{{-1, 0, 0}, 0},
                                           {{0, -1, 0}, -200},
                                           {{0, 1, 0}, 328},
                                           {{0, 0, -1}, 0},
                                           test::planeThrough({1, 0, 1}, {64, 0, 0})};
    return collision::Model(
        test::makeBrushMap({{test::boxPlanes({-512, -512, -64}, {512, 512, 0})}, {wedge}}));
}

collision::TraceOptions tutorialOptions() {
    collision::TraceOptions o;
    o.semantics = collision::Semantics::Tutorial;
    return o;
}

collision::TraceOptions inlineModelOptions() {
    collision::TraceOptions o;
    o.model = 1;
    return o;
}

} // namespace

TEST(Tracing, EveryMethodNameParsesBackAndRunsHoldOneMethod) {
    std::set<std::string_view> seen;
    for (const auto& row : tracing::kTraceMethodNames) {
        EXPECT_EQ(tracing::traceMethodName(row.value), row.name);
        EXPECT_EQ(tracing::parseTraceMethod(row.name), row.value);
        EXPECT_TRUE(seen.insert(row.name).second) << row.name;
    }
    for (const char* bad : {"", "Brush", "plane shifting", "both ", "brushes"})
        EXPECT_FALSE(tracing::parseTraceMethod(bad)) << bad;
    // A recording or a `trace=` override holds the method that answers: never both.
    EXPECT_EQ(tracing::parseSingleMethod("planeshift"), TraceMethod::PlaneShift);
    EXPECT_EQ(tracing::parseSingleMethod("brush"), TraceMethod::Brush);
    EXPECT_FALSE(tracing::parseSingleMethod("both"));
    EXPECT_EQ(tracing::singleMethodChoice(), "brush or planeshift");
    EXPECT_EQ(std::string(tracing::traceMethodName(static_cast<TraceMethod>(7))), "brush");
}

TEST(Tracing, PlaneShiftingAnswersWithTheGamesEpsilonRulesOnTheWorldOnly) {
    for (const collision::Semantics s : {collision::Semantics::Quake3, collision::Semantics::Robust}) {
        collision::TraceOptions o;
        o.semantics = s;
        o.curves = true; // the tree has no patches, but the rule does not refuse it
        EXPECT_EQ(tracing::planeShiftUnavailable(o), nullptr);
        EXPECT_EQ(tracing::effectiveMethod(TraceMethod::Both, o), TraceMethod::Both);
        EXPECT_EQ(tracing::answeringMethod(TraceMethod::PlaneShift, o), TraceMethod::PlaneShift);
        EXPECT_EQ(tracing::answeringMethod(TraceMethod::Both, o), TraceMethod::Brush);
        EXPECT_EQ(tracing::answeringMethod(TraceMethod::Brush, o), TraceMethod::Brush);
    }
    for (const collision::TraceOptions& o : {tutorialOptions(), inlineModelOptions()}) {
        ASSERT_NE(tracing::planeShiftUnavailable(o), nullptr);
        for (const auto& row : tracing::kTraceMethodNames) {
            EXPECT_EQ(tracing::effectiveMethod(row.value, o), TraceMethod::Brush) << row.name;
            EXPECT_EQ(tracing::answeringMethod(row.value, o), TraceMethod::Brush) << row.name;
        }
    }
}

TEST(Tracing, TreesAreBuiltOnFirstUsePerMaskAndBevels) {
    const collision::Model m = wedgeModel();
    tracing::Tracer tracer(m);
    const auto ray = collision::Shape::ray();
    const glm::vec3 a(0, 0, 10), b(0, 0, -10);
    (void)tracer.trace(TraceMethod::Brush, true, ray, a, b, 1, {});
    (void)tracer.trace(TraceMethod::Both, true, ray, a, b, 1, {}); // Both answers by the brush trace
    EXPECT_EQ(tracer.treesBuilt(), 0);
    for (int i = 0; i < 5; ++i)
        (void)tracer.trace(TraceMethod::PlaneShift, true, ray, a, b, 1, {});
    EXPECT_EQ(tracer.treesBuilt(), 1); // not per trace
    ASSERT_NE(tracer.findPlaneShiftTree(1, true), nullptr);
    EXPECT_EQ(tracer.findPlaneShiftTree(1, false), nullptr);
    (void)tracer.trace(TraceMethod::PlaneShift, false, ray, a, b, 1, {});
    EXPECT_EQ(tracer.treesBuilt(), 2); // bevels changed
    (void)tracer.trace(TraceMethod::PlaneShift, false, ray, a, b, bsp::contents::Water, {});
    EXPECT_EQ(tracer.treesBuilt(), 3); // mask changed: nothing is water, the ray passes
    EXPECT_EQ(tracer.findPlaneShiftTree(bsp::contents::Water, false)->info().brushes, 0);
    (void)tracer.trace(TraceMethod::PlaneShift, true, ray, a, b, 1, {});
    EXPECT_EQ(tracer.treesBuilt(), 3); // back to the first: kept
    // Beyond kMaxTrees the oldest goes; asked for again, it is built again.
    for (int32_t mask = 2; mask < 2 + int32_t(tracing::Tracer::kMaxTrees); ++mask)
        (void)tracer.planeShiftTree(mask, true);
    EXPECT_EQ(tracer.findPlaneShiftTree(1, true), nullptr);
    EXPECT_EQ(tracer.treesBuilt(), 3 + int(tracing::Tracer::kMaxTrees));
    (void)tracer.trace(TraceMethod::PlaneShift, true, ray, a, b, 1, {});
    EXPECT_EQ(tracer.treesBuilt(), 4 + int(tracing::Tracer::kMaxTrees));
    // Unavailable rules never build one.
    tracing::Tracer other(m);
    (void)other.trace(TraceMethod::PlaneShift, true, ray, a, b, 1, tutorialOptions());
    (void)other.trace(TraceMethod::PlaneShift, true, ray, a, b, 1, inlineModelOptions());
    EXPECT_EQ(other.treesBuilt(), 0);
}

TEST(Tracing, TheFunctionForRulesIsTheTraceItStandsFor) {
    // A sphere passing 9 units over the ridge: the brush trace and the bevelled tree let it through,
    // the tree without bevels stops it early. Each function answers as its own trace does.
    const collision::Model m = wedgeModel();
    tracing::Tracer tracer(m);
    const auto ball = collision::Shape::sphere(8);
    const glm::vec3 a(-100, 264, 73), b(-1, 264, 73);
    const collision::TraceOptions o;
    const auto withBevels = tracer.function({o, TraceMethod::PlaneShift, true})(ball, a, b, 1);
    const auto without = tracer.function({o, TraceMethod::PlaneShift, false})(ball, a, b, 1);
    const auto brush = tracer.function({o, TraceMethod::Brush, true})(ball, a, b, 1);
    const auto both = tracer.function({o, TraceMethod::Both, false})(ball, a, b, 1);
    EXPECT_EQ(withBevels.fraction, tracer.planeShiftTree(1, true).trace(ball, a, b, o).fraction);
    EXPECT_EQ(without.fraction, tracer.planeShiftTree(1, false).trace(ball, a, b, o).fraction);
    EXPECT_EQ(withBevels.fraction, 1.0f);
    EXPECT_LT(without.fraction, 1.0f);
    EXPECT_EQ(brush.fraction, m.trace(ball, a, b, 1, o).fraction);
    EXPECT_EQ(both.fraction, brush.fraction); // Both answers by the brush trace
    // The tutorial's rules: plane shifting asked for, the brush trace answers.
    const auto tutorial = tracer.function({tutorialOptions(), TraceMethod::PlaneShift, false})(ball, a, b, 1);
    EXPECT_EQ(tutorial.fraction, m.trace(ball, a, b, 1, tutorialOptions()).fraction);
}
