#include "debugdraw/RecordingDebugDraw.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <vector>

using namespace cliplab::debugdraw;

namespace {

std::vector<HullPlane> cube(float half) {
    return {{{1, 0, 0}, half},  {{-1, 0, 0}, half}, {{0, 1, 0}, half},
            {{0, -1, 0}, half}, {{0, 0, 1}, half},  {{0, 0, -1}, half}};
}

} // namespace

TEST(DebugDraw, WireBoxHasTwelveEdgesOfTheBox) {
    RecordingDebugDraw d;
    d.wireBox({-1, -2, -3}, {1, 2, 3}, {colors::Red, false});
    ASSERT_EQ(d.lines().size(), 12u);
    float total = 0;
    for (const auto& l : d.lines()) {
        total += glm::length(l.b - l.a);
        EXPECT_FALSE(l.style.depthTest);
        EXPECT_EQ(l.style.color, colors::Red);
    }
    EXPECT_FLOAT_EQ(total, 4 * (2.0f + 4.0f + 6.0f));
}

TEST(DebugDraw, ArrowEndsAtTargetWithHeadLines) {
    RecordingDebugDraw d;
    d.arrow({0, 0, 0}, {0, 0, 30}, {});
    ASSERT_EQ(d.lines().size(), 5u);
    EXPECT_EQ(d.lines()[0].b, glm::vec3(0, 0, 30));
    for (size_t i = 1; i < 5; ++i) {
        EXPECT_EQ(d.lines()[i].a, glm::vec3(0, 0, 30));
        EXPECT_LT(d.lines()[i].b.z, 30.0f); // head points back along the shaft
    }
}

TEST(DebugDraw, HullOfCubePlanesIsSixSquares) {
    const auto faces = hullFaces(cube(16.0f));
    ASSERT_EQ(faces.size(), 6u);
    const auto planes = cube(16.0f);
    for (size_t i = 0; i < faces.size(); ++i) {
        ASSERT_EQ(faces[i].size(), 4u) << "face " << i;
        for (const auto& p : faces[i]) {
            EXPECT_NEAR(glm::dot(planes[i].normal, p), 16.0f, 1e-3f);
            for (int a = 0; a < 3; ++a)
                EXPECT_NEAR(std::fabs(p[a]), 16.0f, 1e-3f);
        }
        // Counter-clockwise seen from outside: the polygon normal points out.
        const glm::vec3 n = glm::cross(faces[i][1] - faces[i][0], faces[i][2] - faces[i][0]);
        EXPECT_GT(glm::dot(n, planes[i].normal), 0.0f) << "face " << i;
    }
}

TEST(DebugDraw, BevelTouchingAnEdgeHasNoFace) {
    auto planes = cube(16.0f);
    // A 45-degree bevel through the edge x = 16, z = 16: it touches the cube only along that edge.
    const float s = std::sqrt(0.5f);
    planes.push_back({{s, 0, s}, 32.0f * s});
    const auto faces = hullFaces(planes);
    ASSERT_EQ(faces.size(), 7u);
    EXPECT_TRUE(faces[6].empty());
    RecordingDebugDraw d;
    d.brushHull(planes, {{0, 0, 1, 0.3f}, true}, {colors::White, true});
    EXPECT_EQ(d.polygons().size(), 6u);
    EXPECT_EQ(d.lines().size(), 24u); // four edges per face, drawn per face
}

TEST(DebugDraw, CutCornerMakesAFaceWhereThePlaneCuts) {
    auto planes = cube(16.0f);
    const float s = std::sqrt(1.0f / 3.0f);
    planes.push_back({{s, s, s}, 40.0f * s}); // cuts the (+,+,+) corner: a triangle
    const auto faces = hullFaces(planes);
    ASSERT_EQ(faces[6].size(), 3u);
    for (const auto& p : faces[6])
        EXPECT_NEAR(p.x + p.y + p.z, 40.0f, 1e-2f);
}

TEST(DebugDraw, PolygonsWithFewerThanThreePointsAreDropped) {
    RecordingDebugDraw d;
    const std::vector<glm::vec3> two{{0, 0, 0}, {1, 0, 0}};
    d.polygon(two, {});
    EXPECT_TRUE(d.polygons().empty());
    d.quad({0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {});
    EXPECT_EQ(d.polygons().size(), 1u);
    d.plane({{0, 0, 1}, 5.0f}, {3, 4, 100}, 8.0f, {});
    ASSERT_EQ(d.polygons().size(), 2u);
    for (const auto& p : d.polygons()[1].points)
        EXPECT_FLOAT_EQ(p.z, 5.0f);
    d.clear();
    EXPECT_TRUE(d.polygons().empty());
    EXPECT_TRUE(d.lines().empty());
}
