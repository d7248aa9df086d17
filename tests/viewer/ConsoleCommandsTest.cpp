// The viewer's console commands and variables on a ViewerState, without a window: the host that
// would load maps, copy text and take screenshots is a recorder.

#include "viewer/ConsoleCommands.h"
#include "mapc/MapTestUtil.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include "bsp/BspData.h"
#include "movement/Settings.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>

using namespace cliplab;

namespace {

class RecordingHost : public viewer::ConsoleHost {
public:
    std::optional<std::string> loadMap(const std::string& map) override {
        loads.push_back(map);
        if (map == "missing")
            return std::string("maps/missing.bsp: not found in the game data");
        return std::nullopt;
    }
    std::optional<std::string> openDemo(const std::string& demo) override {
        loads.push_back("demo " + demo);
        if (demo == "bad.dm_71")
            return std::string("bad.dm_71: message 1 at byte 0: length 1048576 is not 0 to 16384");
        return std::nullopt;
    }
    void setClipboard(const std::string& text) override { clipboard = text; }
    void screenshot(const std::string& path) override { screenshots.push_back(path); }
    void quit() override { ++quits; }

    std::vector<std::string> loads, screenshots;
    std::string clipboard;
    int quits = 0;
};

struct Fixture {
    viewer::ViewerState st;
    RecordingHost host;
    console::Console con;
    Fixture() { viewer::addViewerCommands(con, st, host); }
    /// Runs `line` as typed and returns the last line printed.
    std::string run(const std::string& line) {
        con.submit(line);
        while (con.busy())
            con.runQueued();
        return con.lines().back();
    }
};

} // namespace

TEST(ConsoleCommands, EveryMovementSettingHasAVariableThatReadsAndWrites) {
    Fixture f;
    for (const movement::SettingName& n : movement::settingNames()) {
        const std::string name = viewer::movementCvarName(n.name);
        ASSERT_TRUE(f.con.variable(name)) << name;
        ASSERT_EQ(f.con.variable(n.name), f.con.variable(name)) << "the --set name is an alias: " << n.name;
        // Bare NAME prints the value the settings hold, with the range.
        const std::string value = *movement::getSetting(f.st.session.movement(), n.name);
        EXPECT_EQ(f.run(name), name + " is " + console::quoteWord(value) + "  (" + n.range + ")  " +
                                   f.con.variable(name)->help);
        // Setting it to what it reads keeps the settings.
        EXPECT_EQ(f.run("set " + n.name + " " + value), "] set " + n.name + " " + value);
        EXPECT_EQ(movement::getSetting(f.st.session.movement(), n.name), value);
    }
    EXPECT_EQ(f.con.errors(), 0);
}

TEST(ConsoleCommands, GameCvarNamesAndRangesOfTheSetOption) {
    Fixture f;
    f.run("set g_gravity 400");
    EXPECT_EQ(f.st.session.movement().gravity, 400.0f);
    f.run("g_speed 250");
    EXPECT_EQ(f.st.session.movement().maxSpeed, 250.0f);
    f.run("set gravity 100");
    EXPECT_EQ(f.st.session.movement().gravity, 100.0f);
    // The ranges are movement::setSetting's, so the message is the CLI's --set message.
    EXPECT_EQ(f.run("set g_gravity 1e9"), "g_gravity: 1e9 is outside [-100000, 100000]");
    EXPECT_EQ(f.run("set stepHeight -1"), "stepHeight: -1 is outside [0, 10000]");
    EXPECT_EQ(f.run("set minWalkNormal nan"), "minWalkNormal: 'nan' is not a number");
    EXPECT_EQ(f.run("set preset doom"), "preset: expected melax or quake3, got 'doom'");
    EXPECT_EQ(f.run("set g_gravity 1 2"), "g_gravity: expected one value, got 2");
    // A value that inverts the player box is refused whole.
    EXPECT_EQ(f.run("set minsz 40"), "minsz: minsz = 40 is above maxsz = 32 (inverted player box)");
    EXPECT_EQ(f.st.session.movement().mins.z, -24.0f);
    EXPECT_EQ(f.st.session.movement().gravity, 100.0f);
    f.run("set preset quake3");
    EXPECT_EQ(f.st.session.movement().preset, movement::Preset::Quake3);
    EXPECT_EQ(f.con.complete("set pre").line, "set preset ");
    EXPECT_EQ(f.con.complete("preset ").matches, (std::vector<std::string>{"melax", "quake3"}));
    EXPECT_EQ(f.con.complete("g_gr").line, "g_gravity ");
}

