// Every control of the viewer's panels, driven in the real loop on oa_dm1 (issue 31: no crash from
// any button): the sidebar with every section and tree node open, the Recording panel with a
// recording and its ghosts, the demo section with a demo. The items are found by ImGui itself
// (ControlWalker.h), clicked, toggled, dragged, typed into and their combos changed; after each one
// the viewer must still run and its player be finite. Split in cases so ctest runs them side by side.

#include "viewer/ControlWalker.h"
#include "viewer/ViewerState.h"
#include "viewer/panels/Panels.h"

#include <glm/gtc/type_ptr.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <set>

using cliplab::test::Control;
using cliplab::test::ControlWalker;
using cliplab::test::Driven;
using cliplab::test::ViewerLoopHarness;

namespace {

/// A narrow window: the sidebar at its narrowest (300 pixels) and a 3D view 30 pixels wide, which
/// software GL draws fast (the collision brush and hull views still cost 20 ms a frame in Release).
constexpr int kWidth = 330, kHeight = 900;

/// What a text field gets typed (and Enter): a path nothing can be read from or written to (the
/// fields load maps, demos and recordings, and save them), short because the input queue hands on
/// a character a frame.
const std::string kTyped = "/dev/null/x";

struct Tally {
    size_t found = 0;   ///< Controls found (over both rounds).
    size_t driven = 0;  ///< Pressed and released on them.
    size_t skipped = 0; ///< Child windows, and what the skip rules name.
    long long frames = 0;
};

/// The ID of the item `path` (labels from the window down, as ImGui hashes its ID stack).
ImGuiID idOf(const ImGuiWindow* window, std::initializer_list<const char*> path) {
    ImGuiID id = window->ID;
    for (const char* label : path)
        id = ImHashStr(label, 0, id);
    return id;
}

/// A view that draws little (software GL draws the frames): first person looking up at the sky, flat
/// shading, no models, no world surfaces. A quarter of the default chase camera's frame time on
/// oa_dm1. The searches the Render panel's buttons start are the shortest their settings allow
/// (the walk presses "find reach" and "find snags" before the sliders below them move).
void cheapView(ViewerLoopHarness& h) {
    auto& settings = h.state().settings;
    settings.flag("cg_thirdPerson").set(false);
    settings.flag("r_drawentities").set(false);
    settings.flag("r_drawworld").set(false);
    settings.number("r_reachGrid").set(64.0);
    settings.whole("r_snagTicks").set(1000);
    settings.choice("r_viewMode").set(2);
    h.state().view.setAngles(-89.0f, 0.0f);
}

/// The player (noclip) and so the eye far above the map: the analysis views (collision brushes,
/// hull, surface classes, reach cells) draw only what is near the eye, which is nothing there. With
/// them all switched on by the walk a frame cost 250 ms under the sanitizers in the map.
void farAboveTheMap(ViewerLoopHarness& h) {
    h.state().setMode(cliplab::movement::Mode::Noclip);
    h.state().teleport(glm::vec3(0.0f, 0.0f, 60000.0f), 0.0f, "the walk's view");
    h.state().view.setAngles(-89.0f, 0.0f);
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// The viewer still runs a frame, and its player is somewhere.
void expectSane(ControlWalker& walker, ViewerLoopHarness& h, const std::string& after) {
    ASSERT_TRUE(walker.frame()) << "the viewer stopped after " << after;
    const auto& p = h.state().session.player();
    ASSERT_TRUE(finite(p.origin) && finite(p.velocity)) << "the player is lost after " << after;
}

/// What a walk skips: the controls `ids` names, and the rows of the child windows `rowsOf` names;
/// and the controls it drives after all others (`last`: those that end what the others belong to).
struct Skips {
    std::set<ImGuiID> ids, rowsOf, last;
};

/// Drives every control of `controls` not in `done` from the last up (see ControlWalker.h), but the
/// child windows themselves (their rows are controls of their own) and what `skips` names; adds
/// what it drove or skipped to `done`.
void driveAll(ViewerLoopHarness& h, ControlWalker& walker, const std::vector<Control>& controls,
              const Skips& skips, std::set<ImGuiID>& done, Tally& t) {
    std::set<const ImGuiWindow*> skippedWindows;
    for (const ImGuiWindow* w : GImGui->Windows)
        if ((w->Flags & ImGuiWindowFlags_ChildWindow) && skips.rowsOf.count(w->ChildId))
            skippedWindows.insert(w);
    std::vector<Control> order(controls.rbegin(), controls.rend());
    std::stable_partition(order.begin(), order.end(),
                          [&](const Control& c) { return !skips.last.count(c.id); });
    for (auto it = order.begin(); it != order.end(); ++it) {
        if (done.count(it->id))
            continue;
        if (it->child || skippedWindows.count(it->window) || skips.ids.count(it->id)) {
            ++t.skipped;
            done.insert(it->id);
            continue;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const Driven d = walker.drive(*it, kTyped);
        if (std::getenv("CLIPLAB_TEST_VERBOSE")) // each control's fate and time, to see why a count fell
            std::cout
                << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()
                << " ms " << it->window->Name << " " << it->id << " at " << it->rel.Min.x << " "
                << it->rel.Min.y << ": "
                << (d == Driven::Done   ? "driven"
                    : d == Driven::Gone ? "gone"
                                        : "not reachable")
                << "\n";
        if (d == Driven::Done) {
            ++t.driven;
            done.insert(it->id);
        }
        expectSane(walker, h, "control " + std::to_string(it->id) + " of " + it->window->Name);
        if (testing::Test::HasFatalFailure())
            return;
    }
}

/// Finds every control of `window` (and of its child windows) and drives each once (driveAll), in
/// two rounds: the second finds what the first showed (a legend a switch turned on, say) and what
/// a control driven before took away, after `prepare` (also run before the first) has set the
/// scene again.
Tally walkWindow(ViewerLoopHarness& h, ControlWalker& walker, const char* windowName, const Skips& skips,
                 const std::function<void()>& prepare) {
    Tally t;
    std::set<ImGuiID> seen, done;
    for (int round = 0; round < 2 && !testing::Test::HasFatalFailure(); ++round) {
        if (prepare)
            prepare();
        ImGuiWindow* window = ViewerLoopHarness::imguiWindow(windowName);
        EXPECT_TRUE(window) << windowName;
        if (!window)
            break;
        const std::vector<Control> controls = walker.discover(window);
        for (const Control& c : controls)
            seen.insert(c.id);
        // Two items with one ID: a press on one is taken for the other (ImGui asserts, or both act).
        if (!walker.duplicates().empty()) {
            ADD_FAILURE() << windowName << ": two items share the ID " << walker.duplicates().front()
                          << ", found after " << controls.size() << " items (a label needs a ##suffix)";
            break;
        }
        driveAll(h, walker, controls, skips, done, t);
    }
    t.found = seen.size();
    t.frames = h.loop->framesRun();
    return t;
}

std::ostream& operator<<(std::ostream& out, const Tally& t) {
    return out << "found " << t.found << ", driven " << t.driven << ", skipped " << t.skipped
               << ", not driven " << t.found - t.driven - t.skipped << ", frames " << t.frames;
}

/// A harness on oa_dm1 in a `width` x `height` window, `configure` applied (a recording or a demo
/// to open).
std::unique_ptr<ViewerLoopHarness>
openOaDm1(const std::function<void(cliplab::viewer::ViewerConfig&)>& configure, int width = kWidth,
          int height = kHeight) {
    auto h = std::make_unique<ViewerLoopHarness>(width, height, "oa_dm1", "", configure);
    EXPECT_TRUE(h->ok()) << h->error;
    return h->ok() ? std::move(h) : nullptr;
}

/// The Recording panel (the sidebar's sections closed) walked with what `configure` opens;
/// `last` names its controls that end the playback (driven after the others).
Tally walkRecordingPanel(const std::function<void(cliplab::viewer::ViewerConfig&)>& configure,
                         std::initializer_list<const char*> last) {
    Tally t;
    // As wide as a laptop's window: the panel is as wide as the 3D view, and its rows are long.
    auto h = openOaDm1(configure, 1280, 720);
    if (!h)
        return t;
    ControlWalker walker(*h);
    walker.frame();
    ImGuiWindow* panel = ViewerLoopHarness::imguiWindow("Recording");
    EXPECT_TRUE(panel);
    if (!panel)
        return t;
    Skips skips;
    for (const char* label : last)
        skips.last.insert(idOf(panel, {label}));
    auto prepare = [&] {
        for (const std::string& name : cliplab::viewer::panels::sectionNames())
            h->state().view.setSectionOpen(name, false);
        h->state().settings.flag("ui_recording").set(true);
        cheapView(*h);
        walker.frame();
    };
    return walkWindow(*h, walker, "Recording", skips, prepare);
}

/// The sidebar with the sections `open` open (the others closed), walked on oa_dm1 after a probe.
Tally walkSidebar(const std::vector<std::string>& open) {
    const std::string dir = cliplab::test::makeTempDir("everycontrol");
    Tally t;
    {
        auto harness =
            openOaDm1([&](cliplab::viewer::ViewerConfig& c) { c.recordingPath = dir + "/f5.cliprec"; });
        if (!harness)
            return t;
        ViewerLoopHarness& h = *harness;
        ControlWalker walker(h);
        walker.frame();
        ImGuiWindow* sidebar = ViewerLoopHarness::imguiWindow("Sidebar");
        EXPECT_TRUE(sidebar);
        if (!sidebar)
            return t;
        Skips skips;
        // Rows of the game data's map and demo lists are skipped: each loads a whole map (or a demo
        // and its map), seconds under the sanitizers, and swaps the map under the rest of the walk.
        // The path fields beside them are driven, and the console's map and demo commands load by name.
        skips.rowsOf = {idOf(sidebar, {"Map", "maps in the game data", "##maps"}),
                        idOf(sidebar, {"Map", "demos (.dm_68, .dm_70, .dm_71)", "##demos"})};
        // The headers of the sections the other case walks: a click would open them, and this case
        // would draw (and not drive) what they hold.
        for (const std::string& name : cliplab::viewer::panels::sectionNames())
            if (std::find(open.begin(), open.end(), name) == open.end())
                skips.ids.insert(idOf(sidebar, {name.c_str()}));
        auto prepare = [&] {
            // A probe at the floor, so the Probe, Inspector and Trace debugger panels have their
            // controls (it opens the Inspector: the sections are set after it). The first round
            // closed every section it walked (their headers are controls too).
            h.state().fireProbe(glm::vec3(0.3f, 0.2f, -1.0f));
            cheapView(h);
            farAboveTheMap(h);
            walker.frame();
            walker.frame();
            for (const std::string& name : cliplab::viewer::panels::sectionNames())
                h.state().view.setSectionOpen(name, std::find(open.begin(), open.end(), name) != open.end());
            walker.frame();
        };
        t = walkWindow(h, walker, "Sidebar", skips, prepare);
    }
    std::filesystem::remove_all(dir);
    return t;
}

} // namespace

TEST(EveryControl, SidebarUpperSections) {
    const std::vector<std::string> names = cliplab::viewer::panels::sectionNames();
    const Tally t = walkSidebar({names.begin(), names.begin() + 5});
    std::cout << t << "\n";
    // Counted on 2026-11-28: 223 found (95 of them rows of the map and demo lists, skipped), 120
    // driven. A walk that finds or drives far fewer has lost its way, not the panels their controls.
    EXPECT_GE(t.found, 200u) << t;
    EXPECT_GE(t.driven, 105u) << t;
}

TEST(EveryControl, SidebarLowerSections) {
    const std::vector<std::string> names = cliplab::viewer::panels::sectionNames();
    const Tally t = walkSidebar({names.begin() + 5, names.end()});
    std::cout << t << "\n";
    // Counted on 2026-11-28: 123 found, 112 driven (the Inspector's brush sides, the Trace
    // debugger's rows, the Render panel's switches, sliders, combos, legends with their filters,
    // Stats' buttons).
    EXPECT_GE(t.found, 110u) << t;
    EXPECT_GE(t.driven, 100u) << t;
}

TEST(EveryControl, RecordingPanelWithARecordingAndGhosts) {
    // A run on oa_dm1 that the quake3 ghost parts from (README's ghosts picture), replayed with
    // two ghosts: the playback, the ghost table, the parting traces, the run editor.
    const std::string dir = cliplab::test::makeTempDir("everycontrolrec");
    const std::string run = dir + "/run.cliprec";
    auto walk = cliplab::test::runCliplab("walk oa_dm1 --script '" +
                                          cliplab::test::dataPath("walks/oa_dm1-ghosts.txt") +
                                          "' --start 1128 1424 81 --record-input '" + run + "'");
    ASSERT_EQ(walk.exitCode, 0) << walk.err;
    // "close" ends the playback every other control belongs to, and "stop editing" the editor.
    const Tally t = walkRecordingPanel(
        [&](cliplab::viewer::ViewerConfig& c) {
            c.replayPath = run;
            c.ghosts = {"preset=quake3 snapVelocity=0 quantizeAngles=0", "method=step-correct stepLength=32"};
            c.recordingPath = dir + "/f5.cliprec";
        },
        {"close", "stop editing (drops the edits)"});
    std::cout << t << "\n";
    // Counted on 2026-11-28: 76 found, 73 driven.
    EXPECT_GE(t.found, 68u) << t;
    EXPECT_GE(t.driven, 63u) << t;
    std::filesystem::remove_all(dir);
}

TEST(EveryControl, RecordingPanelWithADemo) {
    // A demo recorded on oa_dm1 (tests/data/demos): whom the camera follows and how, its samples.
    const std::string dir = cliplab::test::makeTempDir("everycontroldemo");
    const Tally t = walkRecordingPanel(
        [&](cliplab::viewer::ViewerConfig& c) {
            c.demoPath = cliplab::test::dataPath("demos/follow_oa_dm1.dm_71");
            c.recordingPath = dir + "/f5.cliprec";
        },
        {"close"});
    std::cout << t << "\n";
    // Counted on 2026-11-28: 22 found, 21 driven.
    EXPECT_GE(t.found, 18u) << t;
    EXPECT_GE(t.driven, 17u) << t;
    std::filesystem::remove_all(dir);
}
