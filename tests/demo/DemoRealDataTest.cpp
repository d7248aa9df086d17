// OpenArena's own demos (pak6-misc.pk3: 0.8.0's flybys and stress tests, protocol 70;
// pak6-patch088.pk3: 0.8.8's test demo, protocol 71) and the demos recorded for the tests with the
// game (tests/data/demos): all read and name their maps; the player state's alive positions are
// never in solid on the maps in the game data; between two snapshots on the ground the
// displacement matches the recorded velocities.

#include "collision/Model.h"
#include "demo/DemoChecks.h"
#include "demo/DemoOpen.h"
#include "demo/GameText.h"
#include "support/TestSupport.h"

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>

using namespace cliplab;
using namespace cliplab::demo;

namespace {

struct Shipped {
    const char* path;
    const char* map;
    int protocol;
};

constexpr Shipped kShipped[] = {
    {"demos/flyby_compromise.dm_70", "CTF_COMPROMISE", 70},
    {"demos/flyby_hydronex.dm_70", "HYDRONEX", 70},
    {"demos/flyby_oa_dm3.dm_70", "OA_DM3", 70},
    {"demos/flyby_oaspirit.dm_70", "OA_SPIRIT3", 70},
    {"demos/flyby_suspended.dm_70", "SUSPENDED", 70},
    {"demos/stress_bases3.dm_70", "oa_bases3", 70},
    {"demos/stress_q3dm6ishv2.dm_70", "q3dm6ish_v2", 70},
    {"demos/stress_sago.dm_70", "oasago2", 70},
    {"demos/stress_schism.dm_70", "schism-b2", 70},
    {"demos/demo088-test1.dm_71", "oa_shouse", 71},
};

/// The game data mounted, or null (the test is skipped) when OpenArena is not installed.
std::unique_ptr<fs::FileSystem> gameData() {
    const std::string base = test::openArenaBaseDir();
    if (base.empty() || !std::filesystem::exists(base + "/pak6-misc.pk3") ||
        !std::filesystem::exists(base + "/pak6-patch088.pk3"))
        return nullptr;
    auto vfs = fs::FileSystem::create();
    if (!vfs || !vfs.value()->mountBaseDirectory(base))
        return nullptr;
    return std::move(vfs.value());
}

/// Every demo the tests use: the shipped ones and the recorded ones.
std::vector<Demo> allDemos(const fs::FileSystem& vfs) {
    std::vector<Demo> out;
    for (const Shipped& s : kShipped) {
        auto d = openDemo(s.path, &vfs);
        EXPECT_TRUE(d.ok()) << d.error().message;
        if (d)
            out.push_back(std::move(d.value()));
    }
    for (const auto& entry : std::filesystem::directory_iterator(test::dataPath("demos")))
        if (demoFileProtocol(entry.path().filename().string()) != 0) {
            auto d = openDemo(entry.path().string(), &vfs);
            EXPECT_TRUE(d.ok()) << d.error().message;
            if (d)
                out.push_back(std::move(d.value()));
        }
    return out;
}

/// Distance from velocity `v` to the segment a-b (horizontal, units/s).
double toSegment(const glm::vec2& v, const glm::vec2& a, const glm::vec2& b) {
    const glm::vec2 ab = b - a;
    const float len = glm::dot(ab, ab);
    const float t = len > 0.0f ? std::clamp(glm::dot(v - a, ab) / len, 0.0f, 1.0f) : 0.0f;
    return double(glm::length(v - (a + t * ab)));
}

} // namespace

TEST(DemoRealData, ShippedDemosOpenAndNameTheirMaps) {
    auto vfs = gameData();
    if (!vfs)
        GTEST_SKIP() << "OpenArena's pak6-misc.pk3 and pak6-patch088.pk3 are not installed";
    for (const Shipped& s : kShipped) {
        auto d = openDemo(s.path, vfs.get());
        ASSERT_TRUE(d.ok()) << d.error().message;
        EXPECT_EQ(d->mapName, s.map) << s.path;
        EXPECT_EQ(d->protocol, s.protocol) << s.path;
        EXPECT_EQ(d->fileProtocol, s.protocol) << s.path;
        EXPECT_TRUE(d->complete) << s.path << ": " << d->cut;
        EXPECT_GT(d->snapshots.size(), 500u) << s.path;
        EXPECT_GT(d->seconds(), 25.0) << s.path;
        EXPECT_FALSE(d->players.empty()) << s.path;
    }
}

