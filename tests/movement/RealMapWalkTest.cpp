// Random walks on the playground (assets/maps/playground.map, compiled by mapc) and on oa_dm1
// with the real collision model: after every tick the player box must not be in solid (a position
// test), for both presets.

#include "bsp/Entities.h"
#include "collision/Model.h"
#include "mapc/Compiler.h"
#include "movement/Movement.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include "support/RandomInput.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

namespace cliplab::test {
namespace {

void randomWalk(const bsp::BspData& data) {
#ifdef CLIPLAB_SANITIZE_BUILD
    const int kTicks = 5000;
#else
    const int kTicks = 100000;
#endif
    auto entities = bsp::parseEntities(data.entities, data.name);
    ASSERT_TRUE(entities.ok());
    const auto spawns = bsp::spawnPoints(entities.value());
    ASSERT_FALSE(spawns.empty());
    const collision::Model model(data);
    const auto trace = model.traceFunction();
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        std::mt19937 rng(99);
        std::uniform_int_distribution<size_t> spawn(0, spawns.size() - 1);
        movement::PlayerState p;
        movement::Input in;
        int solid = 0, stuck = 0, grounded = 0;
        for (int i = 0; i < kTicks; ++i) {
            if (i % 5000 == 0) {
                // Start again from a spawn point now and then, to cover the map.
                p = movement::PlayerState{};
                p.origin = spawns[spawn(rng)].origin + glm::vec3(0, 0, 9);
            }
            if (i % 40 == 0) {
                test::randomizeInput(rng, 8, in);
            }
            p = movement::move(p, in, 1.0 / 125, s, trace);
            const auto shape = movement::playerShape(s, p.crouched);
            solid += model.trace(shape, p.origin, p.origin, s.contentsMask).startSolid;
            stuck += p.stuck;
            grounded += p.onGround;
        }
        EXPECT_EQ(solid, 0) << data.name << ", " << movement::presetName(preset);
        EXPECT_EQ(stuck, 0) << data.name << ", " << movement::presetName(preset);
        EXPECT_GT(grounded, kTicks / 2) << data.name << ", " << movement::presetName(preset);
    }
}

TEST(RandomWalk, PlaygroundNeverInSolid) {
    const std::string path = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";
    std::ifstream in(path);
    ASSERT_TRUE(in.good()) << path;
    std::stringstream text;
    text << in.rdbuf();
    auto data = mapc::compileMap(text.str(), path);
    ASSERT_TRUE(data.ok()) << data.error().message;
    randomWalk(data.value());
}

TEST(RandomWalk, OaDm1NeverInSolid) {
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    randomWalk(data.value());
}

} // namespace
} // namespace cliplab::test
