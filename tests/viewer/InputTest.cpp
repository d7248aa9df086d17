// Input has one owner at a time: SDL events pushed into the real viewer loop (hidden window under
// Xvfb) reach either the panels or the 3D view, never both.

#include "viewer/ViewerLoopHarness.h"

#include "bsp/BspFile.h"
#include "replay/Recording.h"

#include <glm/geometric.hpp>

#include <cstdlib>
#include <cstring>
#include <filesystem>

using cliplab::test::ViewerLoopHarness;

namespace {

/// Runs frames until the player rests on the ground (the spawn point is 9 units up).
void settle(ViewerLoopHarness& v) {
    for (int i = 0; i < 60 && !v.state().session.player().onGround; ++i)
        v.frames(1);
}

} // namespace

TEST(ViewerInput, AClickWhileCapturedTogglesNoWidget) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    const auto freeze = v.findItem("Movement", "freeze", 12.0f);
    ASSERT_TRUE(freeze) << "the Movement panel's freeze checkbox";
    const auto view = v.emptyPoint();
    ASSERT_TRUE(view);

    // A click into the view captures the mouse; the crosshair click then probes, and the
    // checkbox under the (hidden) cursor stays as it was.
    v.clickAt(view->x, view->y);
    ASSERT_TRUE(v.loop->input().captured());
    EXPECT_FALSE(v.state().probes.probe()) << "the capturing click is no probe";
    v.clickAt(freeze->x, freeze->y);
    EXPECT_FALSE(v.state().session.frozen()) << "a click while captured reached the freeze checkbox";
    EXPECT_TRUE(v.state().probes.probe()) << "a click while captured probes along the crosshair";

    // Esc releases the mouse; a click on the checkbox now toggles it (the control: it is there;
    // found again, as the probe scrolled the sidebar to the Inspector).
    v.tap(SDLK_ESCAPE);
    ASSERT_FALSE(v.loop->input().captured());
    v.state().probes.clearProbe();
    const auto freezeNow = v.findItem("Movement", "freeze", 12.0f);
    ASSERT_TRUE(freezeNow);
    v.clickAt(freezeNow->x, freezeNow->y);
    EXPECT_TRUE(v.state().session.frozen());
    EXPECT_FALSE(v.state().probes.probe());
}

TEST(ViewerInput, TypingIntoThePathFieldRunsNoKeyBinding) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    settle(v);
    const auto field = v.findItem("Map", "##path or name", 40.0f);
    ASSERT_TRUE(field) << "the Map panel's path field";
    v.clickAt(field->x, field->y);
    ASSERT_TRUE(ImGui::GetIO().WantTextInput) << "the path field took the keyboard";

    const glm::vec3 before = v.state().session.player().origin;
    // "psa": P would freeze, S walk back, A strafe left. Each key held for a few frames.
    for (char c : {'p', 's', 'a'}) {
        v.key(SDL_Keycode(c), true);
        SDL_Event t{};
        t.type = SDL_TEXTINPUT;
        t.text.text[0] = c;
        v.push(t);
        v.frames(8);
        v.key(SDL_Keycode(c), false);
        v.frames(1);
    }
    EXPECT_STREQ(v.state().inputs.mapPath.data(), "psa");
    EXPECT_FALSE(v.state().session.frozen()) << "P froze the simulation while typing";
    const glm::vec3 after = v.state().session.player().origin;
    EXPECT_EQ(after.x, before.x) << "S/A moved the player while typing";
    EXPECT_EQ(after.y, before.y) << "S/A moved the player while typing";

    // The control: with the field left (Esc ends the edit), the same keys are bindings again.
    v.tap(SDLK_ESCAPE);
    v.frames(1);
    ASSERT_FALSE(ImGui::GetIO().WantTextInput);
    v.key(SDLK_s, true);
    v.frames(8);
    v.key(SDLK_s, false);
    v.frames(1);
    EXPECT_NE(v.state().session.player().origin, after) << "S walks when no field has the keyboard";
    v.tap(SDLK_p);
    EXPECT_TRUE(v.state().session.frozen());
}

TEST(ViewerInput, TheWheelOverAPanelKeepsTheFlySpeed) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    ImGuiWindow* panel = ViewerLoopHarness::imguiWindow("Sidebar");
    ASSERT_TRUE(panel);
    const ImVec2 over(panel->Pos.x + panel->Size.x * 0.5f, panel->Pos.y + panel->Size.y * 0.5f);
    v.mouseTo(over.x, over.y);
    v.frames(1);
    ASSERT_TRUE(ImGui::GetIO().WantCaptureMouse);
    v.wheel(1);
    v.frames(1);
    EXPECT_EQ(v.state().session.flySpeedScale(), 1.0f) << "the wheel over a panel changed the fly speed";

    // Over the view the wheel is the fly speed (the control).
    const auto view = v.emptyPoint();
    ASSERT_TRUE(view);
    v.mouseTo(view->x, view->y);
    v.frames(1);
    v.wheel(1);
    v.frames(1);
    EXPECT_FLOAT_EQ(v.state().session.flySpeedScale(), 1.25f);

    // Captured, the wheel is the fly speed wherever the hidden cursor is, and no panel scrolls.
    v.clickAt(view->x, view->y);
    ASSERT_TRUE(v.loop->input().captured());
    v.mouseTo(over.x, over.y);
    v.frames(1);
    const float scroll = panel->Scroll.y;
    v.wheel(-1);
    v.frames(1);
    EXPECT_FLOAT_EQ(v.state().session.flySpeedScale(), 1.0f);
    EXPECT_EQ(panel->Scroll.y, scroll);
}

