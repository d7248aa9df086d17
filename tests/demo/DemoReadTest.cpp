// Demos made in code read back: the gamestate, players and names (also changed by server
// commands), snapshots delta coded against earlier ones, a file cut anywhere, positions at any
// time, jumps, a change of map.

#include "demo/Demo.h"
#include "demo/DemoBuilder.h"
#include "demo/DemoFile.h"
#include "demo/DemoPlayers.h"

#include <gtest/gtest.h>

using namespace cliplab;
using namespace cliplab::demo;
using test::message;

namespace {

const std::map<int, std::string> kStrings = {{0, "\\mapname\\testmap\\protocol\\68"},
                                             {544, test::playerInfo("Me")}};

} // namespace

TEST(DemoRead, WalkingDemoReadsBack) {
    const std::vector<uint8_t> bytes = test::walkingDemo(20);
    auto d = readDemo(bytes, "demos/walk.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->mapName, "testmap");
    EXPECT_EQ(d->protocol, 71);
    EXPECT_EQ(d->fileProtocol, 71);
    EXPECT_TRUE(d->complete);
    EXPECT_EQ(d->messages, 21u);
    ASSERT_EQ(d->snapshots.size(), 20u);
    EXPECT_DOUBLE_EQ(d->seconds(), 0.95);
    ASSERT_EQ(d->players.size(), 2u);
    EXPECT_EQ(d->players[0].name, "Walker");
    EXPECT_EQ(d->players[1].client, 3);
    EXPECT_EQ(d->players[1].name, "Other");
    EXPECT_EQ(d->players[1].samples, 20u);
    const Snapshot& s = d->snapshots[7];
    EXPECT_EQ(s.serverTime, 1350);
    ASSERT_EQ(s.players.size(), 2u);
    const PlayerSample& me = s.players[0];
    EXPECT_EQ(me.source, StateSource::PlayerState);
    EXPECT_EQ(me.origin, glm::vec3(112.0f, 0.0f, 24.125f));
    EXPECT_EQ(me.velocity, glm::vec3(320.0f, 0.0f, 0.0f));
    EXPECT_TRUE(me.onGround);
    EXPECT_EQ(me.type, PlayerType::Normal);
    const PlayerSample& other = s.players[1];
    EXPECT_EQ(other.source, StateSource::EntityState);
    EXPECT_EQ(other.origin, glm::vec3(100.0f, 200.0f, 24.0f));
    EXPECT_FALSE(other.ducked);
}

TEST(DemoRead, ACutFileReadsItsWholeMessagesWhereverItIsCut) {
    const std::vector<uint8_t> full = test::walkingDemo(6, "testmap", false);
    auto records = splitRecords(full, "x");
    ASSERT_TRUE(records.ok());
    ASSERT_EQ(records->records.size(), 7u);
    const size_t gamestateEnd = records->records[1].offset;
    for (size_t cut = gamestateEnd; cut <= full.size(); ++cut) {
        const std::vector<uint8_t> bytes(full.begin(), full.begin() + long(cut));
        auto d = readDemo(bytes, "cut.dm_71");
        ASSERT_TRUE(d.ok()) << cut << ": " << d.error().message;
        EXPECT_FALSE(d->complete);
        size_t whole = 0; // snapshot records wholly inside the cut
        for (size_t k = 1; k < records->records.size(); ++k)
            whole += records->records[k].offset + 8 + records->records[k].message.size() <= cut ? 1 : 0;
        ASSERT_EQ(d->snapshots.size(), whole) << "cut at " << cut;
        EXPECT_NE(d->cut.find("cut at byte"), std::string::npos) << d->cut;
    }
}

TEST(DemoRead, CutInsideARecordSaysWhere) {
    const std::vector<uint8_t> full = test::walkingDemo(3);
    auto records = splitRecords(full, "x");
    ASSERT_TRUE(records.ok());
    const DemoRecord& last = records->records.back();
    const std::vector<uint8_t> bytes(full.begin(), full.begin() + long(last.offset + 8 + 2));
    auto d = readDemo(bytes, "x.dm_71");
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d->cut, "cut at byte " + std::to_string(last.offset) + ": message 4 announces " +
                          std::to_string(last.message.size()) + " bytes, 2 are there");
    EXPECT_EQ(d->snapshots.size(), 2u);
}

