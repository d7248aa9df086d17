// Trace checks against compiled maps: the compiler's output traced by collision::Model.

#include "collision/Model.h"
#include "mapc/Compiler.h"
#include "mapc/MapTestUtil.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace cliplab;
using test::boxBrush;
using test::compileOk;
using test::mapText;
using test::planesBrush;

namespace {

const collision::Shape kPlayer = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
constexpr int32_t kSolid = bsp::contents::Solid;

} // namespace

TEST(CompiledTrace, BoxHitsWallAtExactFraction) {
    const auto d = compileOk(mapText(boxBrush({64, -256, -256}, {80, 256, 256})));
    const collision::Model model(d);
    const auto r = model.trace(kPlayer, {0, 0, 0}, {128, 0, 0}, kSolid);
    // The box face reaches x = 64 - 0.125 (the epsilon): centre x 48.875 of 128.
    EXPECT_EQ(r.fraction, 48.875f / 128.0f);
    EXPECT_EQ(r.plane.normal, glm::vec3(-1, 0, 0));
    EXPECT_EQ(r.plane.dist, -64.0f);
    EXPECT_FALSE(r.startSolid);
    const auto ray = model.trace(collision::Shape::ray(), {0, 0, 0}, {128, 0, 0}, kSolid);
    EXPECT_EQ(ray.fraction, 63.875f / 128.0f);
}

TEST(CompiledTrace, RaysAndBoxesNeverPassAOneUnitWall) {
    const auto d = compileOk(mapText(boxBrush({64, -256, -256}, {65, 256, 256})));
    const collision::Model model(d);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-200.0f, 200.0f);
    std::uniform_real_distribution<float> before(-2000.0f, 63.0f), after(66.0f, 4000.0f);
#ifdef CLIPLAB_SANITIZE_BUILD
    const int traces = 2000;
#else
    const int traces = 20000;
#endif
    for (int i = 0; i < traces; ++i) {
        const glm::vec3 start{before(rng), u(rng), u(rng)}, end{after(rng), u(rng), u(rng)};
        const auto& shape = (i & 1) ? kPlayer : collision::Shape::ray();
        const float reach = (i & 1) ? 15.0f : 0.0f;
        if (start.x + reach >= 64.0f)
            continue;
        const auto r = model.trace(shape, start, end, kSolid);
        ASSERT_LT(r.fraction, 1.0f) << i;
        ASSERT_LE(r.endpos.x + reach, 64.0f) << i;
    }
}

TEST(CompiledTrace, BevelsStopBoxesStoppingShortOfASharpEdge) {
    // The tetrahedron x, y, z >= 0, x + y + z <= 64 has a non-axial edge from (64 0 0) to (0 64 0).
    // A 30-unit cube whose top is 1 unit above z = 0 really touches it only when its centre reaches
    // x + y = 64 + 30 (its corner meets the edge). Without the edge bevel (normal (1 1 0)/sqrt 2)
    // the slanted face shifted by the cube stretches to x + y = 64 + 45 + 14 and stops it early,
    // inside its bounding box, where the bounds check cannot help.
    const collision::Shape cube = collision::Shape::box({-15, -15, -15}, {15, 15, 15});
    const std::string tetra =
        planesBrush({{{-1, 0, 0}, 0}, {{0, -1, 0}, 0}, {{0, 0, -1}, 0}, {{1, 1, 1}, 64 / std::sqrt(3.0)}});
    const glm::vec3 start(150, 150, -14), end(54, 54, -14); // x + y from 300 down to 108
    const auto with = compileOk(mapText(tetra), true);
    EXPECT_EQ(collision::Model(with).trace(cube, start, end, kSolid).fraction, 1.0f);
    const auto without = compileOk(mapText(tetra), false);
    const auto s = collision::Model(without).trace(cube, start, end, kSolid);
    EXPECT_LT(s.fraction, 1.0f);
    EXPECT_NEAR(s.endpos.x + s.endpos.y, 123.0f, 0.5f); // stopped short, 0.125 off the shifted plane
    // Going on to x + y = 80 the cube really reaches the edge: with bevels it stops at 94, on the
    // bevel plane.
    const auto touch = collision::Model(with).trace(cube, start, {40, 40, -14}, kSolid);
    EXPECT_LT(touch.fraction, 1.0f);
    EXPECT_NEAR(touch.endpos.x + touch.endpos.y, 94.0f, 0.5f);
    EXPECT_NEAR(touch.plane.normal.x, std::sqrt(0.5f), 1e-6f);
    EXPECT_NEAR(touch.plane.normal.y, std::sqrt(0.5f), 1e-6f);
}

TEST(CompiledTrace, EveryPointInsideABrushHasItsContents) {
    auto d = test::loadPlayground();
    ASSERT_TRUE(d.ok()) << d.error().message;
    const collision::Model model(d.value());
    std::mt19937 rng(5);
    const auto& m = d->models[0];
    std::uniform_real_distribution<float> x(m.mins.x, m.maxs.x), y(m.mins.y, m.maxs.y), z(m.mins.z, m.maxs.z);
#ifdef CLIPLAB_SANITIZE_BUILD
    const int samples = 5000;
#else
    const int samples = 50000;
#endif
    int inside = 0;
    for (int i = 0; i < samples; ++i) {
        const glm::vec3 p{x(rng), y(rng), z(rng)};
        int32_t expected = 0;
        for (int32_t b = 0; b < m.numBrushes; ++b)
            if (test::insideBrush(d.value(), b, p, 0.01f))
                expected |=
                    d->shaders[static_cast<size_t>(d->brushes[static_cast<size_t>(b)].shader)].contents;
        if (!expected)
            continue;
        ++inside;
        ASSERT_EQ(model.pointContents(p) & expected, expected) << p.x << " " << p.y << " " << p.z;
    }
    EXPECT_GT(inside, samples / 50);
}

TEST(CompiledTrace, ClipWallBlocksPlayersNotRays) {
    const auto d = compileOk(mapText(boxBrush({64, -256, -256}, {80, 256, 256}, "common/clip")));
    const collision::Model model(d);
    EXPECT_EQ(model.trace(collision::Shape::ray(), {0, 0, 0}, {128, 0, 0}, kSolid).fraction, 1.0f);
    EXPECT_LT(model.trace(kPlayer, {0, 0, 0}, {128, 0, 0}, bsp::contents::MaskPlayerSolid).fraction, 1.0f);
}
