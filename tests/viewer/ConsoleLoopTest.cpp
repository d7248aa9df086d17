// The console in the real viewer loop: SDL events pushed into a hidden window (Xvfb), as a user
// types them. ~ opens it by scan code, what is typed runs as commands and never as key bindings,
// Tab completes, Up recalls, Ctrl+Q quits, and `--exec` files run at start-up.

#include "viewer/ViewerLoopHarness.h"

#include "viewer/ConsoleWindow.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

using namespace cliplab;
using cliplab::test::ViewerLoopHarness;

namespace {

/// The ~ key as a keyboard sends it: the scan code left of 1, then the character it types.
void pressConsoleKey(ViewerLoopHarness& v) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(v.window->window());
    e.key.state = SDL_PRESSED;
    e.key.keysym.scancode = SDL_SCANCODE_GRAVE;
    e.key.keysym.sym = SDLK_BACKQUOTE;
    v.push(e);
    SDL_Event t{};
    t.type = SDL_TEXTINPUT;
    t.text.windowID = e.key.windowID;
    t.text.text[0] = '`';
    v.push(t);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    v.push(e);
    v.frames(3); // the drop-down appears, its input line takes the keyboard, ImGui says so
}

/// Runs frames until the loop has handed on every queued event (at most `limit`).
void drain(ViewerLoopHarness& v, int limit = 400) {
    for (int i = 0; i < limit && (i < 2 || v.loop->input().pendingEvents() > 0); ++i)
        v.frames(1);
    v.frames(2);
}

/// Types `text` one key at a time, a frame after each, as someone typing, and runs frames until
/// every key has been handed on (a key typed twice in a row waits a frame for its release).
void typeText(ViewerLoopHarness& v, const std::string& text) {
    for (char c : text) {
        v.type(c);
        v.frames(1);
    }
    drain(v);
}

const char* consoleInput() {
    ImGuiWindow* w = ViewerLoopHarness::imguiWindow(cliplab::viewer::ConsoleWindow::kName);
    if (!w)
        return "";
    const ImGuiID id = ImHashStr("##input", 0, w->ID);
    const ImGuiInputTextState* s = ImGui::GetInputTextState(id);
    static std::string text;
    text.clear();
    if (s)
        for (int i = 0; i < s->CurLenW; ++i)
            text += char(s->TextW[i]);
    return text.c_str();
}

} // namespace

TEST(ConsoleLoop, TildeOpensItAndTypedCommandsRunWithoutBindings) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    ASSERT_FALSE(v.loop->console().open());
    // The mouse captured for mouse look: the console takes the keyboard and frees the mouse.
    const auto free = v.emptyPoint();
    ASSERT_TRUE(free);
    v.clickAt(free->x, free->y);
    ASSERT_TRUE(v.loop->input().captured());

    pressConsoleKey(v);
    ASSERT_TRUE(v.loop->console().open());
    EXPECT_FALSE(v.loop->input().captured()) << "the console released the mouse";
    ASSERT_TRUE(ImGui::GetIO().WantTextInput) << "the console's input line has the keyboard";
    EXPECT_STREQ(consoleInput(), "") << "the ` typed by the toggle key stays out of the line";

    // "setviewpos" holds s, p, a, d... none of them may walk, freeze or strafe.
    typeText(v, "setviewpos 100 -200 300 90");
    EXPECT_STREQ(consoleInput(), "setviewpos 100 -200 300 90");
    EXPECT_FALSE(v.state().session.frozen()) << "P froze the simulation while typing";
    v.tap(SDLK_RETURN);
    v.frames(1);
    const glm::vec3 o = v.state().session.player().origin;
    EXPECT_EQ(o.x, 100.0f);
    EXPECT_EQ(o.y, -200.0f);
    EXPECT_EQ(v.state().view.camera().yaw, 90.0f);
    EXPECT_STREQ(consoleInput(), "") << "Enter empties the line";
    v.frames(1); // the line takes the keyboard back the frame after Enter
    EXPECT_TRUE(ImGui::GetIO().WantTextInput) << "typing goes on in the console after Enter";
    EXPECT_EQ(v.loop->console().console().history().back(), "setviewpos 100 -200 300 90");

    // Tab completes a command name; Up recalls the last line.
    typeText(v, "setv");
    v.tap(SDLK_TAB);
    EXPECT_STREQ(consoleInput(), "setviewpos ");
    v.tap(SDLK_BACKSPACE);
    for (int i = 0; i < 10; ++i)
        v.tap(SDLK_BACKSPACE);
    EXPECT_STREQ(consoleInput(), "");
    v.tap(SDLK_UP);
    EXPECT_STREQ(consoleInput(), "setviewpos 100 -200 300 90");

    // ~ closes it; keys are bindings again (P freezes).
    pressConsoleKey(v);
    EXPECT_FALSE(v.loop->console().open());
    v.frames(1);
    EXPECT_FALSE(ImGui::GetIO().WantTextInput);
    v.tap(SDLK_p);
    EXPECT_TRUE(v.state().session.frozen());
}