TEST(DemoRead, ServerCommandsChangeNamesOnceEach) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0, 5); }));
    const PlayerState ps = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    file.record(2, message([&](MessageWriter& w) {
                    test::writeServerCommand(w, 5, "cs 544 \"n\\Old\\t\\0\""); // already had: ignored
                    test::writeServerCommand(w, 6, "cs 544 \"n\\Renamed one\\t\\1\"");
                    test::writeServerCommand(w, 7, "bcs0 545 \"n\\Big");
                    test::writeServerCommand(w, 8, "bcs1 545 Name\\t");
                    test::writeServerCommand(w, 9, "bcs2 545 \\2\"");
                    test::writeSnapshot(w, 100, 0, ps, {});
                }));
    file.record(3, message([&](MessageWriter& w) {
                    test::writeServerCommand(w, 9, "bcs2 545 \\2\""); // a repeat: ignored
                    test::writeServerCommand(w, 10, "print \"hello\"");
                }));
    file.end();
    auto d = readDemo(file.bytes(), "names.dm_68");
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->protocol, 68);
    ASSERT_EQ(d->commands.size(), 5u);
    EXPECT_EQ(d->commands.back().text, "print \"hello\"");
    EXPECT_EQ(d->commands.back().serverTime, 100);
    const PlayerInfo* me = d->player(0);
    ASSERT_NE(me, nullptr);
    EXPECT_EQ(me->name, "Renamed one");
    EXPECT_EQ(me->team, 1);
    EXPECT_EQ(me->names, (std::vector<std::string>{"Me", "Renamed one"}));
    const PlayerInfo* big = d->player(1);
    ASSERT_NE(big, nullptr);
    EXPECT_EQ(big->name, "BigName");
    EXPECT_EQ(big->team, 2);
    EXPECT_EQ(big->samples, 0u);
    // The sample carries the name in effect at its snapshot.
    EXPECT_EQ(d->nameOf(*d->snapshots[0].find(0)), "Renamed one");
}

TEST(DemoRead, SamplesKeepTheNameOfTheirTime) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    const PlayerState ps = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    file.record(2, message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, ps, {}); }));
    file.record(3, message([&](MessageWriter& w) {
                    test::writeServerCommand(w, 1, "cs 544 \"n\\Second\\t\\0\"");
                    test::writeSnapshot(w, 150, 1, ps, {}, &ps);
                }));
    file.end();
    auto d = readDemo(file.bytes(), "rename.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->nameOf(*d->snapshots[0].find(0)), "Me");
    EXPECT_EQ(d->nameOf(*d->snapshots[1].find(0)), "Second");
    EXPECT_EQ(d->player(0)->name, "Me"); // the name at its first sample
}

TEST(DemoRead, EntitiesComeGoAndDeltaFromOlderSnapshots) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    const PlayerState ps = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    const std::vector<EntityState> two = {test::makePlayerEntity(2, {50, 0, 24}, {}, true),
                                          test::makePlayerEntity(5, {-50, 0, 24}, {}, false, true)};
    std::vector<EntityState> one = {two[1]};
    one[0].set(EntityField::Solid, 15 | (24 << 8) | (48 << 16)); // crouched box
    one[0].set(EntityField::Flags, 0);
    file.record(2, message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, ps, two); }));
    file.record(3, message([&](MessageWriter& w) { test::writeSnapshot(w, 150, 1, ps, one, &ps, &two); }));
    // Against message 2 (two back), not 3: entity 2 comes back unchanged from there.
    file.record(4, message([&](MessageWriter& w) { test::writeSnapshot(w, 200, 2, ps, two, &ps, &two); }));
    file.end();
    auto d = readDemo(file.bytes(), "ents.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    ASSERT_EQ(d->snapshots.size(), 3u);
    EXPECT_EQ(d->snapshots[0].players.size(), 3u);
    EXPECT_EQ(d->snapshots[0].find(5)->type, PlayerType::Dead);
    ASSERT_EQ(d->snapshots[1].players.size(), 2u);
    EXPECT_EQ(d->snapshots[1].find(2), nullptr);
    EXPECT_TRUE(d->snapshots[1].find(5)->ducked);
    EXPECT_EQ(d->snapshots[1].find(5)->type, PlayerType::Normal);
    ASSERT_NE(d->snapshots[2].find(2), nullptr);
    EXPECT_EQ(d->snapshots[2].find(2)->origin, glm::vec3(50, 0, 24));
    EXPECT_EQ(d->snapshots[2].find(5)->type, PlayerType::Dead);
}

TEST(DemoRead, AFollowingSpectatorSeesTheFollowedPlayersState) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    PlayerState ps = test::makePlayerState(4, {1.5f, 2.25f, 24.125f}, {10, 0, 0}, 97, true, true);
    ps.set(PlayerField::PmFlags, 1 | 4096); // ducked, following
    file.record(2, message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, ps, {}); }));
    file.end();
    auto d = readDemo(file.bytes(), "follow.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    const Snapshot& s = d->snapshots[0];
    EXPECT_TRUE(s.following);
    EXPECT_EQ(s.viewClient, 4);
    const PlayerSample* p = s.find(4);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->origin, glm::vec3(1.5f, 2.25f, 24.125f));
    EXPECT_TRUE(p->ducked);
    EXPECT_EQ(p->stateTime, 97);
}