TEST(ViewerInput, EnterInThePathFieldLoadsTheMap) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    const std::string cube = cliplab::test::makeTempDir("viewer-enter") + "/cube.bsp";
    cliplab::test::writeFile(cube, cliplab::bsp::write(cliplab::test::makeCubeMap(256.0f)));
    const auto field = v.findItem("Map", "##path or name", 40.0f);
    ASSERT_TRUE(field);
    v.clickAt(field->x, field->y);
    ASSERT_TRUE(ImGui::GetIO().WantTextInput);
    for (char c : cube) {
        SDL_Event t{};
        t.type = SDL_TEXTINPUT;
        t.text.text[0] = c;
        v.push(t);
    }
    v.frames(1);
    EXPECT_EQ(std::string(v.state().inputs.mapPath.data()), cube);
    EXPECT_NE(v.state().session.map()->argument, cube);
    // Pressed and released within one frame, as a quick tap at a low frame rate.
    v.key(SDLK_RETURN, true);
    v.key(SDLK_RETURN, false);
    v.frames(3); // the load happens the frame after it was asked for
    EXPECT_EQ(v.state().session.map()->argument, cube) << v.state().session.mapError();
}

TEST(ViewerInput, KeyTTogglesFirstPersonAndTheChaseCamera) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    auto eye = [&v] {
        return cliplab::movement::eyePosition(v.state().session.player(), v.state().session.sim().settings());
    };
    // A Quake player starts in first person: the camera is the eye.
    ASSERT_FALSE(v.state().view.values().chase) << "the start is first person";
    EXPECT_EQ(v.state().view.camera().eye, eye());
    v.tap(SDLK_t);
    EXPECT_TRUE(v.state().view.values().chase);
    EXPECT_GT(glm::length(v.state().view.camera().eye - eye()), 8.0f);
    v.tap(SDLK_t);
    EXPECT_FALSE(v.state().view.values().chase);
    EXPECT_EQ(v.state().view.camera().eye, eye());
}

TEST(ViewerInput, AClickArrivingWithTheMotionOntoAPanelIsThePanels) {
    // A fast user (or xdotool): the motion onto the panel and the click come in the same batch of
    // events, before ImGui has seen the cursor there. The click still belongs to the panel.
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    const auto freeze = v.findItem("Movement", "freeze", 12.0f);
    ASSERT_TRUE(freeze);
    const auto view = v.emptyPoint();
    ASSERT_TRUE(view);
    v.mouseTo(view->x, view->y);
    v.frames(1);
    ASSERT_FALSE(ImGui::GetIO().WantCaptureMouse);
    v.mouseTo(freeze->x, freeze->y);
    v.button(SDL_BUTTON_LEFT, true);
    v.button(SDL_BUTTON_LEFT, false);
    v.frames(2);
    EXPECT_FALSE(v.loop->input().captured()) << "the click went to the view";
    EXPECT_TRUE(v.state().session.frozen()) << "the click did not reach the checkbox";
}

namespace {

/// Space pressed and released in one batch of events: shorter than any frame.
void quickTap(ViewerLoopHarness& v, SDL_Keycode sym) {
    v.key(sym, true);
    v.key(sym, false);
}

} // namespace

TEST(ViewerInput, ATapShorterThanAFrameJumpsAndIsRecorded) {
    const std::string dir = cliplab::test::makeTempDir("viewertap");
    const std::string path = dir + "/tap.cliprec";
    ViewerLoopHarness v(640, 360, "", "", [&](cliplab::viewer::ViewerConfig& c) {
        c.fps = 30.0; // four ticks a frame at 125 Hz
        c.recordingPath = path;
    });
    ASSERT_TRUE(v.ok()) << v.error;
    settle(v);
    ASSERT_TRUE(v.state().session.player().onGround);
    v.tap(SDLK_F5);
    v.frames(3);
    quickTap(v, SDLK_SPACE);
    v.frames(20);
    v.tap(SDLK_F5);
    auto rec = cliplab::replay::loadRecording(path);
    ASSERT_TRUE(rec) << rec.error().message;
    int presses = 0;
    for (size_t i = 0; i < rec->ticks.size(); ++i)
        presses += rec->ticks[i].input.jump && (i == 0 || !rec->ticks[i - 1].input.jump);
    EXPECT_EQ(presses, 1) << "the tap is one jump press in the recording";
    std::filesystem::remove_all(dir);

    // Between two ticks: frozen, Space tapped (no tick runs in its frames), then one step (N).
    settle(v);
    v.tap(SDLK_p);
    ASSERT_TRUE(v.state().session.frozen());
    quickTap(v, SDLK_SPACE);
    v.frames(3);
    quickTap(v, SDLK_n);
    v.frames(2);
    EXPECT_GT(v.state().session.player().velocity.z, 0.0f) << "the tap counted in the next tick";
}

