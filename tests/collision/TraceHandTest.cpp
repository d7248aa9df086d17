// Traces against small maps built in code, with answers worked out by hand.

#include "collision/Model.h"
#include "support/BrushMap.h"
#include "support/TestSupport.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;
using collision::Model;
using collision::Semantics;
using collision::Shape;
using collision::TraceOptions;
using test::boxPlanes;
using test::makeBrushMap;
using test::planeThrough;
using test::TestBrush;

namespace {

constexpr int32_t kSolid = bsp::contents::Solid;
const Shape kBox16 = Shape::box(glm::vec3(-16.0f), glm::vec3(16.0f));

/// A wall x in [64, 128], y and z in [-64, 64].
Model wallModel() {
    return Model(makeBrushMap({{boxPlanes({64, -64, -64}, {128, 64, 64})}}));
}

/// A wedge along y: x >= 0, z >= 0, x + z <= 64, |y| <= 64. With bevels it has q3map's six axial
/// sides (+x and +z only touching its edges) before the slope; without, only the faces.
std::vector<bsp::Plane> wedgePlanes(bool bevels) {
    const bsp::Plane slope = planeThrough({1, 0, 1}, {64, 0, 0});
    if (bevels) {
        auto p = boxPlanes({0, -64, 0}, {64, 64, 64});
        p.push_back(slope);
        return p;
    }
    return {{{-1, 0, 0}, 0}, {{0, -1, 0}, 64}, {{0, 1, 0}, 64}, {{0, 0, -1}, 0}, slope};
}

float distanceToPlane(const bsp::Plane& p, const glm::vec3& x) {
    return glm::dot(p.normal, x) - p.dist;
}

} // namespace

TEST(TraceHand, RayHitsAxialWall) {
    const Model m = wallModel();
    const auto r = m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, kSolid);
    EXPECT_NEAR(r.fraction, (64.0f - 0.125f) / 200.0f, 1e-6);
    EXPECT_NEAR(r.endpos.x, 63.875f, 1e-4);
    EXPECT_EQ(r.plane.normal, glm::vec3(-1, 0, 0));
    EXPECT_EQ(r.plane.dist, -64.0f);
    EXPECT_EQ(r.contents, kSolid);
    EXPECT_EQ(r.brush, 0);
    EXPECT_EQ(r.brushSide, 0); // the -x side
    EXPECT_FALSE(r.startSolid);
    EXPECT_FALSE(r.allSolid);
}

TEST(TraceHand, BoxHitsAxialWallAtItsFace) {
    const Model m = wallModel();
    const auto r = m.trace(kBox16, {0, 0, 0}, {200, 0, 0}, kSolid);
    EXPECT_NEAR(r.endpos.x, 48.0f - 0.125f, 1e-4);
    // An asymmetric box is traced around its centre: its +x face still stops 0.125 short.
    const auto a = m.trace(Shape::box({-4, -4, -4}, {20, 4, 4}), {0, 0, 0}, {200, 0, 0}, kSolid);
    EXPECT_NEAR(a.endpos.x, 44.0f - 0.125f, 1e-4);
}

TEST(TraceHand, MaskSkipsOtherContents) {
    const Model m(makeBrushMap({{boxPlanes({64, -64, -64}, {128, 64, 64}), bsp::contents::Water}}));
    EXPECT_EQ(m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, kSolid).fraction, 1.0f);
    const auto r = m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, bsp::contents::Water);
    EXPECT_LT(r.fraction, 1.0f);
    EXPECT_EQ(r.contents, bsp::contents::Water);
}

TEST(TraceHand, SurfaceFlagsComeFromTheHitSide) {
    const Model m(makeBrushMap({{boxPlanes({64, -64, -64}, {128, 64, 64}), kSolid, bsp::surf::Slick}}));
    EXPECT_EQ(m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, kSolid).surfaceFlags, bsp::surf::Slick);
}

TEST(TraceHand, RayAndBoxStopEpsilonAboveASlope) {
    const Model m(makeBrushMap({{wedgePlanes(true)}}));
    const bsp::Plane slope = planeThrough({1, 0, 1}, {64, 0, 0});
    const auto r = m.trace(Shape::ray(), {16, 0, 200}, {16, 0, -100}, kSolid);
    ASSERT_LT(r.fraction, 1.0f);
    EXPECT_NEAR(r.plane.normal.x, slope.normal.x, 1e-6);
    EXPECT_NEAR(r.plane.normal.z, slope.normal.z, 1e-6);
    EXPECT_NEAR(distanceToPlane(slope, r.endpos), 0.125f, 1e-3); // epsilon measured along the normal
    EXPECT_EQ(r.brushSide, 6);

    // A box: its deepest corner (-16, *, -16) stops epsilon above the slope (x = 40 keeps the box
    // clear of the apex, where the +z bevel would stop it first).
    const auto b = m.trace(kBox16, {40, 0, 200}, {40, 0, -100}, kSolid);
    EXPECT_NEAR(distanceToPlane(slope, b.endpos + glm::vec3(-16, 0, -16)), 0.125f, 1e-3);
}

