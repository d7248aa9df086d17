#include "scene/Patch.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <array>
#include <cmath>
#include <map>

using namespace cliplab;
using namespace cliplab::scene;

namespace {

/// A bumpy 5 x 3 control grid (two pieces side by side).
std::vector<bsp::DrawVert> grid(int width, int height) {
    std::vector<bsp::DrawVert> c(static_cast<size_t>(width * height));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            auto& v = c[static_cast<size_t>(y * width + x)];
            const auto fx = static_cast<float>(x), fy = static_cast<float>(y);
            v.xyz = {fx * 32.0f, fy * 32.0f, static_cast<float>((x * 7 + y * 3) % 5) * 10.0f};
            v.st = {fx * 0.5f, fy * 0.5f};
            v.lightmap = {fx * 0.1f, fy * 0.1f};
            v.normal = {0, 0, 1};
            v.color = {static_cast<uint8_t>(x * 40), static_cast<uint8_t>(y * 60), 10, 255};
        }
    return c;
}

float b(int i, float u) {
    return i == 0 ? (1 - u) * (1 - u) : i == 1 ? 2 * u * (1 - u) : u * u;
}

} // namespace

TEST(Patch, VerticesMatchTheBezierFormula) {
    const int w = 5, h = 3, level = 6;
    const auto control = grid(w, h);
    const PatchMesh m = tessellatePatch(control, w, h, level);
    ASSERT_EQ(m.columns, 2 * level + 1);
    ASSERT_EQ(m.rows, level + 1);
    ASSERT_EQ(m.verts.size(), static_cast<size_t>(m.columns * m.rows));
    EXPECT_EQ(m.indices.size(), static_cast<size_t>((m.columns - 1) * (m.rows - 1) * 6));
    for (int row = 0; row < m.rows; ++row)
        for (int col = 0; col < m.columns; ++col) {
            // Which piece and where in it, computed independently of the implementation.
            const int px = std::min(col / level, 1);
            const float s = static_cast<float>(col - px * level) / level;
            const float t = static_cast<float>(row) / level;
            glm::vec3 expected(0.0f);
            for (int j = 0; j < 3; ++j)
                for (int i = 0; i < 3; ++i)
                    expected += b(i, s) * b(j, t) * control[static_cast<size_t>(j * w + px * 2 + i)].xyz;
            const glm::vec3 got = m.verts[static_cast<size_t>(row * m.columns + col)].xyz;
            EXPECT_NEAR(got.x, expected.x, 1e-3f);
            EXPECT_NEAR(got.y, expected.y, 1e-3f);
            EXPECT_NEAR(got.z, expected.z, 1e-3f);
        }
}

TEST(Patch, EvaluateBiquadraticInterpolatesCorners) {
    std::array<glm::vec3, 9> c;
    for (int i = 0; i < 9; ++i)
        c[static_cast<size_t>(i)] = {static_cast<float>(i % 3), static_cast<float>(i / 3),
                                     static_cast<float>(i * i)};
    EXPECT_EQ(evaluateBiquadratic(c, 0, 0), c[0]);
    EXPECT_EQ(evaluateBiquadratic(c, 1, 0), c[2]);
    EXPECT_EQ(evaluateBiquadratic(c, 0, 1), c[6]);
    EXPECT_EQ(evaluateBiquadratic(c, 1, 1), c[8]);
    // Middle: weights 1/4, 1/2, 1/4 in each direction.
    glm::vec3 mid(0.0f);
    const float wgt[3] = {0.25f, 0.5f, 0.25f};
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i)
            mid += wgt[i] * wgt[j] * c[static_cast<size_t>(j * 3 + i)];
    const glm::vec3 got = evaluateBiquadratic(c, 0.5f, 0.5f);
    EXPECT_NEAR(glm::length(got - mid), 0.0f, 1e-5f);
}

