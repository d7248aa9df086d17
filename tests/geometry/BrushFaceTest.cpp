// The face of a brush from its planes: faces of boxes and wedges known by construction, planes
// that bound nothing, the duplicate rule, and the cuts made in the planes' order.

#include "geometry/BrushFace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace cliplab::geometry {
namespace {

template <class T> std::vector<BasicPlane<T>> box(const Vec3<T>& lo, const Vec3<T>& hi) {
    return {{{-1, 0, 0}, -lo.x}, {{1, 0, 0}, hi.x},   {{0, -1, 0}, -lo.y},
            {{0, 1, 0}, hi.y},   {{0, 0, -1}, -lo.z}, {{0, 0, 1}, hi.z}};
}

template <class T> bool contains(const BasicWinding<T>& w, const Vec3<T>& p, T tolerance) {
    return std::any_of(w.begin(), w.end(), [&](const Vec3<T>& q) {
        return std::abs(q.x - p.x) <= tolerance && std::abs(q.y - p.y) <= tolerance &&
               std::abs(q.z - p.z) <= tolerance;
    });
}

/// (b - a) x (c - a) . n over the first three points: > 0 counter-clockwise seen from the front.
template <class T> T turn(const BasicWinding<T>& w, const Vec3<T>& n) {
    return dot3(cross3(w[1] - w[0], w[2] - w[0]), n);
}

TEST(BrushFace, EachSideOfABoxIsItsRectangleCounterClockwise) {
    const auto planes = box<double>({-16, -8, 0}, {16, 24, 40});
    const double areas[6] = {32.0 * 40, 32.0 * 40, 32.0 * 40, 32.0 * 40, 32.0 * 32, 32.0 * 32};
    for (size_t i = 0; i < planes.size(); ++i) {
        const DWinding w = brushFace<double>(planes, i, 65536.0, 0.001);
        ASSERT_EQ(w.size(), 4u) << "side " << i;
        EXPECT_NEAR(windingArea(w), areas[i], 1e-6) << "side " << i;
        EXPECT_GT(turn(w, planes[i].normal), 0.0) << "side " << i;
        for (const glm::dvec3& p : w)
            EXPECT_NEAR(planes[i].distance(p), 0.0, 1e-9);
    }
    // The top face's corners.
    const DWinding top = brushFace<double>(planes, 5, 65536.0, 0.001);
    for (const glm::dvec3 c :
         {glm::dvec3(-16, -8, 40), glm::dvec3(16, -8, 40), glm::dvec3(16, 24, 40), glm::dvec3(-16, 24, 40)})
        EXPECT_TRUE(contains(top, c, 1e-9));
}

TEST(BrushFace, AWedgesSlopeIsCutByEveryOtherSide) {
    // The box 0..64 cut by x + z <= 64: the slope is a 64 x 64 sqrt(2) rectangle, the top a line.
    auto planes = box<double>({0, 0, 0}, {64, 64, 64});
    const double s = std::sqrt(0.5);
    planes.push_back({{s, 0, s}, 64.0 * s});
    const DWinding slope = brushFace<double>(planes, 6, 65536.0, 0.001);
    ASSERT_EQ(slope.size(), 4u);
    EXPECT_NEAR(windingArea(slope), 64.0 * 64.0 * std::sqrt(2.0), 1e-6);
    EXPECT_TRUE(contains(slope, glm::dvec3(0, 0, 64), 1e-9));
    EXPECT_TRUE(contains(slope, glm::dvec3(64, 64, 0), 1e-9));
    // The +x side keeps only its edge at z = 0 and the top its edge at x = 0: no area left.
    EXPECT_TRUE(brushFace<double>(planes, 1, 65536.0, 0.001).empty());
    EXPECT_TRUE(brushFace<double>(planes, 5, 65536.0, 0.001).empty());
}

TEST(BrushFace, APlaneOutsideTheRegionHasNoFace) {
    auto planes = box<float>({0, 0, 0}, {32, 32, 32});
    planes.push_back({{0, 0, 1}, 100.0f}); // z <= 100: true everywhere inside, bounds nothing
    EXPECT_TRUE(brushFace<float>(planes, 6, 65536.0f, 0.01f).empty());
}

TEST(BrushFace, AnOpenRegionKeepsFacesAsLargeAsTheExtent) {
    // Only z >= 0 and z <= 8: the top is the whole square of half size 100.
    const std::vector<Plane> planes{{{0, 0, -1}, 0.0f}, {{0, 0, 1}, 8.0f}};
    const Winding top = brushFace<float>(planes, 1, 100.0f, 0.01f);
    ASSERT_EQ(top.size(), 4u);
    EXPECT_FLOAT_EQ(windingArea(top), 200.0f * 200.0f);
}

TEST(BrushFace, TheFirstOfTwoSamePlanesOwnsTheFace) {
    auto planes = box<double>({0, 0, 0}, {32, 32, 32});
    planes.push_back(planes[5]);                // the top again
    planes.push_back({{0, 0, 1}, 32.0 + 1e-4}); // and once more, a rounding off
    const SamePlane<double> same{1.0 - 1e-9, 0.001};
    const DWinding first = brushFace<double>(planes, 5, 65536.0, 0.001, same);
    ASSERT_EQ(first.size(), 4u);
    EXPECT_NEAR(windingArea(first), 32.0 * 32.0, 1e-9);
    EXPECT_TRUE(brushFace<double>(planes, 6, 65536.0, 0.001, same).empty());
    EXPECT_TRUE(brushFace<double>(planes, 7, 65536.0, 0.001, same).empty());
    // Without the rule a repeated plane cuts nothing away (its own points count as behind it), so
    // every copy has the face; the copy 1e-4 above is cut by the top below it and has none.
    EXPECT_EQ(brushFace<double>(planes, 6, 65536.0, 0.001), first);
    EXPECT_TRUE(brushFace<double>(planes, 7, 65536.0, 0.00001).empty());
}

TEST(BrushFace, PlanesBeyondTheSameRuleStillCut) {
    // A plane 0.5 units below the top is not the top under a 0.01 rule: it cuts the top's face
    // away, and its own face is the box's cross-section.
    auto planes = box<float>({0, 0, 0}, {16, 16, 16});
    planes.push_back({{0, 0, 1}, 15.5f});
    const SamePlane<float> same{0.9999f, 0.01f};
    EXPECT_TRUE(brushFace<float>(planes, 5, 65536.0f, 0.01f, same).empty());
    const Winding cut = brushFace<float>(planes, 6, 65536.0f, 0.01f, same);
    ASSERT_EQ(cut.size(), 4u);
    EXPECT_FLOAT_EQ(windingArea(cut), 256.0f);
}

/// The face as the loops it replaces wrote it: the base square cut by each other plane in turn.
template <class T>
BasicWinding<T> cutInTurn(const std::vector<BasicPlane<T>>& planes, size_t index, T extent, T epsilon) {
    BasicWinding<T> w = baseWinding(planes[index], extent, Facing::CounterClockwise);
    for (size_t j = 0; j < planes.size(); ++j)
        if (j != index)
            w = clipBehind(w, planes[j], epsilon);
    return w;
}

TEST(BrushFace, RandomBrushesGiveTheCutsInTheirOrderExactly) {
    // Faces of random convex brushes (a box and 1-6 planes through points near its middle): the
    // same numbers, bit for bit, as cutting in list order without stopping early, in both precisions.
    std::mt19937 rng(28);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int round = 0; round < 200; ++round) {
        auto dplanes = box<double>({-64, -48, -32}, {40, 56, 72});
        const int extra = 1 + round % 6;
        for (int k = 0; k < extra; ++k) {
            glm::dvec3 n(u(rng), u(rng), u(rng));
            if (n == glm::dvec3(0.0))
                continue;
            n /= std::sqrt(dot3(n, n));
            dplanes.push_back({n, dot3(n, glm::dvec3(u(rng), u(rng), u(rng)) * 20.0) + 10.0});
        }
        std::vector<Plane> fplanes;
        for (const DPlane& p : dplanes)
            fplanes.push_back({glm::vec3(p.normal), float(p.dist)});
        for (size_t i = 0; i < dplanes.size(); ++i) {
            EXPECT_EQ(brushFace<double>(dplanes, i, 65536.0, 0.001), cutInTurn(dplanes, i, 65536.0, 0.001))
                << "round " << round << " side " << i;
            EXPECT_EQ(brushFace<float>(fplanes, i, 65536.0f, 0.01f), cutInTurn(fplanes, i, 65536.0f, 0.01f))
                << "round " << round << " side " << i;
        }
    }
}

} // namespace
} // namespace cliplab::geometry