TEST(ConsoleCommands, TickRateAsPmoveMsec) {
    Fixture f;
    EXPECT_EQ(f.run("pmove_msec"),
              "pmove_msec is 8  ([3, 33], whole)  " + f.con.variable("pmove_msec")->help);
    f.run("pmove_msec 16");
    EXPECT_DOUBLE_EQ(f.st.session.tickRate(), 62.5);
    EXPECT_DOUBLE_EQ(f.st.session.sim().rate(), 62.5);
    f.run("tickRate 200");
    EXPECT_DOUBLE_EQ(f.st.session.sim().rate(), 200.0);
    EXPECT_EQ(f.run("pmove_msec"),
              "pmove_msec is 5  ([3, 33], whole)  " + f.con.variable("pmove_msec")->help);
    EXPECT_EQ(f.run("pmove_msec 2"), "pmove_msec: expected a whole number in [3, 33], got '2'");
    EXPECT_EQ(f.run("pmove_msec 8.5"), "pmove_msec: expected a whole number in [3, 33], got '8.5'");
    EXPECT_EQ(f.run("tickRate 1000"), "tickRate: expected a number in [30, 333], got '1000'");
    EXPECT_DOUBLE_EQ(f.st.session.sim().rate(), 200.0);
}

TEST(ConsoleCommands, TraceOptions) {
    Fixture f;
    ASSERT_TRUE(f.st.session.rules().options.curves); // on by default, as in the game
    f.run("cm_noCurves 1");
    EXPECT_FALSE(f.st.session.rules().options.curves);
    f.run("cm_noCurves 0");
    EXPECT_TRUE(f.st.session.rules().options.curves);
    EXPECT_EQ(f.run("cm_noCurves"), "cm_noCurves is 0  (0 or 1)  " + f.con.variable("cm_noCurves")->help);
    f.run("cm_playerCurveClip 0");
    EXPECT_FALSE(f.st.session.rules().options.rayCurveClip);
    EXPECT_EQ(f.run("cm_playerCurveClip 2"), "cm_playerCurveClip: expected 0 or 1, got '2'");
    f.run("set trace_mask SOLID|WATER");
    EXPECT_EQ(f.st.probes.settings().mask, bsp::contents::Solid | bsp::contents::Water);
    EXPECT_EQ(f.con.variable("trace_mask")->get(), "SOLID|WATER");
    f.run("trace_mask MASK_PLAYERSOLID");
    EXPECT_EQ(f.st.probes.settings().mask, bsp::contents::MaskPlayerSolid);
    EXPECT_EQ(f.run("trace_mask SOLIDS"),
              "trace_mask: expected contents names joined by | or a number, got 'SOLIDS'");
    EXPECT_EQ(f.con.complete("trace_mask PLAYER").line, "trace_mask PLAYERCLIP ");
    f.run("trace_shape sphere");
    EXPECT_EQ(f.st.probes.settings().shape, collision::ShapeKind::Sphere);
    EXPECT_EQ(f.run("trace_shape cube"),
              "trace_shape: expected ray, box, sphere, capsule or cylinder, got 'cube'");
    f.run("trace_mins -8 -8 -4");
    EXPECT_EQ(f.st.probes.settings().mins, glm::vec3(-8, -8, -4));
    f.run("trace_maxs \"8 8 16\"");
    EXPECT_EQ(f.st.probes.settings().maxs, glm::vec3(8, 8, 16));
    EXPECT_EQ(f.con.variable("trace_maxs")->get(), "8 8 16");
    EXPECT_EQ(f.run("trace_maxs 8 8 -1"), "trace_maxs: expected numbers in [0, 128], got '-1'");
    EXPECT_EQ(f.run("trace_mins 1 2"), "trace_mins: expected three numbers X Y Z");
    f.run("trace_radius 12.5");
    EXPECT_EQ(f.st.probes.settings().radius, 12.5f);
    EXPECT_EQ(f.run("trace_radius 65"), "trace_radius: expected a number in [0, 64], got '65'");
    f.run("trace_epsilon 0.03125");
    EXPECT_EQ(f.st.session.rules().options.epsilon, 0.03125f);
    f.run("trace_semantics tutorial");
    EXPECT_EQ(f.st.session.rules().options.semantics, collision::Semantics::Tutorial);
    f.run("trace_semantics robust"); // every name of collision::kSemanticsNames, robust included
    EXPECT_EQ(f.st.session.rules().options.semantics, collision::Semantics::Robust);
    EXPECT_EQ(f.con.variable("trace_semantics")->get(), "robust");
    f.run("trace_method both");
    EXPECT_EQ(f.st.session.rules().method, viewer::TraceMethod::Both);
    f.run("trace_bevels 0");
    EXPECT_FALSE(f.st.session.rules().bevels);
    f.run("trace_halfHeight 20");
    EXPECT_EQ(f.st.probes.settings().halfHeight, 20.0f);
    EXPECT_EQ(f.con.errors(), 6);
}

