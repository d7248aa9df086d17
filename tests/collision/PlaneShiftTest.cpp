// Plane-shifted traces through the solid-leaf tree on hand-built maps.

#include "collision/Model.h"
#include "planeshift/PlaneShiftTree.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;
using collision::Model;
using collision::PlaneShiftTree;
using collision::Shape;
using test::boxPlanes;
using test::makeBrushMap;
using test::planeThrough;

namespace {

constexpr int32_t kSolid = bsp::contents::Solid;
constexpr float kEps = 0.125f;

/// A floor, a wall standing on it, and a wedge x >= 0, z >= 0, x + z <= 64, y in [200, 328] given
/// by its faces only (no bevel sides: its apex edge at x = 0, z = 64 is a sharp ridge).
Model roomModel() {
    const std::vector<bsp::Plane> wedge = {{{-1, 0, 0}, 0},
                                           {{0, -1, 0}, -200},
                                           {{0, 1, 0}, 328},
                                           {{0, 0, -1}, 0},
                                           planeThrough({1, 0, 1}, {64, 0, 0})};
    return Model(makeBrushMap(
        {{boxPlanes({-512, -512, -64}, {512, 512, 0})}, {boxPlanes({64, -64, 0}, {128, 64, 128})}, {wedge}}));
}

} // namespace

TEST(PlaneShift, BuildsASolidLeafTree) {
    const Model m = roomModel();
    const auto plain = PlaneShiftTree::build(m, kSolid, false);
    const auto bevelled = PlaneShiftTree::build(m, kSolid, true);
    EXPECT_EQ(plain.info().brushes, 3);
    EXPECT_GT(plain.info().nodes, 0);
    EXPECT_EQ(plain.info().bevelNodes, 0);
    EXPECT_GT(bevelled.info().bevelNodes, 0);
    EXPECT_EQ(bevelled.info().nodes, plain.info().nodes + bevelled.info().bevelNodes);
    EXPECT_EQ(plain.info().solidLeaves, bevelled.info().solidLeaves);
    // Every node plane of the plain tree comes from a brush side.
    for (const auto& n : plain.nodes())
        EXPECT_GE(n.side, 0);
    // Water is not in a solid tree: no brushes, nothing to hit.
    const auto water = PlaneShiftTree::build(m, bsp::contents::Water, true);
    EXPECT_EQ(water.info().nodes, 0);
    EXPECT_EQ(water.trace(Shape::ray(), {0, 0, 10}, {0, 0, -10}).fraction, 1.0f);
}

TEST(PlaneShift, ShapesStopAtTheirSupportDistance) {
    const Model m = roomModel();
    const auto t = PlaneShiftTree::build(m, kSolid, true);
    // Wall face at x = 64: ray, sphere, box, cylinder.
    EXPECT_NEAR(t.trace(Shape::ray(), {0, 0, 32}, {200, 0, 32}).endpos.x, 64.0f - kEps, 1e-4);
    EXPECT_NEAR(t.trace(Shape::sphere(10), {0, 0, 32}, {200, 0, 32}).endpos.x, 54.0f - kEps, 1e-4);
    EXPECT_NEAR(t.trace(Shape::box({-15, -15, -24}, {15, 15, 32}), {0, 0, 32}, {200, 0, 32}).endpos.x,
                49.0f - kEps, 1e-4);
    const auto c = t.trace(Shape::cylinder(16, 24), {0, 0, 32}, {200, 0, 32});
    EXPECT_NEAR(c.endpos.x, 48.0f - kEps, 1e-4);
    EXPECT_EQ(c.plane.normal, glm::vec3(-1, 0, 0));
    EXPECT_EQ(c.plane.dist, -64.0f);
    EXPECT_EQ(c.contents, kSolid);
    EXPECT_EQ(c.brush, 1);
    // Floor: the cylinder lands at its half height.
    EXPECT_NEAR(t.trace(Shape::cylinder(16, 24), {-200, 0, 100}, {-200, 0, -100}).endpos.z, 24.0f + kEps,
                1e-4);
    // Slope (x + z = 64 at y in [200, 328]), dropping at x = 20: the cylinder's support (r + h) / sqrt 2.
    const auto s = t.trace(Shape::cylinder(16, 24), {20, 264, 200}, {20, 264, 0});
    EXPECT_NEAR(s.endpos.z, 64.0f + 16.0f + 24.0f - 20.0f + kEps * std::sqrt(2.0f), 1e-3);
    EXPECT_NEAR(s.plane.normal.x, std::sqrt(0.5f), 1e-6);
}

