// Reachability on purpose-made maps: a platform too high to climb that only a jump pad reaches,
// a closed room nothing reaches (until a teleporter leads into it), a ledge a running jump gets
// onto, a pad made useless by a kill volume, and the same result for any number of threads.

#include "analysis/Reach.h"
#include "bsp/Entities.h"
#include "collision/Model.h"
#include "mapc/MapTestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

using namespace cliplab;

namespace {

std::string entity(const std::string& classname, const std::string& body) {
    return "{\n\"classname\" \"" + classname + "\"\n" + body + "}\n";
}

/// What the test map holds besides the main floor.
struct Extras {
    bool pad = true;         ///< The jump pad onto the platform.
    bool teleporter = false; ///< A teleporter from the main floor into the closed room.
    bool padKills = false;   ///< A deadly trigger_hurt over the pad.
    bool voidFloor = false;  ///< A floor 1,000 units under the main floor's south edge (x < 0).
    bool voidKills = true;   ///< With the void floor: a killing trigger_hurt between them.
    bool skyRoom = false;    ///< The closed room's floor is the sky's (surfaceparm sky).
};

/// Under one roof (z 512): a main floor (top z 0) from x -512 to 1024, with the spawn at the
/// origin; a platform on it, x 768..1024, 256 units high (no step or jump gets there), with a
/// jump pad at x 400 aimed above the platform's middle; a ledge 40 units high at y 256..512, x
/// -512..-256 (a running jump gets on it, walking does not); a closed room at y 700..900 with
/// its own floor, walls and ceiling; a caulked block; and a deep pool beyond the floor's north edge.
std::string reachMap(const Extras& x) {
    std::string world = test::boxBrush({-512, -512, -64}, {1024, 512, 0}); // main floor
    world += test::boxBrush({768, -128, 0}, {1024, 128, 256});             // the platform
    world += test::boxBrush({-512, 256, 0}, {-256, 512, 40});              // the ledge
    world += test::boxBrush({-600, -600, 512}, {1100, 1000, 528});         // the roof over all
    // The closed room: floor, four walls and a ceiling around x -400..-200, y 700..900, z 0..200.
    world += x.skyRoom ? test::boxBrush({-416, 684, -16}, {-184, 916, 0}, "base/sky")
                       : test::boxBrush({-416, 684, -16}, {-184, 916, 0});
    world += test::boxBrush({-416, 684, 0}, {-400, 916, 200});
    world += test::boxBrush({-200, 684, 0}, {-184, 916, 200});
    world += test::boxBrush({-400, 684, 0}, {-200, 700, 200});
    world += test::boxBrush({-400, 900, 0}, {-200, 916, 200});
    world += test::boxBrush({-416, 684, 200}, {-184, 916, 216});
    // A caulked block: its top is no floor (nobody is meant to see or walk it).
    world += test::boxBrush({600, 300, 0}, {700, 400, 100}, "common/caulk");
    // A deep pool north of the main floor: walls to its rim at z 0, water to z -8, the bottom at
    // z -120 (a standing player is under water there).
    world += test::boxBrush({-16, 512, -136}, {272, 528, 0});
    world += test::boxBrush({-16, 704, -136}, {272, 720, 0});
    world += test::boxBrush({-16, 528, -136}, {0, 704, 0});
    world += test::boxBrush({256, 528, -136}, {272, 704, 0});
    world += test::boxBrush({0, 528, -136}, {256, 704, -120});
    world += test::boxBrush({0, 528, -120}, {256, 704, -8}, "liquids/water");
    if (x.voidFloor) {
        // South of the main floor, under its own roof: a space map's void floor far below.
        world += test::boxBrush({-512, -900, -1040}, {0, -610, -1024});
        world += test::boxBrush({-600, -1000, 512}, {100, -600, 528});
    }
    std::string ents = entity("info_player_deathmatch", "\"origin\" \"0 0 25\"\n\"angle\" \"0\"\n");
    if (x.voidFloor && x.voidKills)
        ents +=
            entity("trigger_hurt", "\"dmg\" \"999\"\n" +
                                       test::boxBrush({-512, -900, -600}, {0, -600, -560}, "common/trigger"));
    if (x.pad) {
        ents += entity("trigger_push", "\"target\" \"apex\"\n" +
                                           test::boxBrush({368, -32, 0}, {432, 32, 16}, "common/trigger"));
        ents += entity("target_position", "\"targetname\" \"apex\"\n\"origin\" \"800 0 330\"\n");
    }
    if (x.teleporter) {
        ents +=
            entity("trigger_teleport", "\"target\" \"inside\"\n" +
                                           test::boxBrush({-96, -400, 0}, {-32, -336, 64}, "common/trigger"));
        ents += entity("misc_teleporter_dest",
                       "\"targetname\" \"inside\"\n\"origin\" \"-300 800 30\"\n\"angle\" \"90\"\n");
    }
    if (x.padKills)
        ents += entity("trigger_hurt",
                       "\"dmg\" \"1000\"\n" + test::boxBrush({360, -40, 0}, {440, 40, 64}, "common/trigger"));
    return test::mapText(world, ents);
}

struct Reached {
    bsp::BspData data;
    std::unique_ptr<collision::Model> model;
    analysis::ReachMap map;
};

Reached reach(const Extras& extras, int threads = 1) {
    Reached r;
    r.data = test::compileOk(reachMap(extras));
    auto entities = bsp::parseEntities(r.data.entities, "reach");
    EXPECT_TRUE(entities.ok());
    r.model = std::make_unique<collision::Model>(r.data);
    analysis::ReachSettings s;
    s.threads = threads;
    auto found = analysis::findReach(r.data, *r.model, entities.value(), s);
    EXPECT_TRUE(found.ok()) << (found.ok() ? "" : found.error().message);
    if (found.ok())
        r.map = std::move(found.value());
    return r;
}

/// The listed cells whose origin lies in the box.
std::vector<const analysis::ReachCell*> cellsIn(const analysis::ReachMap& m, const glm::vec3& lo,
                                                const glm::vec3& hi) {
    std::vector<const analysis::ReachCell*> out;
    for (size_t i = 0; i < m.listed; ++i) {
        const glm::vec3& o = m.cells[i].origin;
        if (o.x >= lo.x && o.y >= lo.y && o.z >= lo.z && o.x <= hi.x && o.y <= hi.y && o.z <= hi.z)
            out.push_back(&m.cells[i]);
    }
    return out;
}

/// Cell centres ((i + 0.5) * 16) along one axis where the 30-unit-wide box fits between lo and hi.
size_t centresWithin(float lo, float hi) {
    size_t n = 0;
    for (float c = -2040.0f; c < 2048.0f; c += 16.0f)
        n += c - 15.0f >= lo && c + 15.0f <= hi;
    return n;
}

/// Whether `cell`'s way back to the spawn (through ReachCell::from) has a step made `via`.
bool wayHas(const analysis::ReachMap& m, const analysis::ReachCell* cell, analysis::ReachVia via) {
    for (size_t steps = 0; cell && steps <= m.cells.size(); ++steps) {
        if (cell->via == via)
            return true;
        cell = cell->from >= 0 ? &m.cells[size_t(cell->from)] : nullptr;
    }
    return false;
}

/// Cell centres ((i + 0.5) * 16) along one axis strictly between lo and hi: over a floor that ends in a drop.
size_t centresOver(float lo, float hi) {
    size_t n = 0;
    for (float c = -2040.0f; c < 2048.0f; c += 16.0f)
        n += c > lo && c < hi;
    return n;
}

size_t reachedCount(const std::vector<const analysis::ReachCell*>& cells) {
    return size_t(std::count_if(cells.begin(), cells.end(), [](const auto* c) { return c->reached(); }));
}

// Standing origins: the floor's top plus 24 (the box's depth below its origin).
const glm::vec3 kPlatformLo(768, -128, 270), kPlatformHi(1024, 128, 290);
const glm::vec3 kRoomLo(-400, 700, 14), kRoomHi(-200, 900, 34);
const glm::vec3 kLedgeLo(-512, 256, 54), kLedgeHi(-256, 512, 74);
const glm::vec3 kMainLo(-512, -512, 14), kMainHi(1024, 512, 34);

} // namespace

