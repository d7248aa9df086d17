// Recording in the real viewer loop (under Xvfb, see tests/CMakeLists.txt), driven by SDL events
// pushed into its queue at 30 and at 144 frames per second: F5, mouse capture and look, WASD,
// jump, crouch, F5 again. `cliplab walk --replay` must then reproduce every recorded position
// exactly, and the viewer's own playback must show the run where it was.

#include "debugdraw/RecordingDebugDraw.h"
#include "replay/Recording.h"
#include "replay/Replay.h"
#include "support/TestSupport.h"
#include "viewer/GlWindow.h"
#include "viewer/ReplayController.h"
#include "viewer/Viewer.h"
#include "viewer/ViewerLoopHarness.h"
#include "viewer/ViewerState.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>

using namespace cliplab;

namespace {

const std::string kPlayground = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";

void pushKey(SDL_Keycode sym, SDL_Scancode code, bool down) {
    SDL_Event ev{};
    ev.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    ev.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    ev.key.keysym.sym = sym;
    ev.key.keysym.scancode = code;
    SDL_PushEvent(&ev);
}

void pushClick(int x, int y) {
    for (const Uint32 type : {Uint32(SDL_MOUSEBUTTONDOWN), Uint32(SDL_MOUSEBUTTONUP)}) {
        SDL_Event ev{};
        ev.type = type;
        ev.button.button = SDL_BUTTON_LEFT;
        ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        ev.button.x = x;
        ev.button.y = y;
        SDL_PushEvent(&ev);
    }
}

void pushLook(int dx, int dy) {
    SDL_Event ev{};
    ev.type = SDL_MOUSEMOTION;
    ev.motion.xrel = dx;
    ev.motion.yrel = dy;
    SDL_PushEvent(&ev);
}

/// What a player does, by time: record, capture the mouse, run forward turning, jump, strafe,
/// crouch, stop recording.
struct Player {
    double fps;
    void operator()(long long frame) const {
        const double t = double(frame) / fps, dt = 1.0 / fps;
        auto at = [&](double when) { return t <= when && when < t + dt; };
        if (frame == 1)
            pushKey(SDLK_F5, SDL_SCANCODE_F5, true); // start recording
        if (frame == 2)
            pushClick(640, 360); // the middle of the view: captures the mouse
        if (at(0.1))
            pushKey(SDLK_w, SDL_SCANCODE_W, true);
        if (at(1.0))
            pushKey(SDLK_SPACE, SDL_SCANCODE_SPACE, true);
        if (at(1.1))
            pushKey(SDLK_SPACE, SDL_SCANCODE_SPACE, false);
        if (at(1.5))
            pushKey(SDLK_d, SDL_SCANCODE_D, true);
        if (at(2.2))
            pushKey(SDLK_d, SDL_SCANCODE_D, false);
        if (at(2.5))
            pushKey(SDLK_c, SDL_SCANCODE_C, true);
        if (at(2.7))
            pushKey(SDLK_c, SDL_SCANCODE_C, false);
        if (at(3.0))
            pushKey(SDLK_w, SDL_SCANCODE_W, false);
        if (frame > 2 && t < 3.0)
            pushLook(int(std::lround(6.0 * std::sin(t * 3.0) * (30.0 / fps) + 1.0)), t < 1.5 ? 1 : -1);
        if (at(3.2))
            pushKey(SDLK_F5, SDL_SCANCODE_F5, true); // stop and save
    }
};

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

} // namespace