TEST(ConsoleCommands, SetviewposViewposNoclipKill) {
    Fixture f;
    f.run("setviewpos 100 -200.5 300 90");
    EXPECT_EQ(f.st.session.player().origin, glm::vec3(100, -200.5f, 300));
    EXPECT_EQ(f.st.view.camera().yaw, 90.0f);
    f.st.view.setEye(glm::vec3(100, -200.5f, 326));
    EXPECT_EQ(f.run("viewpos"), "(100 -200.5 300 90)  eye 100 -200.5 326  (copied)");
    // With the chase camera elsewhere, the eye is still the player's (origin + view height).
    f.st.view.setEye(glm::vec3(0, -200.5f, 340));
    EXPECT_EQ(f.run("viewpos"), "(100 -200.5 300 90)  eye 100 -200.5 326  camera 0 -200.5 340  (copied)");
    EXPECT_EQ(f.host.clipboard, "setviewpos 100 -200.5 300 90");
    // What viewpos copies puts the player back exactly.
    f.run("setviewpos 0 0 0 0");
    f.run(f.host.clipboard);
    EXPECT_EQ(f.st.session.player().origin, glm::vec3(100, -200.5f, 300));
    // Without a yaw the view keeps its direction.
    f.run("setviewpos 1 2 3");
    EXPECT_EQ(f.st.view.camera().yaw, 90.0f);
    EXPECT_EQ(f.run("setviewpos 1 2"), "usage: setviewpos X Y Z [YAW]");
    EXPECT_EQ(f.run("setviewpos 1 2 x"), "setviewpos: expected a number in [-1e+06, 1e+06], got 'x'");
    EXPECT_EQ(f.run("setviewpos 1 2 2e6"), "setviewpos: expected a number in [-1e+06, 1e+06], got '2e6'");
    EXPECT_EQ(f.run("setviewpos 1 2 3 inf"), "setviewpos: yaw 'inf' is not a number of degrees");
    EXPECT_EQ(f.st.session.player().origin, glm::vec3(1, 2, 3));

    EXPECT_EQ(f.run("noclip"), "noclip ON");
    EXPECT_EQ(f.st.session.player().mode, movement::Mode::Noclip);
    EXPECT_EQ(f.run("noclip"), "noclip OFF");
    EXPECT_EQ(f.st.session.player().mode, movement::Mode::Walk);
    EXPECT_EQ(f.run("kill"), "kill: no map is loaded");
}

TEST(ConsoleCommands, MapScreenshotQuitGoThroughTheHost) {
    Fixture f;
    EXPECT_EQ(f.run("map oa_dm1"), "loaded oa_dm1");
    EXPECT_EQ(f.run("devmap missing"), "devmap: maps/missing.bsp: not found in the game data");
    EXPECT_EQ(f.run("map"), "usage: map NAME (a map in the game data, or a .bsp or .map path)");
    EXPECT_EQ(f.host.loads, (std::vector<std::string>{"oa_dm1", "missing"}));
    f.run("screenshot");
    f.run("screenshot /tmp/x.png");
    EXPECT_EQ(f.host.screenshots, (std::vector<std::string>{"", "/tmp/x.png"}));
    EXPECT_EQ(f.run("screenshot a b"), "usage: screenshot [FILE.png]");
    f.run("quit");
    EXPECT_EQ(f.host.quits, 1);
}

TEST(ConsoleCommands, DemoGoesThroughTheHostWithTheReadersError) {
    Fixture f;
    EXPECT_EQ(f.run("demo"),
              "usage: demo FILE (a demo file, or a name in the game data: demos/NAME.dm_71...)");
    EXPECT_EQ(f.run("demo bad.dm_71"),
              "demo: bad.dm_71: message 1 at byte 0: length 1048576 is not 0 to 16384");
    f.run("demo flyby_oa_dm3");
    EXPECT_EQ(f.host.loads, (std::vector<std::string>{"demo bad.dm_71", "demo flyby_oa_dm3"}));
}