TEST(ConsoleLoop, KeysRightAfterTheToggleInOneFrameGoWhereTheConsoleSays) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    // ~ and then P in the same batch of events (a fast typist, or xdotool): P is typed, not a binding.
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(v.window->window());
    e.key.keysym.scancode = SDL_SCANCODE_GRAVE;
    e.key.keysym.sym = SDLK_BACKQUOTE;
    v.push(e);
    v.type('p');
    v.frames(1);
    ASSERT_TRUE(v.loop->console().open());
    EXPECT_FALSE(v.state().session.frozen()) << "P froze the simulation although the console had just opened";
    v.frames(3);
    // ~ again and then V in one batch: the console is closed, V toggles noclip.
    v.push(e);
    v.key(SDLK_v, true);
    v.key(SDLK_v, false);
    v.frames(1);
    EXPECT_FALSE(v.loop->console().open());
    EXPECT_EQ(v.state().session.player().mode, movement::Mode::Noclip) << "V right after closing the console";
}

TEST(ConsoleLoop, CtrlQQuits) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    EXPECT_TRUE(v.loop->frame());
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(v.window->window());
    e.key.keysym.sym = SDLK_q;
    e.key.keysym.scancode = SDL_SCANCODE_Q;
    e.key.keysym.mod = KMOD_LCTRL;
    v.push(e);
    EXPECT_FALSE(v.loop->frame()) << "the frame after Ctrl+Q ends the loop";
}

TEST(ConsoleLoop, ExecFileRunsAtStartAndItsScreenshotIsWritten) {
    const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "console_exec";
    std::filesystem::create_directories(dir);
    const std::string shot = (dir / "exec.png").string();
    std::filesystem::remove(shot);
    {
        std::ofstream f(dir / "start.cfg");
        f << "// a comment line\n"
             "noclip\n"
             "setviewpos 64 32 128 180\n"
             "g_gravity 400\n"
             "screenshot "
          << shot << "\n";
    }
    ViewerLoopHarness v(640, 360, "", (dir / "start.cfg").string());
    ASSERT_TRUE(v.ok()) << v.error;
    v.frames(1); // the harness ran two; the screenshot is written at the end of the frame it is asked in
    viewer::ViewerLoop& loop = *v.loop;
    const movement::PlayerState& s = loop.state().session.player();
    EXPECT_EQ(s.mode, movement::Mode::Noclip);
    EXPECT_EQ(s.origin, glm::vec3(64, 32, 128)) << "noclip holds the place setviewpos gave";
    EXPECT_EQ(loop.state().view.camera().yaw, 180.0f);
    EXPECT_EQ(loop.state().session.movement().gravity, 400.0f);
    EXPECT_TRUE(std::filesystem::exists(shot)) << shot;
    EXPECT_EQ(loop.finish(), 0);
}

TEST(ConsoleLoop, AFailingExecLineMakesTheExitCodeOne) {
    const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "console_exec_bad";
    std::filesystem::create_directories(dir);
    {
        std::ofstream f(dir / "bad.cfg");
        f << "setviewpos 1 2\n";
    }
    {
        ViewerLoopHarness v(320, 240, "", (dir / "bad.cfg").string());
        ASSERT_TRUE(v.ok()) << v.error;
        EXPECT_EQ(v.loop->finish(), 1);
    }
    // An unreadable file stops the start.
    ViewerLoopHarness missing(320, 240, "", (dir / "missing.cfg").string());
    EXPECT_FALSE(missing.ok());
}

namespace {

/// A key with Ctrl held, as a keyboard sends it: Ctrl down, the key down and up, Ctrl up (the
/// modifier in every event), all in the queue at once.
void ctrlKey(ViewerLoopHarness& v, SDL_Keycode sym) {
    struct Step {
        SDL_Scancode code;
        SDL_Keycode key;
        bool down;
    };
    const SDL_Scancode code = SDL_GetScancodeFromKey(sym);
    const Step steps[] = {{SDL_SCANCODE_LCTRL, SDLK_LCTRL, true},
                          {code, sym, true},
                          {code, sym, false},
                          {SDL_SCANCODE_LCTRL, SDLK_LCTRL, false}};
    SDL_Event e{};
    e.key.windowID = SDL_GetWindowID(v.window->window());
    for (const Step& s : steps) {
        e.type = s.down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.state = s.down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.scancode = s.code;
        e.key.keysym.sym = s.key;
        e.key.keysym.mod = s.code == SDL_SCANCODE_LCTRL && !s.down ? KMOD_NONE : KMOD_LCTRL;
        v.push(e);
    }
}

} // namespace

