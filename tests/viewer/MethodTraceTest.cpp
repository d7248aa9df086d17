// The viewer's trace method switch: traceByMethod and its tree cache on a hand-built map,
// the viewer state's probe/sweep traced by both methods and their picture, the saved setting, and
// `shot --ui --method both` showing both methods' colours at the hit.

#include "viewer/MethodTrace.h"
#include "debugdraw/RecordingDebugDraw.h"
#include "fs/FileSystem.h"
#include "support/BrushMap.h"
#include "support/Png.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"
#include "viewer/GlWindow.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerSettings.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;
using viewer::TraceMethod;

namespace {

/// A floor and a wedge x >= 0, z >= 0, x + z <= 64, y in [200, 328] with no bevel sides: its apex
/// edge (x = 0, z = 64) is a sharp ridge that plane shifting without bevels protrudes beyond.
collision::Model wedgeModel() {
    const std::vector<bsp::Plane> wedge = {{{-1, 0, 0}, 0},
                                           {{0, -1, 0}, -200},
                                           {{0, 1, 0}, 328},
                                           {{0, 0, -1}, 0},
                                           test::planeThrough({1, 0, 1}, {64, 0, 0})};
    return collision::Model(
        test::makeBrushMap({{test::boxPlanes({-512, -512, -64}, {512, 512, 0})}, {wedge}}));
}

const std::string kPlayground = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";

} // namespace

TEST(MethodTrace, BothGivesTheBrushThenThePlaneShiftResult) {
    const collision::Model m = wedgeModel();
    tracing::Tracer tracer(m);
    std::array<viewer::RecentTimes, 2> times;
    const auto box = collision::Shape::box({-8, -8, -8}, {8, 8, 8});
    const glm::vec3 a(0, 0, 100), b(0, 0, -100);
    const auto r = viewer::traceByMethod(TraceMethod::Both, tracer, true, box, a, b, 1, {}, &times);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0].method, TraceMethod::Brush);
    EXPECT_EQ(r[1].method, TraceMethod::PlaneShift);
    // Each is exactly what its own trace gives.
    const auto brush = m.trace(box, a, b, 1);
    EXPECT_EQ(r[0].result.fraction, brush.fraction);
    EXPECT_EQ(r[0].result.brush, brush.brush);
    const auto shifted = tracer.findPlaneShiftTree(1, true)->trace(box, a, b);
    EXPECT_EQ(r[1].result.fraction, shifted.fraction);
    // On the floor's face both stop 8 + epsilon above z = 0 on the same plane.
    for (const auto& t : r) {
        EXPECT_NEAR(t.result.endpos.z, 8.125f, 1e-3f) << tracing::traceMethodName(t.method);
        EXPECT_EQ(t.result.plane.normal, glm::vec3(0, 0, 1));
        EXPECT_GT(t.stats.nodesVisited + t.stats.leavesVisited, 0);
    }
    EXPECT_EQ(times[0].count(), 1u);
    EXPECT_EQ(times[1].count(), 1u);
    // One method, one result.
    EXPECT_EQ(viewer::traceByMethod(TraceMethod::Brush, tracer, true, box, a, b, 1, {}).size(), 1u);
    const auto ps = viewer::traceByMethod(TraceMethod::PlaneShift, tracer, true, box, a, b, 1, {});
    ASSERT_EQ(ps.size(), 1u);
    EXPECT_EQ(ps[0].method, TraceMethod::PlaneShift);
}

TEST(MethodTrace, UnavailableOptionsFallBackToTheBrushTrace) {
    const collision::Model m = wedgeModel();
    tracing::Tracer tracer(m);
    collision::TraceOptions tutorial;
    tutorial.semantics = collision::Semantics::Tutorial;
    collision::TraceOptions inlineModel;
    inlineModel.model = 1;
    for (const auto& o : {tutorial, inlineModel}) {
        const auto r = viewer::traceByMethod(TraceMethod::Both, tracer, true, collision::Shape::ray(),
                                             {0, 0, 10}, {0, 0, -10}, 1, o);
        ASSERT_EQ(r.size(), 1u);
        EXPECT_EQ(r[0].method, TraceMethod::Brush);
    }
    EXPECT_EQ(tracer.treesBuilt(), 0);
}