TEST(DemoRead, PositionsAtAnyTime) {
    auto d = readDemo(test::walkingDemo(4), "walk.dm_71");
    ASSERT_TRUE(d.ok());
    auto mid = d->playerAt(0, 1025.0); // halfway between x 0 and x 16
    ASSERT_TRUE(mid.has_value());
    EXPECT_FLOAT_EQ(mid->origin.x, 8.0f);
    EXPECT_EQ(d->playerAt(0, 0.0)->origin.x, 0.0f);      // before the first: the first
    EXPECT_EQ(d->playerAt(0, 99999.0)->origin.x, 48.0f); // after the last: the last
    EXPECT_FALSE(d->playerAt(9, 1025.0).has_value());
    EXPECT_EQ(d->playersAt(1060.0).size(), 2u);
    EXPECT_EQ(d->track(3).size(), 4u);
}

TEST(DemoRead, NoInterpolationAcrossATeleport) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    PlayerState a = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    PlayerState b = test::makePlayerState(0, {1000, 0, 24}, {}, 150, true);
    b.set(PlayerField::Flags, 4); // the teleport bit flipped
    file.record(2, message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, a, {}); }));
    file.record(3, message([&](MessageWriter& w) { test::writeSnapshot(w, 150, 1, b, {}, &a); }));
    file.end();
    auto d = readDemo(file.bytes(), "tele.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->playerAt(0, 110.0)->origin.x, 0.0f);
    EXPECT_EQ(d->playerAt(0, 140.0)->origin.x, 1000.0f);
    EXPECT_EQ(playerRuns(d.value(), 0).size(), 2u);
}

TEST(DemoRead, JumpsUseTheSnapshotTimes) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    // On the ground, then 14 snapshots in the air on a 270 units/s jump at 320 units/s, then down.
    PlayerState previous;
    for (int k = 0; k <= 16; ++k) {
        const float t = 0.05f * float(k - 1);
        const bool air = k >= 1 && k <= 14;
        const float z = air ? 24.0f + 270.0f * t - 400.0f * t * t : 24.0f;
        const PlayerState ps =
            test::makePlayerState(0, {320.0f * 0.05f * float(k), 0, z},
                                  {320.0f, 0, air ? 270.0f - 800.0f * t : 0}, 1000 + 50 * k, !air);
        file.record(2 + k, message([&](MessageWriter& w) {
                        test::writeSnapshot(w, 1000 + 50 * k, k ? 1 : 0, ps, {}, k ? &previous : nullptr);
                    }));
        previous = ps;
    }
    file.end();
    auto d = readDemo(file.bytes(), "jump.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    const PlayerSummary s = summarizePlayer(d.value(), 0);
    ASSERT_EQ(s.jumps.size(), 1u);
    const replay::Jump& j = s.jumps[0].metrics;
    EXPECT_TRUE(j.landed);
    EXPECT_NEAR(j.airtime, 0.75, 1e-9); // snapshots 0 (last on ground) to 15 (first back)
    EXPECT_NEAR(j.distance, 240.0f, 1e-3f);
    EXPECT_NEAR(s.topSpeed, 320.0f, 1e-3f);
    EXPECT_EQ(s.jumps[0].takeoffSnapshot, 0u);
    EXPECT_EQ(s.jumps[0].landingSnapshot, 15u);
}

TEST(DemoRead, AnotherMapEndsTheDemo) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    const PlayerState ps = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    file.record(2, message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, ps, {}); }));
    file.record(3, message([](MessageWriter& w) {
                    test::writeGamestate(w, {{0, "\\mapname\\othermap"}}, {}, 0);
                }));
    file.record(4, message([&](MessageWriter& w) { test::writeSnapshot(w, 5000, 0, ps, {}); }));
    file.end();
    auto d = readDemo(file.bytes(), "two.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->mapName, "testmap");
    EXPECT_EQ(d->snapshots.size(), 1u);
    ASSERT_EQ(d->notes.size(), 1u);
    EXPECT_EQ(d->notes[0], "message 3 starts map othermap: read up to there");
}

TEST(DemoRead, VoipPacketsAreSkipped) {
    demo::DemoFileWriter file;
    file.record(1, message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); }));
    const PlayerState ps = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    file.record(2, message([&](MessageWriter& w) {
                    w.byte(10); // svc_voipOpus
                    w.i16(3);
                    w.byte(1);
                    w.i32(77);
                    w.byte(2);
                    w.i16(4);
                    w.bits(1, 2);
                    for (int i = 0; i < 4; ++i)
                        w.byte(uint8_t(i));
                    test::writeSnapshot(w, 100, 0, ps, {});
                }));
    file.end();
    auto d = readDemo(file.bytes(), "voip.dm_71");
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->snapshots.size(), 1u);
    ASSERT_EQ(d->notes.size(), 1u);
    EXPECT_EQ(d->notes[0], "1 VoIP packets skipped");
}
