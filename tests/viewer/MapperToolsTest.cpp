// The mapper's tools without a window: the file watch, pointfiles read from disk (malformed ones
// named by file, line and column), the leak path and the tape as drawn (through walls), and the
// console's pointfile and measure on a compiled map.

#include "debugdraw/RecordingDebugDraw.h"
#include "mapc/MapTestUtil.h"
#include "support/TestSupport.h"
#include "viewer/ConsoleCommands.h"
#include "viewer/MapperView.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

using namespace cliplab;

namespace {

class NoHost : public viewer::ConsoleHost {
public:
    std::optional<std::string> loadMap(const std::string&) override { return std::nullopt; }
    std::optional<std::string> openDemo(const std::string&) override { return std::nullopt; }
    void setClipboard(const std::string&) override {}
    void screenshot(const std::string&) override {}
    void quit() override {}
};

/// A floor with a 128-unit gap from x = 0 to 128 and a spawn point, loaded without a renderer.
struct Mapper {
    std::string dir = test::makeTempDir("mapper");
    viewer::ViewerState st;
    NoHost host;
    console::Console con;
    Mapper() {
        const std::string text = test::mapText(
            test::boxBrush({-512, -256, -64}, {0, 256, 0}) + test::boxBrush({128, -256, -64}, {768, 256, 0}),
            "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-100 0 40\"\n}\n");
        auto map = viewer::buildLoadedMap("gap.map", test::compileOk(text));
        EXPECT_TRUE(map.ok());
        st.setMap(std::move(map.value()));
        viewer::addViewerCommands(con, st, host);
    }
    ~Mapper() { std::filesystem::remove_all(dir); }
    std::string run(const std::string& line) {
        con.submit(line);
        while (con.busy())
            con.runQueued();
        return con.lines().back();
    }
};

} // namespace

TEST(MapperTools, TheWatcherSeesASaveOnceAndWaitsForAMissingFile) {
    const std::string dir = test::makeTempDir("watch");
    const std::string path = dir + "/x.map";
    test::writeFile(path, std::string("{\n}\n"));
    viewer::MapWatcher w;
    w.watch(path);
    auto later = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    EXPECT_FALSE(w.changed(later)) << "nothing changed yet";
    test::writeFile(path, std::string("{\n\"classname\" \"worldspawn\"\n}\n"));
    EXPECT_FALSE(w.changed(later + std::chrono::milliseconds(100))) << "looks at most every 250 ms";
    EXPECT_FALSE(w.changed(later + std::chrono::milliseconds(1000))) << "seen once: it may be half written";
    test::writeFile(path, std::string("{\n\"classname\" \"worldspawn\"\n\"message\" \"x\"\n}\n"));
    EXPECT_FALSE(w.changed(later + std::chrono::milliseconds(1250))) << "it was: still changing";
    EXPECT_TRUE(w.changed(later + std::chrono::milliseconds(1500))) << "the same over two looks";
    EXPECT_FALSE(w.changed(later + std::chrono::seconds(2))) << "a change is reported once";
    std::filesystem::remove(path); // an editor's save: delete, then rename the new file in
    EXPECT_FALSE(w.changed(later + std::chrono::seconds(3)));
    test::writeFile(path, std::string("{\n}\n"));
    EXPECT_FALSE(w.changed(later + std::chrono::seconds(4)));
    EXPECT_TRUE(w.changed(later + std::chrono::seconds(5)));
    std::filesystem::remove_all(dir);
}

