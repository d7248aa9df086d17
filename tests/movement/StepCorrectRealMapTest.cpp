// Step-and-correct on a real map (oa_dm1, non-axial brushes and bevels): a random walk never ends
// a tick with the player box in solid, never gets stuck, and mostly stands on the ground; the
// corner table of correctFunction changes no correction.

#include "bsp/Entities.h"
#include "collision/Model.h"
#include "movement/Movement.h"
#include "stepcorrect/StepCorrect.h"
#include "support/RandomInput.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <random>

namespace cliplab::test {
namespace {

TEST(StepCorrectRealMap, OaDm1RandomWalkNeverEndsATickInSolid) {
    RandomWalkPlan plan;
#ifdef CLIPLAB_SANITIZE_BUILD
    plan.ticks = 3000;
#else
    plan.ticks = 20000;
#endif
    plan.restartEvery = 2500;
    plan.seed = 31;
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const auto starts = spawnStarts(data.value());
    ASSERT_FALSE(starts.empty());
    const collision::Model model(data.value());
    const auto correct = collision::correctFunction(model);
    const auto inSolid = [&](const collision::Shape& shape, const glm::vec3& at) {
        return model.trace(shape, at, at, bsp::contents::MaskPlayerSolid).startSolid;
    };
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        s.method = movement::Method::StepCorrect;
        const auto c = randomWalk(starts, s, model.traceFunction(), inSolid, plan, &correct);
        EXPECT_EQ(c.solid, 0) << movement::presetName(preset);
        EXPECT_EQ(c.stuck, 0) << movement::presetName(preset);
        EXPECT_GT(c.grounded, plan.ticks / 2) << movement::presetName(preset);
    }
}

TEST(StepCorrectRealMap, CornerTableGivesTheSameCorrectionsAsCountingPerPush) {
    auto data = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const auto table = collision::sideCornerCounts(model);
    ASSERT_EQ(table.size(), model.sides().size());
    // Every side of a closed brush touches it: on q3map's brushes each counts at least one corner.
    int faces = 0;
    for (const auto& brush : model.brushes())
        for (int i = 0; i < brush.numSides; ++i)
            faces += table[size_t(brush.firstSide + i)] >= 3;
    EXPECT_GT(faces, int(model.brushes().size()) * 4) << "most sides are faces";
    const collision::CorrectFunction withTable = collision::correctFunction(model);
    // Player boxes at random points inside the world: many overlap brushes and get pushed.
    const glm::vec3 lo = data->models[0].mins, hi = data->models[0].maxs;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z);
    const collision::Shape box = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
    int pushed = 0;
    for (int i = 0; i < 3000; ++i) {
        const glm::vec3 p{ux(rng), uy(rng), uz(rng)};
        const auto a = collision::correct(model, box, p, bsp::contents::MaskPlayerSolid, {});
        const auto b = withTable(box, p, bsp::contents::MaskPlayerSolid);
        ASSERT_EQ(a.position, b.position) << i;
        ASSERT_EQ(a.pushes, b.pushes) << i;
        ASSERT_EQ(a.stuck, b.stuck) << i;
        pushed += a.pushes > 0;
    }
    EXPECT_GT(pushed, 300) << "the sample must exercise pushes";
}

} // namespace
} // namespace cliplab::test
