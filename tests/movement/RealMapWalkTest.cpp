// Random walks on the playground (assets/maps/playground.map, compiled by mapc) and on oa_dm1
// with the real collision model: after every tick the player box must not be in solid (a position
// test), for both presets.

#include "collision/Model.h"
#include "movement/Movement.h"
#include "support/RandomInput.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

namespace cliplab::test {
namespace {

void walkBothPresets(const bsp::BspData& data) {
    RandomWalkPlan plan;
#ifdef CLIPLAB_SANITIZE_BUILD
    plan.ticks = 5000;
#else
    plan.ticks = 100000;
#endif
    plan.seed = 99;
    const auto starts = spawnStarts(data);
    ASSERT_FALSE(starts.empty());
    const collision::Model model(data);
    const auto inSolid = [&](const collision::Shape& shape, const glm::vec3& at) {
        return model.trace(shape, at, at, bsp::contents::MaskPlayerSolid).startSolid;
    };
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        const auto c = randomWalk(starts, s, model.traceFunction(), inSolid, plan);
        EXPECT_EQ(c.solid, 0) << data.name << ", " << movement::presetName(preset);
        EXPECT_EQ(c.stuck, 0) << data.name << ", " << movement::presetName(preset);
        EXPECT_GT(c.grounded, plan.ticks / 2) << data.name << ", " << movement::presetName(preset);
    }
}

TEST(RandomWalk, PlaygroundNeverInSolid) {
    auto data = loadPlayground();
    ASSERT_TRUE(data.ok()) << data.error().message;
    walkBothPresets(data.value());
}

TEST(RandomWalk, OaDm1NeverInSolid) {
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    walkBothPresets(data.value());
}

} // namespace
} // namespace cliplab::test