TEST(MapperTools, MalformedPointfilesNameTheFileLineAndColumn) {
    Mapper m;
    const std::string bad = m.dir + "/bad.lin";
    test::writeFile(bad, std::string("0 0 0\n10 20 x\n"));
    auto r = viewer::readPointfile(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind(bad + ":2:", 0), 0u) << r.error().message;
    const std::string one = m.dir + "/one.lin";
    test::writeFile(one, std::string("1 2 3\n"));
    r = viewer::readPointfile(one);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(one + ":1:1: a leak path needs two points"), std::string::npos);
    r = viewer::readPointfile(m.dir + "/none.lin");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("none.lin"), std::string::npos);

    // The console says so and keeps what it showed.
    const std::string good = m.dir + "/good.lin";
    test::writeFile(good, std::string("-600 0 100\n-100 0 100\n-100 0 40\n"));
    EXPECT_EQ(m.run("pointfile " + good), "pointfile " + good + ": 3 points from the void to -100 0 40");
    ASSERT_TRUE(m.st.mapper.leak);
    EXPECT_EQ(m.st.session.player().mode, movement::Mode::Noclip) << "flown to its start";
    const glm::vec3 eye = movement::eyePosition(m.st.session.player(), m.st.session.sim().settings());
    EXPECT_EQ(eye, glm::vec3(-600 - viewer::ViewerState::kLeakViewBack, 0, 100))
        << "just back from its start";
    EXPECT_NEAR(m.st.view.camera().yaw, 0.0f, 1e-4f) << "looking along the path";
    m.run("pointfile " + bad);
    EXPECT_NE(m.con.lines().back().find("pointfile: " + bad + ":2:"), std::string::npos)
        << m.con.lines().back();
    ASSERT_TRUE(m.st.mapper.leak);
    EXPECT_EQ(m.st.mapper.leak->points.size(), 3u) << "a bad file keeps the path shown";
    // Without a file: the map has none (it is not on disk and did not leak).
    m.run("pointfile");
    EXPECT_NE(m.con.lines().back().find("pointfile: gap.map is in the game data"), std::string::npos);
}

TEST(MapperTools, TheLeakPathAndTheTapeAreDrawnThroughWalls) {
    viewer::LeakPath leak;
    leak.points = {{0, 0, 0}, {100, 0, 0}, {100, 100, 0}};
    debugdraw::RecordingDebugDraw rec;
    viewer::drawLeakPath(leak, rec);
    ASSERT_FALSE(rec.lines().empty());
    for (const auto& l : rec.lines())
        EXPECT_FALSE(l.style.depthTest);
    // Two arrows (a shaft and a head of four lines each) and two boxes of 12 edges.
    EXPECT_EQ(rec.lines().size(), 2u * 5u + 24u);
    EXPECT_EQ(rec.lines()[0].a, glm::vec3(0, 0, 0));
    EXPECT_EQ(rec.lines()[0].b, glm::vec3(100, 0, 0));
}

TEST(MapperTools, MeasureGivesTheDistanceTheFitsAndTheJump) {
    Mapper m;
    m.run("measure -8 0 0 136 0 0");
    ASSERT_TRUE(m.st.mapper.tape.result);
    const auto& lines = m.con.lines();
    const size_t n = lines.size();
    ASSERT_GE(n, 5u);
    EXPECT_EQ(lines[n - 5], "distance 144.0  (x 144.0  y 0.0  z 0.0; horizontal 144.0)");
    EXPECT_EQ(lines[n - 3], "standing box: fits through");
    EXPECT_EQ(lines[n - 2], "crouched box: fits through");
    EXPECT_EQ(lines[n - 1].rfind("jump: reaches (lands ", 0), 0u) << lines[n - 1];
    m.run("measure -8 0 0 500 0 0");
    EXPECT_EQ(m.con.lines().back().rfind("jump: falls short", 0), 0u) << m.con.lines().back();
    // The Movement panel's settings count: no jump velocity, no jump.
    m.run("set jumpVelocity 0");
    m.run("measure -8 0 0 136 0 0");
    EXPECT_EQ(m.con.lines().back().rfind("jump: ", 0), 0u);
    EXPECT_EQ(m.con.lines().back().find("reaches"), std::string::npos) << m.con.lines().back();
    debugdraw::RecordingDebugDraw rec;
    viewer::drawTape(*m.st.mapper.tape.result, m.st.session.movement(), rec);
    EXPECT_FALSE(rec.lines().front().style.depthTest);

    // Without two probe hits there is nothing to measure; with them, the last two.
    EXPECT_NE(m.run("measure 1 2"), "");
    EXPECT_EQ(m.con.errors(), 1);
    m.st.mapper.tape.hits = {};
    m.run("measure");
    EXPECT_NE(m.con.lines().back().find("measure: the probe has not hit two surfaces"), std::string::npos);
    m.st.mapper.addHit({-8, 0, 0}, {0, 0, 1});
    m.st.mapper.addHit({-8, 0, 100}, {0, 0, -1});
    m.run("measure");
    EXPECT_EQ(m.st.mapper.tape.result->distance, 100.0f);
}