TEST(TraceHand, RayAtAnEdgeHitsTheFirstOfTheTiedSides) {
    const Model m(makeBrushMap({{boxPlanes(glm::vec3(-64), glm::vec3(64))}}));
    const auto r = m.trace(Shape::ray(), {100, 100, 0}, {0, 0, 0}, kSolid);
    EXPECT_NEAR(r.fraction, (36.0f - 0.125f) / 100.0f, 1e-6);
    EXPECT_NEAR(r.endpos.x, 64.125f, 1e-4);
    EXPECT_NEAR(r.endpos.y, 64.125f, 1e-4);
    EXPECT_EQ(r.plane.normal, glm::vec3(1, 0, 0)); // +x and +y enter together; the earlier side wins
}

TEST(TraceHand, BoxAtACornerStopsOnAllThreeFaces) {
    const Model m(makeBrushMap({{boxPlanes(glm::vec3(-64), glm::vec3(64))}}));
    const auto r = m.trace(kBox16, {100, 100, 100}, {0, 0, 0}, kSolid);
    EXPECT_NEAR(r.endpos.x, 80.125f, 1e-3);
    EXPECT_NEAR(r.endpos.y, 80.125f, 1e-3);
    EXPECT_NEAR(r.endpos.z, 80.125f, 1e-3);
}

TEST(TraceHand, StartingInsideIsStartSolidLeavingIsNotAllSolid) {
    const Model m(test::makeCubeMap(64.0f)); // sides not in q3map order: bounds from vertices
    const auto r = m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, kSolid);
    EXPECT_TRUE(r.startSolid);
    EXPECT_FALSE(r.allSolid);
    EXPECT_EQ(r.fraction, 1.0f);
}

TEST(TraceHand, WhollyInsideIsAllSolidWithFractionZero) {
    const Model m(test::makeCubeMap(64.0f));
    const auto r = m.trace(kBox16, {0, 0, 0}, {10, 0, 0}, kSolid);
    EXPECT_TRUE(r.startSolid);
    EXPECT_TRUE(r.allSolid);
    EXPECT_EQ(r.fraction, 0.0f);
    EXPECT_EQ(r.contents, kSolid);
    EXPECT_EQ(r.endpos, glm::vec3(0.0f));
}

TEST(TraceHand, StartingExactlyOnASurfaceCountsAsInside) {
    const Model m = wallModel();
    // d1 == 0 is not "outside", so moving away from the face starts solid but gets out.
    const auto away = m.trace(Shape::ray(), {64, 0, 0}, {0, 0, 0}, kSolid);
    EXPECT_TRUE(away.startSolid);
    EXPECT_FALSE(away.allSolid);
    EXPECT_EQ(away.fraction, 1.0f);
    // Moving into the wall from its face: all solid.
    const auto into = m.trace(Shape::ray(), {64, 0, 0}, {100, 0, 0}, kSolid);
    EXPECT_TRUE(into.allSolid);
}

TEST(TraceHand, AlongASurface) {
    const Model m = wallModel();
    // Epsilon away from the face: free.
    const auto free = m.trace(Shape::ray(), {63.875f, -100, 0}, {63.875f, 100, 0}, kSolid);
    EXPECT_EQ(free.fraction, 1.0f);
    EXPECT_FALSE(free.startSolid);
    // Exactly on the face: both ends count as inside.
    const auto on = m.trace(Shape::ray(), {64, -10, 0}, {64, 10, 0}, kSolid);
    EXPECT_TRUE(on.allSolid);
    // A box sliding along the face at epsilon: free.
    const auto slide = m.trace(kBox16, {47.875f, -100, 0}, {47.875f, 100, 0}, kSolid);
    EXPECT_EQ(slide.fraction, 1.0f);
}

