// Upright cylinder traces with the brush trace: hand-built walls, floors, slopes and edges with
// answers worked out by hand (epsilon 0.125 pulls every stop back along the hit plane's normal).

#include "collision/Model.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;
using collision::Model;
using collision::Shape;
using test::boxPlanes;
using test::makeBrushMap;
using test::planeThrough;

namespace {

constexpr int32_t kSolid = bsp::contents::Solid;
constexpr float kEps = 0.125f;
const Shape kCyl = Shape::cylinder(16.0f, 24.0f);

/// The wedge x >= 0, z >= 0, x + z <= 64, |y| <= 64 with q3map's axial bevels first.
Model wedgeModel() {
    auto p = boxPlanes({0, -64, 0}, {64, 64, 64});
    p.push_back(planeThrough({1, 0, 1}, {64, 0, 0}));
    return Model(makeBrushMap({{p}}));
}

} // namespace

TEST(CylinderTrace, WallStopsAtRadius) {
    const Model m(makeBrushMap({{boxPlanes({64, -64, -64}, {128, 64, 64})}}));
    const auto r = m.trace(kCyl, {0, 0, 0}, {200, 0, 0}, kSolid);
    EXPECT_NEAR(r.endpos.x, 64.0f - 16.0f - kEps, 1e-4);
    EXPECT_EQ(r.plane.normal, glm::vec3(-1, 0, 0));
    EXPECT_EQ(r.brushSide, 0);
    // A thin cylinder is not a box: it goes by the wall's edge where a 16-unit box would not.
    EXPECT_EQ(m.trace(Shape::cylinder(4.0f, 24.0f), {0, 70, 0}, {200, 70, 0}, kSolid).fraction, 1.0f);
}

TEST(CylinderTrace, FloorStopsAtHalfHeight) {
    const Model m(makeBrushMap({{boxPlanes({-256, -256, -64}, {256, 256, 0})}}));
    const auto r = m.trace(kCyl, {10, 20, 100}, {10, 20, -100}, kSolid);
    EXPECT_NEAR(r.endpos.z, 24.0f + kEps, 1e-4);
    EXPECT_EQ(r.plane.normal, glm::vec3(0, 0, 1));
    // A quarter unit above the floor is outside it; half a unit lower is inside (touching counts as inside,
    // as in the game).
    EXPECT_FALSE(m.trace(kCyl, {0, 0, 24.25f}, {0, 0, 24.25f}, kSolid).startSolid);
    EXPECT_TRUE(m.trace(kCyl, {0, 0, 23.5f}, {0, 0, 23.5f}, kSolid).startSolid);
}

TEST(CylinderTrace, SlopeStopsAtSupportDistance) {
    // Dropping at x = 20 onto the 45-degree face: the shifted plane is x + z = 64 + r + h (support
    // (r + h) / sqrt 2 along the normal), touched by the rim point (x - r, z - h) = (4, 60).
    const Model m = wedgeModel();
    const auto r = m.trace(kCyl, {20, 0, 200}, {20, 0, 0}, kSolid);
    EXPECT_NEAR(r.endpos.z, 64.0f + 16.0f + 24.0f - 20.0f + kEps * std::sqrt(2.0f), 1e-3);
    EXPECT_NEAR(r.plane.normal.x, std::sqrt(0.5f), 1e-6);
    EXPECT_NEAR(r.plane.normal.z, std::sqrt(0.5f), 1e-6);
    // Moving sideways into the slope at centre height 40 (rim z in [16, 64]): x = 64 + r + h - 40
    // = 64, the lower rim edge on the slope at (48, 16); the +x bevel (x <= 80) is passed first.
    const auto s = m.trace(kCyl, {200, 0, 40}, {0, 0, 40}, kSolid);
    EXPECT_NEAR(s.endpos.x, 64.0f + kEps * std::sqrt(2.0f), 1e-3);
    EXPECT_NEAR(s.plane.normal.x, std::sqrt(0.5f), 1e-6);
    // At centre height 10 the rim reaches the wedge's foot (64, 0): the +x bevel stops it at 80.
    EXPECT_NEAR(m.trace(kCyl, {200, 0, 10}, {0, 0, 10}, kSolid).endpos.x, 80.0f + kEps, 1e-4);
}

TEST(CylinderTrace, HorizontalEdgeIsExactWithAxialBevels) {
    // Dropping beside the wedge's apex edge (x = 0, z = 64): the rim reaches x in [-30, 2], over
    // the apex, so the cylinder lands on the +z bevel plane at z = 64 + h (exact: in the xz plane
    // the cylinder is a rectangle and the bevel is the support plane of the apex).
    const Model m = wedgeModel();
    const auto r = m.trace(kCyl, {-14, 0, 200}, {-14, 0, 0}, kSolid);
    EXPECT_NEAR(r.endpos.z, 64.0f + 24.0f + kEps, 1e-4);
    EXPECT_EQ(r.plane.normal, glm::vec3(0, 0, 1));
    // Without the bevel the shifted slope reaches far past the apex (the invisible wall).
    const Model bare(makeBrushMap({{{{{-1, 0, 0}, 0},
                                     {{0, -1, 0}, 64},
                                     {{0, 1, 0}, 64},
                                     {{0, 0, -1}, 0},
                                     planeThrough({1, 0, 1}, {64, 0, 0})}}}));
    const auto b = bare.trace(kCyl, {-14, 0, 200}, {-14, 0, 0}, kSolid);
    EXPECT_NEAR(b.endpos.z, 64.0f + 16.0f + 24.0f + 14.0f + kEps * std::sqrt(2.0f), 1e-3);
}

TEST(CylinderTrace, VerticalEdgeStopsAtTheShiftedCorner) {
    // A vertical box edge at (64, 64): plane shifting squares the rounded corner, so a diagonal
    // approach stops where both shifted faces meet (48, 48), earlier than the exact contact at
    // 64 - r / sqrt 2 = 52.69: conservative by at most r (sqrt 2 - 1) along the diagonal.
    const Model m(makeBrushMap({{boxPlanes({64, 64, -64}, {128, 128, 64})}}));
    const auto r = m.trace(kCyl, {0, 0, 0}, {100, 100, 0}, kSolid);
    EXPECT_NEAR(r.endpos.x, 48.0f - kEps, 1e-4);
    EXPECT_NEAR(r.endpos.y, 48.0f - kEps, 1e-4);
    // Passing the edge at a horizontal distance just over r is free; just under is not.
    EXPECT_EQ(m.trace(kCyl, {47.5f, -100, 0}, {47.5f, 200, 0}, kSolid).fraction, 1.0f);
    EXPECT_LT(m.trace(kCyl, {48.5f, -100, 0}, {48.5f, 200, 0}, kSolid).fraction, 1.0f);
}

TEST(CylinderTrace, ZeroRadiusAndHeightIsARay) {
    const Model m = wedgeModel();
    const auto c = m.trace(Shape::cylinder(0.0f, 0.0f), {20, 3, 200}, {20, 3, 0}, kSolid);
    const auto r = m.trace(Shape::ray(), {20, 3, 200}, {20, 3, 0}, kSolid);
    EXPECT_EQ(c.fraction, r.fraction);
    EXPECT_EQ(c.plane.normal, r.plane.normal);
}