TEST(ConsoleLoop, ALineTypedWithEnterInOneFrameArrivesExact) {
    ViewerLoopHarness v(640, 360);
    ASSERT_TRUE(v.ok()) << v.error;
    pressConsoleKey(v);
    ASSERT_TRUE(v.loop->console().open());
    // Two lines, each with its Enter, typed faster than a frame: every event in one batch. Both
    // lines have keys typed twice (s, e, o, space) and a key right after the same key.
    for (const char* line : {"noclip", "setviewpos 64 -100 200 90"}) {
        for (const char* c = line; *c; ++c)
            v.type(*c);
        v.key(SDLK_RETURN, true);
        v.key(SDLK_RETURN, false);
    }
    drain(v);
    const auto& history = v.loop->console().console().history();
    ASSERT_GE(history.size(), 2u);
    EXPECT_EQ(history[history.size() - 2], "noclip");
    EXPECT_EQ(history.back(), "setviewpos 64 -100 200 90");
    EXPECT_EQ(v.state().session.player().mode, movement::Mode::Noclip);
    EXPECT_EQ(v.state().session.player().origin, glm::vec3(64, -100, 200));

    // 45 characters, then 40 Backspaces in one batch: 40 are deleted.
    const std::string text = "abcdefghijklmnopqrstuvwxyz0123456789abcdefghi";
    for (char c : text)
        v.type(c);
    drain(v);
    ASSERT_STREQ(consoleInput(), text.c_str());
    for (int i = 0; i < 40; ++i) {
        v.key(SDLK_BACKSPACE, true);
        v.key(SDLK_BACKSPACE, false);
    }
    drain(v);
    EXPECT_STREQ(consoleInput(), text.substr(0, 5).c_str());
}

TEST(ConsoleLoop, EscClosesItAndTheLineEditsAsATerminal) {
    ViewerLoopHarness v(640, 360);
    ASSERT_TRUE(v.ok()) << v.error;
    pressConsoleKey(v);
    typeText(v, "alpha beta gamma");
    ctrlKey(v, SDLK_w); // the word before the cursor
    drain(v);
    EXPECT_STREQ(consoleInput(), "alpha beta ");
    ctrlKey(v, SDLK_w); // the spaces after the word go with it
    drain(v);
    EXPECT_STREQ(consoleInput(), "alpha ");
    ctrlKey(v, SDLK_a); // start of the line, then typed there
    v.type('x');
    drain(v);
    EXPECT_STREQ(consoleInput(), "xalpha ");
    ctrlKey(v, SDLK_e); // end of the line
    v.type('y');
    drain(v);
    EXPECT_STREQ(consoleInput(), "xalpha y");
    v.key(SDLK_HOME, true);
    v.key(SDLK_HOME, false);
    v.type('<');
    v.key(SDLK_END, true);
    v.key(SDLK_END, false);
    v.type('>');
    drain(v);
    EXPECT_STREQ(consoleInput(), "<xalpha y>");
    v.key(SDLK_LEFT, true); // the cursor before '>': Ctrl+U deletes what is before it
    v.key(SDLK_LEFT, false);
    ctrlKey(v, SDLK_u);
    drain(v);
    EXPECT_STREQ(consoleInput(), ">");
    EXPECT_FALSE(v.state().session.frozen());

    // Esc closes the console, keeps its line, and the keys are bindings again at once.
    v.key(SDLK_ESCAPE, true);
    v.key(SDLK_ESCAPE, false);
    v.key(SDLK_p, true);
    v.key(SDLK_p, false);
    drain(v);
    EXPECT_FALSE(v.loop->console().open());
    EXPECT_TRUE(v.state().session.frozen()) << "P right after Esc is a binding";
    pressConsoleKey(v);
    EXPECT_STREQ(consoleInput(), ">") << "the line is kept, as in the game";
}

TEST(ConsoleLoop, MapResetsNoclipToWalk) {
    ViewerLoopHarness v(640, 360);
    ASSERT_TRUE(v.ok()) << v.error;
    console::Console& con = v.loop->console().console();
    con.submit("noclip");
    v.frames(2);
    ASSERT_EQ(v.state().session.player().mode, movement::Mode::Noclip);
    con.submit("map " + v.config.map);
    v.frames(3);
    EXPECT_EQ(v.state().session.player().mode, movement::Mode::Walk) << "as the game does on a map change";
    v.tap(SDLK_f);
    ASSERT_EQ(v.state().session.player().mode, movement::Mode::Fly);
    con.submit("map " + v.config.map);
    v.frames(3);
    EXPECT_EQ(v.state().session.player().mode, movement::Mode::Walk) << "fly too";
}

TEST(ConsoleLoop, ReachWithoutWaitPrintsItsTotalsWhenItEnds) {
    ViewerLoopHarness v(640, 360);
    ASSERT_TRUE(v.ok()) << v.error;
    console::Console& con = v.loop->console().console();
    con.submit("reach 64");
    v.frames(1);
    ASSERT_EQ(con.lines().back().rfind("reach: searching", 0), 0u) << con.lines().back();
    auto said = [&con] {
        for (const std::string& l : con.lines())
            if (l.rfind("reach: cells=", 0) == 0)
                return true;
        return false;
    };
    // Until the search ends, however long a loaded machine or the sanitizers make it: a count of
    // frames is no bound (frames come quicker than the search's cells).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(4);
    while (!said() && std::chrono::steady_clock::now() < deadline) {
        v.frames(1);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(said()) << con.lines().back();
    EXPECT_TRUE(v.state().analysis.reach().map) << "and the map is shown";
}
