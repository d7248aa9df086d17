// The strafe HUD and the run editor in the real viewer loop (under Xvfb, see tests/CMakeLists.txt):
// the HUD drawn by default for the quake3 preset and switched by its console variable; the Recording
// panel's editor clicked through: a tick's yaw changed moves the end of the run, Ctrl+Z puts it
// back, and "save as" writes a recording that `cliplab walk --replay` and the replay code play to
// the very positions the editor showed.

#include "ViewerLoopHarness.h"

#include "replay/Recording.h"
#include "replay/Replay.h"
#include "viewer/StrafeView.h"
#include "viewer/panels/Panels.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <filesystem>

using namespace cliplab;
using test::ViewerLoopHarness;

namespace {

/// The HUD's window was drawn in the last frame.
bool hudDrawn() {
    const ImGuiWindow* w = ImGui::FindWindowByName(viewer::panels::kStrafeHudWindow);
    return w && w->WasActive;
}

void runCommand(ViewerLoopHarness& v, const std::string& line) {
    v.loop->console().console().submit(line);
    v.frames(2);
}

/// Where item `label` of the Recording window is, from ImGui's own record: the item is made the
/// navigation target, so the frame that submits it keeps its rectangle (NavRectRel); the window
/// is scrolled to it; then the mouse must hover it. Nothing when any of that fails.
std::optional<ImVec2> findRecordingItem(ViewerLoopHarness& v, const char* label) {
    ImGuiWindow* w = ImGui::FindWindowByName("Recording");
    if (!w)
        return std::nullopt;
    const ImGuiID id = ImHashStr(label, 0, w->ID);
    for (int attempt = 0; attempt < 3; ++attempt) {
        ImGui::FocusWindow(w);
        ImGui::SetFocusID(id, w);
        v.frames(1);
        if (GImGui->NavId != id)
            return std::nullopt;
        const ImRect rel = w->NavRectRel[0];
        const ImVec2 o = w->DC.CursorStartPos; // the rectangle is relative to the window's content start
        const ImRect r(rel.Min.x + o.x, rel.Min.y + o.y, rel.Max.x + o.x, rel.Max.y + o.y);
        if (r.Min.y < w->InnerClipRect.Min.y || r.Max.y > w->InnerClipRect.Max.y) {
            ImGui::SetScrollY(w, std::clamp(w->Scroll.y + r.GetCenter().y - w->InnerClipRect.GetCenter().y,
                                            0.0f, w->ScrollMax.y));
            v.frames(1);
            continue;
        }
        v.mouseTo(r.GetCenter().x, r.GetCenter().y);
        v.frames(1);
        if (GImGui->HoveredId == id)
            return r.GetCenter();
    }
    return std::nullopt;
}

/// Ctrl held with `key` tapped, as SDL reports it (the modifier in the key event).
void ctrlTap(ViewerLoopHarness& v, SDL_Keycode key) {
    for (const bool down : {true, false}) {
        SDL_Event e{};
        e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.windowID = SDL_GetWindowID(v.window->window());
        e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = key;
        e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
        e.key.keysym.mod = KMOD_LCTRL;
        v.push(e);
        v.frames(1);
    }
}

void clickRecordingItem(ViewerLoopHarness& v, const char* label) {
    const auto at = findRecordingItem(v, label);
    ASSERT_TRUE(at) << "no '" << label << "' in the Recording panel";
    v.clickAt(at->x, at->y);
}

/// 2 s of the quake3 preset on the playground: running, jumping, strafing right, as the viewer's
/// loop ticks it, recorded and saved to `path`.
void recordRun(viewer::ViewerState& st, const std::string& path) {
    viewer::ReplayController& r = st.session.replay();
    r.setSavePath(path);
    movement::PlayerState start;
    start.origin = {64, 1984, 32};
    st.session.movePlayer(start, "the test");
    const collision::TraceFunction trace = st.session.map()->model->traceFunction(st.session.rules().options);
    r.startRecording(st);
    for (int i = 0; i < 250; ++i) {
        movement::Input in;
        in.forward = 1.0f;
        in.right = i > 40 ? 1.0f : 0.0f;
        in.jump = i > 40 && i % 60 < 3;
        in.up = in.jump ? 1.0f : 0.0f;
        in.yaw = 90.0f - float(i) * 0.2f;
        const movement::PlayerState before = st.session.player();
        st.session.tick(in, trace, nullptr);
        r.onTick(st, in, before);
    }
    r.stopRecording(st);
}

} // namespace

