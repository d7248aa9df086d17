// `cliplab demo`: the lines and last line on demos made in code with maps compiled in code (a
// walker that walks into a wall: in_solid counts its positions there; a player in a closed room:
// --reach lists the cell), JSON, bad files and command lines; OpenArena's own demos by name.

#include "bsp/BspFile.h"
#include "demo/DemoBuilder.h"
#include "mapc/MapTestUtil.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

using namespace cliplab;

namespace {

/// A temporary folder removed with everything in it when the test ends.
struct TempDir {
    std::string path = test::makeTempDir("demo");
    ~TempDir() { std::filesystem::remove_all(path); }
};

/// A base folder holding maps/NAME.bsp compiled from `worldBrushes` (and `entities`).
void writeMap(const std::string& base, const std::string& name, const std::string& worldBrushes,
              const std::string& entities = {}) {
    const bsp::BspData data = test::compileOk(test::mapText(worldBrushes, entities));
    test::writeFile(base + "/maps/" + name + ".bsp", bsp::write(data));
}

std::string lastLine(const std::string& out) {
    const size_t end = out.find_last_not_of('\n');
    const size_t start = out.rfind('\n', end);
    return out.substr(start == std::string::npos ? 0 : start + 1,
                      end - (start == std::string::npos ? 0 : start + 1) + 1);
}

size_t count(const std::string& out, const std::string& prefix) {
    size_t n = 0;
    for (size_t at = out.find(prefix); at != std::string::npos; at = out.find(prefix, at + 1))
        n += at == 0 || out[at - 1] == '\n' ? 1 : 0;
    return n;
}

} // namespace

TEST(DemoCommand, WalkerIntoAWallIsCountedInSolid) {
    TempDir dir;
    // A floor under everything (top z 0) and a wall block across the walker's path at x 100..200.
    writeMap(dir.path + "/base", "testmap",
             test::boxBrush({-512, -512, -64}, {1024, 512, 0}) +
                 test::boxBrush({100, -64, 0}, {200, 64, 128}));
    test::writeFile(dir.path + "/walk.dm_71", test::walkingDemo(20));
    const auto r = test::runCliplab("demo '" + dir.path + "/walk.dm_71' --positions --basepath '" + dir.path +
                                    "/base' --json '" + dir.path + "/walk.json'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // The box (30 wide) overlaps the wall for x = 96 ... 208: snapshots 6 to 13.
    EXPECT_EQ(lastLine(r.out),
              "demo map=testmap protocol=71 snapshots=20 seconds=0.950 players=2 positions=40 "
              "in_solid=8");
    EXPECT_EQ(count(r.out, "pos "), 40u);
    EXPECT_EQ(count(r.out, "in_solid "), 8u);
    EXPECT_NE(r.out.find("\nin_solid 0.300 0 96 0 24.125 ducked=0 setviewpos 96 0 24\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\npos 0.350 0 112 0 24.125 320 0 0 ground=1 ducked=0 type=normal src=ps\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\npos 0.350 3 100 200 24 0 0 0 ground=1 ducked=0 type=normal src=es\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\nentities alive=20 in_solid=0\ndemo map=testmap"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nplayer 0 name=\"Walker\" team=free samples=20 src_ps=20 alive=20 distance=304.0 "
                         "top_speed=320.0 jumps=0\n"),
              std::string::npos)
        << r.out;
    std::ifstream in(dir.path + "/walk.json");
    std::stringstream json;
    json << in.rdbuf();
    EXPECT_EQ(json.str().rfind("{\n  \"file\": ", 0), 0u);
    EXPECT_NE(json.str().find("\"map\": \"testmap\""), std::string::npos);
    EXPECT_NE(json.str().find("\"name\": \"Walker\""), std::string::npos);
    EXPECT_NE(
        json.str().find("{\"time\": 0.300, \"client\": 0, \"origin\": [96, 0, 24.125], \"ducked\": false}"),
        std::string::npos)
        << json.str();
    EXPECT_EQ(count(json.str(), "    {\"time\": "), 40u); // the positions
}

TEST(DemoCommand, WithoutItsMapInSolidIsUnchecked) {
    TempDir dir;
    test::writeFile(dir.path + "/walk.dm_71", test::walkingDemo(3, "nosuchmap"));
    std::filesystem::create_directories(dir.path + "/empty");
    const auto r = test::runCliplab("demo '" + dir.path + "/walk.dm_71' --basepath '" + dir.path + "/empty'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(lastLine(r.out),
              "demo map=nosuchmap protocol=71 snapshots=3 seconds=0.100 players=2 positions=6 "
              "in_solid=unchecked");
    EXPECT_NE(r.err.find("its map nosuchmap is not in the game data"), std::string::npos) << r.err;
    const auto reach =
        test::runCliplab("demo '" + dir.path + "/walk.dm_71' --reach --basepath '" + dir.path + "/empty'");
    EXPECT_EQ(reach.exitCode, 1);
    EXPECT_NE(reach.err.find("its map nosuchmap is not in the game data"), std::string::npos) << reach.err;
}

TEST(DemoCommand, ReachListsTheClosedRoomAPlayerStoodIn) {
    TempDir dir;
    std::string world = test::boxBrush({-512, -512, -64}, {1024, 512, 0}); // main floor
    world += test::boxBrush({-600, -600, 512}, {1100, 1000, 528});         // a roof over all
    // A closed room at x -400..-200, y 700..900, z 0..200 with its own floor.
    world += test::boxBrush({-416, 684, -16}, {-184, 916, 0});
    world += test::boxBrush({-416, 684, 0}, {-400, 916, 200});
    world += test::boxBrush({-200, 684, 0}, {-184, 916, 200});
    world += test::boxBrush({-400, 684, 0}, {-200, 700, 200});
    world += test::boxBrush({-400, 900, 0}, {-200, 916, 200});
    world += test::boxBrush({-416, 684, 200}, {-184, 916, 216});
    writeMap(dir.path + "/base", "roomtest", world,
             "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"0 0 25\"\n}\n");
    demo::DemoFileWriter file;
    file.record(1, test::message([](demo::MessageWriter& w) {
                    test::writeGamestate(w,
                                         {{0, "\\mapname\\roomtest"},
                                          {544, test::playerInfo("Inside")},
                                          {545, test::playerInfo("Outside")}},
                                         {}, 0);
                }));
    const demo::PlayerState ps = test::makePlayerState(0, {-300, 800, 24.125f}, {}, 100, true);
    const std::vector<demo::EntityState> outside = {test::makePlayerEntity(1, {64, 64, 24}, {}, true)};
    for (int k = 0; k < 10; ++k)
        file.record(2 + k, test::message([&](demo::MessageWriter& w) {
                        if (k == 0)
                            test::writeSnapshot(w, 100, 0, ps, outside);
                        else
                            test::writeSnapshot(w, 100 + 50 * k, 1, ps, outside, &ps, &outside);
                    }));
    file.end();
    test::writeFile(dir.path + "/room.dm_71", file.bytes());
    const auto r = test::runCliplab("demo '" + dir.path + "/room.dm_71' --reach --grid 32 --basepath '" +
                                    dir.path + "/base'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(count(r.out, "unreached "), 1u) << r.out;
    EXPECT_NE(
        r.out.find("\nunreached -304.0 816.0 24.1 samples=10 clients=0 first=0.000 setviewpos -304 816 24\n"),
        std::string::npos)
        << r.out;
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("\nreach grid=32 cells=[0-9]+ reachable=[0-9]+ unreachable=[0-9]+ "
                          "seconds=[0-9.]+ standing=20 on_cells=20 cells_stood_on=2 "
                          "on_entities=0 unreached_cells=1\n")))
        << r.out;
    // No "protocol" in the server info: the file name's .dm_71 says it.
    EXPECT_EQ(lastLine(r.out),
              "demo map=roomtest protocol=71 snapshots=10 seconds=0.450 players=2 positions=20 "
              "in_solid=0");
}

