// Support distances against brute force: the farthest of many points of each shape along n.

#include "geometry/Support.h"

#include <glm/geometric.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace cliplab::geometry {
namespace {

std::vector<glm::vec3> unitNormals(int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<glm::vec3> out{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    while (int(out.size()) < count) {
        glm::vec3 n{g(rng), g(rng), g(rng)};
        const float l = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
        if (l > 1e-3f)
            out.push_back(n / l);
    }
    return out;
}

double dotd(const glm::vec3& n, const glm::dvec3& p) {
    return double(n.x) * p.x + double(n.y) * p.y + double(n.z) * p.z;
}

TEST(Support, BoxReachesItsFarthestCorner) {
    const glm::vec3 e(15.0f, 7.5f, 28.0f);
    for (const glm::vec3& n : unitNormals(500, 1)) {
        double best = -1e30;
        for (int i = 0; i < 8; ++i)
            best =
                std::max(best, dotd(n, {(i & 1) ? e.x : -e.x, (i & 2) ? e.y : -e.y, (i & 4) ? e.z : -e.z}));
        EXPECT_NEAR(boxSupport(n, e), best, 1e-5);
    }
    EXPECT_EQ(boxSupport({0, 0, 1}, e), 28.0f); // axial: exactly the half size
}

TEST(Support, CapsuleReachesItsFarthestSurfacePoint) {
    const float r = 15.0f, h = 9.0f;
    std::mt19937 rng(2);
    std::normal_distribution<double> g(0.0, 1.0);
    std::vector<glm::dvec3> surface; // points of both spheres' surfaces
    for (int k = 0; k < 20000; ++k) {
        glm::dvec3 d{g(rng), g(rng), g(rng)};
        d /= std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
        surface.push_back(d * double(r) + glm::dvec3(0, 0, (k & 1) ? h : -h));
    }
    for (const glm::vec3& n : unitNormals(200, 3)) {
        double best = -1e30;
        for (const auto& p : surface)
            best = std::max(best, dotd(n, p));
        const float s = capsuleSupport(n, r, h);
        EXPECT_GE(double(s), best - 1e-4); // reaches every sampled point
        EXPECT_LE(double(s), best + 0.05); // and no farther than the sampling's gaps
    }
    EXPECT_EQ(capsuleSupport({1, 0, 0}, r, 0.0f), r); // a sphere
}

TEST(Support, CylinderReachesItsRim) {
    const float r = 15.0f, h = 28.0f;
    for (const glm::vec3& n : unitNormals(300, 4)) {
        double best = -1e30;
        for (int k = 0; k < 7200; ++k) {
            const double a = k * (2.0 * M_PI / 7200.0);
            for (double z : {-double(h), double(h)})
                best = std::max(best, dotd(n, {r * std::cos(a), r * std::sin(a), z}));
        }
        const float s = cylinderSupport(n, r, h);
        EXPECT_GE(double(s), best - 1e-4);
        EXPECT_LE(double(s), best + 1e-3);
    }
}

TEST(Support, ShapeSupportTakesEachKindsFormula) {
    const glm::vec3 n = glm::normalize(glm::vec3(0.3f, -0.5f, 0.8f));
    ShapeSupport s;
    EXPECT_EQ(s.along(n), 0.0f);
    s.kind = ShapeSupport::Kind::Box;
    s.halfExtents = {15, 15, 28};
    EXPECT_EQ(s.along(n), boxSupport(n, s.halfExtents));
    s.kind = ShapeSupport::Kind::Capsule;
    s.radius = 15;
    s.height = 13;
    EXPECT_EQ(s.along(n), capsuleSupport(n, 15, 13));
    s.kind = ShapeSupport::Kind::Cylinder;
    EXPECT_EQ(s.along(n), cylinderSupport(n, 15, 13));
}

TEST(Support, PointsSupportIsTheLargestProjection) {
    const std::vector<glm::dvec3> pts{{1, 2, 3}, {-4, 0, 1}, {0, 5, -2}};
    EXPECT_DOUBLE_EQ(pointsSupport(pts, {1, 0, 0}), 1.0);
    EXPECT_DOUBLE_EQ(pointsSupport(pts, {0, 1, 0}), 5.0);
    EXPECT_DOUBLE_EQ(pointsSupport(pts, {-1, 0, 0}), 4.0);
    EXPECT_EQ(pointsSupport({}, {1, 0, 0}), -INFINITY);
}

} // namespace
} // namespace cliplab::geometry