TEST(PlaneShift, StartSolidAndPositionTests) {
    const Model m = roomModel();
    const auto t = PlaneShiftTree::build(m, kSolid, true);
    const auto inside = t.trace(Shape::ray(), {96, 0, 64}, {96, 0, 64});
    EXPECT_TRUE(inside.startSolid);
    EXPECT_TRUE(inside.allSolid);
    EXPECT_EQ(inside.fraction, 0.0f);
    EXPECT_FALSE(t.trace(Shape::ray(), {0, 0, 64}, {0, 0, 64}).startSolid);
    // Leaving the wall: startsolid, not allsolid, and the segment is free.
    const auto out = t.trace(Shape::ray(), {96, 0, 64}, {300, 0, 64});
    EXPECT_TRUE(out.startSolid);
    EXPECT_FALSE(out.allSolid);
    EXPECT_EQ(out.fraction, 1.0f);
    // A box overlapping the wall by one unit.
    EXPECT_TRUE(t.trace(Shape::box(glm::vec3(-16), glm::vec3(16)), {49, 0, 64}, {49, 0, 64}).startSolid);
    EXPECT_FALSE(t.trace(Shape::box(glm::vec3(-16), glm::vec3(16)), {47, 0, 64}, {47, 0, 64}).startSolid);
}

TEST(PlaneShift, BevelsRemoveTheProtrudingRidge) {
    // Passing 9 units above the wedge's apex edge (x = 0, z = 64) with a sphere of radius 8 clears
    // it. Without bevels the cell's slope plane shifted by 8 reaches z = 72 + 8 sqrt 2 = 83.3 at
    // x = -8 (an invisible wall); the +z bevel (z <= 64, shifted to 72) lets the sphere pass.
    const Model m = roomModel();
    const auto plain = PlaneShiftTree::build(m, kSolid, false);
    const auto bevelled = PlaneShiftTree::build(m, kSolid, true);
    const Shape ball = Shape::sphere(8);
    const glm::vec3 a(-100, 264, 73), b(-1, 264, 73);
    EXPECT_EQ(bevelled.trace(ball, a, b).fraction, 1.0f);
    const auto stopped = plain.trace(ball, a, b);
    EXPECT_LT(stopped.fraction, 1.0f);
    EXPECT_NEAR(stopped.endpos.x, -8.0f - kEps, 1e-4); // on the shifted -x face, beside the ridge
}

TEST(PlaneShift, OddBrushesBuildAFiniteTree) {
    // A lone half-space (z <= 0: unbounded) and an empty brush (x <= 0 and x >= 10).
    const Model m(makeBrushMap({{{{{0, 0, 1}, 0}}}, {{{{1, 0, 0}, 0}, {{-1, 0, 0}, -10}}}}));
    const auto t = PlaneShiftTree::build(m, kSolid, true);
    EXPECT_LT(t.info().nodes, 100);
    const auto r = t.trace(Shape::ray(), {5, 5, 50}, {5, 5, -50});
    EXPECT_NEAR(r.endpos.z, kEps, 1e-4);
    EXPECT_EQ(r.plane.normal, glm::vec3(0, 0, 1));
    // Non-finite input is refused with the same answer as the brush trace gives: nothing traced,
    // fraction 0, all solid (TraceLimits.h), and no hang.
    const float nan = std::nanf("");
    const auto refused = t.trace(Shape::sphere(4), {nan, 0, 0}, {0, nan, 10});
    EXPECT_TRUE(refused.refused);
    EXPECT_TRUE(refused.allSolid);
    EXPECT_EQ(refused.fraction, 0.0f);
}
