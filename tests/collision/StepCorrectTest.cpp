// Step-and-correct (the block-engine point correction on brushes): pushes out along the cheapest side, never
// ends a step inside a brush, and tunnels through walls thinner than twice the step (the half-thickness
// rule).

#include "stepcorrect/StepCorrect.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <random>

using namespace cliplab;
using collision::Model;
using collision::Shape;
using collision::StepCorrectOptions;
using test::boxPlanes;
using test::makeBrushMap;

namespace {

constexpr int32_t kSolid = bsp::contents::Solid;

/// A 4-unit wall x in [64, 68] and a floor z in [-64, -32].
Model thinWallModel() {
    return Model(makeBrushMap(
        {{boxPlanes({64, -256, -32}, {68, 256, 256})}, {boxPlanes({-512, -512, -64}, {512, 512, -32})}}));
}

} // namespace

TEST(StepCorrect, PassesAThinWallWithLongStepsOnly) {
    const Model m = thinWallModel();
    StepCorrectOptions longSteps;
    longSteps.stepLength = 16.0f;
    const auto through =
        collision::stepAndCorrect(m, Shape::ray(), {0, 0, 0}, {160, 0, 0}, kSolid, longSteps);
    EXPECT_GT(through.position.x, 68.0f); // a 16-unit step lands past the wall's middle: tunnels
    StepCorrectOptions shortSteps;
    shortSteps.stepLength = 1.0f;
    const auto blocked =
        collision::stepAndCorrect(m, Shape::ray(), {0, 0, 0}, {160, 0, 0}, kSolid, shortSteps);
    EXPECT_LT(blocked.position.x, 64.0f);
    EXPECT_NEAR(blocked.position.x, 64.0f - shortSteps.margin, 1e-3);
    EXPECT_GT(blocked.corrections, 0);
    EXPECT_FALSE(blocked.stuck);
    // The player box too: 1-unit steps stop it 15 units before the wall.
    const Shape player = Shape::box({-15, -15, -24}, {15, 15, 32});
    const auto boxed = collision::stepAndCorrect(m, player, {0, 0, 0}, {160, 0, 0}, kSolid, shortSteps);
    EXPECT_NEAR(boxed.position.x, 49.0f - shortSteps.margin, 1e-3);
}

TEST(StepCorrect, PushesOutAlongTheLeastPenetratedSide) {
    // A wedge with q3map's axial bevels: a point just inside the slope face near the top is pushed
    // out along the slope's normal (0.07 deep), not up through the +z bevel (10.1) or -x (10).
    auto planes = boxPlanes({0, -64, 0}, {64, 64, 64});
    planes.push_back(test::planeThrough({1, 0, 1}, {64, 0, 0}));
    const Model m(makeBrushMap({{planes}}));
    int pushes = 0;
    bool stuck = false;
    const glm::vec3 p =
        collision::correctPosition(m, Shape::ray(), {10, 0, 53.9f}, kSolid, {}, pushes, stuck);
    EXPECT_EQ(pushes, 1);
    EXPECT_FALSE(stuck);
    EXPECT_NEAR(p.x - 10.0f, p.z - 53.9f, 1e-3); // moved along (1, 0, 1)
}

TEST(StepCorrect, NeverEndsAStepInsideABrush) {
    const Model m(makeBrushMap({{boxPlanes({64, -256, -32}, {68, 256, 256})},
                                {boxPlanes({-512, -512, -64}, {512, 512, -32})},
                                {boxPlanes({100, 20, -32}, {140, 60, 10})},
                                {boxPlanes({-80, -90, -32}, {-20, -30, 100})}}));
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-200.0f, 200.0f);
    const Shape player = Shape::box({-15, -15, -24}, {15, 15, 32});
    StepCorrectOptions options;
    options.stepLength = 6.0f;
    int moves = 0;
    while (moves < 300) {
        const glm::vec3 start{u(rng), u(rng), 20.0f + 0.1f * u(rng)};
        if (m.trace(player, start, start, kSolid).startSolid)
            continue;
        ++moves;
        const glm::vec3 end{u(rng), u(rng), start.z + 0.2f * u(rng)};
        const auto r = collision::stepAndCorrect(m, player, start, end, kSolid, options);
        EXPECT_FALSE(r.stuck);
        EXPECT_FALSE(m.trace(player, r.position, r.position, kSolid).startSolid)
            << "(" << start.x << " " << start.y << " " << start.z << ") -> (" << end.x << " " << end.y << " "
            << end.z << ")";
    }
}

TEST(StepCorrect, SideCornerCountsTellFacesFromBevels) {
    // A box: six faces of 4 corners. A wedge x >= 0, z >= 0, x + z <= 64, |y| <= 64 with q3map's
    // axial sides first: the +x and +z sides only touch it along an edge (bevels, 2 corners), the
    // y sides are triangles (3), the rest rectangles (4).
    const Model box(makeBrushMap({{boxPlanes({0, 0, 0}, {32, 32, 32})}}));
    EXPECT_EQ(collision::sideCornerCounts(box), std::vector<uint8_t>({4, 4, 4, 4, 4, 4}));
    auto wedge = boxPlanes({0, -64, 0}, {64, 64, 64});
    wedge.push_back(test::planeThrough({1, 0, 1}, {64, 0, 0}));
    const Model w(makeBrushMap({{wedge}}));
    EXPECT_EQ(collision::sideCornerCounts(w), std::vector<uint8_t>({4, 2, 3, 3, 4, 2, 4}));
}
