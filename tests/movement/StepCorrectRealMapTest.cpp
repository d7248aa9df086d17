// Step-and-correct on a real map (oa_dm1, non-axial brushes and bevels): a random walk never ends
// a tick with the player box in solid, never gets stuck, and mostly stands on the ground.

#include "bsp/Entities.h"
#include "collision/Model.h"
#include "collision/StepCorrect.h"
#include "movement/Movement.h"
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

} // namespace
} // namespace cliplab::test