TEST(Reach, APlatformOnlyAJumpPadReachesAndAClosedRoom) {
    const Reached r = reach({});
    const analysis::ReachMap& m = r.map;
    EXPECT_EQ(m.spawns, 1u);
    EXPECT_EQ(m.reachable + m.unreachable(), m.listed);
    // Every centre of the grid's 16-unit cells over the platform's top is listed (a box may stand
    // over an edge) and reached, each by a way that takes the pad.
    const auto platform = cellsIn(m, kPlatformLo, kPlatformHi);
    EXPECT_EQ(platform.size(), centresOver(768, 1024) * centresOver(-128, 128));
    EXPECT_EQ(reachedCount(platform), platform.size());
    for (const auto* c : platform)
        EXPECT_TRUE(wayHas(m, c, analysis::ReachVia::Pad)) << c->origin.x << " " << c->origin.y;
    // The closed room: listed (a floor with a ceiling), never reached, one region.
    const auto room = cellsIn(m, kRoomLo, kRoomHi);
    EXPECT_EQ(room.size(), centresWithin(-400, -200) * centresWithin(700, 900));
    EXPECT_EQ(reachedCount(room), 0u);
    const auto regions = analysis::unreachableRegions(m, 18.0f);
    ASSERT_FALSE(regions.empty());
    EXPECT_TRUE(std::any_of(regions.begin(), regions.end(), [&](const auto& region) {
        return region.size() == room.size() && std::all_of(region.begin(), region.end(), [&](int32_t i) {
                   return std::find(room.begin(), room.end(), &m.cells[size_t(i)]) != room.end();
               });
    }));
    // The ledge is 40 units up: a running jump (45 units) gets on it.
    const auto ledge = cellsIn(m, kLedgeLo, kLedgeHi);
    ASSERT_FALSE(ledge.empty());
    EXPECT_EQ(reachedCount(ledge), ledge.size());
    for (const auto* c : ledge)
        EXPECT_TRUE(wayHas(m, c, analysis::ReachVia::Jump)) << c->origin.x << " " << c->origin.y;
    // The main floor is all reached but for the pad, where nobody stays: not a floor cell. The
    // roof's top (nothing above it) is not one either.
    const auto main = cellsIn(m, kMainLo, kMainHi);
    EXPECT_EQ(reachedCount(main), main.size());
    EXPECT_TRUE(cellsIn(m, {400 - 8, -8, 14}, {400 + 8, 8, 34}).empty());
    EXPECT_EQ(cellsIn(m, {-512, -512, 14}, {-256, 0, 34}).size(),
              centresOver(-512, -256) * centresOver(-512, 0));
    EXPECT_TRUE(cellsIn(m, {-600, -600, 540}, {1100, 1000, 560}).empty());
    // The caulked block's top is not listed; the pool's bottom is, and a diving player reaches it.
    EXPECT_TRUE(cellsIn(m, {600, 300, 110}, {700, 400, 140}).empty());
    const auto pool = cellsIn(m, {0, 528, -110}, {256, 704, -80});
    EXPECT_EQ(pool.size(), centresWithin(0, 256) * centresWithin(528, 704));
    EXPECT_EQ(reachedCount(pool), pool.size());
    // Every reached cell leads back to the spawn through the cells it was reached from.
    for (size_t i = 0; i < m.cells.size(); ++i) {
        if (!m.cells[i].reached())
            continue;
        int32_t at = static_cast<int32_t>(i);
        size_t steps = 0;
        while (m.cells[size_t(at)].from >= 0 && steps++ < m.cells.size())
            at = m.cells[size_t(at)].from;
        EXPECT_EQ(m.cells[size_t(at)].via, analysis::ReachVia::Spawn) << i;
    }
}