TEST(MethodTrace, RecentTimesKeepAWindow) {
    viewer::RecentTimes t;
    EXPECT_EQ(t.meanNs(), 0.0);
    t.add(100.0);
    t.add(300.0);
    t.add(std::nan(""));
    t.add(-5.0);
    t.add(INFINITY);
    EXPECT_EQ(t.count(), 2u);
    EXPECT_DOUBLE_EQ(t.meanNs(), 200.0);
    for (size_t i = 0; i < viewer::RecentTimes::kWindow; ++i)
        t.add(50.0);
    EXPECT_EQ(t.count(), viewer::RecentTimes::kWindow);
    EXPECT_DOUBLE_EQ(t.meanNs(), 50.0);
    t.clear();
    EXPECT_EQ(t.count(), 0u);
}

TEST(MethodTrace, ViewerStateTracesAndDrawsBoth) {
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    const glm::vec3 origin = st.session.map()->spawns.front().origin;
    const glm::vec3 down = origin - glm::vec3(0, 0, 512);
    st.settings.choice("trace_shape").set(int(collision::ShapeKind::Box));
    st.settings.choice("trace_method").set(int(TraceMethod::Both));
    EXPECT_EQ(st.session.map()->tracer->treesBuilt(), 0); // nothing traced yet
    auto both =
        st.traceMethods("sweep", st.probes.settings().probeShape(), origin, down, st.probes.settings().mask);
    ASSERT_EQ(both.size(), 2u);
    EXPECT_EQ(both[0].source, "sweep");
    EXPECT_EQ(both[1].source, "sweep (planeshift)");
    EXPECT_EQ(both[1].method, TraceMethod::PlaneShift);
    EXPECT_LT(both[0].result.fraction, 1.0f);
    EXPECT_NEAR(both[1].result.fraction, both[0].result.fraction,
                1e-4f); // a box onto the floor: exact both ways
    EXPECT_EQ(st.stats.tracesThisFrame(), 2);
    EXPECT_EQ(st.session.map()->tracer->treesBuilt(), 1);
    // The player's traces need one answer: the brush trace with Both, plane shifting with PlaneShift.
    EXPECT_EQ(
        st.traceLogged("player", st.probes.settings().probeShape(), origin, down, st.probes.settings().mask)
            .method,
        TraceMethod::Brush);
    st.settings.choice("trace_method").set(int(TraceMethod::PlaneShift));
    EXPECT_EQ(
        st.traceLogged("player", st.probes.settings().probeShape(), origin, down, st.probes.settings().mask)
            .method,
        TraceMethod::PlaneShift);
    EXPECT_EQ(st.session.map()->tracer->treesBuilt(), 1);
    EXPECT_EQ(st.stats.methodTimes()[0].count(), 2u);
    EXPECT_EQ(st.stats.methodTimes()[1].count(), 2u);

    // Drawn as a pair: every line of the sweep's hit in one of the two method colours, both present.
    st.probes.setSweepTrace(both);
    st.settings.flag("vis_hitBrush").set(false);
    debugdraw::RecordingDebugDraw rec;
    viewer::drawTraceVis(st, rec);
    size_t brushLines = 0, shiftLines = 0;
    for (const auto& l : rec.lines()) {
        brushLines += l.style.color == viewer::methodColor(TraceMethod::Brush);
        shiftLines += l.style.color == viewer::methodColor(TraceMethod::PlaneShift);
    }
    EXPECT_GE(brushLines, 12u + 3u); // the box at the stop and the hit cross at least
    EXPECT_GE(shiftLines, 12u + 3u);
    // A lone sweep keeps the outcome colours.
    st.probes.setSweepTrace({both[0]});
    rec.clear();
    viewer::drawTraceVis(st, rec);
    for (const auto& l : rec.lines())
        EXPECT_NE(l.style.color, viewer::methodColor(TraceMethod::PlaneShift));

    // The probe pair is listed by the debugger; a new map drops the trees and the pair.
    st.probes.setProbe({both[0], both[1]});
    EXPECT_EQ(st.debuggerList().size(), 3u);
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    EXPECT_EQ(st.session.map()->tracer->treesBuilt(), 0);
    EXPECT_FALSE(st.probes.probeCompare());
    EXPECT_EQ(st.stats.methodTimes()[1].count(), 0u);
    st.dropMap();
}