TEST(DemoCommand, BadFilesAndCommandLines) {
    TempDir dir;
    std::vector<uint8_t> bytes = test::walkingDemo(3);
    bytes[bytes.size() - 20] ^= 0x5a; // inside the last snapshot's message
    test::writeFile(dir.path + "/bad.dm_71", bytes);
    const auto bad = test::runCliplab("demo '" + dir.path + "/bad.dm_71'");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_TRUE(
        std::regex_search(bad.err, std::regex("^cliplab demo: .*/bad\\.dm_71: message 4 at byte [0-9]+: ")))
        << bad.err;
    const auto missing = test::runCliplab("demo '" + dir.path + "/missing.dm_71'");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
    EXPECT_EQ(test::runCliplab("demo").exitCode, 2);
    EXPECT_EQ(test::runCliplab("demo a b").exitCode, 2);
    const auto grid = test::runCliplab("demo x.dm_71 --grid 8");
    EXPECT_EQ(grid.exitCode, 2);
    EXPECT_NE(grid.err.find("give --reach too"), std::string::npos) << grid.err;
    EXPECT_EQ(test::runCliplab("demo x.dm_71 --reach --grid 2").exitCode, 2);
    EXPECT_EQ(test::runCliplab("bench-demo").exitCode, 2);
}

TEST(DemoCommand, BenchDemoPrintsTheReadersSpeed) {
    TempDir dir;
    test::writeFile(dir.path + "/walk.dm_71", test::walkingDemo(50));
    const auto r = test::runCliplab("bench-demo '" + dir.path + "/walk.dm_71' --repeat 3");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("snapshots=50 rounds=3\n"), std::string::npos) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex("\ndemo_mb_per_sec=[0-9.]+ snapshots_per_sec=[0-9]+\n$")))
        << r.out;
}
