// The viewer's main loop: events and input, the fixed-step simulation, probes, panels, drawing.

#include "viewer/Viewer.h"

#include "viewer/BrushView.h"
#include "viewer/GlWindow.h"
#include "viewer/HeldKeys.h"
#include "viewer/Png.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerSettings.h"
#include "viewer/ViewerState.h"
#include "viewer/panels/Panels.h"

#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>
#include <glm/gtc/matrix_inverse.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <thread>

namespace cliplab::viewer {

namespace {

/// Names the purpose of each player trace: called by movement right after the trace was logged.
class PurposeRecorder : public movement::Recorder {
public:
    explicit PurposeRecorder(std::vector<LoggedTrace>*& sink) : m_sink(sink) {}
    void onTrace(const movement::TraceRecord& record) override {
        static constexpr const char* kNames[] = {"player: slide", "player: step up", "player: step down",
                                                 "player: ground", "player: position"};
        if (m_sink && !m_sink->empty())
            m_sink->back().source = kNames[static_cast<int>(record.purpose)];
    }
    /// Step-and-correct: counted for the Movement panel (corrections are not traces).
    void onCorrection(const movement::CorrectionRecord&) override { ++corrections; }
    int corrections = 0;

private:
    std::vector<LoggedTrace>*& m_sink;
};

/// Owns ImGui's context and backends for the loop's lifetime.
struct ImGuiSession {
    ImGuiSession(SDL_Window* window, const std::string& iniPath) : ini(iniPath) {
        IMGUI_CHECKVERSION();
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = ini.empty() ? nullptr : ini.c_str();
        ImGui::StyleColorsDark();
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

/// The bound framebuffer's pixels as RGB rows, top row first.
std::vector<unsigned char> readPixels(int width, int height) {
    std::vector<unsigned char> rows(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
    std::vector<unsigned char> flipped(rows.size());
    const size_t stride = static_cast<size_t>(width) * 3;
    for (int y = 0; y < height; ++y)
        std::copy_n(rows.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(height - 1 - y) * stride),
                    stride, flipped.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(y) * stride));
    return flipped;
}

/// Direction (unit) of the ray through window pixel (x, y) of `camera`.
glm::vec3 pixelRay(const render::Camera& camera, float x, float y) {
    const glm::mat4 inv = glm::inverse(camera.viewProjection());
    const float nx = 2.0f * x / float(camera.width) - 1.0f, ny = 1.0f - 2.0f * y / float(camera.height);
    glm::vec4 a = inv * glm::vec4(nx, ny, -1.0f, 1.0f), b = inv * glm::vec4(nx, ny, 1.0f, 1.0f);
    return glm::normalize(glm::vec3(b) / b.w - glm::vec3(a) / a.w);
}

/// Opens config.replayPath with config.ghosts and puts the playhead at config.replayAt; false
/// (the error printed) when the recording, its map or a ghost is refused.
bool openReplay(const ViewerConfig& config, ViewerState& st) {
    for (const std::string& g : config.ghosts)
        if (const std::string error = st.replay.addGhost(g); !error.empty()) {
            std::fprintf(stderr, "cliplab view: --ghost \"%s\": %s\n", g.c_str(), error.c_str());
            return false;
        }
    if (config.replayPath.empty())
        return true;
    if (config.angles) // the camera stays as asked instead of following the recorded view
        st.replay.setFollowView(false);
    if (!st.replay.open(st, config.replayPath, config.map)) {
        std::fprintf(stderr, "cliplab view: %s\n", st.replay.status().c_str());
        return false;
    }
    if (config.replayAt) {
        const auto parting = st.replay.firstParting();
        const double rate = st.replay.runs()->run(0).settings.rate;
        const double at = *config.replayAt;
        st.replay.seek(st, at < 0.0 ? (parting ? parting->tick : 0) : static_cast<size_t>(std::llround(at * rate)));
    }
    return true;
}

} // namespace

int runViewer(const ViewerConfig& config, std::unique_ptr<fs::FileSystem> vfs) {
    auto window = GlWindow::create("cliplab", config.width, config.height, config.hidden);
    if (!window) {
        std::fprintf(stderr, "cliplab view: %s\n", window.error().message.c_str());
        return 1;
    }
    SDL_Window* sdlWindow = window.value()->window();
    const std::string configDir = config.persist ? configDirectory() : std::string();
    if (!configDir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(configDir, ec);
    }
    ImGuiSession gui(sdlWindow, configDir.empty() ? std::string() : configDir + "/imgui.ini");

    ViewerState st;
    st.vfs = std::move(vfs);
    if (!configDir.empty())
        loadSettings(configDir + "/viewer.cfg", st);
    if (config.script)
        st.tickRate = config.tickRate;
    st.applyTickRate();
    if (!st.switchMap(config.map)) {
        std::fprintf(stderr, "cliplab view: %s\n", st.mapError.c_str());
        return 1;
    }
    if (config.eye) {
        st.teleport(*config.eye - glm::vec3(0.0f, 0.0f, st.moveSettings.eyeHeight), 0.0f);
        movement::PlayerState s = st.sim.state();
        s.mode = movement::Mode::Noclip; // a placed camera stays where it was put
        st.sim.setState(s);
    }
    st.chaseDistance = config.chase;
    if (config.method)
        st.trace.method = *config.method;
    if (config.semantics)
        st.trace.options.semantics = *config.semantics;
    if (config.compareSemantics)
        st.trace.compareSemantics = true;
    if (config.sweep) {
        st.sweep.enabled = true;
        st.sweep.start = config.sweep->first;
        st.sweep.end = config.sweep->second;
    }
    if (config.angles) {
        st.camera.pitch = config.angles->x;
        st.camera.yaw = config.angles->y;
    }
    st.replay.setSavePath(config.recordingPath);
    if (!openReplay(config, st))
        return 1;
    std::unique_ptr<OffscreenTarget> offscreen;
    if (config.hidden) {
        auto t = OffscreenTarget::create(config.width, config.height);
        if (!t) {
            std::fprintf(stderr, "cliplab view: %s\n", t.error().message.c_str());
            return 1;
        }
        offscreen = std::move(t.value());
    }
    const std::vector<movement::Input> scriptInputs =
        config.script ? movement::scriptTicks(*config.script, st.tickRate) : std::vector<movement::Input>{};
    size_t scriptTick = 0;

    std::vector<LoggedTrace>* sink = nullptr;
    PurposeRecorder recorder(sink);
    const collision::TraceFunction playerTrace = [&st, &sink](const collision::Shape& shape, const glm::vec3& a,
                                                              const glm::vec3& b, int32_t mask) {
        LoggedTrace t = st.traceLogged("player", shape, a, b, mask);
        if (!sink)
            return t.result;
        sink->push_back(std::move(t));
        return sink->back().result;
    };
    long long ticksRun = 0;
    auto runTick = [&](const movement::Input& input) {
        ++ticksRun;
        const movement::PlayerState before = st.sim.state();
        st.tickTraces.emplace_back();
        sink = &st.tickTraces.back();
        recorder.corrections = 0;
        // Step-and-correct (Movement panel's method) corrects against the loaded map's world brushes.
        st.sim.tick(input, playerTrace, &recorder, &st.map->correct);
        st.correctionsLastTick = recorder.corrections;
        st.replay.onTick(st, input, before); // F5: recorded, tick by tick
        sink = nullptr;
        while (st.tickTraces.size() > 200)
            st.tickTraces.pop_front();
    };

    bool mouseCaptured = false, running = true, vsyncApplied = !st.vsync;
    double accumulator = 0.0;
    auto last = std::chrono::steady_clock::now();
    long long frame = 0;
    HeldKeys heldKeys;
    while (running) {
        if (config.beforeFrame)
            config.beforeFrame(frame);
        const auto now = std::chrono::steady_clock::now();
        const double frameTime = config.fps > 0.0 ? 1.0 / config.fps : std::chrono::duration<double>(now - last).count();
        last = now;
        st.tracesThisFrame = 0;
        st.traceMicrosThisFrame = 0.0;
        if (vsyncApplied != st.vsync && !config.hidden) {
            SDL_GL_SetSwapInterval(st.vsync ? 1 : 0);
            vsyncApplied = st.vsync;
        }

        // Events.
        ImGuiIO& io = ImGui::GetIO();
        bool probeClick = false, screenshotKey = false;
        glm::vec2 probePixel{0.0f};
        float lookX = 0.0f, lookY = 0.0f;
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            ImGui_ImplSDL2_ProcessEvent(&ev);
            heldKeys.onEvent(ev);
            const bool rightHeld = (SDL_GetMouseState(nullptr, nullptr) & SDL_BUTTON(SDL_BUTTON_RIGHT)) != 0;
            switch (ev.type) {
            case SDL_QUIT: running = false; break;
            case SDL_MOUSEMOTION:
                if (mouseCaptured || rightHeld) {
                    lookX += float(ev.motion.xrel);
                    lookY += float(ev.motion.yrel);
                }
                break;
            case SDL_MOUSEBUTTONDOWN:
                if (!mouseCaptured && io.WantCaptureMouse)
                    break;
                if (ev.button.button == SDL_BUTTON_LEFT) {
                    if (mouseCaptured) {
                        probeClick = true;
                        probePixel = {float(st.camera.width) * 0.5f, float(st.camera.height) * 0.5f};
                    } else if (rightHeld) {
                        probeClick = true;
                        probePixel = {float(ev.button.x), float(ev.button.y)};
                    } else {
                        mouseCaptured = true;
                        SDL_SetRelativeMouseMode(SDL_TRUE);
                    }
                } else if (ev.button.button == SDL_BUTTON_RIGHT && !mouseCaptured) {
                    SDL_SetRelativeMouseMode(SDL_TRUE);
                }
                break;
            case SDL_MOUSEBUTTONUP:
                if (ev.button.button == SDL_BUTTON_RIGHT && !mouseCaptured)
                    SDL_SetRelativeMouseMode(SDL_FALSE);
                break;
            case SDL_MOUSEWHEEL:
                if (!io.WantCaptureMouse || mouseCaptured)
                    st.flySpeedScale = std::clamp(st.flySpeedScale * (ev.wheel.y > 0 ? 1.25f : 0.8f), 0.05f, 20.0f);
                break;
            case SDL_KEYDOWN: {
                if (io.WantCaptureKeyboard && !mouseCaptured)
                    break;
                movement::PlayerState ps = st.sim.state();
                switch (ev.key.keysym.sym) {
                case SDLK_ESCAPE:
                    mouseCaptured = false;
                    SDL_SetRelativeMouseMode(SDL_FALSE);
                    break;
                case SDLK_v:
                    ps.mode = ps.mode == movement::Mode::Noclip ? movement::Mode::Walk : movement::Mode::Noclip;
                    st.sim.setState(ps);
                    break;
                case SDLK_f:
                    ps.mode = ps.mode == movement::Mode::Fly ? movement::Mode::Walk : movement::Mode::Fly;
                    st.sim.setState(ps);
                    break;
                case SDLK_r: st.respawn(); break;
                case SDLK_p: st.frozen = !st.frozen; break;
                case SDLK_n: ++st.stepRequests; break;
                case SDLK_1: st.sweep.start = st.camera.eye; st.sweep.enabled = true; break;
                case SDLK_2: st.sweep.end = st.camera.eye; st.sweep.enabled = true; break;
                case SDLK_F12: screenshotKey = true; break;
                case SDLK_F5: st.replay.toggleRecording(st); break;
                case SDLK_F11:
                    st.fullscreen = !st.fullscreen;
                    SDL_SetWindowFullscreen(sdlWindow, st.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
                    break;
                default: break;
                }
                break;
            }
            default: break;
            }
        }
        if (!st.pendingLoad.empty() && frame > 0) {
            // Loaded one frame after it was asked for, so the Map panel could show "loading".
            const std::string arg = std::move(st.pendingLoad);
            st.pendingLoad.clear();
            st.switchMap(arg);
        }

        // Look and input.
        constexpr float kSensitivity = 0.15f; // degrees per mouse count
        st.camera.yaw -= lookX * kSensitivity;
        st.camera.pitch = std::clamp(st.camera.pitch + lookY * kSensitivity, -89.0f, 89.0f);
        movement::Input input;
        const HeldKeys& keys = heldKeys;
        if (!io.WantCaptureKeyboard || mouseCaptured) {
            const float scale = (keys[SDL_SCANCODE_LSHIFT] || keys[SDL_SCANCODE_RSHIFT]) ? 0.5f : 1.0f;
            input.forward = scale * float(int(keys[SDL_SCANCODE_W]) - int(keys[SDL_SCANCODE_S]));
            input.right = scale * float(int(keys[SDL_SCANCODE_D]) - int(keys[SDL_SCANCODE_A]));
            input.jump = keys[SDL_SCANCODE_SPACE] != 0;
            input.crouch = keys[SDL_SCANCODE_C] != 0;
            input.up = input.crouch ? -1.0f : (input.jump ? 1.0f : 0.0f);
        }
        input.yaw = st.camera.yaw;
        input.pitch = st.camera.pitch;

        // Simulation: whole ticks at the tick rate (or one scripted tick per frame).
        st.sim.setSettings(st.effectiveSettings());
        if (st.replay.active()) {
            st.replay.update(st, frameTime); // a recording plays: the live player waits
        } else if (config.script) {
            if (scriptTick < scriptInputs.size()) {
                input = scriptInputs[scriptTick++];
                st.camera.yaw = input.yaw;
                st.camera.pitch = input.pitch;
                runTick(input);
            }
        } else if (st.frozen) {
            accumulator = 0.0;
            for (; st.stepRequests > 0; --st.stepRequests)
                runTick(input);
        } else {
            st.stepRequests = 0;
            accumulator += std::min(frameTime, 0.25);
            const double step = 1.0 / st.sim.rate();
            while (accumulator + 1e-9 >= step) {
                runTick(input);
                accumulator = std::max(0.0, accumulator - step);
            }
        }
        const movement::PlayerState& ps = st.sim.state();
        st.camera.eye = movement::eyePosition(ps, st.sim.settings()) - st.camera.forward() * st.chaseDistance;

        // Probes.
        int drawW = config.width, drawH = config.height;
        if (!config.hidden)
            SDL_GL_GetDrawableSize(sdlWindow, &drawW, &drawH);
        st.camera.width = std::max(drawW, 1);
        st.camera.height = std::max(drawH, 1);
        if (probeClick) {
            int winW = 1, winH = 1;
            SDL_GetWindowSize(sdlWindow, &winW, &winH);
            // Window coordinates to drawable pixels (high-DPI displays differ).
            const float sx = mouseCaptured ? 1.0f : float(drawW) / float(std::max(winW, 1));
            const float sy = mouseCaptured ? 1.0f : float(drawH) / float(std::max(winH, 1));
            const glm::vec3 dir = pixelRay(st.camera, probePixel.x * sx, probePixel.y * sy);
            auto traces = st.traceMethods("probe", st.trace.probeShape(), st.camera.eye,
                                          st.camera.eye + dir * 8192.0f, st.trace.mask);
            st.probe = traces.front();
            st.probeCompare.reset();
            if (traces.size() > 1)
                st.probeCompare = traces[1];
        }
        st.sweepTrace.clear();
        if (st.sweep.enabled)
            st.sweepTrace = st.traceMethods("sweep", st.trace.probeShape(), st.sweep.start, st.sweep.end, st.trace.mask);

        // Panels.
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        // First-use layout (the ini file keeps what the user arranges): two columns at the sides,
        // the view in the middle; the less used panels start collapsed.
        struct Slot {
            void (*draw)(ViewerState&);
            const char* name;
            bool right, collapsed;
            float height;
        };
        static constexpr Slot kSlots[] = {
            {panels::tracePanel, "Trace", false, false, 300.0f},
            {panels::movementPanel, "Movement", false, false, 330.0f},
            {panels::mapPanel, "Map", true, false, 220.0f},
            {panels::probePanel, "Probe", true, true, 220.0f},
            {panels::debuggerPanel, "Trace debugger", true, true, 360.0f},
            {panels::renderPanel, "Render", true, true, 330.0f},
            {panels::statsPanel, "Stats", true, false, 260.0f},
            {panels::helpPanel, "Help", true, true, 330.0f},
        };
        float column[2] = {8.0f, 8.0f};
        for (const Slot& slot : kSlots) {
            constexpr float kWidth = 340.0f, kCollapsedHeight = 21.0f;
            const ImVec2 display = io.DisplaySize;
            const float x = slot.right ? display.x - kWidth - 8.0f : 8.0f;
            float& y = column[slot.right ? 1 : 0];
            ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
            ImGui::SetNextWindowSize(ImVec2(kWidth, slot.height), ImGuiCond_FirstUseEver);
            ImGui::SetNextWindowCollapsed(slot.collapsed, ImGuiCond_FirstUseEver);
            ImGui::SetNextWindowBgAlpha(0.85f);
            y += (slot.collapsed ? kCollapsedHeight : slot.height) + 4.0f;
            slot.draw(st);
        }
        panels::recordingPanel(st); // along the bottom, between the columns
        ImGui::Render();

        // Drawing.
        if (offscreen)
            offscreen->bind();
        else
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
        render::Renderer& renderer = *st.map->renderer;
        render::RenderSettings rs = st.render;
        rs.drawWorld = !st.collisionBrushView;
        if (st.collisionBrushView)
            drawBrushes(st.map->data, renderer.debugDraw(), st.camera.eye, st.brushView.range, st.brushView.shown,
                        st.brushView.bevels);
        drawTraceVis(st, renderer.debugDraw());
        st.replay.draw(st, renderer.debugDraw());
        const double seconds = ps.time;
        renderer.draw(st.camera, seconds, rs);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        ++frame;
        const bool lastFrame = config.frames > 0 && frame >= config.frames;
        if (screenshotKey || (lastFrame && !config.screenshot.empty())) {
            std::string path = config.screenshot;
            if (path.empty()) {
                char name[64];
                const std::time_t t = std::time(nullptr);
                std::strftime(name, sizeof name, "cliplab-%Y%m%d-%H%M%S.png", std::localtime(&t));
                path = name;
            }
            if (!offscreen)
                glReadBuffer(GL_BACK);
            const core::Status written = writePng(path, st.camera.width, st.camera.height,
                                                  readPixels(st.camera.width, st.camera.height));
            st.status = written ? "screenshot saved to " + std::filesystem::absolute(path).string()
                                : written.error().message;
            std::printf("%s\n", st.status.c_str());
        }
        if (!config.hidden)
            window.value()->swap();

        FrameStats::push(st.stats.frameMs, float(frameTime * 1000.0));
        FrameStats::push(st.stats.tracesPerFrame, float(st.tracesThisFrame));
        FrameStats::push(st.stats.usPerTrace,
                         st.tracesThisFrame ? float(st.traceMicrosThisFrame / double(st.tracesThisFrame)) : 0.0f);
        FrameStats::push(st.stats.speed, glm::length(glm::vec2(ps.velocity)));
        if (lastFrame)
            running = false;
        if (config.fps > 0.0) // hold the frame rate: frames never shorter than 1 / fps
            std::this_thread::sleep_until(now + std::chrono::duration<double>(1.0 / config.fps));
    }
    st.replay.stopRecording(st); // a run that ends while recording keeps what it recorded
    if (config.printFinal) {
        const movement::PlayerState& s = st.sim.state();
        // Median frame time of the last frames (the first one waits for the map load; skip it).
        std::vector<float> ms(st.stats.frameMs.begin() + (st.stats.frameMs.size() > 1 ? 1 : 0), st.stats.frameMs.end());
        std::sort(ms.begin(), ms.end());
        std::printf("frames=%lld ms_per_frame=%.2f\n", frame, ms.empty() ? 0.0 : double(ms[ms.size() / 2]));
        std::printf("ticks=%lld\nfinal %.3f %.3f %.3f ground=%d stuck=%d\n", ticksRun, double(s.origin.x),
                    double(s.origin.y), double(s.origin.z), s.onGround ? 1 : 0, s.stuck ? 1 : 0);
    }
    if (!configDir.empty())
        saveSettings(configDir + "/viewer.cfg", st);
    return 0;
}

} // namespace cliplab::viewer