TEST(Reach, WithoutThePadThePlatformIsUnreachable) {
    const Reached r = reach({.pad = false});
    const auto platform = cellsIn(r.map, kPlatformLo, kPlatformHi);
    EXPECT_EQ(platform.size(), centresOver(768, 1024) * centresOver(-128, 128));
    EXPECT_EQ(reachedCount(platform), 0u);
    // Without running jumps the ledge is out of reach too.
    Reached walkOnly;
    walkOnly.data = test::compileOk(reachMap({}));
    walkOnly.model = std::make_unique<collision::Model>(walkOnly.data);
    analysis::ReachSettings s;
    s.jumps = false;
    auto found = analysis::findReach(walkOnly.data, *walkOnly.model,
                                     bsp::parseEntities(walkOnly.data.entities, "reach").value(), s);
    ASSERT_TRUE(found.ok());
    const auto ledge = cellsIn(found.value(), kLedgeLo, kLedgeHi);
    ASSERT_FALSE(ledge.empty());
    EXPECT_EQ(reachedCount(ledge), 0u);
}

TEST(Reach, ATeleporterLeadsIntoTheClosedRoom) {
    const Reached r = reach({.teleporter = true});
    const auto room = cellsIn(r.map, kRoomLo, kRoomHi);
    ASSERT_EQ(room.size(), centresWithin(-400, -200) * centresWithin(700, 900));
    EXPECT_EQ(reachedCount(room), room.size());
    EXPECT_TRUE(std::any_of(room.begin(), room.end(),
                            [](const auto* c) { return c->via == analysis::ReachVia::Teleport; }));
}

TEST(Reach, AKillVolumeOverThePadLeavesThePlatformUnreached) {
    const Reached r = reach({.padKills = true});
    EXPECT_EQ(reachedCount(cellsIn(r.map, kPlatformLo, kPlatformHi)), 0u);
    EXPECT_GT(reachedCount(cellsIn(r.map, kMainLo, kMainHi)), 0u);
}

