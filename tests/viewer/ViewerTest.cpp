// The viewer end to end (under Xvfb, see tests/CMakeLists.txt): scripted runs must move the
// player exactly as `cliplab walk` does, `shot --ui` must show the panels, map errors must be
// clean; plus the settings file round trip.

#include "debugdraw/RecordingDebugDraw.h"
#include "stepcorrect/StepCorrect.h"
#include "support/Png.h"
#include "support/TestSupport.h"
#include "viewer/AnalysisView.h"
#include "viewer/BrushView.h"
#include "viewer/GlWindow.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerSettings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <glm/common.hpp>
#include <iterator>
#include <sstream>

using namespace cliplab;

namespace {

const std::string kPlayground = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";

/// The "final X Y Z ground=G stuck=S" part of a run's output (without walk's trace count).
std::string finalLine(const std::string& out) {
    const size_t at = out.rfind("final ");
    if (at == std::string::npos)
        return "(no final line in: " + out + ")";
    std::string line = out.substr(at, out.find('\n', at) - at);
    const size_t traces = line.find(" traces=");
    return traces == std::string::npos ? line : line.substr(0, traces);
}

std::string writeScript(const std::string& text) {
    const std::string path = test::makeTempDir("viewer") + "/script.txt";
    test::writeFile(path, text);
    return path;
}

/// Walks, strafes, jumps, turns and crouches through the playground's first stations.
const char* kScript = "# forward, strafe-jump, sidestep, crouch-walk back\n"
                      "1 1 0 0 - 0 0\n0.5 1 1 0 j 45 0\n1 0 -1 0 - 90 0\n0.6 1 0 0 c 180 10\n";

using Pixels = test::Image;
using test::loadPng;

/// Fraction of pixels in [x0, x1) x [y0, y1) (fractions of the image) with ImGui's blue widget
/// colours: clearly more blue than red, as nothing in the playground's brown textures is.
double blueFraction(const Pixels& img, double x0, double y0, double x1, double y1) {
    long n = 0, blue = 0;
    for (int y = int(y0 * img.height); y < int(y1 * img.height); ++y)
        for (int x = int(x0 * img.width); x < int(x1 * img.width); ++x) {
            const unsigned char* p = &img.rgb[size_t(y * img.width + x) * 3];
            ++n;
            if (p[2] > 90 && p[2] > p[0] + 50)
                ++blue;
        }
    return n ? double(blue) / double(n) : 0.0;
}

/// Fraction of pixels in the rectangle (fractions of the image) with the panels' opaque near-black
/// background: grey below 25 on every channel, darker than any lit playground texture.
double panelBackgroundFraction(const Pixels& img, double x0, double y0, double x1, double y1) {
    long n = 0, dark = 0;
    for (int y = int(y0 * img.height); y < int(y1 * img.height); ++y)
        for (int x = int(x0 * img.width); x < int(x1 * img.width); ++x) {
            const unsigned char* p = &img.rgb[size_t(y * img.width + x) * 3];
            ++n;
            if (p[0] < 25 && p[1] < 25 && p[2] < 25)
                ++dark;
        }
    return n ? double(dark) / double(n) : 0.0;
}

} // namespace

TEST(Viewer, ScriptedRunEndsWhereWalkEnds) {
    const std::string script = writeScript(kScript);
    for (const char* hz : {"125", "60"}) {
        const auto walk = test::runCliplab("walk '" + kPlayground + "' --script '" + script + "' --hz " + hz);
        ASSERT_EQ(walk.exitCode, 0) << walk.err;
        // `cliplab MAP ...`: the map-first form starts the viewer (a real, visible window under Xvfb).
        const auto view = test::runCliplab("'" + kPlayground + "' --script '" + script + "' --hz " + hz +
                                           " --exit --size 256x144");
        ASSERT_EQ(view.exitCode, 0) << view.err;
        EXPECT_EQ(finalLine(view.out), finalLine(walk.out)) << "hz " << hz;
        // The run covered the whole script: 3.1 s of input.
        EXPECT_NE(view.out.find(std::string("ticks=") + (std::string(hz) == "125" ? "388" : "186")),
                  std::string::npos)
            << view.out;
    }
}