TEST(ViewerRecording, InjectedPlayAt30And144FpsReplaysExactly) {
    for (const double fps : {30.0, 144.0}) {
        const std::string path = test::makeTempDir("viewerrec") + "/run.cliprec";
        viewer::ViewerConfig config;
        config.map = kPlayground;
        config.hidden = true;
        config.persist = false;
        config.fps = fps;
        config.recordingPath = path;
        config.frames = static_cast<long long>(3.5 * fps);
        config.beforeFrame = Player{fps};
        ASSERT_EQ(viewer::runViewer(config, nullptr), 0) << fps;

        auto rec = replay::loadRecording(path);
        ASSERT_TRUE(rec) << rec.error().message;
        EXPECT_EQ(rec->map, kPlayground);
        // About 3.2 s minus the first frame, whatever the frame rate: the simulation's own ticks.
        EXPECT_NEAR(double(rec->ticks.size()), 3.2 * 125.0, 125.0 / fps + 6.0) << fps;
        ASSERT_TRUE(rec->hasOrigins());
        // Mouse look reached the ticks: the view turned in most of the 3 s of frames (the ticks of
        // one frame share its view; some frames move the mouse by 0).
        std::set<float> yaws;
        bool jumped = false, crouched = false, strafed = false;
        for (const auto& t : rec->ticks) {
            yaws.insert(t.input.yaw);
            jumped |= t.input.jump;
            crouched |= t.input.crouch;
            strafed |= t.input.right > 0.0f;
        }
        EXPECT_GT(yaws.size(), static_cast<size_t>(1.5 * std::min(fps, 125.0))) << fps;
        EXPECT_TRUE(jumped && crouched && strafed) << fps;
        EXPECT_GT(glm::distance(rec->ticks.back().origin.value(), rec->start.origin), 400.0f) << fps;

        // The command-line replay reproduces every position the viewer's player reached.
        auto r = test::runCliplab("walk --replay '" + path + "'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const auto out = lines(r.out);
        ASSERT_GT(out.size(), rec->ticks.size());
        for (size_t i = 0; i < rec->ticks.size(); ++i) {
            float t, x, y, z;
            ASSERT_EQ(std::sscanf(out[i].c_str(), "%f %f %f %f", &t, &x, &y, &z), 4) << out[i];
            ASSERT_EQ(glm::vec3(x, y, z), *rec->ticks[i].origin) << fps << " fps, tick " << i + 1;
        }
        EXPECT_NE(r.out.find("check recorded_positions=" + std::to_string(rec->ticks.size()) + " equal=1"),
                  std::string::npos)
            << r.out;

        // The viewer's playback, seeked to 2 s, shows the player where the recording was then.
        const size_t tick = 250;
        auto view = test::runCliplab("view '" + kPlayground + "' --replay '" + path +
                                     "' --at 2 --frames 2 --exit --hidden --size 320x180");
        ASSERT_EQ(view.exitCode, 0) << view.err;
        const glm::vec3 o = *rec->ticks[tick - 1].origin;
        char expected[128];
        std::snprintf(expected, sizeof expected, "final %.3f %.3f %.3f", double(o.x), double(o.y),
                      double(o.z));
        EXPECT_NE(view.out.find(expected), std::string::npos) << view.out << "\nexpected " << expected;
    }
}

TEST(ViewerRecording, MovingThePlayerStopsTheRecording) {
    // R (respawn) mid-recording: the ticks after it could not be replayed from the recorded start,
    // so the recording stops there and keeps what came before.
    const std::string path = test::makeTempDir("viewerrec") + "/cut.cliprec";
    viewer::ViewerConfig config;
    config.map = kPlayground;
    config.hidden = true;
    config.persist = false;
    config.fps = 60.0;
    config.recordingPath = path;
    config.frames = 90;
    config.beforeFrame = [](long long frame) {
        if (frame == 1)
            pushKey(SDLK_F5, SDL_SCANCODE_F5, true);
        if (frame == 5)
            pushKey(SDLK_w, SDL_SCANCODE_W, true);
        if (frame == 40)
            pushKey(SDLK_r, SDL_SCANCODE_R, true);
    };
    ASSERT_EQ(viewer::runViewer(config, nullptr), 0);
    auto rec = replay::loadRecording(path);
    ASSERT_TRUE(rec) << rec.error().message;
    // Frames 1..39 ran about 39 / 60 s of ticks before the respawn.
    EXPECT_NEAR(double(rec->ticks.size()), 39.0 / 60.0 * 125.0, 4.0);
    auto r = test::runCliplab("walk --replay '" + path + "'");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("equal=1"), std::string::npos);
}