TEST(TraceHand, ZeroLengthTraceIsAPositionTest) {
    const Model m = wallModel();
    const auto in = m.trace(kBox16, {50, 0, 0}, {50, 0, 0}, kSolid);
    EXPECT_TRUE(in.startSolid);
    EXPECT_TRUE(in.allSolid);
    EXPECT_EQ(in.fraction, 0.0f);
    EXPECT_EQ(in.contents, kSolid);
    const auto out = m.trace(kBox16, {47, 0, 0}, {47, 0, 0}, kSolid);
    EXPECT_FALSE(out.startSolid);
    EXPECT_EQ(out.fraction, 1.0f);
    EXPECT_EQ(m.trace(Shape::ray(), {100, 0, 0}, {100, 0, 0}, kSolid).allSolid, true);
    EXPECT_EQ(m.trace(Shape::sphere(16), {47, 0, 0}, {47, 0, 0}, kSolid).startSolid, false);
    EXPECT_EQ(m.trace(Shape::sphere(16), {49, 0, 0}, {49, 0, 0}, kSolid).startSolid, true);
}

TEST(TraceHand, BoxBesideAWedgeEdgeIsFreeOnlyWithBevels) {
    // Box centre 15 below the wedge's base, moving in -x towards its lower sharp edge (x = 64, z = 0).
    // The box really touches the wedge when its -x face reaches x = 64, i.e. centre x = 80.
    const glm::vec3 start(200, 0, -15), end(0, 0, -15);
    const Model bevelled(makeBrushMap({{wedgePlanes(true)}}));
    EXPECT_NEAR(bevelled.trace(kBox16, start, end, kSolid).endpos.x, 80.125f, 1e-3);
    // Without the +x bevel the shifted slope (x + z <= 64 + 32) stands as an invisible wall at 111.
    const Model bare(makeBrushMap({{wedgePlanes(false)}}));
    EXPECT_NEAR(bare.trace(kBox16, start, end, kSolid).endpos.x, 111.0f + 0.125f * std::sqrt(2.0f), 1e-3);
}

TEST(TraceHand, SphereAgainstAWedgeShiftsPlanesByTheRadius) {
    const glm::vec3 start(200, 0, -15), end(0, 0, -15);
    const Model bevelled(makeBrushMap({{wedgePlanes(true)}}));
    // The +x bevel shifted by the radius stops it at 80 (a true sphere would get to 69.6: the
    // approximation of plane shifting at edges).
    EXPECT_NEAR(bevelled.trace(Shape::sphere(16), start, end, kSolid).endpos.x, 80.125f, 1e-3);
    // Without bevels: the slope shifted by 16 along its normal: x + z <= 64 + 16 * sqrt(2).
    const Model bare(makeBrushMap({{wedgePlanes(false)}}));
    const float expected = 64.0f + 16.0f * std::sqrt(2.0f) + 15.0f + 0.125f * std::sqrt(2.0f);
    EXPECT_NEAR(bare.trace(Shape::sphere(16), start, end, kSolid).endpos.x, expected, 1e-3);
}

TEST(TraceHand, CapsuleOnASlopeTouchesWithItsLowerSphere) {
    const Model m(makeBrushMap({{wedgePlanes(true)}}));
    const bsp::Plane slope = planeThrough({1, 0, 1}, {64, 0, 0});
    // Player box: radius 15, sphere centres 13 above and below the centre (0, 0, 4).
    const auto r =
        m.trace(Shape::capsule({-15, -15, -24}, {15, 15, 32}), {16, 0, 300}, {16, 0, -100}, kSolid);
    ASSERT_LT(r.fraction, 1.0f);
    const glm::vec3 lowerCentre = r.endpos + glm::vec3(0, 0, 4 - 13);
    EXPECT_NEAR(distanceToPlane(slope, lowerCentre), 15.0f + 0.125f, 1e-3);
    // On flat ground a capsule stands exactly as high as the box.
    const Model floor(makeBrushMap({{boxPlanes({-512, -512, -64}, {512, 512, 0})}}));
    const auto c =
        floor.trace(Shape::capsule({-15, -15, -24}, {15, 15, 32}), {0, 0, 100}, {0, 0, -100}, kSolid);
    EXPECT_NEAR(c.endpos.z, 24.125f, 1e-3);
}

