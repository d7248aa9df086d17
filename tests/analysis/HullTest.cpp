// Expanded brushes on brushes made for the purpose: with q3map's bevels a brush grown by a box is
// exactly the Minkowski sum of the two (its volume follows from the brush's projections); without
// bevels it reaches further. The OBJ text is closed, wound outward, and names brushes by index.

#include "analysis/Hull.h"
#include "analysis/Obj.h"
#include "analysis/ObjMesh.h"
#include "collision/Model.h"
#include "mapc/MapTestUtil.h"
#include "support/BrushMap.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

using namespace cliplab;

namespace {

const glm::vec3 kMins(-15, -15, -24), kMaxs(15, 15, 32);

/// Volume of convex K + the box [0,sx]x[0,sy]x[0,sz], from K's volume, the areas of its
/// projections along x, y, z and its widths along x, y, z (adding one edge of the box at a time).
double minkowskiVolume(double v, glm::dvec3 area, glm::dvec3 width, glm::dvec3 s) {
    return v + s.x * area.x + s.y * (area.y + s.x * width.z) +
           s.z * (area.z + s.x * width.y + s.y * width.x + s.x * s.y);
}

/// The one world brush of a compiled map grown by the player's box.
analysis::HullBrush expandOnly(const bsp::BspData& d) {
    const collision::Model model(d);
    EXPECT_EQ(d.models[0].numBrushes, 1);
    return analysis::expandBrush(model, 0, kMins, kMaxs);
}

/// Length of the sum of the faces' area vectors over their total area: zero for a closed
/// surface (up to rounding: the faces are clipped with an on-plane band of 1e-9 units).
double openness(const std::vector<analysis::HullFace>& faces) {
    glm::dvec3 sum(0.0);
    double total = 0.0;
    for (const auto& f : faces)
        for (size_t i = 2; i < f.points.size(); ++i) {
            const glm::dvec3 a = 0.5 * glm::cross(f.points[i - 1] - f.points[0], f.points[i] - f.points[0]);
            sum += a;
            total += glm::length(a);
        }
    return glm::length(sum) / total;
}

} // namespace

TEST(Hull, BoxBrushGrowsByTheBox) {
    const auto d = test::compileOk(test::mapText(test::boxBrush({0, 0, 0}, {64, 32, 16})));
    const auto h = expandOnly(d);
    ASSERT_EQ(h.faces.size(), 6u);
    // The origin touches the brush from x = -15 (the box's +x side at the brush's -x side) to 64 + 15.
    glm::dvec3 lo(1e9), hi(-1e9);
    for (const auto& f : h.faces)
        for (const auto& p : f.points) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    EXPECT_EQ(lo, glm::dvec3(-15, -15, -32));
    EXPECT_EQ(hi, glm::dvec3(79, 47, 40));
    EXPECT_DOUBLE_EQ(analysis::hullVolume(h.faces), 94.0 * 62.0 * 72.0);
}

TEST(Hull, BevelledPrismIsTheMinkowskiSum) {
    // A ramp: right triangle (legs a along x, h along z) swept along y by l.
    const double a = 128, h = 64, l = 96;
    const glm::dvec3 slope = glm::normalize(glm::dvec3(h, 0, a));
    const std::string brush = test::planesBrush({{{-1, 0, 0}, 0},
                                                 {{0, -1, 0}, 0},
                                                 {{0, 1, 0}, l},
                                                 {{0, 0, -1}, 0},
                                                 {slope, glm::dot(slope, glm::dvec3(a, 0, 0))}});
    const auto bevelled = expandOnly(test::compileOk(test::mapText(brush), true));
    const double expected =
        minkowskiVolume(a * h * l / 2, {h * l, a * h / 2, a * l}, {a, l, h}, {30, 30, 56});
    // The map stores the slope's normal in floats: a relative error of 1e-9 or so.
    EXPECT_NEAR(analysis::hullVolume(bevelled.faces), expected, expected * 1e-7);
    EXPECT_LT(openness(bevelled.faces), 1e-7);
    // Without bevels the sloped side, moved out, runs past the ramp's top edge: more volume.
    const auto bare = expandOnly(test::compileOk(test::mapText(brush), false));
    EXPECT_GT(analysis::hullVolume(bare.faces), expected * 1.01);
}

