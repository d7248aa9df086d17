// deformVertexes on the CPU: values at known times, quads turned to the viewer, ranges that are
// not quads left alone.

#include "scene/Deform.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;
using namespace cliplab::scene;

namespace {

constexpr float kPi = 3.14159265358979f;

/// A quad in the plane x = 0, 32 wide (y) and 8 tall (z), centred on (0, 0, 100), facing +X, with
/// the game's quad indices (0 1 3, 3 1 2).
void quad(std::vector<MeshVertex>& v, std::vector<uint32_t>& idx) {
    const glm::vec3 corners[4] = {{0, 16, 104}, {0, -16, 104}, {0, -16, 96}, {0, 16, 96}};
    const auto base = static_cast<uint32_t>(v.size());
    for (const glm::vec3& c : corners) {
        MeshVertex m;
        m.position = c;
        m.normal = glm::vec3(1, 0, 0);
        m.color = {10, 20, 30, 40};
        v.push_back(m);
    }
    for (uint32_t k : {0u, 1u, 3u, 3u, 1u, 2u})
        idx.push_back(base + k);
}

shader::Deform waveDeform(float spread, shader::Wave w) {
    shader::Deform d;
    d.kind = shader::DeformKind::Wave;
    d.spread = spread;
    d.wave = w;
    return d;
}

} // namespace

TEST(Deform, WaveMovesAlongTheNormalWithAPhasePerPosition) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx);
    const shader::Deform d = waveDeform(64.0f, {shader::WaveFunc::Sin, 1.0f, 2.0f, 0.0f, 0.5f});
    applyDeforms({&d, 1}, 0.5, {}, v, 0, idx, 0);
    // Vertex 0 at (0, 16, 104): phase (16 + 104) / 64 + 0.5 x 0.5 = 2.125 turns; offset 1 + 2 sin.
    const float expected = 1.0f + 2.0f * std::sin(2.125f * 2.0f * kPi);
    EXPECT_NEAR(v[0].position.x, expected, 1e-4f);
    EXPECT_EQ(v[0].position.y, 16.0f);
    // Vertex 2 at (0, -16, 96): phase 80 / 64 + 0.25 = 1.5 turns.
    EXPECT_NEAR(v[2].position.x, 1.0f + 2.0f * std::sin(1.5f * 2.0f * kPi), 1e-4f);
}

TEST(Deform, WaveWithoutFrequencyMovesEveryVertexAlike) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx);
    const shader::Deform d = waveDeform(64.0f, {shader::WaveFunc::Square, 3.0f, 1.0f, 0.0f, 0.0f});
    applyDeforms({&d, 1}, 7.3, {}, v, 0, idx, 0);
    for (const MeshVertex& m : v)
        EXPECT_FLOAT_EQ(m.position.x, 4.0f); // base 3 + square(0) = 1
}

TEST(Deform, BulgeAndMove) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx);
    v[1].st = glm::vec2(0.25f, 0.0f);
    shader::Deform bulge;
    bulge.kind = shader::DeformKind::Bulge;
    bulge.bulgeWidth = 2.0f;
    bulge.bulgeHeight = 3.0f;
    bulge.bulgeSpeed = 1.5f;
    shader::Deform move;
    move.kind = shader::DeformKind::Move;
    move.moveVector[2] = 10.0f;
    move.wave = {shader::WaveFunc::Sawtooth, 0.0f, 1.0f, 0.0f, 1.0f};
    const shader::Deform both[2] = {bulge, move};
    applyDeforms(both, 0.4, {}, v, 0, idx, 0);
    // Bulge: sin(s x width + time x speed) x height along the normal.
    EXPECT_NEAR(v[1].position.x, std::sin(0.25f * 2.0f + 0.4f * 1.5f) * 3.0f, 1e-5f);
    EXPECT_NEAR(v[0].position.x, std::sin(0.4f * 1.5f) * 3.0f, 1e-5f);
    // Move: 10 units x sawtooth(0.4) = 4 up, every vertex.
    EXPECT_NEAR(v[1].position.z, 104.0f + 4.0f, 1e-4f);
    EXPECT_NEAR(v[3].position.z, 96.0f + 4.0f, 1e-4f);
}

