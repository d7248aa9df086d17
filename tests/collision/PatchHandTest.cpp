// Patch (curved surface) collision on hand-built maps: analytic stops on a flat patch and on an
// arch, the switches (curves on/off, contents mask), shapes, position tests, inline models,
// degenerate patches and the limits; facets built in Quake3e's arithmetic.

#include "bsp/BspFile.h"
#include "collision/Model.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace cliplab;
using collision::Shape;

namespace {

const Shape kPlayer = Shape::box({-15, -15, -24}, {15, 15, 32});
constexpr int32_t kSolid = bsp::contents::Solid;

collision::TraceOptions curvesOn() {
    collision::TraceOptions o;
    o.curves = true;
    return o;
}

/// A 3x3 control grid over [-64, 64]^2 whose rows run towards +y, so that the patch faces +z
/// (the side facets collide from) when `height` gives z per point (x index, y index).
template <typename Height> std::vector<glm::vec3> grid3(Height height) {
    std::vector<glm::vec3> pts;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            pts.push_back({-64.0f + 64.0f * float(x), -64.0f + 64.0f * float(y), height(x, y)});
    return pts;
}

bsp::BspData mapWithPatch(const std::vector<glm::vec3>& pts, int32_t w = 3, int32_t h = 3,
                          int32_t contents = kSolid) {
    bsp::BspData d = test::makeBrushMap({});
    test::addPatch(d, w, h, pts, contents);
    return d;
}

} // namespace

TEST(PatchCollide, FlatPatchIsOneFacetWithBordersAndBackPlane) {
    auto pc = collision::buildPatchCollide(3, 3, grid3([](int, int) { return 0.0f; }));
    ASSERT_TRUE(pc.ok()) << pc.error().message;
    // Straight in both directions: the approximating column and row are dropped.
    EXPECT_EQ(pc->gridWidth, 2);
    EXPECT_EQ(pc->gridHeight, 2);
    ASSERT_EQ(pc->facets.size(), 1u);
    const auto& f = pc->facets[0];
    EXPECT_EQ(pc->planes[size_t(f.surfacePlane)].normal, glm::vec3(0, 0, 1));
    // 4 edges (the axial bevels equal them or the surface plane) + the back plane.
    EXPECT_EQ(f.numBorders, 5);
    const auto& back = pc->borders[size_t(f.firstBorder + f.numBorders - 1)];
    EXPECT_EQ(back.plane, f.surfacePlane);
    EXPECT_TRUE(back.inward);
    const auto poly = collision::facetPolygon(*pc, 0);
    ASSERT_EQ(poly.size(), 4u);
    for (const auto& p : poly) {
        EXPECT_NEAR(std::fabs(p.x), 64.0f, 0.01f);
        EXPECT_NEAR(std::fabs(p.y), 64.0f, 0.01f);
        EXPECT_NEAR(p.z, 0.0f, 0.01f);
    }
}

TEST(PatchTrace, PlayerBoxStopsOnFlatPatchAsTheGameComputes) {
    const auto d = mapWithPatch(grid3([](int, int) { return 0.0f; }));
    const collision::Model m(d);
    ASSERT_TRUE(m.warnings().empty());
    const auto r = m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, curvesOn());
    // Centre segment z 104 -> -96 (box centred: +4); plane z = 0 shifted by the half height 28:
    // f = (76 - 0.125) / 200, end z = 100 - 200 f = 24.125.
    EXPECT_FLOAT_EQ(r.fraction, float((76.0 - 0.125) / 200.0));
    EXPECT_NEAR(r.endpos.z, 24.125f, 1e-4f);
    EXPECT_EQ(r.plane.normal, glm::vec3(0, 0, 1));
    EXPECT_FLOAT_EQ(r.plane.dist, 28.0f); // the shifted distance, as ioquake3 reports for patches
    EXPECT_FALSE(r.startSolid);
    EXPECT_EQ(r.surface, 0);
    EXPECT_EQ(r.facet, 0);
    EXPECT_EQ(r.brush, -1);
    EXPECT_EQ(r.contents, kSolid);

    // Off: no collision. Wrong contents: no collision.
    EXPECT_EQ(m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid).fraction, 1.0f);
    EXPECT_EQ(m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, bsp::contents::Water, curvesOn()).fraction, 1.0f);
    // Beside the patch (box edge 15 beyond the 64 border plus the epsilon): no collision.
    EXPECT_EQ(m.trace(kPlayer, {79.2f, 0, 100}, {79.2f, 0, -100}, kSolid, curvesOn()).fraction, 1.0f);
    EXPECT_LT(m.trace(kPlayer, {78.8f, 0, 100}, {78.8f, 0, -100}, kSolid, curvesOn()).fraction, 1.0f);
}