TEST(ConsoleCommands, MapWaitsAFrameBeforeTheNextCommands) {
    Fixture f;
    f.con.submit("map oa_dm1; setviewpos 1 2 3");
    f.con.runQueued();
    EXPECT_EQ(f.host.loads.size(), 1u);
    EXPECT_NE(f.st.session.player().origin, glm::vec3(1, 2, 3));
    f.con.runQueued();
    f.con.runQueued();
    EXPECT_EQ(f.st.session.player().origin, glm::vec3(1, 2, 3));
}

TEST(ConsoleCommands, MapNamesCompleteFromTheGameData) {
    const std::string dir = test::makeTempDir("console-maps");
    for (const char* name : {"maps/oa_dm1.bsp", "maps/oa_dm2.bsp", "maps/oa_ctf1.bsp", "maps/q3dm6ish.bsp"})
        test::writeFile(dir + "/" + name, std::string("x"));
    Fixture f;
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(vfs.value()->mountDirectory(dir).ok());
    f.st.session.setFileSystem(std::move(vfs.value()));
    const auto c = f.con.complete("map oa_d");
    EXPECT_EQ(c.line, "map oa_dm");
    EXPECT_EQ(c.matches, (std::vector<std::string>{"oa_dm1", "oa_dm2"}));
    EXPECT_EQ(f.con.complete("devmap q3").line, "devmap q3dm6ish ");
}

TEST(ConsoleCommands, ExecFileErrorsNameFileAndLine) {
    Fixture f;
    const std::string dir = test::makeTempDir("console-exec");
    test::writeFile(dir + "/setup.cfg", std::string("// a setup\nset g_gravity 400\nset g_speed fast\n"
                                                    "noclip; setviewpos 10 20 30 180\nbogus 1\n"));
    f.run("exec " + dir + "/setup.cfg");
    std::vector<std::string> lines(f.con.lines().begin(), f.con.lines().end());
    EXPECT_EQ(lines,
              (std::vector<std::string>{"] exec " + dir + "/setup.cfg",
                                        dir + "/setup.cfg:3: g_speed: 'fast' is not a number", "noclip ON",
                                        dir + "/setup.cfg:5: unknown command 'bogus' (cmdlist and cvarlist "
                                              "list them)"}));
    EXPECT_EQ(f.st.session.movement().gravity, 400.0f);
    EXPECT_EQ(f.st.session.player().origin, glm::vec3(10, 20, 30));
    EXPECT_EQ(f.con.fileErrors(), 2);
}