TEST(Hull, BevelledTetrahedronIsTheMinkowskiSum) {
    // Corner of a cube cut by a plane through (a,0,0), (0,b,0), (0,0,c): every edge of the cut is
    // skew to two axes, so edge bevels are needed on all three.
    const double a = 96, b = 64, c = 80;
    const glm::dvec3 n = glm::normalize(glm::dvec3(1 / a, 1 / b, 1 / c));
    const std::string brush = test::planesBrush(
        {{{-1, 0, 0}, 0}, {{0, -1, 0}, 0}, {{0, 0, -1}, 0}, {n, glm::dot(n, glm::dvec3(a, 0, 0))}});
    const auto bevelled = expandOnly(test::compileOk(test::mapText(brush), true));
    const double expected =
        minkowskiVolume(a * b * c / 6, {b * c / 2, a * c / 2, a * b / 2}, {a, b, c}, {30, 30, 56});
    EXPECT_NEAR(analysis::hullVolume(bevelled.faces), expected, expected * 1e-7);
    EXPECT_LT(openness(bevelled.faces), 1e-7);
    const auto bare = expandOnly(test::compileOk(test::mapText(brush), false));
    EXPECT_GT(analysis::hullVolume(bare.faces), expected * 1.01);
}

TEST(Hull, MaskPicksBrushesAndObjNamesThem) {
    std::vector<test::TestBrush> brushes;
    brushes.push_back({test::boxPlanes({0, 0, 0}, {32, 32, 32})});
    brushes.push_back({test::boxPlanes({100, 0, 0}, {132, 32, 32}), bsp::contents::Water});
    brushes.push_back({test::boxPlanes({200, 0, 0}, {232, 32, 32}), bsp::contents::PlayerClip});
    const bsp::BspData d = test::makeBrushMap(brushes);
    const collision::Model model(d);
    const auto hulls = analysis::expandBrushes(model, 0, 3, kMins, kMaxs, bsp::contents::MaskPlayerSolid);
    ASSERT_EQ(hulls.size(), 2u);
    EXPECT_EQ(hulls[0].brush, 0);
    EXPECT_EQ(hulls[1].brush, 2);
    std::string error;
    const auto objects = test::parseObj(analysis::hullObj(hulls, {}, "test"), error);
    ASSERT_TRUE(objects) << error;
    ASSERT_EQ(objects->size(), 2u);
    EXPECT_EQ((*objects)[0].name, "brush_0");
    EXPECT_EQ((*objects)[1].name, "brush_2");
    for (const auto& o : *objects) {
        EXPECT_EQ(o.triangles.size(), 12u);
        EXPECT_EQ(o.planes.size(), 6u);
        EXPECT_DOUBLE_EQ(test::objVolume(o), 62.0 * 62.0 * 88.0); // positive: wound outward
    }
}

TEST(Hull, PatchFacetIsASlabWithItsBackFaceLast) {
    // A flat 3x3 patch on z = 0: its facets grown by the box are slabs from z = -32 (the box's
    // top touching it from below) to z = 24 (the box's bottom resting on it).
    bsp::BspData d = test::makeBrushMap({{test::boxPlanes({-512, -512, -600}, {512, 512, -550})}});
    std::vector<glm::vec3> grid;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            grid.push_back({float(x) * 64.0f, float(y) * 64.0f, 0.0f});
    const int32_t surface = test::addPatch(d, 3, 3, grid);
    const collision::Model model(d);
    const auto facets = analysis::expandPatches(model, 0, static_cast<int32_t>(d.surfaces.size()), kMins,
                                                kMaxs, bsp::contents::Solid);
    ASSERT_FALSE(facets.empty());
    for (const auto& f : facets) {
        EXPECT_EQ(f.surface, surface);
        double top = -1e9, bottom = 1e9;
        for (const auto& face : f.faces)
            for (const auto& p : face.points) {
                top = std::max(top, p.z);
                bottom = std::min(bottom, p.z);
            }
        EXPECT_NEAR(top, 24.0, 1e-4);
        EXPECT_NEAR(bottom, -32.0, 1e-4);
        int backs = 0, fronts = 0;
        glm::dvec3 front(0.0), back(0.0);
        for (const auto& face : f.faces) {
            if (face.side == -2) {
                ++backs;
                back = face.normal;
            } else if (face.side == -1) {
                ++fronts;
                front = face.normal;
            }
        }
        EXPECT_EQ(backs, 1);
        EXPECT_EQ(fronts, 1);
        EXPECT_NEAR(std::fabs(front.z), 1.0, 1e-6);
        EXPECT_NEAR(glm::dot(front, back), -1.0, 1e-9);
    }
    std::string error;
    const auto objects = test::parseObj(analysis::hullObj({}, facets), error);
    ASSERT_TRUE(objects) << error;
    ASSERT_EQ(objects->size(), facets.size());
    EXPECT_EQ(objects->front().name, "patch_" + std::to_string(surface) + "_0");
    for (const auto& o : *objects) {
        EXPECT_GT(test::objVolume(o), 0.0);
        // The back face is the last one and the only one in group "back".
        ASSERT_FALSE(o.triangles.empty());
        EXPECT_TRUE(o.triangles.back().back);
        const glm::dvec3 backNormal = o.triangles.back().normal;
        for (const auto& t : o.triangles)
            EXPECT_EQ(t.back, glm::dot(t.normal, backNormal) > 0.999);
    }
}