TEST(PatchTrace, FacetsCollideFromTheFrontOnly) {
    const collision::Model m(mapWithPatch(grid3([](int, int) { return 0.0f; })));
    // From below the box enters through the back plane, which never clips...
    EXPECT_EQ(m.trace(kPlayer, {0, 0, -100}, {0, 0, 100}, kSolid, curvesOn()).fraction, 1.0f);
    // ...and may end inside the facet's slab, where a position test says solid (as in the game).
    EXPECT_EQ(m.trace(kPlayer, {0, 0, -100}, {0, 0, 0}, kSolid, curvesOn()).fraction, 1.0f);
    EXPECT_TRUE(m.trace(kPlayer, {0, 0, 0}, {0, 0, 0}, kSolid, curvesOn()).startSolid);
}

TEST(PatchTrace, RaysSpheresAndCapsulesStopOnTheFlatPatch) {
    const collision::Model m(mapWithPatch(grid3([](int, int) { return 0.0f; })));
    const auto ray = m.trace(Shape::ray(), {10, 5, 100}, {10, 5, -100}, kSolid, curvesOn());
    EXPECT_NEAR(ray.endpos.z, 0.125f, 1e-4f); // the game's point-trace special case, with the epsilon
    EXPECT_EQ(ray.plane.normal, glm::vec3(0, 0, 1));
    EXPECT_EQ(ray.surface, 0);
    const auto sphere = m.trace(Shape::sphere(16), {0, 0, 100}, {0, 0, -100}, kSolid, curvesOn());
    EXPECT_NEAR(sphere.endpos.z, 16.125f, 1e-4f);
    // Capsule of the player box: radius 15, centres +/-13 from the middle at +4: bottom at -24.
    const auto capsule =
        m.trace(Shape::capsule({-15, -15, -24}, {15, 15, 32}), {0, 0, 100}, {0, 0, -100}, kSolid, curvesOn());
    EXPECT_NEAR(capsule.endpos.z, 24.125f, 1e-3f);
}

TEST(PatchTrace, RayCurveClipOffLetsPointsThroughPatchesOnly) {
    const collision::Model m(mapWithPatch(grid3([](int, int) { return 0.0f; })));
    collision::TraceOptions off = curvesOn();
    off.rayCurveClip = false;
    // cm_playerCurveClip 0: rays and zero-size boxes pass, boxes and spheres still stop.
    EXPECT_EQ(m.trace(Shape::ray(), {10, 5, 100}, {10, 5, -100}, kSolid, off).fraction, 1.0f);
    EXPECT_EQ(m.trace(Shape::box({}, {}), {10, 5, 100}, {10, 5, -100}, kSolid, off).fraction, 1.0f);
    EXPECT_NEAR(m.trace(Shape::box({}, {}), {10, 5, 100}, {10, 5, -100}, kSolid, curvesOn()).endpos.z, 0.125f,
                1e-4f);
    EXPECT_NEAR(m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, off).endpos.z, 24.125f, 1e-3f);
    EXPECT_NEAR(m.trace(Shape::sphere(16), {0, 0, 100}, {0, 0, -100}, kSolid, off).endpos.z, 16.125f, 1e-4f);
}

TEST(PatchTrace, SweepsNeverStartSolidButPositionTestsDo) {
    const collision::Model m(mapWithPatch(grid3([](int, int) { return 0.0f; })));
    const auto inside = m.trace(kPlayer, {0, 0, 10}, {0, 0, 10}, kSolid, curvesOn());
    EXPECT_TRUE(inside.startSolid);
    EXPECT_TRUE(inside.allSolid);
    EXPECT_EQ(inside.fraction, 0.0f);
    EXPECT_EQ(inside.surface, 0);
    EXPECT_FALSE(m.trace(kPlayer, {0, 0, 10}, {0, 0, 10}, kSolid).startSolid); // curves off
    EXPECT_FALSE(m.trace(kPlayer, {0, 0, 24.2f}, {0, 0, 24.2f}, kSolid, curvesOn()).startSolid);
    const auto sweep = m.trace(kPlayer, {0, 0, 10}, {0, 0, -100}, kSolid, curvesOn());
    EXPECT_FALSE(sweep.startSolid);
    EXPECT_EQ(sweep.fraction, 1.0f);
}

