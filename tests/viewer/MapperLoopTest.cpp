// The mapper's tools in the real viewer loop (hidden window, Xvfb): a .map saved under the running
// viewer reloads and its new brush stops the player; a save that does not parse keeps the last good
// map and says where it fails; a leaking .map shows its path, and so does the .lin beside a .bsp.

#include "viewer/ViewerLoopHarness.h"

#include "bsp/BspFile.h"
#include "mapc/MapTestUtil.h"
#include "mapc/Pointfile.h"
#include "world/MapLoader.h"

#include <chrono>
#include <filesystem>

using namespace cliplab;
using cliplab::test::ViewerLoopHarness;

namespace {

const char* kSpawn =
    "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"0 0 40\"\n\"angle\" \"0\"\n}\n";

std::string floorMap(bool wall, bool block = false) {
    std::string world = test::boxBrush({-1024, -1024, -64}, {1024, 1024, 0});
    if (wall)
        world += test::boxBrush({128, -512, 0}, {160, 512, 256});
    if (block)
        world += test::boxBrush({64, -64, 0}, {200, 64, 128});
    return test::mapText(world, kSpawn);
}

/// Runs frames until `done` or 5 s have passed (the watch looks every 250 ms of wall time).
template <typename Done> bool framesUntil(ViewerLoopHarness& v, Done done) {
    const auto start = std::chrono::steady_clock::now();
    while (!done()) {
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(5))
            return false;
        v.frames(1);
    }
    return true;
}

/// Holds W for `seconds` of the loop's wall time.
void walkForward(ViewerLoopHarness& v, double seconds) {
    v.key(SDLK_w, true);
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds)
        v.frames(1);
    v.key(SDLK_w, false);
    v.frames(1);
}

} // namespace

TEST(MapperLoop, ASavedMapReloadsAndItsNewBrushStopsThePlayer) {
    const std::string dir = test::makeTempDir("reload");
    const std::string path = dir + "/room.map";
    test::writeFile(path, floorMap(false));
    {
        ViewerLoopHarness v(1280, 720, path);
        ASSERT_TRUE(v.ok()) << v.error;
        v.state().settings.flag("cg_thirdPerson").set(false);
        ASSERT_TRUE(framesUntil(v, [&] {
            const movement::PlayerState& p = v.state().session.player();
            return p.onGround && glm::length(p.velocity) < 1e-3f;
        })) << "the player comes to rest on the floor";
        const glm::vec3 start = v.state().session.player().origin;
        const glm::vec3 eye(start.x, start.y, start.z + 8.0f);
        auto eastward = [&] {
            return v.state()
                .traceLogged("test", collision::Shape::ray(), eye, eye + glm::vec3(400, 0, 0),
                             bsp::contents::MaskPlayerSolid)
                .result.fraction;
        };
        EXPECT_EQ(eastward(), 1.0f) << "nothing east of the spawn yet";
        v.state().view.setAngles(10.0f, 0.0f);

        // The mapper saves a wall 128 units east of the player.
        const viewer::LoadedMap* before = v.state().session.map();
        test::writeFile(path, floorMap(true));
        ASSERT_TRUE(framesUntil(v, [&] { return v.state().session.map() != before; })) << "no reload";
        EXPECT_FALSE(v.state().mapper.note.error) << v.state().mapper.note.text;
        EXPECT_EQ(v.state().mapper.note.text.rfind("room.map reloaded: compiled in ", 0), 0u)
            << v.state().mapper.note.text;
        EXPECT_EQ(v.state().session.player().origin, start) << "the player stays where it was";
        EXPECT_EQ(v.state().view.camera().pitch, 10.0f) << "the camera keeps its angles";
        EXPECT_EQ(v.state().view.camera().yaw, 0.0f);
        EXPECT_NEAR(eastward(), 128.0f / 400.0f, 0.01f) << "the ray stops at the new wall";
        walkForward(v, 1.0);
        const glm::vec3 stopped = v.state().session.player().origin;
        EXPECT_GT(stopped.x, 60.0f) << "the player walked";
        EXPECT_LE(stopped.x, 128.0f - 15.0f + 0.01f) << "and the new wall stopped it";

        // A save that puts a block where the player stands: it goes where the game puts it.
        const viewer::LoadedMap* walled = v.state().session.map();
        test::writeFile(path, floorMap(true, true));
        ASSERT_TRUE(framesUntil(v, [&] { return v.state().session.map() != walled; })) << "no reload";
        const glm::vec3 respawned = v.state().session.player().origin;
        EXPECT_EQ(glm::vec2(respawned), glm::vec2(0, 0)) << "at the spawn point";
        EXPECT_NEAR(respawned.z, 49.0f, 2.0f) << "9 units up, falling since the frame's tick";
        EXPECT_NE(v.state().mapper.note.text.find("the player no longer fit there: respawned"),
                  std::string::npos)
            << v.state().mapper.note.text;

        // A save that does not parse: the last good map stays, the error names file:line:col.
        const viewer::LoadedMap* good = v.state().session.map();
        test::writeFile(path, floorMap(true) + "{\n\"classname\" \"light\"\n");
        ASSERT_TRUE(framesUntil(v, [&] { return v.state().mapper.note.error; }));
        const std::string& error = v.state().mapper.note.text;
        EXPECT_NE(error.find(path + ":"), std::string::npos) << error;
        EXPECT_EQ(v.state().session.map(), good);
        EXPECT_EQ(v.state().mapper.note.seconds, -1.0) << "the error stays until the next load";
        bool inConsole = false;
        for (const std::string& line : v.loop->console().console().lines())
            inConsole = inConsole || line == error;
        EXPECT_TRUE(inConsole) << "the console says it too";
        EXPECT_LT(eastward(), 1.0f) << "the wall is still there";

        // Fixed: reloaded, the note clear of the error.
        test::writeFile(path, floorMap(false));
        ASSERT_TRUE(framesUntil(v, [&] { return v.state().session.map() != good; }));
        EXPECT_FALSE(v.state().mapper.note.error);
        EXPECT_EQ(eastward(), 1.0f);
    }
    std::filesystem::remove_all(dir);
}

