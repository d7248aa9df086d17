// A demo against a map compiled in code: the position test with the player box (crouched when
// ducked) and which samples it covers, and how standing samples are matched to reach cells
// (never through a wall).

#include "demo/DemoChecks.h"
#include "collision/Model.h"
#include "demo/DemoBuilder.h"
#include "mapc/MapTestUtil.h"

#include <gtest/gtest.h>

using namespace cliplab;
using namespace cliplab::demo;

namespace {

/// A floor (top z 0) with a ceiling at z 48 over x 100..200, and a 2-unit wall at x 20..22.
bsp::BspData checkMap() {
    return test::compileOk(test::mapText(test::boxBrush({-256, -256, -64}, {256, 256, 0}) +
                                         test::boxBrush({100, -256, 48}, {200, 256, 64}) +
                                         test::boxBrush({20, -256, 0}, {22, 256, 128})));
}

PlayerSample sample(const glm::vec3& origin, bool ducked = false,
                    StateSource source = StateSource::PlayerState, PlayerType type = PlayerType::Normal) {
    PlayerSample s;
    s.origin = origin;
    s.ducked = ducked;
    s.source = source;
    s.type = type;
    s.onGround = true;
    s.groundEntity = kMaxEntities - 2;
    return s;
}

} // namespace

TEST(DemoChecks, PositionTestUsesThePlayerBoxCrouchedWhenDucked) {
    const bsp::BspData map = checkMap();
    const collision::Model model(map);
    EXPECT_FALSE(inSolid(model, sample({-100, 0, 24.125f})));
    EXPECT_TRUE(inSolid(model, sample({-100, 0, 24.0f})));  // touching the floor is in solid for the game
    EXPECT_TRUE(inSolid(model, sample({150, 0, 24.125f}))); // standing: the head is in the ceiling
    EXPECT_FALSE(inSolid(model, sample({150, 0, 24.125f}, true)));
    Demo d;
    Snapshot snap;
    snap.players = {sample({150, 0, 24.125f}), sample({150, 0, 24.125f}, false, StateSource::EntityState),
                    sample({150, 0, 24.125f}, false, StateSource::PlayerState, PlayerType::Dead)};
    snap.players[1].client = 1;
    snap.players[2].client = 2;
    d.snapshots = {snap};
    // Only alive player-state samples are tested: entities are rounded, the dead lie down.
    EXPECT_EQ(solidPlayerStates(d, model).size(), 1u);
    EXPECT_EQ(alivePlayerStates(d), 1u);
}

TEST(DemoChecks, EntitiesCountOnlyWhenCertainlyInSolid) {
    const bsp::BspData map = checkMap();
    const collision::Model model(map);
    Demo d;
    Snapshot snap;
    // On the floor at a cut z of 24 (touching it: in solid for the full box, not for the box made
    // 1 unit smaller); 10 units into the ceiling at x 150 (in solid either way); crouched under it.
    snap.players = {sample({-100, 0, 24.0f}, false, StateSource::EntityState),
                    sample({150, 30, 24.0f}, false, StateSource::EntityState),
                    sample({150, 60, 24.0f}, true, StateSource::EntityState),
                    sample({150, 90, 24.0f}, false, StateSource::EntityState, PlayerType::Dead)};
    for (int32_t i = 0; i < 4; ++i)
        snap.players[size_t(i)].client = i;
    d.snapshots = {snap};
    const std::vector<SolidSample> solid = solidEntities(d, model);
    ASSERT_EQ(solid.size(), 1u);
    EXPECT_EQ(solid[0].sample.client, 1);
    EXPECT_EQ(aliveEntities(d), 3u);
}

TEST(DemoChecks, StandingSamplesMatchCellsInSightOnly) {
    const bsp::BspData map = checkMap();
    const collision::Model model(map);
    analysis::ReachMap reach;
    reach.grid = 32.0f;
    analysis::ReachCell cell; // column (0, 0): its middle (16, 16) is west of the wall
    cell.column = {0, 0};
    cell.origin = {16, 16, 24.125f};
    reach.cells = {cell};
    reach.listed = 1;
    Demo d;
    Snapshot snap;
    snap.players = {sample({8, 20, 24.125f})}; // same side: matched, unreached
    d.snapshots = {snap};
    ReachComparison c = compareWithReach(d, reach, model, 18.0f);
    EXPECT_EQ(c.standing, 1u);
    EXPECT_EQ(c.onCells, 1u);
    ASSERT_EQ(c.unreached.size(), 1u);
    EXPECT_EQ(c.unreached[0].cell, 0);
    EXPECT_EQ(c.unreached[0].samples, 1u);
    // East of the wall in the same column: the cell is another floor for it.
    d.snapshots[0].players = {sample({28, 20, 24.125f})};
    c = compareWithReach(d, reach, model, 18.0f);
    EXPECT_EQ(c.standing, 1u);
    EXPECT_EQ(c.onCells, 0u);
    EXPECT_TRUE(c.unreached.empty());
    // Too far above the cell, on an entity, or in the air: not matched.
    d.snapshots[0].players = {sample({8, 20, 60.0f}), sample({8, 20, 24.125f}), sample({8, 20, 24.125f})};
    d.snapshots[0].players[1].client = 1;
    d.snapshots[0].players[1].groundEntity = 70;
    d.snapshots[0].players[2].client = 2;
    d.snapshots[0].players[2].onGround = false;
    c = compareWithReach(d, reach, model, 18.0f);
    EXPECT_EQ(c.standing, 1u);
    EXPECT_EQ(c.onEntities, 1u);
    EXPECT_EQ(c.onCells, 0u);
    // Reached: matched, not listed.
    reach.cells[0].via = analysis::ReachVia::Walk;
    d.snapshots[0].players = {sample({8, 20, 24.125f})};
    c = compareWithReach(d, reach, model, 18.0f);
    EXPECT_EQ(c.onCells, 1u);
    EXPECT_EQ(c.cellsStoodOn, 1u);
    EXPECT_TRUE(c.unreached.empty());
}