TEST(TraceHand, InlineModelsAreTracedOnlyWhenAsked) {
    const Model m(makeBrushMap(
        {{boxPlanes({64, -64, -64}, {128, 64, 64})}, {boxPlanes({-128, -64, -64}, {-64, 64, 64})}}, 1));
    ASSERT_EQ(m.numModels(), 2);
    TraceOptions door;
    door.model = 1;
    EXPECT_EQ(m.trace(Shape::ray(), {0, 0, 0}, {-200, 0, 0}, kSolid).fraction, 1.0f);
    const auto r = m.trace(Shape::ray(), {0, 0, 0}, {-200, 0, 0}, kSolid, door);
    EXPECT_NEAR(r.endpos.x, -63.875f, 1e-4);
    EXPECT_EQ(r.brush, 1);
    EXPECT_TRUE(m.trace(kBox16, {-70, 0, 0}, {-70, 0, 0}, kSolid, door).allSolid);
    TraceOptions missing;
    missing.model = 7;
    EXPECT_EQ(m.trace(Shape::ray(), {0, 0, 0}, {-200, 0, 0}, kSolid, missing).fraction, 1.0f);
}

TEST(TraceHand, PointContents) {
    const Model m(makeBrushMap({{boxPlanes({64, -64, -64}, {128, 64, 64})},
                                {boxPlanes({0, 0, 0}, {32, 32, 32}), bsp::contents::Water}}));
    EXPECT_EQ(m.pointContents({100, 0, 0}), kSolid);
    EXPECT_EQ(m.pointContents({10, 10, 10}), bsp::contents::Water);
    EXPECT_EQ(m.pointContents({10, 10, 10}, kSolid), 0);
    EXPECT_EQ(m.pointContents({-10, 0, 0}), 0);
}

TEST(TraceHand, StatisticsCountTheWork) {
    const Model m = wallModel();
    collision::TraceStats stats;
    m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, kSolid, {}, &stats);
    EXPECT_EQ(stats.brushesTested, 1);
    EXPECT_EQ(stats.brushesHit, 1);
    EXPECT_EQ(stats.leavesVisited, 1);
    EXPECT_EQ(stats.nodesVisited, 1);
    EXPECT_EQ(stats.testedBrushes, std::vector<int32_t>{0});
}

// Where the seed tutorial's semantics differ from the game's.

TEST(TraceHand, Quake3ClipsATraceEndingInsideTheEpsilonBand_TutorialLetsItDriftIn) {
    const Model m = wallModel();
    const glm::vec3 start(0, 0, 0), end(63.95f, 0, 0); // ends 0.05 from the face
    const auto q3 = m.trace(Shape::ray(), start, end, kSolid);
    EXPECT_LT(q3.fraction, 1.0f);
    EXPECT_NEAR(q3.endpos.x, 63.875f, 1e-4);
    TraceOptions tutorial;
    tutorial.semantics = Semantics::Tutorial;
    const auto tu = m.trace(Shape::ray(), start, end, kSolid, tutorial);
    EXPECT_EQ(tu.fraction, 1.0f);
    EXPECT_EQ(tu.endpos.x, 63.95f);
}

TEST(TraceHand, Quake3AllSolidStopsTheTrace_TutorialKeepsTheFraction) {
    const Model m = wallModel();
    TraceOptions tutorial;
    tutorial.semantics = Semantics::Tutorial;
    const auto q3 = m.trace(Shape::ray(), {80, 0, 0}, {100, 0, 0}, kSolid);
    const auto tu = m.trace(Shape::ray(), {80, 0, 0}, {100, 0, 0}, kSolid, tutorial);
    EXPECT_TRUE(q3.allSolid);
    EXPECT_EQ(q3.fraction, 0.0f);
    EXPECT_TRUE(tu.allSolid);
    EXPECT_EQ(tu.fraction, 1.0f);
}

TEST(TraceHand, BothSemanticsAgreeAwayFromTheBand) {
    const Model m(makeBrushMap({{wedgePlanes(true)}, {boxPlanes({64, -64, -64}, {128, 64, 64})}}));
    TraceOptions tutorial;
    tutorial.semantics = Semantics::Tutorial;
    const glm::vec3 ends[] = {{16, 0, -100}, {300, 0, 10}, {300, 50, 100}};
    for (const auto& e : ends) {
        const auto a = m.trace(kBox16, {16, 0, 200}, e, kSolid);
        const auto b = m.trace(kBox16, {16, 0, 200}, e, kSolid, tutorial);
        EXPECT_EQ(a.fraction, b.fraction);
        EXPECT_EQ(a.plane.normal, b.plane.normal);
    }
}

TEST(TraceHand, EpsilonIsAnOption) {
    const Model m = wallModel();
    TraceOptions q2;
    q2.epsilon = 1.0f / 32.0f;
    EXPECT_NEAR(m.trace(Shape::ray(), {0, 0, 0}, {200, 0, 0}, kSolid, q2).endpos.x, 64.0f - 1.0f / 32.0f,
                1e-4);
}
