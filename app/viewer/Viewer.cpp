// The viewer's main loop: events and input, the fixed-step simulation, probes, panels, drawing.

#include "viewer/Viewer.h"

#include "viewer/GlWindow.h"
#include "viewer/ViewerInput.h"
#include "viewer/ViewerLoop.h"
#include "viewer/ViewerSettings.h"
#include "viewer/ViewerState.h"
#include "viewer/panels/Panels.h"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <thread>

namespace cliplab::viewer {

/// Names the purpose of each player trace: called by movement right after the trace was logged.
class ViewerLoop::PurposeRecorder : public movement::Recorder {
public:
    explicit PurposeRecorder(std::vector<LoggedTrace>*& sink) : m_sink(sink) {}
    void onTrace(const movement::TraceRecord& record) override {
        static constexpr const char* kNames[] = {"player: slide", "player: step up", "player: step down",
                                                 "player: ground", "player: position"};
        if (m_sink && !m_sink->empty())
            m_sink->back().source = kNames[static_cast<int>(record.purpose)];
    }

private:
    std::vector<LoggedTrace>*& m_sink;
};

/// Owns ImGui's context and backends for the loop's lifetime.
struct ViewerLoop::ImGuiSession {
    ImGuiSession(SDL_Window* window, const std::string& iniPath) : ini(iniPath) {
        IMGUI_CHECKVERSION();
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = ini.empty() ? nullptr : ini.c_str();
        ImGui::StyleColorsDark();
        panels::applyStyle();
        ImGui_ImplSDL2_InitForOpenGL(window, SDL_GL_GetCurrentContext());
        ImGui_ImplOpenGL3_Init("#version 330 core");
    }
    ~ImGuiSession() {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
    }
    ImGuiSession(const ImGuiSession&) = delete;
    ImGuiSession& operator=(const ImGuiSession&) = delete;
    std::string ini; ///< Must outlive the context (ImGui keeps the pointer).
};

namespace {

/// Direction (unit) of the ray through window pixel (x, y) of `camera`.
glm::vec3 pixelRay(const scene::Camera& camera, float x, float y) {
    const glm::mat4 inv = glm::inverse(camera.viewProjection());
    const float nx = 2.0f * x / float(camera.width) - 1.0f, ny = 1.0f - 2.0f * y / float(camera.height);
    glm::vec4 a = inv * glm::vec4(nx, ny, -1.0f, 1.0f), b = inv * glm::vec4(nx, ny, 1.0f, 1.0f);
    return glm::normalize(glm::vec3(b) / b.w - glm::vec3(a) / a.w);
}

/// Opens config.replayPath with config.ghosts and puts the playhead at config.replayAt; false
/// (the error printed) when the recording, its map or a ghost is refused.
bool openReplay(const ViewerConfig& config, ViewerState& st) {
    ReplayController& replay = st.session.replay();
    for (const std::string& g : config.ghosts)
        if (const std::string error = replay.addGhost(g); !error.empty()) {
            std::fprintf(stderr, "cliplab view: --ghost \"%s\": %s\n", g.c_str(), error.c_str());
            return false;
        }
    if (config.replayPath.empty())
        return true;
    if (config.angles) // the camera stays as asked instead of following the recorded view
        replay.setFollowView(false);
    if (!replay.open(st, config.replayPath, config.map)) {
        std::fprintf(stderr, "cliplab view: %s\n", replay.status().c_str());
        return false;
    }
    if (config.replayAt) {
        const auto parting = replay.firstParting();
        const double rate = replay.runs()->run(0).settings.rate;
        const double at = *config.replayAt;
        if (at < 0.0 && !parting) // said, not left to be guessed from a playhead at 0
            st.announce(config.ghosts.empty()
                            ? "--at parting: no ghost to part (add one with --ghost NAME=VALUE); at tick 0"
                            : "--at parting: no ghost parts from the recorded run; at tick 0");
        replay.seek(st,
                    at < 0.0 ? (parting ? parting->tick : 0) : static_cast<size_t>(std::llround(at * rate)));
    }
    return true;
}

/// Opens config.demoPath with its map, follows config.demoFollow and puts the playhead at the
/// first snapshot at or after config.replayAt; false (the error printed) when the demo, its map or
/// the client is refused.
bool openDemo(const ViewerConfig& config, ViewerState& st) {
    DemoPlayback& d = st.session.demo();
    if (config.angles)
        d.setFollowView(false);
    if (!d.open(st, config.demoPath)) {
        std::fprintf(stderr, "cliplab view: %s\n", d.status().c_str());
        return false;
    }
    if (config.demoFollow) {
        const auto& clients = d.clients();
        if (std::find(clients.begin(), clients.end(), *config.demoFollow) == clients.end()) {
            std::fprintf(stderr, "cliplab view: --follow %d: no such player in %s\n", *config.demoFollow,
                         d.openName().c_str());
            return false;
        }
        d.follow(st, *config.demoFollow);
    }
    if (config.replayAt) {
        size_t at = 0;
        while (at < d.ticks() && d.secondsAt(at) < *config.replayAt)
            ++at;
        d.seek(st, at);
    }
    return true;
}

} // namespace

ViewerLoop::ViewerLoop(const ViewerConfig& config, GlWindow& window)
    : m_config(config), m_window(window), m_configDir(config.persist ? configDirectory() : std::string()) {
    if (!m_configDir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(m_configDir, ec);
    }
    m_gui = std::make_unique<ImGuiSession>(window.window(),
                                           m_configDir.empty() ? std::string() : m_configDir + "/imgui.ini");
    m_recorder = std::make_unique<PurposeRecorder>(m_sink);
    m_console = std::make_unique<ConsoleSession>(m_st);
}

ViewerLoop::~ViewerLoop() {
    m_st.dropMap(); // GL objects go while the context exists
    m_offscreen.reset();
}

bool ViewerLoop::start(std::unique_ptr<fs::FileSystem> vfs) {
    m_st.session.setFileSystem(std::move(vfs));
    if (!m_configDir.empty())
        loadSettings(m_configDir + "/viewer.cfg", m_st);
    if (m_config.script)
        m_st.settings.number("tickRate").set(m_config.tickRate);
    m_vsyncApplied = !m_st.view.values().vsync;
    if (!m_config.demoPath.empty()) {
        if (!openDemo(m_config, m_st)) // the demo's map, loaded by itself
            return false;
    } else if (!m_st.switchMap(m_config.map)) {
        std::fprintf(stderr, "cliplab view: %s\n", m_st.session.mapError().c_str());
        return false;
    }
    applyConfig();
    m_st.session.replay().setSavePath(m_config.recordingPath);
    if (!openReplay(m_config, m_st))
        return false;
    if (m_config.hidden) {
        auto t = OffscreenTarget::create(m_config.width, m_config.height);
        if (!t) {
            std::fprintf(stderr, "cliplab view: %s\n", t.error().message.c_str());
            return false;
        }
        m_offscreen = std::move(t.value());
    }
    if (m_config.script)
        m_scriptInputs = movement::scriptTicks(*m_config.script, m_st.session.tickRate());
    if (!m_config.execFile.empty())
        if (auto error = m_console->execFile(m_config.execFile)) {
            std::fprintf(stderr, "cliplab view: %s\n", error->c_str());
            return false;
        }
    if (m_config.settleTicks > 0)
        settle();
    return true;
}

void ViewerLoop::applyConfig() {
    SettingsRegistry& reg = m_st.settings;
    if (m_config.eye) {
        m_st.teleport(*m_config.eye - glm::vec3(0.0f, 0.0f, m_st.session.movement().eyeHeight), 0.0f,
                      "the camera placed");
        m_st.setMode(movement::Mode::Noclip); // a placed camera stays where it was put
        reg.flag("cg_thirdPerson").set(false);
    }
    if (m_config.chase) {
        reg.flag("cg_thirdPerson").set(*m_config.chase > 0.0f);
        if (*m_config.chase > 0.0f)
            reg.number("cg_thirdPersonRange").set(*m_config.chase);
    }
    if (m_config.method)
        reg.choice("trace_method").set(int(*m_config.method));
    if (m_config.semantics)
        reg.choice("trace_semantics").set(int(*m_config.semantics));
    if (m_config.compareSemantics)
        reg.flag("trace_compareSemantics").set(true);
    if (m_config.sweep)
        m_st.probes.setSweep({true, m_config.sweep->first, m_config.sweep->second});
    if (m_config.openSections) {
        const auto& open = *m_config.openSections;
        const bool all = std::find(open.begin(), open.end(), "all") != open.end();
        for (const std::string& name : panels::sectionNames())
            m_st.view.setSectionOpen(name, all || std::find(open.begin(), open.end(), name) != open.end());
    }
    if (m_config.angles)
        m_st.view.setAngles(m_config.angles->x, m_config.angles->y);
}

void ViewerLoop::settle() {
    movement::Input none;
    none.yaw = m_st.view.camera().yaw;
    none.pitch = m_st.view.camera().pitch;
    m_st.session.applySettings();
    auto resting = [this] {
        const movement::PlayerState& s = m_st.session.player();
        return s.mode != movement::Mode::Walk || (s.onGround && glm::length(s.velocity) < 1e-3f);
    };
    int ticks = 0;
    // At least one tick: the ground check of a fresh spawn needs one.
    for (; ticks < m_config.settleTicks && (ticks == 0 || !resting()); ++ticks)
        runTick(none);
    m_st.session.setFrozen(true);
    std::printf("tick=%lld settled=%d\n", m_ticksRun, resting() ? 1 : 0);
}

void ViewerLoop::run() {
    while (frame()) {
    }
}

bool ViewerLoop::frame() {
    if (m_config.beforeFrame)
        m_config.beforeFrame(m_frame);
    const auto now = std::chrono::steady_clock::now();
    // --fps: every frame advances the simulation by exactly 1 / fps (tests, reproducible runs).
    const double frameTime =
        m_config.fps > 0.0 ? 1.0 / m_config.fps : std::chrono::duration<double>(now - m_last).count();
    m_last = now;
    m_st.stats.startFrame();
    const bool vsync = m_st.view.values().vsync;
    if (m_vsyncApplied != vsync && !m_config.hidden) {
        SDL_GL_SetSwapInterval(vsync ? 1 : 0);
        m_vsyncApplied = vsync;
    }
    // Events.
    // The console sees each event first: ~ and Ctrl+Q are its own, whatever else has the input.
    // Its opening and closing take effect from the next event of the same batch on.
    // What is typed while the console's line waits for the keyboard (just opened, or after Enter)
    // waits in the queue instead of being dropped by ImGui.
    m_input.setHoldText(m_console->awaitingInput());
    const FrameEvents events = m_input.poll(m_st, m_window.window(), [this](const SDL_Event& e) {
        const bool used = m_console->handleEvent(e);
        if (m_console->open() && m_input.captured())
            m_input.setCaptured(false); // typing goes to the console, the mouse to its scrollback
        m_input.setKeysToImGui(m_console->open());
        m_input.setHoldText(m_console->awaitingInput());
        return used;
    });
    if (!m_st.session.pendingLoad().empty() && m_frame > 0)
        m_st.switchMap(m_st.session.takePendingLoad()); // a frame after it was asked for: "loading" showed
    if (!m_st.session.pendingDemo().empty() && m_frame > 0)
        m_st.session.demo().open(m_st, m_st.session.takePendingDemo());
    if (const auto reloaded = m_st.pollMapFile(now)) // the map's file saved: reloaded, said on screen
        m_console->console().print(*reloaded);
    m_console->runQueued(); // typed lines and --exec files, before this frame's tick
    // Input: mouse look, then the keys.
    constexpr float kSensitivity = 0.15f; // degrees per mouse count
    m_st.view.look(events.look, kSensitivity);
    m_keys = m_input.movementInput(m_st); // the live player's next tick, for the strafe HUD
    simulate(frameTime);
    runProbes(events);
    drawPanels();
    drawScene();
    ++m_frame;
    const bool lastFrame = m_config.frames > 0 && m_frame >= m_config.frames;
    std::optional<std::string> shot = m_console->takeScreenshotRequest();
    if (events.screenshot && !shot)
        shot = std::string();
    capture(std::move(shot), lastFrame);
    m_console->printNotes(); // a screenshot written, a background search ended
    if (!m_config.hidden)
        m_window.swap();
    recordStats(frameTime);
    if (m_config.fps > 0.0) // hold the frame rate: frames never shorter than 1 / fps
        std::this_thread::sleep_until(now + std::chrono::duration<double>(1.0 / m_config.fps));
    return !events.quit && !lastFrame && !m_console->quitRequested();
}

LoggedTrace ViewerLoop::playerTrace(const collision::Shape& shape, const glm::vec3& a, const glm::vec3& b,
                                    int32_t mask) {
    LoggedTrace t = m_st.traceLogged("player", shape, a, b, mask);
    if (m_sink)
        m_sink->push_back(t);
    return t;
}

void ViewerLoop::runTick(const movement::Input& input) {
    ++m_ticksRun;
    const movement::PlayerState before = m_st.session.player();
    m_sink = &m_st.session.beginTickTraces();
    const collision::TraceFunction trace = [this](const collision::Shape& shape, const glm::vec3& a,
                                                  const glm::vec3& b, int32_t mask) {
        return playerTrace(shape, a, b, mask).result;
    };
    // Step-and-correct (the movement method) corrects against the loaded map's world brushes.
    m_st.session.tick(input, trace, m_recorder.get());
    m_st.session.replay().onTick(m_st, input, before); // F5: recorded, tick by tick
    m_sink = nullptr;
    m_st.keepInWorld();
}

void ViewerLoop::runKeysTick() {
    runTick(m_input.movementInput(m_st));
    m_input.tickRan(); // a tap since the last tick counted in this one
}

void ViewerLoop::simulate(double frameTime) {
    // Whole ticks at the tick rate, or one scripted tick per frame.
    Session& session = m_st.session;
    session.applySettings();
    if (session.demo().active()) {
        session.demo().update(m_st, frameTime); // a demo plays: the live player waits
    } else if (session.replay().active()) {
        session.replay().update(m_st, frameTime); // a recording plays: the live player waits
        m_input.tickRan(); // and a key tapped meanwhile does not act when it comes back
    } else if (m_config.script) {
        if (m_scriptTick < m_scriptInputs.size()) {
            const movement::Input& input = m_scriptInputs[m_scriptTick++];
            m_st.view.setAngles(input.pitch, input.yaw);
            runTick(input);
        }
    } else if (session.frozen()) {
        m_accumulator = 0.0;
        while (session.takeStep())
            runKeysTick();
    } else {
        session.dropStepRequests();
        m_accumulator += std::min(frameTime, 0.25);
        const double step = 1.0 / session.sim().rate();
        while (m_accumulator + 1e-9 >= step && !session.frozen()) { // leaving the world may stop it
            runKeysTick();
            m_accumulator = std::max(0.0, m_accumulator - step);
        }
    }
    const LoadedMap* map = session.map();
    const glm::vec3 eye = movement::eyePosition(session.player(), session.sim().settings());
    m_st.view.setEye(m_st.view.cameraPosition(eye, map ? map->model.get() : nullptr));
}

void ViewerLoop::updateViewport() {
    m_drawW = m_config.width;
    m_drawH = m_config.height;
    if (!m_config.hidden)
        SDL_GL_GetDrawableSize(m_window.window(), &m_drawW, &m_drawH);
    int winW = 1, winH = 1;
    SDL_GetWindowSize(m_window.window(), &winW, &winH);
    // Window coordinates to drawable pixels (high-DPI displays differ).
    m_pixelScale =
        glm::vec2(float(m_drawW) / float(std::max(winW, 1)), float(m_drawH) / float(std::max(winH, 1)));
    // The 3D view is the part of the window left of the sidebar (its width from the last frame).
    const float viewWidth = m_viewWidth < 0.0f ? float(winW) : m_viewWidth;
    // and above the Recording bar (its height from the last frame): the bar covers none of it.
    m_viewportY = std::clamp(int(m_barHeight * m_pixelScale.y + 0.5f), 0, std::max(m_drawH - 1, 0));
    m_st.view.setViewport(std::clamp(int(viewWidth * m_pixelScale.x + 0.5f), 1, std::max(m_drawW, 1)),
                          std::max(m_drawH - m_viewportY, 1));
}

void ViewerLoop::aimNames(const scene::Camera& camera) {
    // The face and brush under the crosshair (or the cursor over the view) named beside it: in
    // noclip by default, where a mapper looks around; never over the surface class view's own.
    m_st.analysis.clearAim();
    const ViewOptions::Values& view = m_st.view.values();
    const bool noclip = m_st.session.player().mode == movement::Mode::Noclip;
    if (view.crosshairNames == CrosshairNames::Off ||
        (view.crosshairNames == CrosshairNames::Noclip && !noclip) || m_st.analysis.values().surfaceClasses)
        return;
    glm::vec2 pixel(float(camera.width) * 0.5f, float(camera.height) * 0.5f);
    if (!m_input.captured()) {
        const auto cursor = m_input.cursor();
        const float viewHeight = float(camera.height) / m_pixelScale.y;
        if (!cursor || (m_viewWidth >= 0.0f && cursor->x >= m_viewWidth) || cursor->y >= viewHeight)
            return;
        pixel = *cursor * m_pixelScale;
    }
    m_st.analysis.aimAlong(m_st.session.map(), camera.eye, pixelRay(camera, pixel.x, pixel.y));
}

void ViewerLoop::runProbes(const FrameEvents& events) {
    updateViewport();
    const scene::Camera& camera = m_st.view.camera();
    if (events.probePixel) {
        const glm::vec2 pixel = events.probeThroughCentre
                                    ? glm::vec2(float(camera.width), float(camera.height)) * 0.5f
                                    : *events.probePixel * m_pixelScale;
        m_st.fireProbe(pixelRay(camera, pixel.x, pixel.y));
    }
    // The surface class view names what the cursor points at (over the 3D view, left of the sidebar).
    m_st.analysis.clearHover();
    if (const auto cursor = m_input.cursor();
        cursor && m_st.analysis.values().surfaceClasses && (m_viewWidth < 0.0f || cursor->x < m_viewWidth)) {
        const glm::vec2 pixel = *cursor * m_pixelScale;
        m_st.hoverAlong(pixelRay(camera, pixel.x, pixel.y));
    }
    aimNames(camera);
    const Probes& probes = m_st.probes;
    std::vector<LoggedTrace> sweep;
    if (probes.sweep().enabled)
        sweep = m_st.traceMethods("sweep", probes.settings().probeShape(), probes.sweep().start,
                                  probes.sweep().end, probes.settings().mask);
    m_st.probes.setSweepTrace(std::move(sweep));
}

void ViewerLoop::recordStats(double frameTime) {
    m_st.stats.endFrame(frameTime, glm::length(glm::vec2(m_st.session.player().velocity)));
    m_st.session.ageWorldNote(frameTime);
    m_st.mapper.ageNote(frameTime);
}

int ViewerLoop::finish() {
    m_st.session.replay().stopRecording(m_st); // a run that ends while recording keeps what it recorded
    if (m_config.printFinal) {
        const movement::PlayerState& s = m_st.session.player();
        // Median frame time of the last frames (the first one waits for the map load; skip it).
        const auto& frameMs = m_st.stats.frameMs();
        std::vector<float> ms(frameMs.begin() + (frameMs.size() > 1 ? 1 : 0), frameMs.end());
        std::sort(ms.begin(), ms.end());
        std::printf("frames=%lld ms_per_frame=%.2f\n", m_frame, ms.empty() ? 0.0 : double(ms[ms.size() / 2]));
        std::printf("ticks=%lld\nfinal %.3f %.3f %.3f ground=%d stuck=%d\n", m_ticksRun, double(s.origin.x),
                    double(s.origin.y), double(s.origin.z), s.onGround ? 1 : 0, s.stuck ? 1 : 0);
    }
    if (!m_configDir.empty())
        saveSettings(m_configDir + "/viewer.cfg", m_st);
    if (const int failed = m_console->fileErrors(); failed > 0) {
        std::fprintf(stderr, "cliplab view: %d command%s of %s failed\n", failed, failed == 1 ? "" : "s",
                     m_config.execFile.c_str());
        return 1;
    }
    return 0;
}

int runViewer(const ViewerConfig& config, std::unique_ptr<fs::FileSystem> vfs) {
    auto window = GlWindow::create("cliplab", config.width, config.height, config.hidden);
    if (!window) {
        std::fprintf(stderr, "cliplab view: %s\n", window.error().message.c_str());
        return 1;
    }
    ViewerLoop loop(config, *window.value());
    if (!loop.start(std::move(vfs)))
        return 1;
    loop.run();
    return loop.finish();
}

} // namespace cliplab::viewer
