// The demos recorded with the game for the tests (tests/data/demos/README.md says how): a
// spectator following a bot in protocol 71 and 68, and one whose game was killed while recording,
// read as the game plays them.

#include "demo/Demo.h"
#include "demo/DemoPlayers.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

using namespace cliplab;
using namespace cliplab::demo;

namespace {

Demo readData(const std::string& name) {
    const std::string path = test::dataPath("demos/" + name);
    auto bytes = world::readDiskFile(path);
    EXPECT_TRUE(bytes.ok()) << bytes.error().message;
    auto d = readDemo(bytes.ok() ? bytes.value() : std::vector<uint8_t>{}, path);
    EXPECT_TRUE(d.ok()) << d.error().message;
    return d.ok() ? std::move(d.value()) : Demo{};
}

} // namespace

TEST(DemoRecorded, FollowingABotInProtocol71) {
    const Demo d = readData("follow_oa_dm1.dm_71");
    EXPECT_EQ(d.mapName, "oa_dm1");
    EXPECT_EQ(d.protocol, 71);
    EXPECT_TRUE(d.complete);
    ASSERT_EQ(d.snapshots.size(), 818u);
    EXPECT_DOUBLE_EQ(d.seconds(), 42.5);
    // Client 0 records as a spectator following client 1: every snapshot's player state is Sarge's.
    EXPECT_EQ(d.recordingClient, 0);
    for (const Snapshot& s : d.snapshots) {
        ASSERT_TRUE(s.following);
        ASSERT_EQ(s.viewClient, 1);
        ASSERT_EQ(s.find(0), nullptr);
        ASSERT_EQ(s.find(1)->source, StateSource::PlayerState);
    }
    ASSERT_EQ(d.players.size(), 3u);
    EXPECT_EQ(d.players[0].team, 3);
    EXPECT_EQ(d.players[1].name, "Sarge");
    EXPECT_EQ(d.players[2].name, "Grunt");
    EXPECT_EQ(d.players[2].samples, 449u); // only when in the followed bot's sight
    EXPECT_GT(summarizePlayer(d, 1).jumps.size(), 5u);
}

TEST(DemoRecorded, Protocol68ReadsTheSame) {
    const Demo d = readData("follow_q3dm6ish.dm_68");
    EXPECT_EQ(d.mapName, "q3dm6ish");
    EXPECT_EQ(d.protocol, 68);
    EXPECT_EQ(d.fileProtocol, 68);
    EXPECT_TRUE(d.complete);
    EXPECT_EQ(d.snapshots.size(), 541u);
    EXPECT_TRUE(d.snapshots.back().following);
    EXPECT_EQ(d.player(1)->name, "Sarge");
}

TEST(DemoRecorded, KilledWhileRecordingReadsItsWholeMessages) {
    const Demo d = readData("killed_oa_dm1.dm_71");
    EXPECT_FALSE(d.complete);
    EXPECT_EQ(d.cut, "cut at byte 28645: message 494 announces 38 bytes, 19 are there");
    EXPECT_EQ(d.messages, 493u);
    EXPECT_EQ(d.snapshots.size(), 492u); // the game plays it to the same last message
    EXPECT_EQ(d.mapName, "oa_dm1");
}