TEST(MethodTrace, MethodAndBevelsAreSaved) {
    const std::string path = test::makeTempDir("viewer") + "/viewer.cfg";
    viewer::ViewerState a;
    a.settings.choice("trace_method").set(int(TraceMethod::Both));
    a.settings.flag("trace_bevels").set(false);
    ASSERT_TRUE(viewer::saveSettings(path, a));
    viewer::ViewerState b;
    viewer::loadSettings(path, b);
    EXPECT_EQ(b.session.rules().method, TraceMethod::Both);
    EXPECT_FALSE(b.session.rules().bevels);
    test::writeFile(path, "trace.method = 3\ntrace.bevels = 2\n");
    viewer::ViewerState c;
    EXPECT_EQ(viewer::loadSettings(path, c), 0);
    EXPECT_EQ(c.session.rules().method, TraceMethod::Brush);
    EXPECT_TRUE(c.session.rules().bevels);
}

namespace {

/// Pixels of the view between the side panels (x in [0.28, 0.72] of the width) close to `method`'s
/// colour: orange (255, 115, 0) for brush, cyan (0, 230, 255) for planeshift; the playground's
/// brown and grey textures have neither.
long methodPixels(const test::Image& img, TraceMethod method) {
    long n = 0;
    for (int y = 0; y < img.height; ++y)
        for (int x = int(0.28 * img.width); x < int(0.72 * img.width); ++x) {
            const unsigned char* p = &img.rgb[size_t(y * img.width + x) * 3];
            if (method == TraceMethod::Brush ? (p[0] > 200 && p[1] > 70 && p[1] < 170 && p[2] < 80)
                                             : (p[0] < 100 && p[1] > 170 && p[2] > 200))
                ++n;
        }
    return n;
}

} // namespace

TEST(MethodTrace, ShotWithBothShowsBothColoursAtTheHit) {
    // A player box swept along +y into the block at y = 96, seen from the side (the frame as
    // `cliplab shot --ui` renders it, panels included).
    const std::string dir = test::makeTempDir("viewer");
    const std::string common =
        "shot '" + kPlayground +
        "' --pos -40 -60 90 --angles 16 53 --size 1280x720 --ui --sweep 64 -400 40 64 600 40";
    for (const char* method : {"both", "planeshift"}) {
        const auto run =
            test::runCliplab(common + " --method " + method + " --out '" + dir + "/" + method + ".png'");
        ASSERT_EQ(run.exitCode, 0) << run.err;
    }
    const test::Image both = test::loadPng(dir + "/both.png"),
                      single = test::loadPng(dir + "/planeshift.png");
    ASSERT_EQ(both.width, 1280);
    // Both methods stop the box at the same place; both colours are drawn there (the plane-shift
    // lines dashed over the brush ones).
    EXPECT_GT(methodPixels(both, TraceMethod::Brush), 200);
    EXPECT_GT(methodPixels(both, TraceMethod::PlaneShift), 200);
    // One method alone is drawn in the outcome colours: no cyan.
    EXPECT_LT(methodPixels(single, TraceMethod::PlaneShift), 20);

    const auto bad = test::runCliplab(common + " --method sideways --out '" + dir + "/x.png'");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--method"), std::string::npos) << bad.err;
    const auto noUi = test::runCliplab("shot '" + kPlayground + "' --method both --out '" + dir + "/y.png'");
    EXPECT_EQ(noUi.exitCode, 2);
    const auto nan =
        test::runCliplab("shot '" + kPlayground + "' --ui --sweep 0 0 nan 1 1 1 --out '" + dir + "/z.png'");
    EXPECT_EQ(nan.exitCode, 2);
}