TEST(PatchTrace, BoxRestsOnTheArchApexAndWithinTheFlatnessToleranceElsewhere) {
    // A half-cylinder bump along y: z = 256 t (1 - t), x = -64 + 128 t, apex 64 at x = 0.
    const collision::Model m(mapWithPatch(grid3([](int x, int) { return x == 1 ? 128.0f : 0.0f; })));
    ASSERT_FALSE(m.patches().empty());
    EXPECT_GT(m.patches()[0].collide.facets.size(), 2u); // subdivided
    const auto apex = m.trace(kPlayer, {0, 0, 200}, {0, 0, 0}, kSolid, curvesOn());
    // The apex is a grid point (subdivision midpoints lie on the curve): rest at 64 + 24 + eps.
    EXPECT_NEAR(apex.endpos.z, 64.0f + 24.0f + 0.125f, 1e-3f);
    for (float x : {-40.0f, -20.0f, 20.0f, 32.0f, 45.0f}) {
        const auto r = m.trace(kPlayer, {x, 0, 200}, {x, 0, 0}, kSolid, curvesOn());
        // The highest curve point under the box footprint [x - 15, x + 15].
        float top = 0.0f;
        for (float u = x - 15.0f; u <= x + 15.0f; u += 0.25f) {
            const float t = (u + 64.0f) / 128.0f;
            if (t >= 0.0f && t <= 1.0f)
                top = std::max(top, 256.0f * t * (1.0f - t));
        }
        const float bottom = r.endpos.z - 24.0f;
        // Facets are chords of the curve, at most 16 units under it (the subdivision tolerance).
        EXPECT_LE(bottom, top + 0.125f + 1e-3f) << "x " << x;
        EXPECT_GE(bottom, top - 16.0f) << "x " << x;
        EXPECT_FALSE(m.trace(kPlayer, r.endpos, r.endpos, kSolid, curvesOn()).startSolid) << "x " << x;
    }
}

TEST(PatchTrace, BoxRestsOnARamp) {
    // A flat slope rising 64 over 128 in x (walkable: normal z 0.89).
    const collision::Model m(mapWithPatch(grid3([](int x, int) { return 32.0f * float(x); })));
    for (float x : {-40.0f, 0.0f, 30.0f}) {
        const auto r = m.trace(kPlayer, {x, 0, 200}, {x, 0, -50}, kSolid, curvesOn());
        ASSERT_LT(r.fraction, 1.0f);
        EXPECT_NEAR(r.plane.normal.z, 2.0f / std::sqrt(5.0f), 1e-4f);
        // The box's bottom edge at x + 15 touches the slope z = (x + 64) / 2; the epsilon is kept
        // along the normal, 0.125 / nz above it.
        const float expected = (x + 15.0f + 64.0f) * 0.5f + 24.0f + 0.125f * std::sqrt(5.0f) / 2.0f;
        EXPECT_NEAR(r.endpos.z, expected, 1e-3f) << "x " << x;
        // Resting there: the game's ground check (0.25 down) finds the ramp at once.
        EXPECT_LT(m.trace(kPlayer, r.endpos, r.endpos - glm::vec3(0, 0, 0.25f), kSolid, curvesOn()).fraction,
                  0.01f);
        EXPECT_FALSE(m.trace(kPlayer, r.endpos, r.endpos, kSolid, curvesOn()).startSolid);
    }
}

TEST(PatchTrace, InlineModelPatchesCollide) {
    bsp::BspData d = test::makeBrushMap({{test::boxPlanes({500, 500, 500}, {510, 510, 510})}}, 0);
    ASSERT_EQ(d.models.size(), 2u);
    test::addPatch(d, 3, 3, grid3([](int, int) { return 0.0f; }), kSolid, 1);
    const collision::Model m(d);
    auto o = curvesOn();
    EXPECT_EQ(m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, o).fraction, 1.0f); // not in the world
    o.model = 1;
    EXPECT_NEAR(m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, o).endpos.z, 24.125f, 1e-4f);
}