TEST(Viewer, ScriptedRunStopsAfterFrames) {
    // Fewer frames than the script: the player is where walk is after that many ticks.
    const std::string script = writeScript(kScript);
    const auto walk = test::runCliplab("walk '" + kPlayground + "' --script '" + script + "'");
    ASSERT_EQ(walk.exitCode, 0) << walk.err;
    std::istringstream lines(walk.out);
    std::string line;
    for (int i = 0; i < 150 && std::getline(lines, line); ++i) {
    }
    float t = 0, x = 0, y = 0, z = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "%f %f %f %f", &t, &x, &y, &z), 4) << line;
    const auto view = test::runCliplab("view '" + kPlayground + "' --script '" + script +
                                       "' --frames 150 --exit --hidden --size 256x144");
    ASSERT_EQ(view.exitCode, 0) << view.err;
    char expected[128];
    std::snprintf(expected, sizeof expected, "final %.3f %.3f %.3f", double(x), double(y), double(z));
    EXPECT_NE(view.out.find(expected), std::string::npos) << view.out << "\nexpected " << expected;
    EXPECT_NE(view.out.find("ticks=150"), std::string::npos) << view.out;
}

TEST(Viewer, ShotUiShowsThePanels) {
    const std::string dir = test::makeTempDir("viewer");
    const std::string common = " '" + kPlayground + "' --pos 64 -448 60 --angles 0 90 --size 800x450 --out ";
    const auto ui = test::runCliplab("shot" + common + "'" + dir + "/ui.png' --ui");
    ASSERT_EQ(ui.exitCode, 0) << ui.err;
    const auto plain = test::runCliplab("shot" + common + "'" + dir + "/plain.png'");
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    const Pixels a = loadPng(dir + "/ui.png"), b = loadPng(dir + "/plain.png");
    ASSERT_EQ(a.width, 800);
    ASSERT_EQ(a.height, 450);
    ASSERT_EQ(b.width, 800);
    // The sidebar (right) is the panels' opaque background with blue widgets; the world there is neither.
    EXPECT_GT(panelBackgroundFraction(a, 0.6, 0.03, 0.99, 0.97), 0.3);
    EXPECT_LT(panelBackgroundFraction(b, 0.6, 0.03, 0.99, 0.97), 0.01);
    EXPECT_GT(blueFraction(a, 0.6, 0.03, 0.99, 0.97), 0.005);
    EXPECT_LT(blueFraction(b, 0.6, 0.03, 0.99, 0.97), 0.001);
    // The middle of the view is the world in both.
    EXPECT_LT(blueFraction(a, 0.2, 0.3, 0.5, 0.7), 0.01);
}

TEST(Viewer, MapErrorsAreReportedCleanly) {
    const auto missing = test::runCliplab("view /nonexistent/nowhere.bsp --frames 1 --hidden --no-config");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("nowhere.bsp"), std::string::npos) << missing.err;
    const auto bad = test::runCliplab("view --frames zero");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--frames"), std::string::npos) << bad.err;
    const auto exitOnly = test::runCliplab("view --exit");
    EXPECT_EQ(exitOnly.exitCode, 2);
    // `cliplab WORD` with a WORD that is no command and no map: a usage error, no window.
    const auto typo = test::runCliplab("frobnicate --no-config");
    EXPECT_EQ(typo.exitCode, 2);
    EXPECT_NE(typo.err.find("'frobnicate' is neither a command nor a map"), std::string::npos) << typo.err;
}