namespace {

/// A floor, a clip box at x 0..64 and a func_door, compiled, loaded without a renderer.
std::unique_ptr<viewer::LoadedMap> clipMap() {
    const std::string text =
        test::mapText(test::boxBrush({-512, -512, -16}, {512, 512, 0}) +
                          test::boxBrush({0, -32, 0}, {64, 32, 128}, "common/clip"),
                      "{\n\"classname\" \"func_door\"\n\"targetname\" \"gate\"\n" +
                          test::boxBrush({200, -32, 0}, {208, 32, 96}) +
                          "}\n{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 40\"\n}\n");
    auto m = viewer::buildLoadedMap("clip.map", test::compileOk(text));
    EXPECT_TRUE(m.ok());
    return m ? std::move(m.value()) : nullptr;
}

int32_t clipBrush(const bsp::BspData& d) {
    for (size_t b = 0; b < d.brushes.size(); ++b)
        if (d.shaders[size_t(d.brushes[b].shader)].name == "textures/common/clip")
            return int32_t(b);
    return -1;
}

bool hasLine(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

} // namespace

TEST(ConsoleCommands, ProbeAndInspectNameTheClipBrush) {
    Fixture f;
    EXPECT_EQ(f.run("probe"), "probe: no map is loaded");
    EXPECT_EQ(viewer::inspectionText(f.st).front().rfind("nothing inspected", 0), 0u);
    f.st.setMap(clipMap());
    ASSERT_TRUE(f.st.session.map());
    const int32_t clip = clipBrush(f.st.session.map()->data);
    ASSERT_GE(clip, 0);
    // The player's eye 200 units in front of the clip box's -x face, looking at it. The probe
    // starts there, not at the camera (the chase camera is behind it).
    f.run("trace_shape ray");
    f.st.teleport(glm::vec3(-200, 0, 64 - f.st.session.sim().settings().eyeHeight), 0.0f);
    ASSERT_EQ(f.st.playerEye(), glm::vec3(-200, 0, 64));
    f.st.view.setEye(glm::vec3(-320, 0, 64));
    f.st.view.setAngles(0.0f, 0.0f);
    f.run("probe");
    EXPECT_TRUE(f.st.view.values().sections.at("Inspector")) << "a probe opens the Inspector";
    ASSERT_TRUE(f.st.probes.probe());
    EXPECT_NEAR(f.st.probes.probe()->result.endpos.x, -0.125f, 1e-3f);
    ASSERT_TRUE(f.st.probes.inspection());
    EXPECT_EQ(f.st.probes.inspection()->brush, clip);
    f.run("inspect");
    const std::vector<std::string> lines(f.con.lines().begin(), f.con.lines().end());
    EXPECT_TRUE(hasLine(lines, "probe: hit at -0.125 0 64")) << ::testing::PrintToString(lines);
    EXPECT_TRUE(hasLine(lines, "  shader textures/common/clip"));
    EXPECT_TRUE(hasLine(lines, "  contents PLAYERCLIP|TRANSLUCENT"));
    // "surfaceparm nolightmap" is NOLIGHTMAP|POINTLIGHT in q3map2's table.
    EXPECT_TRUE(hasLine(lines, "  surface flags NOIMPACT|NOMARKS|NODRAW|NOLIGHTMAP|POINTLIGHT|NONSOLID"));
    EXPECT_TRUE(
        hasLine(lines, "brush " + std::to_string(clip) +
                           " (player clip): shader textures/common/clip, contents PLAYERCLIP|TRANSLUCENT"));
    EXPECT_TRUE(hasLine(lines, "  entity 0 worldspawn (world, model 0)"));
    EXPECT_TRUE(hasLine(lines, "  bounds 0 -32 0 to 64 32 128"));
    const auto hitSide = std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("face  -1 0 0 dist 0 textures/common/clip") != std::string::npos &&
               l.find("(hit)") != std::string::npos;
    });
    EXPECT_EQ(hitSide, 1);
    // The door's brush names its entity.
    const int32_t door = f.st.session.map()->data.models[1].firstBrush;
    f.con.submit("inspect " + std::to_string(door));
    f.con.runQueued();
    const std::vector<std::string> doorLines(f.con.lines().begin(), f.con.lines().end());
    EXPECT_TRUE(hasLine(doorLines, "  entity 1 func_door \"gate\" (model *1)"))
        << ::testing::PrintToString(doorLines);
    EXPECT_EQ(f.run("inspect 99999"), "inspect: '99999' is not a brush of the loaded map");
    EXPECT_EQ(f.run("inspect -1"), "inspect: '-1' is not a brush of the loaded map");
    // A probe into the sky hits nothing.
    f.st.view.setAngles(-89.0f, f.st.view.camera().yaw);
    f.run("probe");
    f.run("inspect");
    EXPECT_EQ(f.con.lines().back(), "probe: hit nothing");
}

TEST(ConsoleCommands, GotoBrushLooksAtItFromOutside) {
    Fixture f;
    f.st.setMap(clipMap());
    ASSERT_TRUE(f.st.session.map());
    const int32_t clip = clipBrush(f.st.session.map()->data);
    f.st.view.setEye(glm::vec3(-300, 0, 64));
    // It says what it did: the brush, where the eye went, what it looks at.
    const std::string said = f.run("gotobrush " + std::to_string(clip));
    EXPECT_EQ(said.rfind("brush " + std::to_string(clip) + " (player clip, ", 0), 0u) << said;
    EXPECT_NE(said.find("noclip, the eye at "), std::string::npos) << said;
    EXPECT_NE(said.find("looking at its centre 32 0 64; inspected and highlighted"), std::string::npos)
        << said;
    EXPECT_EQ(f.st.session.player().mode, movement::Mode::Noclip);
    EXPECT_FALSE(f.st.view.values().chase)
        << "the view is the placed eye's, not a chase camera behind the player";
    EXPECT_EQ(f.st.probes.shownBrush(), clip);
    ASSERT_TRUE(f.st.probes.inspection());
    EXPECT_EQ(f.st.probes.inspection()->brush, clip);
    // The eye on the line from the old eye to the centre (32 0 64), outside the brush, looking at it.
    const glm::vec3 eye = movement::eyePosition(f.st.session.player(), f.st.session.sim().settings());
    const glm::vec3 centre(32, 0, 64);
    const float radius = glm::length(glm::vec3(64, 64, 128)) * 0.5f;
    EXPECT_NEAR(glm::length(centre - eye), 1.2f * radius + 32.0f, 0.01f);
    EXPECT_NEAR(eye.y, 0.0f, 1e-3f);
    EXPECT_NEAR(eye.z, 64.0f, 1e-3f);
    EXPECT_LT(eye.x, 0.0f);
    f.st.view.setEye(eye);
    EXPECT_NEAR(glm::dot(f.st.view.camera().forward(), glm::normalize(centre - eye)), 1.0f, 1e-4f);
    EXPECT_EQ(f.run("gotobrush x"), "gotobrush: 'x' is not a brush of the loaded map");
    EXPECT_EQ(f.run("gotobrush"), "usage: gotobrush BRUSH");
}