TEST(PatchDegenerate, AllPointsEqualBuildsNoFacetsAndTracesPass) {
    const collision::Model m(mapWithPatch(std::vector<glm::vec3>(9, glm::vec3(3, 4, 5))));
    ASSERT_EQ(m.patches().size(), 1u);
    EXPECT_TRUE(m.patches()[0].collide.facets.empty());
    EXPECT_EQ(m.trace(kPlayer, {3, 4, 100}, {3, 4, -100}, kSolid, curvesOn()).fraction, 1.0f);
    EXPECT_EQ(m.trace(Shape::ray(), {3, 4, 100}, {3, 4, -100}, kSolid, curvesOn()).fraction, 1.0f);
    EXPECT_FALSE(m.trace(kPlayer, {3, 4, 5}, {3, 4, 5}, kSolid, curvesOn()).startSolid);
}

TEST(PatchDegenerate, DegeneratePatchesSurviveWriteLoadAndBuild) {
    // Through the file format and the loader's validation, as a map would reach the Model.
    bsp::BspData d = test::makeBrushMap({});
    test::addPatch(d, 3, 3, std::vector<glm::vec3>(9, glm::vec3(1, 2, 3)));           // one point
    test::addPatch(d, 3, 3, grid3([](int, int) { return 0.0f; }));                    // flat
    test::addPatch(d, 3, 3, grid3([](int, int y) { return y == 1 ? 64.0f : 0.0f; })); // bent
    auto folded = grid3([](int, int y) { return y == 1 ? 64.0f : 0.0f; });
    for (int i = 6; i < 9; ++i)
        folded[size_t(i)].y = -64.0f; // back over row 0
    test::addPatch(d, 3, 3, folded);
    auto loaded = bsp::load(bsp::write(d), "patches.bsp");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const collision::Model m(loaded.value());
    EXPECT_TRUE(m.warnings().empty());
    ASSERT_EQ(m.patches().size(), 4u);
    EXPECT_TRUE(m.patches()[0].collide.facets.empty());
    EXPECT_FALSE(m.patches()[1].collide.facets.empty());
    EXPECT_FALSE(m.patches()[2].collide.facets.empty());
    // Folded exactly back: the way out and the way back are the same quads facing opposite ways,
    // so each half's border towards the other is a plane all its corners lie on, which makes every
    // facet invalid (ioquake3's rule): the fold has no collision at all.
    EXPECT_TRUE(m.patches()[3].collide.facets.empty());
    EXPECT_LT(m.trace(kPlayer, {0, 0, 200}, {0, 0, -200}, kSolid, curvesOn()).fraction, 1.0f);
}

TEST(PatchDegenerate, LinesFoldsAndCollapsedRowsTraceSafely) {
    std::vector<std::vector<glm::vec3>> shapes;
    // All points on one line.
    shapes.push_back(grid3([](int, int) { return 0.0f; }));
    for (auto& p : shapes.back())
        p.y = 0.0f;
    // Folded back over itself part of the way: the last row comes back to y = -32.
    shapes.push_back(grid3([](int, int y) { return y == 1 ? 64.0f : 0.0f; }));
    for (int i = 6; i < 9; ++i)
        shapes.back()[size_t(i)].y = -32.0f;
    // One collapsed row (a triangle-shaped patch).
    shapes.push_back(grid3([](int x, int) { return float(x) * 8.0f; }));
    for (int i = 0; i < 3; ++i)
        shapes.back()[size_t(i)] = glm::vec3(0, 64, 0);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-120.0f, 120.0f);
    for (size_t s = 0; s < shapes.size(); ++s) {
        const collision::Model m(mapWithPatch(shapes[s]));
        EXPECT_TRUE(m.warnings().empty()) << s;
        int hits = 0;
        for (int i = 0; i < 3000; ++i) {
            const Shape shape = i % 3 == 0 ? Shape::ray() : i % 3 == 1 ? kPlayer : Shape::sphere(10);
            const glm::vec3 a{u(rng), u(rng), u(rng)}, b{u(rng), u(rng), u(rng)};
            if (m.trace(shape, a, a, kSolid, curvesOn()).startSolid)
                continue;
            const auto r = m.trace(shape, a, b, kSolid, curvesOn());
            ASSERT_GE(r.fraction, 0.0f);
            ASSERT_LE(r.fraction, 1.0f);
            ASSERT_TRUE(std::isfinite(r.endpos.x) && std::isfinite(r.endpos.y) && std::isfinite(r.endpos.z));
            // Facets are one-sided thin slabs: a trace from behind may end inside one (as in the
            // game), so the end can be "in solid" here; nothing else is promised for such shapes.
            hits += r.fraction < 1.0f;
        }
        if (s == 1) {
            EXPECT_GT(hits, 50) << "the folded patch still collides";
        }
    }
}