TEST(DemoRealData, AlivePlayerStatesAreNeverInSolid) {
    auto vfs = gameData();
    if (!vfs)
        GTEST_SKIP() << "OpenArena's demo packages are not installed";
    size_t tested = 0, maps = 0;
    for (const Demo& d : allDemos(*vfs)) {
        auto map = loadDemoMap(d, vfs.get());
        if (!map)
            continue; // q3dm6ish_v2 and schism-b2 are not in the game data
        ++maps;
        const collision::Model model(map.value());
        for (const SolidSample& s : solidPlayerStates(d, model))
            ADD_FAILURE() << d.name << ": client " << s.sample.client << " in solid at " << s.sample.origin.x
                          << " " << s.sample.origin.y << " " << s.sample.origin.z << " (snapshot "
                          << s.snapshot << ")";
        tested += alivePlayerStates(d);
    }
    EXPECT_GE(maps, 8u);
    EXPECT_GT(tested, 3000u); // demo088-test1 alone has 3388; the flybys' spectators do not count
}

TEST(DemoRealData, EntitiesAreInSolidOnlyOnAnotherVersionOfTheMap) {
    // Entity origins are cut to whole units; a box 1 unit smaller on every side is inside the true
    // one. None is in solid, except in stress_sago: recorded in August 2008 on an oasago2 that
    // 0.8.8 remade (pak6-patch088.pk3); on 0.8.1's (pak1-maps.pk3) none is (docs/demos.md).
    auto vfs = gameData();
    if (!vfs)
        GTEST_SKIP() << "OpenArena's demo packages are not installed";
    size_t tested = 0;
    for (const Demo& d : allDemos(*vfs)) {
        auto map = loadDemoMap(d, vfs.get());
        if (!map)
            continue;
        const collision::Model model(map.value());
        const size_t solid = solidEntities(d, model).size();
        tested += aliveEntities(d);
        if (d.name == "demos/stress_sago.dm_70")
            EXPECT_GT(solid, 400u) << d.name;
        else
            EXPECT_EQ(solid, 0u) << d.name;
    }
    EXPECT_GT(tested, 60000u);
}

TEST(DemoRealData, GroundDisplacementMatchesTheVelocities) {
    // Between two snapshots on the ground (alive, no teleport), the horizontal displacement over the
    // state times is a velocity the player had on the way: within 40 units/s of the segment from
    // the first snapshot's velocity to the second's (the game moves a player by its velocity after
    // each command's acceleration, so one 50 ms command moves it by the second velocity, many short
    // ones by about the mean). Entities' origins are rounded to whole units: 2 units more over the
    // time. Some pairs do not match: a player pressing against a wall keeps its velocity but does
    // not move, and knockback changes it at once; they are few.
    auto vfs = gameData();
    if (!vfs)
        GTEST_SKIP() << "OpenArena's demo packages are not installed";
    size_t pairs[2] = {0, 0}, matching[2] = {0, 0};
    for (const Demo& d : allDemos(*vfs))
        for (size_t k = 1; k < d.snapshots.size(); ++k)
            for (const PlayerSample& b : d.snapshots[k].players) {
                const PlayerSample* a = d.snapshots[k - 1].find(b.client);
                if (!a || a->source != b.source || a->type != PlayerType::Normal ||
                    b.type != PlayerType::Normal || !a->onGround || !b.onGround ||
                    a->teleportBit != b.teleportBit || b.stateTime <= a->stateTime)
                    continue;
                const double dt = double(b.stateTime - a->stateTime) / 1000.0;
                const glm::vec2 rate = glm::vec2(b.origin - a->origin) / float(dt);
                const size_t src = b.source == StateSource::PlayerState ? 0 : 1;
                const double allowed = 40.0 + (src == 1 ? 2.0 / dt : 0.0);
                ++pairs[src];
                matching[src] +=
                    toSegment(rate, glm::vec2(a->velocity), glm::vec2(b.velocity)) <= allowed ? 1 : 0;
            }
    ASSERT_GT(pairs[0], 2000u);
    ASSERT_GT(pairs[1], 50000u);
    EXPECT_GE(double(matching[0]), 0.99 * double(pairs[0])) << matching[0] << " of " << pairs[0];
    EXPECT_GE(double(matching[1]), 0.99 * double(pairs[1])) << matching[1] << " of " << pairs[1];
}

TEST(DemoRealData, CommandReadsShippedDemosByName) {
    if (!gameData())
        GTEST_SKIP() << "OpenArena's demo packages are not installed";
    const auto r = test::runCliplab("demo demos/flyby_oa_dm3.dm_70");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("demo map=OA_DM3 protocol=70 snapshots=1140 seconds=56.950 players=1 positions=1140 "
                         "in_solid=0\n"),
              std::string::npos)
        << r.out;
    const auto bare = test::runCliplab("demo demo088-test1");
    ASSERT_EQ(bare.exitCode, 0) << bare.err;
    EXPECT_NE(bare.out.find("\ndemo map=oa_shouse protocol=71 snapshots=3388 seconds=169.900 players=15 "
                            "positions=43595 in_solid=0\n"),
              std::string::npos)
        << bare.out;
    EXPECT_NE(bare.out.find("\nplayer 0 name=\"Test Player\" team=free samples=3388 src_ps=3388 alive=3388 "),
              std::string::npos)
        << bare.out;
}
