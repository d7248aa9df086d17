// Demos in the real viewer loop (under Xvfb, see tests/CMakeLists.txt): one of OpenArena's shipped
// demos opened by name, its map loaded by itself, stepped with N, the camera's player switched
// with K, played; a malformed demo given to the console leaves its reader's error there and the
// map as it was.

#include "ViewerLoopHarness.h"

#include "demo/DemoOpen.h"
#include "support/TestSupport.h"
#include "viewer/DemoPlayback.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

using namespace cliplab;

namespace {

/// OpenArena's 23-bot CTF demo (pak6-misc.pk3), on oa_bases3.
const char* kDemo = "demos/stress_bases3.dm_70";

/// The followed player's sample in the snapshot shown.
const demo::PlayerSample* shownSample(const viewer::DemoPlayback& d) {
    return d.demo()->snapshots[d.tick()].find(d.followed());
}

} // namespace

TEST(DemoViewer, OpensStepsFollowsAndPlaysAShippedDemo) {
    ASSERT_FALSE(test::openArenaBaseDir().empty()) << "install openarena-081-misc (scripts/deps.sh does)";
    test::ViewerLoopHarness h(1280, 720, "", "", {}, test::openArenaBaseDir());
    ASSERT_TRUE(h.ok()) << h.error;
    viewer::ViewerState& st = h.state();
    viewer::DemoPlayback& d = st.session.demo();

    // The console's `demo NAME`: the demo read from the game data and its map loaded.
    h.loop->console().console().submit(std::string("demo ") + kDemo);
    h.frames(2);
    ASSERT_TRUE(d.active()) << d.status();
    EXPECT_EQ(st.session.map()->argument, "oa_bases3");
    EXPECT_EQ(d.openName(), kDemo);
    EXPECT_EQ(d.demo()->snapshots.size(), 765u);
    EXPECT_GE(d.clients().size(), 20u);
    EXPECT_TRUE(d.solid().empty()) << "no sample of it is in solid on oa_bases3 (docs/demos.md)";
    const auto& lines = h.loop->console().console().lines();
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("map oa_bases3, protocol 70, 765 snapshots") != std::string::npos;
    }));

    // N steps one snapshot: the viewer's player is the followed player's sample there, exactly.
    const size_t start = 100;
    d.seek(st, start);
    h.frames(1);
    const int32_t first = d.followed();
    ASSERT_GE(first, 0);
    h.tap(SDLK_n);
    EXPECT_EQ(d.tick(), start + 1);
    EXPECT_FALSE(d.playing());
    const demo::PlayerSample* s = shownSample(d);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(st.session.player().origin, s->origin);
    EXPECT_EQ(st.session.player().velocity, s->velocity);

    // K follows the next player in the game: the viewer's player is that one's sample now.
    h.tap(SDLK_k);
    const int32_t second = d.followed();
    EXPECT_NE(second, first);
    const demo::PlayerSample* t = shownSample(d);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(st.session.player().origin, t->origin);
    EXPECT_NE(t->origin, s->origin);
    EXPECT_EQ(d.label(second).find(d.demo()->player(second)->name), 0u);

    // P plays: the playhead moves on in server time, the player with it (between snapshots the
    // positions are interpolated, so only the playhead is compared).
    const double before = d.timeMs();
    h.tap(SDLK_p);
    EXPECT_TRUE(d.playing());
    for (int i = 0; i < 30 && d.timeMs() == before; ++i)
        h.frames(1);
    EXPECT_GT(d.timeMs(), before);
    h.tap(SDLK_p);
    EXPECT_FALSE(d.playing());

    // The followed player's figures are the demo module's.
    ASSERT_NE(d.summary(), nullptr);
    EXPECT_EQ(d.summary()->client, second);

    // Closing gives the live player back on the demo's map.
    d.close(st);
    h.frames(1);
    EXPECT_FALSE(d.active());
    EXPECT_EQ(st.session.map()->argument, "oa_bases3");
}

TEST(DemoViewer, ABadDemoLeavesTheReadersErrorAndTheMap) {
    const std::string dir = test::makeTempDir("demoview");
    const std::string bad = dir + "/bad.dm_71";
    // One record whose length is far beyond any message the game sends.
    test::writeFile(bad, std::vector<uint8_t>{1, 0, 0, 0, 0, 0, 16, 0, 1, 2, 3, 4});
    const auto expected = demo::openDemo(bad, nullptr);
    ASSERT_FALSE(expected);

    test::ViewerLoopHarness h(1280, 720);
    ASSERT_TRUE(h.ok()) << h.error;
    viewer::ViewerState& st = h.state();
    const std::string map = st.session.map()->argument;
    h.loop->console().console().submit("demo " + bad);
    h.frames(2);
    EXPECT_FALSE(st.session.demo().active());
    EXPECT_EQ(st.session.map()->argument, map);
    const auto& lines = h.loop->console().console().lines();
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.find(expected.error().message) != std::string::npos;
    })) << expected.error().message;
    EXPECT_EQ(st.status(), expected.error().message); // on screen: the Help panel's status line
    // A demo that is not there names every path tried, and the map stays too.
    h.loop->console().console().submit("demo " + dir + "/missing.dm_71");
    h.frames(2);
    EXPECT_FALSE(st.session.demo().active());
    EXPECT_EQ(st.session.map()->argument, map);
    std::filesystem::remove_all(dir);
}

TEST(DemoViewer, ViewDemoOpensAtTheTimeAndPlayerAsked) {
    // `cliplab view --demo FILE --follow N --at S`: the viewer's player is client N's sample in the
    // first snapshot at or after S seconds (a demo recorded for the tests, tests/data/demos).
    ASSERT_FALSE(test::openArenaBaseDir().empty()) << "install openarena-081-maps (scripts/deps.sh does)";
    const std::string path = test::dataPath("demos/follow_oa_dm1.dm_71");
    auto read = demo::openDemo(path, nullptr);
    ASSERT_TRUE(read) << read.error().message;
    const auto& snaps = read->snapshots;
    size_t at = 0;
    while (at + 1 < snaps.size() && snaps[at].serverTime - snaps.front().serverTime < 5000)
        ++at;
    const demo::PlayerSample* s = snaps[at].find(2);
    ASSERT_NE(s, nullptr);
    auto r = test::runCliplab("view --demo '" + path +
                              "' --follow 2 --at 5 --frames 2 --exit --hidden --no-config --size 320x180");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    char expected[128];
    std::snprintf(expected, sizeof expected, "final %.3f %.3f %.3f", double(s->origin.x), double(s->origin.y),
                  double(s->origin.z));
    EXPECT_NE(r.out.find(expected), std::string::npos) << r.out << "\nexpected " << expected;

    // A client that is not in the demo, a demo that is not there, a MAP beside --demo.
    auto noClient =
        test::runCliplab("view --demo '" + path + "' --follow 40 --frames 1 --hidden --no-config");
    EXPECT_EQ(noClient.exitCode, 1);
    EXPECT_NE(noClient.err.find("--follow 40: no such player"), std::string::npos) << noClient.err;
    auto missing = test::runCliplab("view --demo no_such_demo --frames 1 --hidden --no-config");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("no_such_demo"), std::string::npos) << missing.err;
    auto withMap = test::runCliplab("view oa_dm1 --demo '" + path + "' --frames 1 --hidden");
    EXPECT_EQ(withMap.exitCode, 2);
}