TEST(ViewerSettings, RoundTripAndBadValues) {
    const std::string path = test::makeTempDir("viewer") + "/cfg/viewer.cfg";
    viewer::ViewerState a;
    viewer::SettingsRegistry& reg = a.settings;
    reg.choice("trace_shape").set(int(collision::ShapeKind::Capsule));
    reg.number("trace_epsilon").set(1.0 / 32.0);
    reg.choice("trace_semantics").set(int(collision::Semantics::Tutorial));
    reg.mask("trace_mask").set(bsp::contents::Solid | bsp::contents::Water);
    reg.choice("preset").set(int(movement::Preset::Quake3));
    reg.choice("method").set(int(movement::Method::StepCorrect));
    reg.number("stepLength").set(12.5);
    reg.number("tickRate").set(90.0);
    reg.choice("r_viewMode").set(int(render::ViewMode::Flat));
    reg.flag("r_swapInterval").set(false);
    a.view.setSectionOpen("Map", false);
    a.view.setSectionOpen("Trace debugger", true);
    ASSERT_TRUE(viewer::saveSettings(path, a));
    viewer::ViewerState b;
    EXPECT_GE(viewer::loadSettings(path, b), 8);
    EXPECT_EQ(b.probes.settings().shape, collision::ShapeKind::Capsule);
    EXPECT_EQ(b.session.rules().options.epsilon, 1.0f / 32.0f);
    EXPECT_EQ(b.session.rules().options.semantics, collision::Semantics::Tutorial);
    EXPECT_EQ(b.probes.settings().mask, bsp::contents::Solid | bsp::contents::Water);
    EXPECT_EQ(b.session.movement().preset, movement::Preset::Quake3);
    EXPECT_EQ(b.session.movement().method, movement::Method::StepCorrect);
    EXPECT_EQ(b.session.movement().stepLength, 12.5f);
    EXPECT_EQ(b.session.tickRate(), 90.0);
    EXPECT_EQ(b.view.values().render.view, render::ViewMode::Flat);
    EXPECT_FALSE(b.view.values().vsync);
    EXPECT_EQ(b.view.values().sections, a.view.values().sections);

    // Choices and masks are written by name, as the console writes them.
    std::ifstream file(path);
    const std::string written((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    for (const char* line :
         {"trace.semantics = tutorial\n", "trace.shape = capsule\n", "render.view = flat\n",
          "trace.mask = SOLID|WATER\n", "movement.method = step-correct\n"})
        EXPECT_NE(written.find(line), std::string::npos) << line << " in\n" << written;

    // Out-of-range and malformed values are skipped; the defaults stay. A name reads, and so does
    // the number a file written before the names holds.
    test::writeFile(
        path, "trace.shape = 9\nmovement.tickRate = 5000\nrender.view = flat\nnonsense\nunknown.key = 1\n"
              "trace.epsilon = 0.25\nmovement.method = teleport\nmovement.stepLength = 0\n"
              "movement.stepLength = nan\nui.sections = Map:2\nui.sections = Map\nui.sections = :1\n"
              "trace.semantics = 1\ntrace.semantics = 4\ntrace.semantics = robustly\n");
    viewer::ViewerState c;
    EXPECT_EQ(viewer::loadSettings(path, c), 3);
    EXPECT_TRUE(c.view.values().sections.empty());
    EXPECT_EQ(c.probes.settings().shape, collision::ShapeKind::Box);
    EXPECT_EQ(c.session.tickRate(), movement::Simulation::kDefaultRate);
    EXPECT_EQ(c.view.values().render.view, render::ViewMode::Flat);
    EXPECT_EQ(c.session.rules().options.semantics, collision::Semantics::Tutorial);
    EXPECT_EQ(c.session.rules().options.epsilon, 0.25f);
    EXPECT_EQ(c.session.movement().method, movement::Method::Swept);
    EXPECT_EQ(c.session.movement().stepLength, movement::Settings{}.stepLength);
    EXPECT_EQ(viewer::loadSettings(path + ".missing", c), 0);
}

TEST(ViewerState, FailedLoadKeepsThePreviousMap) {
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    ASSERT_TRUE(st.session.map());
    EXPECT_FALSE(st.session.map()->stations.empty()); // the playground's target_position stations
    ASSERT_FALSE(st.session.map()->spawns.empty());
    EXPECT_EQ(st.session.player().origin, st.session.map()->spawns.front().origin);
    const bsp::BspData* before = &st.session.map()->data;

    const std::string bad = test::makeTempDir("viewer") + "/broken.map";
    test::writeFile(bad, "{\n\"classname\" \"worldspawn\"\n{ ( 0 0 0 ) ( 1 0 0 ) \n");
    EXPECT_FALSE(st.switchMap(bad));
    EXPECT_NE(st.session.mapError().find("broken.map"), std::string::npos) << st.session.mapError();
    ASSERT_TRUE(st.session.map());
    EXPECT_EQ(&st.session.map()->data, before);
    EXPECT_EQ(st.session.map()->argument, kPlayground);
    EXPECT_FALSE(st.switchMap("/nonexistent/nowhere.bsp"));
    EXPECT_NE(st.session.mapError().find("nowhere.bsp"), std::string::npos) << st.session.mapError();

    // A successful load clears the error.
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    EXPECT_TRUE(st.session.mapError().empty());
    st.dropMap(); // GL objects go before the context
}

TEST(ViewerState, ProbeTracesAndTheirPicture) {
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    const glm::vec3 origin = st.session.map()->spawns.front().origin;

    // A box probe straight down from the spawn point lands on the floor.
    st.settings.choice("trace_shape").set(int(collision::ShapeKind::Box));
    const auto down = st.traceLogged("probe", st.probes.settings().probeShape(), origin,
                                     origin - glm::vec3(0, 0, 512), st.probes.settings().mask);
    EXPECT_LT(down.result.fraction, 1.0f);
    EXPECT_FALSE(down.result.startSolid);
    EXPECT_FLOAT_EQ(down.result.plane.normal.z, 1.0f);
    EXPECT_GE(down.result.brush, 0);
    EXPECT_GT(down.stats.brushesTested, 0);
    EXPECT_NE(std::find(down.stats.testedBrushes.begin(), down.stats.testedBrushes.end(), down.result.brush),
              down.stats.testedBrushes.end());
    EXPECT_EQ(st.stats.tracesThisFrame(), 1);
    // The same trace without solid in the mask goes through.
    const auto through = st.traceLogged("probe", st.probes.settings().probeShape(), origin,
                                        origin - glm::vec3(0, 0, 512), bsp::contents::Water);
    EXPECT_EQ(through.result.fraction, 1.0f);

    // The picture of a hit: segment, hit cross, plane quad, normal arrow, wire hull of the brush.
    st.probes.setProbe({down});
    debugdraw::RecordingDebugDraw rec;
    viewer::drawTraceVis(st, rec);
    EXPECT_EQ(rec.polygons().size(), 1u); // the hit plane
    EXPECT_GT(rec.lines().size(), 12u + 3u + 12u);
    const size_t all = rec.lines().size();
    st.settings.flag("vis_hitBrush").set(false);
    st.settings.flag("vis_hitPlane").set(false);
    rec.clear();
    viewer::drawTraceVis(st, rec);
    EXPECT_TRUE(rec.polygons().empty());
    EXPECT_LT(rec.lines().size(), all);

    // The Trace panel's shape and mask are the probe's, not the player's (the Movement panel's
    // are); the wheel's fly speed only off the ground modes.
    st.settings.choice("trace_shape").set(int(collision::ShapeKind::Capsule));
    st.settings.mask("trace_mask").set(bsp::contents::Solid);
    st.session.setFlySpeedScale(2.0f);
    EXPECT_EQ(st.session.effectiveSettings().shape, collision::ShapeKind::Box);
    EXPECT_EQ(st.session.effectiveSettings().contentsMask, bsp::contents::MaskPlayerSolid);
    st.settings.choice("shape").set(int(collision::ShapeKind::Sphere));
    st.settings.mask("contentsMask").set(bsp::contents::Solid | bsp::contents::Water);
    EXPECT_EQ(st.session.effectiveSettings().shape, collision::ShapeKind::Sphere);
    EXPECT_EQ(st.session.effectiveSettings().contentsMask, bsp::contents::Solid | bsp::contents::Water);
    EXPECT_EQ(st.probes.settings().probeShape().kind, collision::ShapeKind::Capsule);
    EXPECT_EQ(st.session.effectiveSettings().maxSpeed, st.session.movement().maxSpeed);
    st.setMode(movement::Mode::Noclip);
    EXPECT_EQ(st.session.effectiveSettings().maxSpeed, 2.0f * st.session.movement().maxSpeed);
    st.dropMap();
}

TEST(ViewerState, PatchFacetsWithTheHitOneHighlighted) {
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    // Above the middle of the playground's first patch (the ramp or the arch), probe straight down.
    const bsp::BspData& d = st.session.map()->data;
    auto patch = std::find_if(d.surfaces.begin(), d.surfaces.end(),
                              [](const bsp::Surface& s) { return s.type == bsp::SurfaceType::Patch; });
    ASSERT_NE(patch, d.surfaces.end());
    glm::vec3 lo(1e9f), hi(-1e9f);
    for (int32_t i = 0; i < patch->numVerts; ++i) {
        lo = glm::min(lo, d.drawVerts[static_cast<size_t>(patch->firstVert + i)].xyz);
        hi = glm::max(hi, d.drawVerts[static_cast<size_t>(patch->firstVert + i)].xyz);
    }
    const glm::vec3 above((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f, hi.z + 64.0f);
    st.settings.choice("trace_shape").set(int(collision::ShapeKind::Box));
    st.settings.vector("trace_mins").set(glm::vec3(-4.0f));
    st.settings.vector("trace_maxs").set(glm::vec3(4.0f));
    st.settings.flag("trace.curves").set(true);
    st.probes.setProbe({st.traceLogged("probe", st.probes.settings().probeShape(), above,
                                       above - glm::vec3(0, 0, 256), st.probes.settings().mask)});
    ASSERT_EQ(st.probes.probe()->result.surface, static_cast<int32_t>(patch - d.surfaces.begin()));
    ASSERT_GE(st.probes.probe()->result.facet, 0);

    debugdraw::RecordingDebugDraw without;
    viewer::drawTraceVis(st, without);
    st.settings.flag("vis_patchFacets").set(true);
    debugdraw::RecordingDebugDraw with;
    viewer::drawTraceVis(st, with);
    EXPECT_GT(with.polygons().size(), without.polygons().size() + 1); // facets of the patches nearby
    EXPECT_GT(with.lines().size(), without.lines().size()); // edges and the hit facet's plane arrows
    st.dropMap();
}

TEST(ViewerState, ThinWallDemoPassesTheWallsOnlyWithStepAndCorrect) {
    // The Movement panel's demo button: with its settings, holding forward at the thin-wall
    // station carries the player through the walls by step-and-correct, and not by swept traces.
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    ASSERT_NE(st.session.map()->thinWallStation(), nullptr);
    const collision::TraceFunction trace = st.session.map()->model->traceFunction();
    // The 1-unit wall's far face: the station stands 192 units in front of the wall row.
    const float wallFar = st.session.map()->thinWallStation()->origin.y + 192.0f + 1.0f;
    auto holdForward = [&] {
        movement::Input in;
        in.forward = 1.0f;
        in.yaw = st.view.camera().yaw;
        for (int i = 0; i < 60; ++i) // 2 s at 30 Hz, step-and-correct against the map's world brushes
            st.session.tick(in, trace, nullptr);
        return st.session.player().origin;
    };
    ASSERT_TRUE(st.startThinWallDemo());
    EXPECT_EQ(st.session.movement().method, movement::Method::StepCorrect);
    EXPECT_EQ(st.session.sim().rate(), viewer::ViewerState::kDemoTickRate);
    const glm::vec3 passed = holdForward();
    EXPECT_GT(passed.y - 15.0f, wallFar) << "step-and-correct passed the wall";
    EXPECT_FALSE(st.session.map()
                     ->model->trace(movement::playerShape(st.session.movement(), false), passed, passed, 1)
                     .startSolid);

    ASSERT_TRUE(st.startThinWallDemo());
    st.settings.choice("method").set(int(movement::Method::Swept));
    const glm::vec3 stopped = holdForward();
    EXPECT_LT(stopped.y + 15.0f, wallFar - 1.0f) << "swept traces stop in front of the wall";
}

TEST(ViewerState, CurvesAreOnByDefault) {
    // The player walks up the playground's curved ramp as in the game; with the Trace panel's
    // "curves" unticked it walks through the ramp on the floor.
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    EXPECT_TRUE(st.session.rules().options.curves);
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    auto highestUpTheRamp = [&st] {
        st.teleport(glm::vec3(64.0f, 3520.0f, 24.125f), 90.0f);
        const collision::TraceFunction trace = [&st](const collision::Shape& shape, const glm::vec3& a,
                                                     const glm::vec3& b, int32_t mask) {
            return st.traceLogged("player", shape, a, b, mask).result;
        };
        movement::Input in;
        in.forward = 1.0f;
        in.yaw = 90.0f;
        float top = -1e9f;
        for (int i = 0; i < 250; ++i) { // 2 s at 125 Hz
            st.session.tick(in, trace, nullptr);
            top = std::max(top, st.session.player().origin.z);
        }
        return top;
    };
    EXPECT_GT(highestUpTheRamp(), 24.125f + 64.0f);
    st.settings.flag("trace.curves").set(false);
    EXPECT_FLOAT_EQ(highestUpTheRamp(), 24.125f);
    st.dropMap();
}

TEST(ViewerState, ChaseCameraStaysOnThePlayersSideOfTheWalls) {
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    EXPECT_FALSE(st.view.values().chase) << "the default start is first person";
    st.settings.flag("cg_thirdPerson").set(true);
    const glm::vec3 eye = movement::eyePosition(st.session.player(), st.session.movement());
    st.settings.number("cg_thirdPersonRange").set(viewer::limits::kChaseMax);
    const collision::Model* model = st.session.map()->model.get();
    int pulledIn = 0;
    for (float yaw = 0.0f; yaw < 360.0f; yaw += 45.0f) {
        st.view.setAngles(st.view.camera().pitch, yaw);
        const glm::vec3 cam = st.view.cameraPosition(eye, model);
        const float behind = glm::length(cam - eye);
        EXPECT_LE(behind, viewer::limits::kChaseMax + 0.01f);
        pulledIn += behind < viewer::limits::kChaseMax - 1.0f;
        // Nothing solid between the eye and the camera, and the camera itself in the open: it
        // sees what the player sees, never the far side of a wall.
        const auto ray =
            st.session.map()->model->trace(collision::Shape::ray(), eye, cam, bsp::contents::Solid);
        EXPECT_EQ(ray.fraction, 1.0f) << "yaw " << yaw;
        EXPECT_FALSE(st.session.map()
                         ->model->trace(collision::Shape::ray(), cam, cam, bsp::contents::Solid)
                         .startSolid)
            << "yaw " << yaw;
    }
    // The spawn point is ~200 units from the south wall and the room is smaller than 1024 units
    // in several directions: the camera was pulled in.
    EXPECT_GE(pulledIn, 2);
    st.view.setAngles(st.view.camera().pitch, 90.0f);
    EXPECT_LT(glm::length(st.view.cameraPosition(eye, model) - eye), 250.0f) << "the south wall is behind";
    st.settings.flag("cg_thirdPerson").set(false);
    EXPECT_EQ(st.view.cameraPosition(eye, model), eye) << "first person";
    st.dropMap();
}

TEST(ViewerState, APlayerLeavingTheWorldIsRespawnedOrStopped) {
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    const glm::vec3 spawn = st.session.map()->spawns.front().origin;
    const float bottom = st.session.map()->data.models.front().mins.z;
    // Nothing in the player's mask: it falls through the floor, out of the map.
    st.settings.mask("contentsMask").set(0);
    const collision::TraceFunction trace = st.session.map()->model->traceFunction();
    auto fallUntilCaught = [&] {
        for (int i = 0; i < 2000; ++i) { // 16 s at 125 Hz; the fall takes ~1.5 s
            st.session.tick(movement::Input{}, trace, nullptr);
            if (st.keepInWorld())
                return true;
        }
        return false;
    };
    ASSERT_TRUE(fallUntilCaught());
    EXPECT_EQ(st.session.player().origin, spawn);
    EXPECT_NE(st.session.worldNote().find("respawned"), std::string::npos) << st.session.worldNote();
    EXPECT_NE(st.session.worldNote().find("below the map's bottom"), std::string::npos)
        << st.session.worldNote();
    EXPECT_FALSE(st.session.frozen());

    st.settings.choice("leaveWorld").set(int(viewer::LeaveWorld::Stop));
    st.session.clearWorldNote();
    ASSERT_TRUE(fallUntilCaught());
    EXPECT_TRUE(st.session.frozen());
    EXPECT_LT(st.session.player().origin.z, bottom - 64.0f) << "stopped where it left";
    EXPECT_EQ(st.session.player().velocity, glm::vec3(0.0f));
    EXPECT_NE(st.session.worldNote().find("stopped"), std::string::npos) << st.session.worldNote();

    // Noclip goes anywhere.
    st.setMode(movement::Mode::Noclip);
    EXPECT_FALSE(st.keepInWorld());
    st.dropMap();
}

TEST(Viewer, ShotUiShowsThePlayerAtRest) {
    // The spawn point is 9 units above the floor: `walk` with no input says on which tick the
    // player lands and stops; shot --ui shows that very tick and says so.
    const std::string idle = writeScript("1 0 0 0 - 90 0\n");
    const auto walk = test::runCliplab("walk '" + kPlayground + "' --script '" + idle + "'");
    ASSERT_EQ(walk.exitCode, 0) << walk.err;
    std::istringstream lines(walk.out);
    int tick = 0, landed = 0;
    for (std::string line; std::getline(lines, line) && landed == 0;) {
        float t = 0, x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0;
        int ground = 0;
        if (std::sscanf(line.c_str(), "%f %f %f %f %f %f %f %d", &t, &x, &y, &z, &vx, &vy, &vz, &ground) ==
            8) {
            ++tick;
            if (ground == 1 && vx == 0.0f && vy == 0.0f && vz == 0.0f)
                landed = tick;
        }
    }
    ASSERT_GT(landed, 1);
    const std::string dir = test::makeTempDir("viewer");
    for (int run = 0; run < 2; ++run) {
        const auto shot =
            test::runCliplab("shot '" + kPlayground + "' --ui --size 320x180 --out '" + dir + "/ui.png'");
        ASSERT_EQ(shot.exitCode, 0) << shot.err;
        EXPECT_NE(shot.out.find("tick=" + std::to_string(landed) + " settled=1\n"), std::string::npos)
            << shot.out;
    }
}

TEST(ViewerColours, OverlaysAndLegendsAreToldApart) {
    // Far enough apart in RGB to be told apart at a glance (the old too-steep and player clip
    // oranges were 0.16 apart; the hit brush was the player clip's orange).
    auto apart = [](const debugdraw::Color& a, const debugdraw::Color& b) {
        return glm::length(glm::vec3(a) - glm::vec3(b)) > 0.3f;
    };
    using analysis::SurfaceClass;
    EXPECT_TRUE(apart(viewer::surfaceClassColor(SurfaceClass::TooSteep),
                      viewer::surfaceClassColor(SurfaceClass::PlayerClip)));
    for (int k = 0; k < inspect::kBrushKindCount; ++k) {
        const debugdraw::Color kind = viewer::brushKindColor(inspect::BrushKind(k));
        EXPECT_TRUE(apart(viewer::overlayColors::kHitBrush, kind))
            << inspect::brushKindName(inspect::BrushKind(k));
        EXPECT_TRUE(apart(viewer::overlayColors::kShownBrush, kind))
            << inspect::brushKindName(inspect::BrushKind(k));
    }
}