TEST(MapperLoop, ALeakingMapShowsItsPathAndPointfileFliesToItsStart) {
    ViewerLoopHarness v(1280, 720, test::dataPath("maps/leak.map"));
    ASSERT_TRUE(v.ok()) << v.error;
    const auto& leak = v.state().mapper.leak;
    ASSERT_TRUE(leak) << "the compile's leak is shown";
    ASSERT_GE(leak->points.size(), 2u);
    EXPECT_EQ(leak->summary.rfind("leak: entity ", 0), 0u) << leak->summary;
    EXPECT_TRUE(v.state().mapper.leakShown);
    EXPECT_TRUE(v.state().mapper.note.warning) << "opened leaking, it says so over the view";
    EXPECT_EQ(v.state().mapper.note.text.rfind(leak->summary, 0), 0u) << v.state().mapper.note.text;
    v.loop->console().console().submit("pointfile");
    v.frames(2);
    EXPECT_EQ(v.state().session.player().mode, movement::Mode::Noclip);
    const glm::vec3 eye =
        movement::eyePosition(v.state().session.player(), v.state().session.sim().settings());
    const glm::vec3 along = glm::normalize(leak->points[1] - leak->points[0]);
    EXPECT_LT(glm::length(eye + along * viewer::ViewerState::kLeakViewBack - leak->points.front()), 1e-3f)
        << "the camera is at the void end, a little back, looking along the path";
    EXPECT_EQ(v.loop->console().console().errors(), 0);
}

TEST(MapperLoop, ALinBesideAnOpenedBspIsShown) {
    const std::string dir = test::makeTempDir("lin");
    {
        auto compiled = world::compileMapFile(test::dataPath("maps/leak.map"), nullptr);
        ASSERT_TRUE(compiled.ok()) << compiled.error().message;
        ASSERT_TRUE(compiled->leak);
        test::writeFile(dir + "/leak.bsp", bsp::write(compiled->data));
        test::writeFile(dir + "/leak.lin", mapc::pointfileText(compiled->leak->path));
        ViewerLoopHarness v(1280, 720, dir + "/leak.bsp");
        ASSERT_TRUE(v.ok()) << v.error;
        ASSERT_TRUE(v.state().mapper.leak);
        EXPECT_EQ(v.state().mapper.leak->source, dir + "/leak.lin");
        EXPECT_EQ(v.state().mapper.leak->points.size(), compiled->leak->path.size());
    }
    std::filesystem::remove_all(dir);
}