TEST(PatchLimits, OversizedGridIsAnErrorAndTheModelNamesTheSurface) {
    // A bulge of a million units needs more than 129 columns to get within 16 units of straight.
    auto pts = grid3([](int x, int) { return x == 1 ? 1.0e6f : 0.0f; });
    auto pc = collision::buildPatchCollide(3, 3, pts);
    ASSERT_FALSE(pc.ok());
    EXPECT_NE(pc.error().message.find("129"), std::string::npos) << pc.error().message;

    const collision::Model m(mapWithPatch(pts));
    EXPECT_TRUE(m.patches().empty());
    ASSERT_EQ(m.warnings().size(), 1u);
    EXPECT_NE(m.warnings()[0].find("patch surface 0"), std::string::npos) << m.warnings()[0];
    EXPECT_NE(m.warnings()[0].find("textures/test/patch0"), std::string::npos) << m.warnings()[0];
    EXPECT_EQ(m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, curvesOn()).fraction, 1.0f);
}

TEST(PatchLimits, TooManyFacetsIsAnError) {
    // 31x31 control points, the points approximating in both directions 80 units up: every
    // segment is split once, giving a grid of bent quads (two triangles each): over 1024 facets.
    std::vector<glm::vec3> pts;
    for (int y = 0; y < 31; ++y)
        for (int x = 0; x < 31; ++x)
            pts.push_back({float(x) * 16.0f, float(y) * 16.0f, (x % 2 && y % 2) ? 80.0f : 0.0f});
    auto pc = collision::buildPatchCollide(31, 31, pts);
    ASSERT_FALSE(pc.ok());
    const std::string& msg = pc.error().message;
    EXPECT_TRUE(msg.find("1024 facets") != std::string::npos || msg.find("4096 planes") != std::string::npos)
        << msg;
}

TEST(PatchLimits, BadControlGridsAreErrors) {
    EXPECT_FALSE(collision::buildPatchCollide(2, 3, std::vector<glm::vec3>(6)).ok());
    EXPECT_FALSE(collision::buildPatchCollide(4, 3, std::vector<glm::vec3>(12)).ok());
    EXPECT_FALSE(collision::buildPatchCollide(3, 3, std::vector<glm::vec3>(8)).ok());
    EXPECT_FALSE(collision::buildPatchCollide(33, 33, std::vector<glm::vec3>(33 * 33)).ok()); // > 1024 points
}