TEST(ViewerRecording, ControllerPlaysSeeksAndComparesGhosts) {
    // The controller on its own: a recording of the live simulation, played back on the same map,
    // seeking forward and back, a ghost and where it parts, close.
    auto window = viewer::GlWindow::create("viewer_tests", 64, 64, true);
    ASSERT_TRUE(window) << window.error().message;
    viewer::ViewerState st;
    ASSERT_TRUE(st.switchMap(kPlayground)) << st.session.mapError();
    viewer::ReplayController& r = st.session.replay();
    r.setSavePath(test::makeTempDir("viewerrec") + "/live.cliprec");

    // Record 2 s of running into the thin wall from the air, as the viewer's loop ticks.
    movement::PlayerState start;
    start.origin = {64, 1984, 32};
    st.session.movePlayer(start, "the test");
    const collision::TraceFunction trace = st.session.map()->model->traceFunction(st.session.rules().options);
    r.startRecording(st);
    ASSERT_TRUE(r.recording());
    movement::Input in;
    in.forward = 1.0f;
    in.yaw = 90.0f;
    std::vector<movement::PlayerState> live{st.session.player()};
    for (int i = 0; i < 250; ++i) {
        const movement::PlayerState before = st.session.player();
        st.session.tick(in, trace, nullptr);
        r.onTick(st, in, before);
        live.push_back(st.session.player());
    }
    EXPECT_EQ(r.recordedTicks(), 250u);
    EXPECT_EQ(r.history().size(), 251u);
    r.stopRecording(st);
    ASSERT_FALSE(r.recording());
    ASSERT_FALSE(r.lastSaved().empty());
    EXPECT_NE(r.status().find("recording saved to"), std::string::npos) << r.status();

    // Elsewhere, then play it: the player is put on the recording, tick by tick.
    movement::PlayerState elsewhere;
    elsewhere.origin = {64, -448, 41};
    st.session.movePlayer(elsewhere, "the test");
    ASSERT_TRUE(r.open(st, r.lastSaved())) << r.status();
    EXPECT_NE(r.status().find("replay equal to the recorded positions"), std::string::npos) << r.status();
    EXPECT_EQ(r.ticks(), 250u);
    EXPECT_TRUE(replay::sameState(st.session.player(), live[0]));
    r.seek(st, 200);
    EXPECT_TRUE(replay::sameState(st.session.player(), live[200]));
    EXPECT_FALSE(
        st.session.tickTraces().empty()); // the shown ticks' traces, for the debugger and the 3D view
    EXPECT_EQ(st.session.tickTraces().back().front().source.rfind("replay: ", 0), 0u);
    r.seek(st, 17); // back: simulated again from the start
    EXPECT_TRUE(replay::sameState(st.session.player(), live[17]));
    r.step(st, 1);
    EXPECT_TRUE(replay::sameState(st.session.player(), live[18]));
    r.setSpeed(2.0);
    r.setPlaying(true);
    r.update(st, 0.1); // 0.1 s at 2x: 25 ticks at 125 Hz
    EXPECT_EQ(r.tick(), 18u + 25u);
    EXPECT_TRUE(replay::sameState(st.session.player(), live[43]));
    r.setSpeed(100.0);
    EXPECT_EQ(r.speed(), viewer::ReplayController::kMaxSpeed);

    // A ghost at epsilon 1/32 parts where the player lands (the replay tests work that tick out).
    EXPECT_EQ(r.addGhost("epsilon=1/32"), "");
    EXPECT_NE(r.addGhost("nosuch=1"), "");
    ASSERT_EQ(r.ghosts().size(), 2u);
    ASSERT_TRUE(r.firstParting());
    EXPECT_EQ(r.firstParting()->tick, 18u);
    const replay::TraceComparison* traces = r.partingTraces();
    ASSERT_NE(traces, nullptr);
    EXPECT_EQ(traces->tick, 18u);
    EXPECT_GE(traces->firstDifferent, 0);
    EXPECT_EQ(r.runs()->summary(1).inSolidTicks, 0);
    // Drawn: trails, boxes, the parting poles (white, over the world).
    debugdraw::RecordingDebugDraw draw;
    r.draw(st, draw);
    size_t white = 0;
    for (const auto& l : draw.lines())
        white += l.style.color == debugdraw::colors::White && !l.style.depthTest;
    EXPECT_GE(white, 2u * 13u); // two poles, their diamonds and boxes
    EXPECT_GT(draw.lines().size(), 2u * 249u);
    r.removeGhost(1);
    EXPECT_EQ(r.ghosts().size(), 1u);
    EXPECT_FALSE(r.firstParting());

    // Close: the live player is back where it was.
    r.close(st);
    EXPECT_FALSE(r.active());
    EXPECT_TRUE(replay::sameState(st.session.player(), elsewhere));
    st.dropMap();
}