TEST(StrafeViewer, HudOnByDefaultForQuake3AndSwitchedByTheConsole) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    EXPECT_EQ(v.state().settings.find("cg_strafeHud")->text(), "auto");
    runCommand(v, "preset melax");
    EXPECT_FALSE(hudDrawn()) << "auto: not for the melax preset";
    runCommand(v, "preset quake3");
    EXPECT_TRUE(hudDrawn()) << "auto: drawn for the quake3 preset";

    // Moving fast in the air: the bands and the snap zones of that velocity are drawn.
    movement::PlayerState air;
    air.origin = {64, 1984, 200};
    air.velocity = {420.0f, 0.0f, 0.0f};
    v.state().session.setFrozen(true);
    v.state().session.movePlayer(air, "the test");
    v.frames(2);
    ASSERT_TRUE(hudDrawn());
    const viewer::StrafeView view = viewer::strafeView(v.state(), movement::Input{});
    ASSERT_TRUE(view.hud.model);
    EXPECT_EQ(view.hud.model->phase, movement::StrafePhase::Air);
    EXPECT_TRUE(view.assumedKeys);
    EXPECT_GT(view.hud.angles.opt, view.hud.angles.min);
    EXPECT_FALSE(view.hud.zones.empty()) << "quake3 snaps the velocity: zones";
    const int moving = ImGui::FindWindowByName(viewer::panels::kStrafeHudWindow)->DrawList->VtxBuffer.Size;
    movement::PlayerState standing = air;
    standing.velocity = glm::vec3(0.0f);
    v.state().session.movePlayer(standing, "the test");
    v.frames(2);
    const int still = ImGui::FindWindowByName(viewer::panels::kStrafeHudWindow)->DrawList->VtxBuffer.Size;
    EXPECT_GT(moving, still + 4 * 8) << "the bands (4 per side) and zones add rectangles";

    runCommand(v, "cg_strafeHud 0");
    EXPECT_EQ(v.state().view.values().strafeHud, viewer::StrafeHudMode::Off);
    EXPECT_FALSE(hudDrawn());
    runCommand(v, "cg_strafeHud 1");
    runCommand(v, "preset melax");
    EXPECT_TRUE(hudDrawn()) << "on: with either preset";
    runCommand(v, "cg_strafeHud sideways");
    EXPECT_EQ(v.state().view.values().strafeHud, viewer::StrafeHudMode::On) << "refused, unchanged";
    runCommand(v, "cg_strafeHud auto");
    EXPECT_FALSE(hudDrawn());
}

TEST(StrafeViewer, EditorChangesTheRunUndoesAndSavesARecordingThatReplaysExactly) {
    const std::string dir = test::makeTempDir("strafeviewer");
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    runCommand(v, "preset quake3");
    viewer::ViewerState& st = v.state();
    viewer::ReplayController& r = st.session.replay();
    recordRun(st, dir + "/run.cliprec");
    ASSERT_TRUE(r.open(st, dir + "/run.cliprec")) << r.status();
    v.frames(2);

    clickRecordingItem(v, "edit this recording");
    ASSERT_TRUE(r.editing());
    replay::EditSession& e = *r.editor();
    const movement::PlayerState end = e.states().back();
    ASSERT_TRUE(replay::sameState(end, e.originalStates().back()));

    // Tick 101's yaw turned by 30 degrees: the run after it is simulated again, its end moves.
    r.seek(st, 100);
    clickRecordingItem(v, "the tick shown");
    EXPECT_EQ(r.panel.first, 101);
    EXPECT_EQ(r.panel.last, 101);
    EXPECT_FLOAT_EQ(r.panel.yaw, e.recording().ticks[100].input.yaw);
    r.panel.yaw += 30.0f;
    clickRecordingItem(v, "set yaw");
    EXPECT_TRUE(r.panel.editError.empty()) << r.panel.editError;
    EXPECT_FLOAT_EQ(e.recording().ticks[100].input.yaw, r.panel.yaw);
    EXPECT_EQ(e.lastResimulated(), 150u);
    const movement::PlayerState edited = e.states().back();
    // One tick in the air turns the velocity by at most a tick's acceleration: the end moves a little.
    EXPECT_GT(glm::distance(edited.origin, end.origin), 0.1f) << "the preview's end moved";
    EXPECT_TRUE(replay::sameState(st.session.player(), e.states()[100])) << "the tick shown stays";

    // Ctrl+Z puts the run back, Ctrl+Y the edit again.
    ctrlTap(v, SDLK_z);
    EXPECT_TRUE(replay::sameState(e.states().back(), end));
    EXPECT_FALSE(e.canUndo());
    ctrlTap(v, SDLK_y);
    EXPECT_TRUE(replay::sameState(e.states().back(), edited));

    // Save as: the file replays to every position the editor showed, by the replay code and by
    // `cliplab walk --replay`.
    const std::string saved = dir + "/edited.cliprec";
    std::snprintf(r.panel.savePath.data(), r.panel.savePath.size(), "%s", saved.c_str());
    clickRecordingItem(v, "save as");
    ASSERT_TRUE(std::filesystem::exists(saved)) << r.panel.editError;
    auto rec = replay::loadRecording(saved);
    ASSERT_TRUE(rec) << rec.error().message;
    replay::World world(*st.session.map()->model);
    const replay::Run run = replay::replay(rec.value(), rec->settings, world);
    ASSERT_EQ(run.states.size(), e.states().size());
    for (size_t i = 0; i < run.states.size(); ++i)
        ASSERT_TRUE(replay::sameState(run.states[i], e.states()[i])) << "tick " << i;
    const auto walk = test::runCliplab("walk " + test::playgroundPath() + " --replay " + saved);
    EXPECT_EQ(walk.exitCode, 0) << walk.err;
    EXPECT_NE(walk.out.find("check recorded_positions=250 equal=1"), std::string::npos) << walk.out;

    // A bookmark on the tick shown, and a strafe fill of the rest from the panel: the run ends faster.
    clickRecordingItem(v, "bookmark the tick shown");
    ASSERT_EQ(e.bookmarks().size(), 1u);
    EXPECT_EQ(e.bookmarks()[0].tick, 100u);
    const float before = glm::length(glm::vec2(e.states().back().velocity));
    r.panel.first = 42;
    r.panel.last = 250;
    r.panel.side = 2; // auto
    clickRecordingItem(v, "fill first..last");
    EXPECT_GT(glm::length(glm::vec2(e.states().back().velocity)), before + 20.0f) << r.panel.editError;
    ASSERT_TRUE(r.editLanding()) << "the jump in progress at the tick shown comes down";
    EXPECT_GT(r.editLanding()->tick, 100u);

    r.close(st);
    std::filesystem::remove_all(dir);
}
