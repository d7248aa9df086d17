// Brush corners from planes, checked against corners known by construction.

#include "geometry/Corners.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cliplab::geometry {
namespace {

std::vector<Plane> box(const glm::vec3& lo, const glm::vec3& hi) {
    return {{{-1, 0, 0}, -lo.x}, {{1, 0, 0}, hi.x},   {{0, -1, 0}, -lo.y},
            {{0, 1, 0}, hi.y},   {{0, 0, -1}, -lo.z}, {{0, 0, 1}, hi.z}};
}

bool contains(const std::vector<glm::dvec3>& points, const glm::dvec3& p, double tolerance = 1e-9) {
    return std::any_of(points.begin(), points.end(), [&](const glm::dvec3& q) {
        return std::fabs(q.x - p.x) <= tolerance && std::fabs(q.y - p.y) <= tolerance &&
               std::fabs(q.z - p.z) <= tolerance;
    });
}

TEST(Corners, BoxHasItsEightCorners) {
    const auto planes = box({-16, -8, 0}, {16, 24, 40});
    const auto corners = brushCorners(planes);
    ASSERT_EQ(corners.size(), 8u); // three planes meet at each: found once
    for (int i = 0; i < 8; ++i)
        EXPECT_TRUE(contains(corners, {(i & 1) ? 16 : -16, (i & 2) ? 24 : -8, (i & 4) ? 40 : 0}));
}

TEST(Corners, TetrahedronCorners) {
    // x >= 0, y >= 0, z >= 0, x + y + z <= 6.
    const float k = float(1.0 / std::sqrt(3.0));
    const std::vector<Plane> planes{{{-1, 0, 0}, 0}, {{0, -1, 0}, 0}, {{0, 0, -1}, 0}, {{k, k, k}, 6.0f * k}};
    const auto corners = brushCorners(planes);
    ASSERT_EQ(corners.size(), 4u);
    for (const glm::dvec3 p :
         {glm::dvec3(0, 0, 0), glm::dvec3(6, 0, 0), glm::dvec3(0, 6, 0), glm::dvec3(0, 0, 6)})
        EXPECT_TRUE(contains(corners, p, 1e-4)) << p.x << " " << p.y << " " << p.z;
}

TEST(Corners, ABevelThroughAnEdgeRepeatsItsCorners) {
    // A unit cube with a 45-degree bevel plane touching it along the edge x = 1, z = 1.
    auto planes = box({0, 0, 0}, {1, 1, 1});
    const float s = float(std::sqrt(0.5));
    planes.push_back({{s, 0, s}, 2.0f * s});
    const auto corners = brushCorners(planes);
    // The two corners on that edge are met by four planes: found by 4 triples each (x, z and the
    // bevel with one y plane, and any two of x, z, bevel with it), the six others once.
    EXPECT_GT(corners.size(), 8u);
    const auto distinct = distinctPoints(corners, 0.01);
    ASSERT_EQ(distinct.size(), 8u);
    for (int i = 0; i < 8; ++i)
        EXPECT_TRUE(contains(distinct, {i & 1, (i >> 1) & 1, (i >> 2) & 1}, 1e-6));
}

TEST(Corners, PointsJustOutsideWithinEpsilonCount) {
    // A plane 0.005 inside the +x face cuts the corners off by less than the 0.01 band: the box's
    // own corners at x = 1 still count, and so do the cut's corners at x = 0.995.
    auto planes = box({0, 0, 0}, {1, 1, 1});
    planes.push_back({{1, 0, 0}, 0.995f});
    EXPECT_TRUE(contains(brushCorners(planes), {1, 1, 1}));
    EXPECT_FALSE(contains(brushCorners(planes, 0.001), {1, 1, 1}));
    EXPECT_TRUE(contains(brushCorners(planes, 0.001), {0.995, 1, 1}, 1e-6));
}

TEST(Corners, NoCornerWithoutThreeIndependentPlanes) {
    // A slab (two parallel planes) and a wedge (two planes and their common line): no points.
    EXPECT_TRUE(brushCorners(std::vector<Plane>{{{0, 0, 1}, 1}, {{0, 0, -1}, 1}}).empty());
    EXPECT_TRUE(brushCorners(std::vector<Plane>{{{0, 0, 1}, 1}, {{0, 0, -1}, 1}, {{0, 0, 1}, 2}}).empty());
    // An empty region (z <= -1 and z >= 1) with sides: every triple's point lies outside.
    auto planes = box({0, 0, 0}, {1, 1, 1});
    planes.push_back({{0, 0, 1}, -1.0f});
    EXPECT_TRUE(brushCorners(planes).empty());
}

TEST(Corners, DistinctPointsKeepsTheFirstOfNeighbours) {
    const std::vector<glm::dvec3> points{{0, 0, 0}, {0.005, 0, 0}, {1, 0, 0}, {0, 0, 0.02}, {1.001, 0, 0}};
    const auto d = distinctPoints(points, 0.01);
    ASSERT_EQ(d.size(), 3u);
    EXPECT_EQ(d[0], points[0]);
    EXPECT_EQ(d[1], points[2]);
    EXPECT_EQ(d[2], points[3]);
}

} // namespace
} // namespace cliplab::geometry