TEST(PatchCollide, WrappedPipeBuildsOneRingOfFacetsAndCollidesFromOneSide) {
    // A pipe of radius 128 around the z axis: 9 columns round the circle (the first and last
    // coincide, so the patch wraps), 3 straight rows from z 0 to 128.
    const float r = 128.0f;
    const glm::vec2 ring[9] = {{r, 0}, {r, r}, {0, r}, {-r, r}, {-r, 0}, {-r, -r}, {0, -r}, {r, -r}, {r, 0}};
    std::vector<glm::vec3> pts;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 9; ++x)
            pts.push_back({ring[x].x, ring[x].y, 64.0f * float(y)});
    auto pc = collision::buildPatchCollide(9, 3, pts);
    ASSERT_TRUE(pc.ok()) << pc.error().message;
    // Each quarter bulges 0.25 r sqrt 2 = 45 units: split once (then 11 < 16): 8 columns of
    // quads, one row (the rows are straight), each quad a planar rectangle.
    ASSERT_EQ(pc->facets.size(), 8u);
    // Wrapped: the first facet's border at the seam is the last facet's surface plane (not a
    // plane standing on the edge), and the other way round.
    auto hasBorder = [&](const collision::PatchFacet& f, int32_t plane) {
        for (int32_t j = 0; j < f.numBorders; ++j)
            if (pc->borders[size_t(f.firstBorder + j)].plane == plane)
                return true;
        return false;
    };
    EXPECT_TRUE(hasBorder(pc->facets.front(), pc->facets.back().surfacePlane));
    EXPECT_TRUE(hasBorder(pc->facets.back(), pc->facets.front().surfacePlane));
    const collision::Model m(mapWithPatch(pts, 9, 3));
    // The quadratic quarters run between radius r (at the interpolating points) and 1.06 r (their
    // middles); the facets are chords within 16 units of them.
    const float curveMin = r, curveMax = 0.75f * std::sqrt(2.0f) * r;
    // Angles either side of the wrap seam (angle 0) and elsewhere; a ray exactly along a shared
    // edge may slip between the two facets' float tests, in the game as here.
    for (float angle : {0.01f, 6.27f, 0.3f, 1.0f, 2.5f, 4.0f}) {
        const glm::vec3 dir(std::cos(angle), std::sin(angle), 0.0f);
        const glm::vec3 outside = dir * 300.0f + glm::vec3(0, 0, 64), axis(0, 0, 64);
        // Rays see one side only: exactly one of the two directions collides.
        const auto rayIn = m.trace(Shape::ray(), outside, axis, kSolid, curvesOn());
        const auto rayOut = m.trace(Shape::ray(), axis, outside, kSolid, curvesOn());
        ASSERT_NE(rayIn.fraction < 1.0f, rayOut.fraction < 1.0f) << angle;
        const bool facesOut = rayIn.fraction < 1.0f;
        const auto& ray = facesOut ? rayIn : rayOut;
        const float rayDist = std::sqrt(ray.endpos.x * ray.endpos.x + ray.endpos.y * ray.endpos.y);
        EXPECT_GE(rayDist, curveMin - 16.0f) << angle;
        EXPECT_LE(rayDist, curveMax + 0.2f) << angle;
        // The player box from the same side stops with its nearest point on a chord.
        const auto box = facesOut ? m.trace(kPlayer, outside, axis, kSolid, curvesOn())
                                  : m.trace(kPlayer, axis, outside, kSolid, curvesOn());
        ASSERT_LT(box.fraction, 1.0f) << angle;
        const float reach = 15.0f * (std::fabs(dir.x) + std::fabs(dir.y)); // box support along dir
        const float centre = std::sqrt(box.endpos.x * box.endpos.x + box.endpos.y * box.endpos.y);
        if (facesOut) {
            EXPECT_GE(centre, curveMin - 16.0f + 15.0f) << angle;
            EXPECT_LE(centre, curveMax + reach + 0.2f) << angle;
        } else {
            EXPECT_LE(centre, curveMax - 15.0f + 0.2f) << angle;
            EXPECT_GE(centre, curveMin - 16.0f - reach - 0.2f) << angle;
        }
    }
}

TEST(PatchTrace, APatchInSeveralLeafListsIsTestedOncePerTrace) {
    bsp::BspData d = mapWithPatch(grid3([](int, int) { return 0.0f; }));
    // The same surface listed three times in the world leaf (as a patch sits in many leafs).
    d.leafSurfaces = {0, 0, 0};
    d.leafs[0].numLeafSurfaces = 3;
    const collision::Model m(d);
    collision::TraceStats stats;
    const auto r = m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, curvesOn(), &stats);
    EXPECT_LT(r.fraction, 1.0f);
    EXPECT_EQ(stats.patchesTested, 1);
    collision::TraceStats off;
    m.trace(kPlayer, {0, 0, 100}, {0, 0, -100}, kSolid, {}, &off);
    EXPECT_EQ(off.patchesTested, 0); // curves off: patches are not even looked at
}

TEST(PatchTrace, SpheresAndCapsulesArePositionTestedInsideFacets) {
    const collision::Model m(mapWithPatch(grid3([](int, int) { return 0.0f; })));
    EXPECT_TRUE(m.trace(Shape::sphere(16), {0, 0, 15}, {0, 0, 15}, kSolid, curvesOn()).startSolid);
    EXPECT_FALSE(m.trace(Shape::sphere(16), {0, 0, 16.5f}, {0, 0, 16.5f}, kSolid, curvesOn()).startSolid);
    const Shape capsule = Shape::capsule({-15, -15, -24}, {15, 15, 32});
    EXPECT_TRUE(m.trace(capsule, {0, 0, 23}, {0, 0, 23}, kSolid, curvesOn()).startSolid);
    EXPECT_FALSE(m.trace(capsule, {0, 0, 24.5f}, {0, 0, 24.5f}, kSolid, curvesOn()).startSolid);
    // A ray's position test: a point counts only exactly on the facet plane.
    EXPECT_FALSE(m.trace(Shape::ray(), {0, 0, 0.01f}, {0, 0, 0.01f}, kSolid, curvesOn()).startSolid);
}