TEST(Deform, AutospriteFacesTheViewer) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx);
    quad(v, idx);
    for (size_t k = 4; k < 8; ++k)
        v[k].position += glm::vec3(0, 100, 0);
    DeformView view;
    view.eye = glm::vec3(-200, 0, 100);
    view.forward = glm::vec3(0, 1, 0); // looking along +Y: left is -X, up is +Z
    view.left = glm::vec3(-1, 0, 0);
    view.up = glm::vec3(0, 0, 1);
    shader::Deform d;
    d.kind = shader::DeformKind::Autosprite;
    applyDeforms({&d, 1}, 0.0, view, v, 0, idx, 0);
    // Each quad is now a square in the view plane (normal to +Y) around its old centre; its half
    // size is the centre-to-corner distance / sqrt 2.
    const float half = std::sqrt(16.0f * 16.0f + 4.0f * 4.0f) * 0.707f;
    EXPECT_NEAR(v[0].position.x, -half, 1e-4f); // centre + left + up
    EXPECT_NEAR(v[0].position.z, 100.0f + half, 1e-4f);
    EXPECT_NEAR(v[2].position.x, half, 1e-4f);
    EXPECT_NEAR(v[2].position.z, 100.0f - half, 1e-4f);
    for (size_t k = 0; k < 8; ++k) {
        EXPECT_NEAR(v[k].position.y, k < 4 ? 0.0f : 100.0f, 1e-4f);
        EXPECT_EQ(v[k].normal, glm::vec3(0, -1, 0));
        EXPECT_EQ(v[k].color[0], 10);
    }
    EXPECT_EQ(v[1].st, glm::vec2(1, 0));
    EXPECT_EQ(v[3].st, glm::vec2(0, 1));
    EXPECT_EQ(idx, (std::vector<uint32_t>{0, 1, 3, 3, 1, 2, 4, 5, 7, 7, 5, 6}));
}

TEST(Deform, Autosprite2TurnsAboutTheLongAxis) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx); // long axis along Y
    DeformView view;
    view.forward = glm::normalize(glm::vec3(1, 0, -1)); // looking down at 45 degrees
    shader::Deform d;
    d.kind = shader::DeformKind::Autosprite2;
    applyDeforms({&d, 1}, 0.0, view, v, 0, idx, 0);
    // The ends stay where they were along Y; the short side (8) now lies across the view.
    const glm::vec3 minor = glm::normalize(glm::cross(glm::vec3(0, -32, 0), view.forward));
    for (const MeshVertex& m : v) {
        EXPECT_NEAR(std::fabs(m.position.y), 16.0f, 1e-4f);
        const glm::vec3 fromAxis = m.position - glm::vec3(0, m.position.y, 100);
        EXPECT_NEAR(glm::length(fromAxis), 4.0f, 1e-4f);
        EXPECT_NEAR(std::fabs(glm::dot(glm::normalize(fromAxis), minor)), 1.0f, 1e-5f);
    }
    // The side of each end keeps its winding: vertex 0 and 3 still differ along the minor axis.
    EXPECT_GT(std::fabs(glm::dot(v[0].position - v[3].position, minor)), 7.9f);
}

TEST(Deform, NotQuadsAreLeftAlone) {
    std::vector<MeshVertex> v(3);
    v[0].position = glm::vec3(1, 2, 3);
    std::vector<uint32_t> idx = {0, 1, 2};
    shader::Deform d;
    d.kind = shader::DeformKind::Autosprite;
    applyDeforms({&d, 1}, 0.0, {}, v, 0, idx, 0);
    EXPECT_EQ(v[0].position, glm::vec3(1, 2, 3));
    d.kind = shader::DeformKind::Autosprite2;
    applyDeforms({&d, 1}, 0.0, {}, v, 0, idx, 0);
    EXPECT_EQ(v[0].position, glm::vec3(1, 2, 3));
}

TEST(Deform, OnlyTheRangeFromTheFirstVertexChanges) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx);
    quad(v, idx);
    const shader::Deform d = waveDeform(64.0f, {shader::WaveFunc::Sin, 5.0f, 0.0f, 0.0f, 0.0f});
    applyDeforms({&d, 1}, 0.0, {}, v, 4, idx, 6);
    EXPECT_EQ(v[0].position.x, 0.0f);
    EXPECT_EQ(v[4].position.x, 5.0f);
}

TEST(Deform, NormalsWobbleButStayUnit) {
    std::vector<MeshVertex> v;
    std::vector<uint32_t> idx;
    quad(v, idx);
    shader::Deform d;
    d.kind = shader::DeformKind::Normal;
    d.wave.amplitude = 0.5f;
    d.wave.frequency = 1.0f;
    std::vector<MeshVertex> a = v, b = v;
    applyDeforms({&d, 1}, 0.3, {}, a, 0, idx, 0);
    applyDeforms({&d, 1}, 0.8, {}, b, 0, idx, 0);
    bool changed = false;
    for (size_t k = 0; k < 4; ++k) {
        EXPECT_NEAR(glm::length(a[k].normal), 1.0f, 1e-5f);
        EXPECT_EQ(a[k].position, v[k].position); // positions untouched
        changed = changed || glm::length(a[k].normal - b[k].normal) > 1e-3f;
    }
    EXPECT_TRUE(changed);
}