TEST(ViewerInput, ProbesAndSweepKeysStartAtThePlayersEye) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    v.state().settings.flag("cg_thirdPerson").set(true); // the chase camera: not at the eye
    settle(v);
    v.frames(2); // the camera placed by frames that ran with the chase camera on
    // Frozen, so the player stays where the eye is taken (ticks run by the frames' real time).
    v.tap(SDLK_p);
    ASSERT_TRUE(v.state().session.frozen());
    const glm::vec3 eye = v.state().playerEye();
    const glm::vec3 expected = v.state().session.player().origin +
                               glm::vec3(0.0f, 0.0f, v.state().session.sim().settings().eyeHeight);
    EXPECT_EQ(eye, expected);
    ASSERT_GT(glm::distance(v.state().view.camera().eye, eye), 50.0f) << "the chase camera is on";
    ImGuiWindow* sidebar = ViewerLoopHarness::imguiWindow("Sidebar");
    ASSERT_TRUE(sidebar);
    ASSERT_EQ(sidebar->Scroll.y, 0.0f);

    // Captured, a click probes along the crosshair: from the eye, in the camera's direction.
    const auto view = v.emptyPoint();
    ASSERT_TRUE(view);
    v.clickAt(view->x, view->y);
    v.clickAt(view->x, view->y);
    ASSERT_TRUE(v.state().probes.probe());
    const cliplab::viewer::LoggedTrace& probe = *v.state().probes.probe();
    EXPECT_EQ(probe.start, eye);
    const glm::vec3 aim = glm::normalize(probe.end - probe.start);
    EXPECT_GT(glm::dot(aim, v.state().view.camera().forward()), 0.9999f);
    v.tap(SDLK_1);
    v.tap(SDLK_2);
    EXPECT_EQ(v.state().probes.sweep().start, eye);
    EXPECT_EQ(v.state().probes.sweep().end, eye);
    // Ducked, the eye is at the crouched view height.
    v.tap(SDLK_p);
    ASSERT_FALSE(v.state().session.frozen());
    v.key(SDLK_c, true);
    for (int i = 0; i < 30 && !v.state().session.player().crouched; ++i)
        v.frames(1);
    ASSERT_TRUE(v.state().session.player().crouched);
    v.tap(SDLK_1);
    const cliplab::movement::PlayerState& ducked = v.state().session.player();
    EXPECT_EQ(v.state().probes.sweep().start.z,
              ducked.origin.z + v.state().session.sim().settings().crouchEyeHeight);
    v.key(SDLK_c, false);

    // The Inspector opened and scrolled into view: its header is under the cursor somewhere in
    // the sidebar as it is now.
    v.tap(SDLK_ESCAPE);
    EXPECT_TRUE(v.state().view.values().sections.at("Inspector"));
    EXPECT_GT(sidebar->Scroll.y, 0.0f);
    const ImGuiID header = ImHashStr("Inspector", 0, sidebar->ID);
    bool seen = false;
    for (float y = sidebar->Pos.y + 4.0f; y < sidebar->Pos.y + sidebar->Size.y && !seen; y += 8.0f) {
        v.mouseTo(sidebar->Pos.x + 40.0f, y);
        v.frames(1);
        seen = GImGui->HoveredId == header;
    }
    EXPECT_TRUE(seen) << "the Inspector's header is in sight";
}

TEST(ViewerInput, F12SaysWhereThePictureWent) {
    const std::string dir = cliplab::test::makeTempDir("viewerf12");
    ASSERT_EQ(setenv("XDG_PICTURES_DIR", dir.c_str(), 1), 0);
    ViewerLoopHarness v(320, 240);
    ASSERT_TRUE(v.ok()) << v.error;
    v.tap(SDLK_F12);
    unsetenv("XDG_PICTURES_DIR");
    const std::string said = v.loop->console().console().lines().back();
    const std::string prefix = "screenshot saved to " + dir + "/cliplab/cliplab-";
    ASSERT_EQ(said.rfind(prefix, 0), 0u) << said;
    EXPECT_TRUE(std::filesystem::exists(said.substr(std::string("screenshot saved to ").size())));
    std::filesystem::remove_all(dir);
}