TEST(ViewerRecording, BadReplayOptionsAreRefused) {
    const std::string dir = test::makeTempDir("viewerrec");
    test::writeFile(dir + "/s.txt", std::string("0.2 1 0 0 - 90 0\n"));
    auto w = test::runCliplab("walk '" + kPlayground + "' --script '" + dir + "/s.txt' --record-input '" +
                              dir + "/r.cliprec'");
    ASSERT_EQ(w.exitCode, 0) << w.err;
    const std::string rec = "'" + dir + "/r.cliprec'";
    struct Case {
        std::string args, message;
    } cases[] = {
        {"view --ghost x --hidden", "--ghost, --at and --angles need --replay FILE"},
        {"view --replay " + rec + " --ghost \"nosuch=1\" --hidden",
         "--ghost \"nosuch=1\": unknown setting 'nosuch'"},
        {"view --replay " + rec + " --at soon --hidden", "--at: expected seconds >= 0 or 'parting'"},
        {"view --replay " + rec + " --angles 95 0 --hidden", "--angles needs PITCH (within +/-89)"},
        {"view --replay " + rec + " --script '" + dir + "/s.txt' --hidden",
         "--replay and --script cannot be combined"},
        {"view --fps 0 --hidden", "--fps: expected a frame rate from 1 to 1000"},
    };
    for (const Case& c : cases) {
        auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
    // A recording that cannot be read is a failure (1), not a bad command line.
    auto missing = test::runCliplab("view --replay /nonexistent.cliprec --hidden");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/nonexistent.cliprec: cannot open the recording"), std::string::npos)
        << missing.err;
}

TEST(ViewerRecording, CloseInTheRecordingPanelEndsThePlayback) {
    // "close" ends the playback in the middle of drawing the panel that holds it: nothing after
    // the button may read the recording (it crashed the viewer).
    const std::string dir = test::makeTempDir("viewerclose");
    const std::string path = dir + "/run.cliprec";
    auto recordingTo = [&](viewer::ViewerConfig& c) { c.recordingPath = path; };
    {
        // Recorded live (F5, walk, F5), then "play it" and "close" in the same viewer.
        test::ViewerLoopHarness v(800, 450, "", "", recordingTo);
        ASSERT_TRUE(v.ok()) << v.error;
        v.tap(SDLK_F5);
        v.key(SDLK_w, true);
        v.frames(30);
        v.key(SDLK_w, false);
        v.tap(SDLK_F5);
        viewer::ReplayController& r = v.state().session.replay();
        ASSERT_EQ(r.lastSaved(), path) << r.status();
        for (int i = 0; i < 200 && glm::length(v.state().session.player().velocity) > 0.0f; ++i)
            v.frames(1); // at rest, so that where it was is where it is
        const glm::vec3 live = v.state().session.player().origin;
        const auto playIt = v.findInWindow("Recording", "record (F5)", "play it");
        ASSERT_TRUE(playIt) << "the Recording panel's \"play it\"";
        v.clickAt(playIt->x, playIt->y);
        ASSERT_TRUE(r.active()) << r.status();
        const auto close = v.findInWindow("Recording", "play", "close");
        ASSERT_TRUE(close) << "the Recording panel's \"close\"";
        v.clickAt(close->x, close->y);
        EXPECT_FALSE(r.active());
        EXPECT_EQ(v.state().session.player().origin, live) << "the live player is back";
    }
    {
        // Opened with --replay at start, played for a while, then closed.
        test::ViewerLoopHarness v(800, 450, "", "", [&](viewer::ViewerConfig& c) { c.replayPath = path; });
        ASSERT_TRUE(v.ok()) << v.error;
        viewer::ReplayController& r = v.state().session.replay();
        ASSERT_TRUE(r.active());
        const auto play = v.findInWindow("Recording", "play", "play");
        ASSERT_TRUE(play);
        v.clickAt(play->x, play->y);
        EXPECT_TRUE(r.playing());
        r.setSpeed(viewer::ReplayController::kMinSpeed); // still playing while "close" is looked for
        const auto close = v.findInWindow("Recording", "pause", "close");
        ASSERT_TRUE(close);
        v.clickAt(close->x, close->y);
        EXPECT_FALSE(r.active());
        EXPECT_TRUE(v.loop->frame()) << "the viewer goes on";
    }
    std::filesystem::remove_all(dir);
}

TEST(ViewerRecording, AtPartingSaysWhenNoGhostParts) {
    const std::string dir = test::makeTempDir("viewerparting");
    test::writeFile(dir + "/s.txt", std::string("0.3 1 0 0 - 90 0\n"));
    auto w = test::runCliplab("walk '" + kPlayground + "' --script '" + dir + "/s.txt' --record-input '" +
                              dir + "/r.cliprec'");
    ASSERT_EQ(w.exitCode, 0) << w.err;
    const std::string view =
        "view --replay '" + dir + "/r.cliprec' --at parting --frames 2 --exit --hidden --size 320x180";
    auto alone = test::runCliplab(view);
    EXPECT_EQ(alone.exitCode, 0) << alone.err;
    EXPECT_NE(alone.out.find("--at parting: no ghost to part"), std::string::npos) << alone.out;
    // A ghost under the recorded tick rate never parts.
    auto same = test::runCliplab(view + " --ghost hz=125");
    EXPECT_EQ(same.exitCode, 0) << same.err;
    EXPECT_NE(same.out.find("--at parting: no ghost parts from the recorded run"), std::string::npos)
        << same.out;
    std::filesystem::remove_all(dir);
}