TEST(Patch, WatertightBetweenColumnsAndRows) {
    // 5 x 5 control points = 2 x 2 pieces. Every edge of the triangle mesh must be shared by two
    // triangles unless it lies on the patch border: no cracks where pieces meet.
    const auto control = grid(5, 5);
    for (int level : {1, 3, 8}) {
        const PatchMesh m = tessellatePatch(control, 5, 5, level);
        std::map<std::pair<uint32_t, uint32_t>, int> edges;
        for (size_t i = 0; i < m.indices.size(); i += 3)
            for (int e = 0; e < 3; ++e) {
                uint32_t a = m.indices[i + static_cast<size_t>(e)],
                         c = m.indices[i + static_cast<size_t>((e + 1) % 3)];
                edges[{std::min(a, c), std::max(a, c)}]++;
            }
        auto onBorder = [&](uint32_t v) {
            const int row = static_cast<int>(v) / m.columns, col = static_cast<int>(v) % m.columns;
            return std::make_pair(row == 0 || row == m.rows - 1, col == 0 || col == m.columns - 1);
        };
        for (const auto& [edge, count] : edges) {
            const auto [ra, ca] = onBorder(edge.first);
            const auto [rb, cb] = onBorder(edge.second);
            const bool border = (ra && rb &&
                                 (edge.first / static_cast<uint32_t>(m.columns) ==
                                  edge.second / static_cast<uint32_t>(m.columns))) ||
                                (ca && cb &&
                                 (edge.first % static_cast<uint32_t>(m.columns) ==
                                  edge.second % static_cast<uint32_t>(m.columns)));
            EXPECT_EQ(count, border ? 1 : 2)
                << "level " << level << " edge " << edge.first << "-" << edge.second;
        }
        // The column between the two pieces lies exactly on the shared control column (x = 64).
        for (int row = 0; row < m.rows; ++row)
            EXPECT_FLOAT_EQ(m.verts[static_cast<size_t>(row * m.columns + level)].xyz.x, 64.0f);
    }
}

TEST(Patch, NeighbourPiecesAgreeOnTheirSharedEdge) {
    // Evaluating each piece on its own gives the same points along the shared control column.
    const auto control = grid(5, 3);
    std::array<glm::vec3, 9> left, right;
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) {
            left[static_cast<size_t>(j * 3 + i)] = control[static_cast<size_t>(j * 5 + i)].xyz;
            right[static_cast<size_t>(j * 3 + i)] = control[static_cast<size_t>(j * 5 + 2 + i)].xyz;
        }
    for (float t : {0.0f, 0.3f, 0.5f, 0.9f, 1.0f})
        EXPECT_NEAR(glm::length(evaluateBiquadratic(left, 1.0f, t) - evaluateBiquadratic(right, 0.0f, t)),
                    0.0f, 1e-5f);
}

TEST(Patch, AttributesAreInterpolatedAndLevelsClamped) {
    const auto control = grid(3, 3);
    const PatchMesh lo = tessellatePatch(control, 3, 3, 0); // clamped to 1
    EXPECT_EQ(lo.columns, 2);
    const PatchMesh hi = tessellatePatch(control, 3, 3, 1000); // clamped to 64
    EXPECT_EQ(hi.columns, kMaxPatchLevel + 1);
    const PatchMesh m = tessellatePatch(control, 3, 3, 2);
    const auto& centre = m.verts[4]; // s = t = 0.5
    EXPECT_NEAR(centre.st.x, 0.5f, 1e-5f);
    EXPECT_NEAR(centre.st.y, 0.5f, 1e-5f);
    EXPECT_NEAR(centre.lightmap.x, 0.1f, 1e-5f);
    EXPECT_EQ(centre.color[0], 40);
    EXPECT_NEAR(glm::length(centre.normal), 1.0f, 1e-5f);
}

TEST(Patch, BadSizesGiveNothing) {
    const auto control = grid(4, 3);
    EXPECT_TRUE(tessellatePatch(control, 4, 3, 4).verts.empty()); // even width
    EXPECT_TRUE(tessellatePatch(control, 1, 3, 4).verts.empty());
    EXPECT_TRUE(tessellatePatch(std::span(control).first(5), 3, 3, 4).verts.empty()); // too few points
}
