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
#ifdef CLIPLAB_SANITIZE_BUILD
    const int kTicks = 3000;
#else
    const int kTicks = 20000;
#endif
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    auto entities = bsp::parseEntities(data->entities, data->name);
    ASSERT_TRUE(entities.ok());
    const auto spawns = bsp::spawnPoints(entities.value());
    ASSERT_FALSE(spawns.empty());
    const collision::Model model(data.value());
    const auto trace = model.traceFunction();
    const auto correct = collision::correctFunction(model);
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        s.method = movement::Method::StepCorrect;
        std::mt19937 rng(31);
        std::uniform_int_distribution<size_t> spawn(0, spawns.size() - 1);
        movement::PlayerState p;
        movement::Input in;
        int solid = 0, stuck = 0, grounded = 0;
        for (int i = 0; i < kTicks; ++i) {
            if (i % 2500 == 0) {
                p = movement::PlayerState{};
                p.origin = spawns[spawn(rng)].origin + glm::vec3(0, 0, 9);
            }
            if (i % 40 == 0)
                randomizeInput(rng, 8, in);
            p = movement::move(p, in, 1.0 / 125, s, trace, nullptr, &correct);
            const auto shape = movement::playerShape(s, p.crouched);
            solid += model.trace(shape, p.origin, p.origin, s.contentsMask).startSolid;
            stuck += p.stuck;
            grounded += p.onGround;
        }
        EXPECT_EQ(solid, 0) << movement::presetName(preset);
        EXPECT_EQ(stuck, 0) << movement::presetName(preset);
        EXPECT_GT(grounded, kTicks / 2) << movement::presetName(preset);
    }
}

} // namespace
} // namespace cliplab::test
