#pragma once
/// \file ViewerLoop.h
/// The viewer's frame loop as an object, so that runViewer() and the tests run the very same
/// frames: tests push SDL events (SDL_PushEvent) and call frame(), then read the state.

#include "viewer/ConsoleSession.h"
#include "viewer/Viewer.h"
#include "viewer/ViewerInput.h"
#include "viewer/ViewerState.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace cliplab::viewer {

class GlWindow;
class OffscreenTarget;

/// One viewer session: ImGui's context, the state, the input routing. Each frame runs the named
/// steps in order: events, input, simulation, probes, panels, draw, capture.
class ViewerLoop {
public:
    /// Creates ImGui's context for `window` (which must outlive the loop, its GL context current).
    /// With config.persist the settings and ImGui's layout live in configDirectory().
    ViewerLoop(const ViewerConfig& config, GlWindow& window);
    ~ViewerLoop();
    ViewerLoop(const ViewerLoop&) = delete;
    ViewerLoop& operator=(const ViewerLoop&) = delete;

    /// Loads the settings and the map and applies the config; false (message printed) on failure.
    bool start(std::unique_ptr<fs::FileSystem> vfs);
    /// Runs frames until the window closes or config.frames is reached.
    void run();
    /// One frame; false once the loop should stop (window closed, config.frames reached).
    bool frame();
    /// The final lines for `--exit`, and the settings saved; the exit code (1 when a command of an
    /// `--exec` file failed, else 0).
    int finish();

    ViewerState& state() { return m_st; }
    ViewerInput& input() { return m_input; }
    ConsoleSession& console() { return *m_console; }
    long long framesRun() const { return m_frame; }

private:
    struct ImGuiSession;
    class PurposeRecorder;

    void applyConfig();
    void settle();
    void simulate(double frameTime);
    /// One tick with the keys the view holds (and the taps since the last tick).
    void runKeysTick();
    void runTick(const movement::Input& input);
    void updateViewport();
    void runProbes(const FrameEvents& events);
    /// Names the face under the crosshair (or the cursor) when view.crosshairNames asks for it.
    void aimNames(const scene::Camera& camera);
    void drawPanels();
    void drawScene();
    /// The analysis views (Render panel), through the debug-draw layer.
    void drawAnalysis(debugdraw::DebugDraw& draw);
    /// The jump pads' arcs and the airborne player's predicted flight.
    void drawArcs(debugdraw::DebugDraw& draw);
    /// The world's brushes grown by the player's or the probe's box.
    void drawHullView(debugdraw::DebugDraw& draw);
    void capture(std::optional<std::string> request, bool lastFrame);
    void recordStats(double frameTime);
    LoggedTrace playerTrace(const collision::Shape& shape, const glm::vec3& a, const glm::vec3& b,
                            int32_t mask);

    const ViewerConfig& m_config;
    GlWindow& m_window;
    std::string m_configDir;
    std::unique_ptr<ImGuiSession> m_gui;
    ViewerState m_st;
    ViewerInput m_input;
    std::unique_ptr<ConsoleSession> m_console; ///< After m_st: its commands are bound to the state.
    std::unique_ptr<OffscreenTarget> m_offscreen;
    movement::Input m_keys; ///< This frame's keys and view angles (the live player's next tick).
    std::vector<movement::Input> m_scriptInputs;
    size_t m_scriptTick = 0;
    std::vector<LoggedTrace>* m_sink = nullptr; ///< Where the player's traces of the running tick go.
    std::unique_ptr<PurposeRecorder> m_recorder;
    long long m_ticksRun = 0, m_frame = 0;
    int m_drawW = 1, m_drawH = 1; ///< The window's drawable size (pixels).
    glm::vec2 m_pixelScale{1.0f}; ///< Drawable pixels per window coordinate.
    float m_viewWidth = -1.0f;    ///< Width left of the sidebar (window coordinates); < 0 = whole window.
    float m_barHeight = 0.0f;     ///< Height of the Recording bar below the view (window coordinates).
    int m_viewportY = 0;          ///< The view's lowest pixel row above the drawable's bottom (pixels).
    bool m_everCaptured = false;  ///< The mouse was captured once: the first-minute hint is gone.
    bool m_vsyncApplied = false;
    double m_accumulator = 0.0;
    std::chrono::steady_clock::time_point m_last = std::chrono::steady_clock::now();
};

} // namespace cliplab::viewer