TEST(ConsoleCommands, ViewanglesAndTheAnalysisViews) {
    Fixture f;
    f.run("viewangles 30 135");
    EXPECT_EQ(f.st.view.camera().pitch, 30.0f);
    EXPECT_EQ(f.st.view.camera().yaw, 135.0f);
    EXPECT_EQ(f.run("viewangles 30"), "usage: viewangles PITCH YAW");
    EXPECT_EQ(f.run("viewangles 95 0"),
              "viewangles: expected PITCH in [-89, 89] and YAW in degrees, got '95 0'");
    EXPECT_EQ(f.st.view.camera().pitch, 30.0f);
    EXPECT_FALSE(f.st.analysis.values().surfaceClasses);
    f.run("r_surfaceClasses 1");
    EXPECT_TRUE(f.st.analysis.values().surfaceClasses);
    f.run("r_hull 1");
    EXPECT_TRUE(f.st.analysis.values().hull);
    f.run("r_padArcs 1");
    EXPECT_TRUE(f.st.analysis.values().padArcs);
    EXPECT_TRUE(f.st.analysis.values().prediction);
    f.run("r_prediction 0");
    EXPECT_FALSE(f.st.analysis.values().prediction);
}

TEST(ConsoleCommands, SnagsRunsTheSoakAndKeepsTheCells) {
    Fixture f;
    EXPECT_EQ(f.run("snags 2000"), "snags: no map is loaded");
    f.st.setMap(clipMap());
    ASSERT_TRUE(f.st.session.map());
    const std::string line = f.run("snags 2000");
    EXPECT_EQ(line.rfind("ticks=2000 snags=", 0), 0u) << line;
    EXPECT_EQ(f.st.analysis.snagSummary(), line);
    EXPECT_TRUE(f.st.analysis.values().snags);
    EXPECT_EQ(f.run("snags 5"), "snags: expected TICKS from 1000 to 10000000, got '5'");
    f.run("r_snags 0");
    EXPECT_FALSE(f.st.analysis.values().snags);
}

namespace {

/// Every command of the viewer's console, run on oa_dm1 with no word, with words of each kind it
/// might take, and with hostile ones: none may crash or leave a sanitizer report, and each says
/// something (a result or its error).
TEST(ConsoleCommands, EveryCommandRunsOnARealMapWithAnyWords) {
    auto loaded = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    Fixture f;
    auto map = viewer::buildLoadedMap("oa_dm1", std::move(loaded.value()));
    ASSERT_TRUE(map.ok()) << map.error().message;
    f.st.setMap(std::move(map.value()));
    const char* words[] = {"",    "0",    "1",    "-1",    "1 2 3", "1 2 3 4 5 6",
                           "nan", "1e99", "\"\"", "clear", "wait",  "x y z w v u t"};
    int commands = 0;
    for (const std::string& name : f.con.names()) {
        if (f.con.variable(name))
            continue;
        ++commands;
        for (const char* w : words) {
            const std::string line = *w ? name + " " + w : name;
            const size_t before = f.con.lines().size();
            f.run(line);
            EXPECT_GT(f.con.lines().size(), before) << "'" << line << "' said nothing";
        }
    }
    EXPECT_GT(commands, 20);
    EXPECT_TRUE(f.st.session.map()) << "a map is still loaded";
}

} // namespace