TEST(Reach, AFloorUnderADeathPlaneIsDeadlyNotUnreachable) {
    // The player who walks off the south edge falls through the trigger and dies: the floor under
    // it is nobody's, so it is neither reached nor an unreachable region to fix.
    const Reached r = reach({.voidFloor = true});
    const analysis::ReachMap& m = r.map;
    const auto floor = cellsIn(m, {-512, -900, -1010}, {0, -610, -990});
    // Every centre over its top is listed (a box may stand over an edge), as on the platform.
    ASSERT_EQ(floor.size(), centresOver(-512, 0) * centresOver(-900, -610));
    EXPECT_EQ(reachedCount(floor), 0u);
    for (const auto* c : floor)
        EXPECT_TRUE(c->deadly) << c->origin.x << " " << c->origin.y;
    EXPECT_EQ(m.deadly, floor.size());
    EXPECT_EQ(m.reachable + m.unreachable() + m.deadly, m.listed);
    for (const auto& region : analysis::unreachableRegions(m, 18.0f))
        for (int32_t i : region)
            EXPECT_FALSE(m.cells[size_t(i)].deadly) << "a deadly cell in an unreachable region";
    // The closed room stays unreachable: deadly is only what lies under a killing trigger.
    for (const auto* c : cellsIn(m, kRoomLo, kRoomHi))
        EXPECT_FALSE(c->deadly);
    // Without the trigger the fall is survived: the floor is reached, nothing is deadly.
    const Reached alive = reach({.voidFloor = true, .voidKills = false});
    const auto reached = cellsIn(alive.map, {-512, -900, -1010}, {0, -610, -990});
    EXPECT_EQ(reachedCount(reached), reached.size());
    EXPECT_EQ(alive.map.deadly, 0u);
}

TEST(Reach, AnUnreachedSkyFloorIsDeadly) {
    // The closed room's floor made of sky: nobody stands on the sky, so it is no region to fix.
    const Reached r = reach({.skyRoom = true});
    const auto room = cellsIn(r.map, kRoomLo, kRoomHi);
    ASSERT_EQ(room.size(), centresWithin(-400, -200) * centresWithin(700, 900));
    for (const auto* c : room)
        EXPECT_TRUE(c->deadly) << c->origin.x << " " << c->origin.y;
    EXPECT_EQ(r.map.deadly, room.size());
    for (const auto& region : analysis::unreachableRegions(r.map, 18.0f))
        for (int32_t i : region)
            EXPECT_FALSE(r.map.cells[size_t(i)].deadly);
}

TEST(Reach, TheSameForAnyNumberOfThreads) {
    const Reached one = reach({.teleporter = true}, 1);
    const Reached three = reach({.teleporter = true}, 3);
    ASSERT_EQ(one.map.cells.size(), three.map.cells.size());
    EXPECT_EQ(one.map.listed, three.map.listed);
    EXPECT_EQ(one.map.reachable, three.map.reachable);
    EXPECT_EQ(one.map.ticks, three.map.ticks);
    for (size_t i = 0; i < one.map.cells.size(); ++i) {
        EXPECT_EQ(one.map.cells[i].origin, three.map.cells[i].origin) << i;
        EXPECT_EQ(one.map.cells[i].via, three.map.cells[i].via) << i;
        EXPECT_EQ(one.map.cells[i].from, three.map.cells[i].from) << i;
    }
}

TEST(Reach, BadSettingsAndMapsWithoutSpawns) {
    const bsp::BspData data = test::compileOk(test::mapText(test::boxBrush({-64, -64, -16}, {64, 64, 0})));
    const collision::Model model(data);
    const auto noSpawn = analysis::findReach(data, model, {}, {});
    ASSERT_FALSE(noSpawn.ok());
    EXPECT_NE(noSpawn.error().message.find("no spawn point"), std::string::npos) << noSpawn.error().message;
    analysis::ReachSettings s;
    s.grid = 1.0f;
    EXPECT_NE(analysis::validateReachSettings(s)->find("grid"), std::string::npos);
    s = {};
    s.threads = 0;
    EXPECT_NE(analysis::validateReachSettings(s)->find("threads"), std::string::npos);
    s = {};
    s.rate = 1000.0;
    EXPECT_NE(analysis::validateReachSettings(s)->find("rate"), std::string::npos);
    EXPECT_FALSE(analysis::validateReachSettings({}));
}

TEST(Reach, CancelledSearchesSayTheyStopped) {
    const bsp::BspData data = test::compileOk(reachMap({}));
    const collision::Model model(data);
    analysis::ReachProgress progress;
    progress.cancel = true;
    auto found =
        analysis::findReach(data, model, bsp::parseEntities(data.entities, "reach").value(), {}, &progress);
    ASSERT_TRUE(found.ok());
    EXPECT_TRUE(found->cancelled);
    EXPECT_EQ(found->reachable, 0u);
}