TEST(PatchQuake3e, FacetPlanesAreBuiltInDoubleAsQuake3eBuildsThem) {
    // A flat wall at 45 degrees (x + y = 4978, as on delta): the surface plane's normal is the
    // cross product of two grid edges made unit. In Quake3e's double arithmetic that is
    // -1/sqrt(2) rounded once to float, -0.70710677; ioquake3's float arithmetic ends one ulp
    // away, -0.70710683. The distances follow: the corner (4253, 725) . normal in double, rounded
    // to float (-3519.97754), and in float (-3519.97803).
    std::vector<glm::vec3> wall;
    const float z[3] = {796.923645f, 1012.96179f, 1229.0f};
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            wall.push_back({4253.0f + 15.0f * float(x), 725.0f - 15.0f * float(x), z[y]});
    auto game = collision::buildPatchCollide(3, 3, wall, collision::PatchPrecision::Game);
    auto q3e = collision::buildPatchCollide(3, 3, wall, collision::PatchPrecision::Quake3e);
    ASSERT_TRUE(game.ok() && q3e.ok());
    ASSERT_EQ(game->facets.size(), 1u);
    ASSERT_EQ(q3e->facets.size(), 1u);
    const float invSqrt2 = static_cast<float>(-1.0 / std::sqrt(2.0));
    const collision::PatchPlane& gs = game->planes[size_t(game->facets[0].surfacePlane)];
    const collision::PatchPlane& qs = q3e->planes[size_t(q3e->facets[0].surfacePlane)];
    EXPECT_EQ(qs.normal, glm::vec3(invSqrt2, invSqrt2, 0.0f));
    EXPECT_EQ(qs.dist, static_cast<float>(4978.0 * double(invSqrt2)));
    EXPECT_EQ(gs.normal, glm::vec3(-0.707106829f, -0.707106829f, 0.0f));
    EXPECT_EQ(gs.dist, -3519.97803f);
    EXPECT_FALSE(q3e->sameFacets(*game));

    // Traced: a ray into the wall reports the surface plane of each game's facets.
    const collision::Model m(mapWithPatch(wall));
    collision::TraceOptions o = curvesOn();
    const glm::vec3 from(4230, 700, 1000), to(4330, 700, 1000);
    const auto r3 = m.trace(Shape::ray(), from, to, kSolid, o);
    o.semantics = collision::Semantics::Quake3e;
    const auto r3e = m.trace(Shape::ray(), from, to, kSolid, o);
    EXPECT_EQ(r3.plane.normal, gs.normal);
    EXPECT_EQ(r3.plane.dist, gs.dist);
    EXPECT_EQ(r3e.plane.normal, qs.normal);
    EXPECT_EQ(r3e.plane.dist, qs.dist);
    ASSERT_EQ(m.quake3ePatches().form.size(), 1u);
    EXPECT_EQ(m.quake3ePatches().form[0], 0); // its own form, the first of the differing ones
    EXPECT_EQ(m.patchFor(0, collision::Semantics::Quake3e), &m.quake3ePatches().patches[0]);
    EXPECT_EQ(m.patchFor(0, collision::Semantics::Robust), &m.patches()[0]);
}

TEST(PatchQuake3e, PatchesQuake3eBuildsAlikeShareTheGamesFacets) {
    // A flat patch on integer corners comes out the same in both arithmetics: no second form.
    const collision::Model m(mapWithPatch(grid3([](int, int) { return 0.0f; })));
    ASSERT_EQ(m.quake3ePatches().form.size(), 1u);
    EXPECT_EQ(m.quake3ePatches().form[0], collision::Quake3ePatches::kSameFacets);
    EXPECT_TRUE(m.quake3ePatches().patches.empty());
    EXPECT_EQ(m.patchFor(0, collision::Semantics::Quake3e), &m.patches()[0]);
}