TEST(MethodTrace, ViewerStateComparesQuake3AndRobust) {
    // czest3ctf: a player box running into a wall while it overlaps a node plane by less than the
    // epsilon. The game's node split never visits the wall's leaf (fraction 1, the end inside the
    // wall); robust stops at brush 2625 (docs/collision-modes.md, TraceReference tests).
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok()) << vfs.error().message;
    ASSERT_TRUE(vfs.value()->mountArchive(test::openArenaMapsPk3()).ok());
    st.session.setFileSystem(std::move(vfs.value()));
    ASSERT_TRUE(st.switchMap("czest3ctf")) << st.session.mapError();
    st.settings.choice("trace_shape").set(int(collision::ShapeKind::Box));
    st.settings.vector("trace_mins").set(glm::vec3(-15, -15, -24));
    st.settings.vector("trace_maxs").set(glm::vec3(15, 15, 32));
    st.settings.mask("trace_mask").set(bsp::contents::MaskPlayerSolid);
    st.settings.choice("trace_semantics").set(int(collision::Semantics::Quake3));
    st.settings.flag("trace_compareSemantics").set(true);
    const glm::vec3 start(-110.615f, -273.144f, 24.125f), end(-113.227f, -273.002f, 24.125f);
    auto pair =
        st.traceMethods("sweep", st.probes.settings().probeShape(), start, end, st.probes.settings().mask);
    ASSERT_EQ(pair.size(), 2u);
    EXPECT_EQ(pair[0].label, "quake3");
    EXPECT_EQ(pair[1].label, "robust");
    EXPECT_FALSE(pair[0].second);
    EXPECT_TRUE(pair[1].second);
    EXPECT_EQ(pair[1].source, "sweep (robust)");
    EXPECT_EQ(pair[0].result.fraction, 1.0f);
    EXPECT_LT(pair[1].result.fraction, 1.0f);
    EXPECT_EQ(pair[1].result.brush, 2625);
    // Robust first: the pair swaps.
    st.settings.choice("trace_semantics").set(int(collision::Semantics::Robust));
    pair = st.traceMethods("sweep", st.probes.settings().probeShape(), start, end, st.probes.settings().mask);
    ASSERT_EQ(pair.size(), 2u);
    EXPECT_EQ(pair[0].label, "robust");
    EXPECT_EQ(pair[1].label, "quake3");
    // Quake3e is compared with ioquake3: where they part.
    st.settings.choice("trace_semantics").set(int(collision::Semantics::Quake3e));
    pair = st.traceMethods("sweep", st.probes.settings().probeShape(), start, end, st.probes.settings().mask);
    ASSERT_EQ(pair.size(), 2u);
    EXPECT_EQ(pair[0].label, "quake3e");
    EXPECT_EQ(pair[1].label, "quake3");
    // Off, or the tutorial's semantics, or the method switch on both: no semantics pair.
    st.settings.flag("trace_compareSemantics").set(false);
    EXPECT_EQ(
        st.traceMethods("sweep", st.probes.settings().probeShape(), start, end, st.probes.settings().mask)
            .size(),
        1u);
    st.settings.flag("trace_compareSemantics").set(true);
    st.settings.choice("trace_semantics").set(int(collision::Semantics::Tutorial));
    EXPECT_EQ(
        st.traceMethods("sweep", st.probes.settings().probeShape(), start, end, st.probes.settings().mask)
            .size(),
        1u);
    st.settings.choice("trace_semantics").set(int(collision::Semantics::Quake3));
    st.settings.choice("trace_method").set(int(TraceMethod::Both));
    pair = st.traceMethods("sweep", st.probes.settings().probeShape(), start, end, st.probes.settings().mask);
    ASSERT_EQ(pair.size(), 2u);
    EXPECT_EQ(pair[1].label, "planeshift");
}
