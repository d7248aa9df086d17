#pragma once
/// \file ViewerState.h
/// Everything the interactive viewer's panels read and change, in parts with one owner each: the
/// session (map, simulation, recording and replay), the probes, the view options, the analysis
/// views and the frame statistics; the settings registry, the only writer of their settings; and
/// the commands that span several parts (teleport, probe, load a map...). Panels read the parts and
/// send commands or set settings. The SDL/ImGui loop lives in Viewer.cpp.

#include "viewer/AnalysisViews.h"
#include "viewer/FrameStats.h"
#include "viewer/LoadedMap.h"
#include "viewer/MapperTools.h"
#include "viewer/Probes.h"
#include "viewer/Session.h"
#include "viewer/ViewOptions.h"
#include "viewer/settings/SettingsRegistry.h"

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::viewer {

/// The text fields ImGui edits in place (the Map panel's); written by the panels alone.
struct PanelInputs {
    std::array<char, 512> mapPath{};  ///< The Map panel's path field.
    std::array<char, 64> mapFilter{}; ///< The Map panel's filter field.
    std::array<char, 512> demoPath{}; ///< The Map panel's demo field.
};

struct ViewerState {
    ViewerState();
    ViewerState(const ViewerState&) = delete;
    ViewerState& operator=(const ViewerState&) = delete;

    Session session;
    Probes probes;
    ViewOptions view;
    /// After the session: a reach search reading the map is cancelled and joined before it goes.
    AnalysisViews analysis;
    FrameStats stats;
    /// The watch on the map's file, the reload note, the leak path and the measuring tape.
    MapperTools mapper;
    /// Every setting of the parts above, bound to its owner.
    SettingsRegistry settings{session, probes, view, analysis};
    PanelInputs inputs;

    /// One line at the bottom of the Help panel (e.g. "screenshot saved to ...").
    const std::string& status() const { return m_status; }
    void say(std::string line) { m_status = std::move(line); }
    /// A status line the console prints as well (a screenshot written, a background search
    /// ended): the user hears about it where they asked for it.
    void announce(std::string line) {
        m_notes.push_back(line);
        say(std::move(line));
    }
    /// The announced lines not printed yet; cleared by the call.
    std::vector<std::string> takeNotes();

    /// Traces `shape` from `start` to `end` by the rules, timing and counting it (Both traces by
    /// the brush trace: the player's moves need one answer).
    LoggedTrace traceLogged(const std::string& source, const collision::Shape& shape, const glm::vec3& start,
                            const glm::vec3& end, int32_t mask);
    /// traceLogged() by the rules' method: two traces (brush, then planeshift, whose source gets
    /// " (planeshift)") with Both, or the two semantics when the probe compares them; else one.
    std::vector<LoggedTrace> traceMethods(const std::string& source, const collision::Shape& shape,
                                          const glm::vec3& start, const glm::vec3& end, int32_t mask);
    /// The traces the debugger lists: the probe, the sweep, then the player's last tick's.
    std::vector<const LoggedTrace*> debuggerList() const;

    /// Puts the player at `origin` (units) looking along `yaw` (degrees), at rest, in its mode;
    /// `why` is what a recording hears.
    void teleport(const glm::vec3& origin, float yaw, std::string_view why = "a teleport");
    /// Puts the player at the map's first spawn point (the middle of the world without one).
    void respawn();
    /// Switches the player's mode (walk, fly, noclip).
    void setMode(movement::Mode mode);
    /// Checks the player after a tick: a walking or flying player outside the world (see
    /// LeaveWorld) is respawned or stopped as the setting says, with a note saying where and what
    /// was done. Noclip may go anywhere. True when the player had left.
    bool keepInWorld();
    /// The player's eye: its origin plus the view height (crouched or standing), whatever the
    /// camera (the chase camera sits behind it).
    glm::vec3 playerEye() const;
    /// Traces the probe shape from the player's eye (playerEye(), also with the chase camera)
    /// along `direction` (unit; the camera's aim) for 8192 units by the rules' method, keeps it
    /// as the last probe (with its twin), shows what it hit and brings the Inspector into view.
    void fireProbe(const glm::vec3& direction);
    /// The surface class view names what a ray from the eye along `direction` points at.
    void hoverAlong(const glm::vec3& direction);
    /// The Inspector shows brush `brush` without a hit; false (nothing changed) when out of range.
    bool inspectBrush(int32_t brush, const std::string& source);
    /// "Go to brush": noclip, the eye placed on the line from the current eye to the brush's
    /// centre, far enough to see the whole brush (1.2 x its bounding radius + 32 units, at least
    /// 64), looking at its centre, in first person; the brush is drawn highlighted. False when out
    /// of range.
    bool goToBrush(int32_t brush);

    /// Runs the soak's walkers on the map for `ticks` ticks (the movement settings, the rules,
    /// seed 1) and shows where they snagged; the summary line, or an error starting "snags:".
    std::string findSnags(int64_t ticks);
    /// Starts a reach search (cells of `grid` units) on a background thread, cancelling one under
    /// way; what happened, or an error starting "reach:".
    std::string startReach(float grid);
    /// Takes a finished search's result and shows it. Every frame.
    /// `announceEnd`: the summary also goes to the console (announce()), else only to the status.
    void pollReach(bool announceEnd = true);

    /// The station of step-and-correct's known failure (Movement panel button): method
    /// step-and-correct with kDemoStepLength-unit steps at kDemoTickRate ticks/s, max speed
    /// kDemoMaxSpeed and accelerate kDemoAccelerate (full speed in one tick), walk mode, and the
    /// player at the playground's "thin wall: 1 thick" station facing the walls (+y). Holding
    /// forward then carries the box through the 1, 2 and 4 unit walls (a 33-unit step passes walls
    /// thinner than 2 * 33 - 30); with swept traces it stops at each. False, and nothing changed,
    /// when the map has no such station.
    bool startThinWallDemo();
    static constexpr float kDemoStepLength = 64.0f; ///< Units.
    static constexpr double kDemoTickRate = 30.0;   ///< Ticks per second.
    static constexpr float kDemoMaxSpeed = 1000.0f; ///< Units per second.
    static constexpr float kDemoAccelerate = 50.0f; ///< 1/s.
    /// The Movement panel's "defaults": every movement setting back to its default but the preset,
    /// the method and the step length.
    void movementDefaults();

    /// Loads `argument` (needs a current GL context) and respawns; on failure keeps the current
    /// map, the message in session.mapError(), and returns false.
    bool switchMap(const std::string& argument);
    /// The same for a map already read (a demo's), named `argument`.
    bool switchMap(const std::string& argument, bsp::BspData data);
    /// Takes `map` (tests: built without a renderer) as switchMap takes a loaded one.
    void setMap(std::unique_ptr<LoadedMap> map);
    /// Lets the map go (searches reading it first); its GL objects need the context.
    void dropMap();

    // The mapper's tools (ViewerMapper.cpp).
    /// Loads the map again from its file (needs a current GL context), keeping the camera, the
    /// player where its box still fits (else respawned, as the game would), the settings, the open
    /// panels and the tape's points; says so in mapper.note with the compile time. A map that no
    /// longer loads stays as it was, the error (file:line:col for a .map) in the note until the
    /// next load. The note's text is returned; false in `ok` when the reload failed.
    std::string reloadMap(bool* ok = nullptr);
    /// Every frame: reloads the map when its file changed on disk (MapWatcher); the note's line
    /// when it did, else nothing.
    std::optional<std::string> pollMapFile(std::chrono::steady_clock::time_point now);
    /// Shows the leak path of pointfile `file`, or with "" the map's own: the compile's leak of a
    /// .map, else the .lin beside the map's file. Then flies to its start (goToLeak). The summary
    /// line, or an error starting "pointfile:" naming the file (and line and column when it does
    /// not parse); the leak shown is kept on error.
    std::string showPointfile(const std::string& file);
    /// Flies the camera (noclip, first person) to the leak path's first point, the void end
    /// (kLeakViewBack units back from it, so its marker is in sight), looking along the path;
    /// false without a leak path.
    bool goToLeak();
    static constexpr float kLeakViewBack = 48.0f; ///< Units.
    /// Measures from `a` to `b` with the Movement panel's settings and the rules and shows the
    /// tape; false (nothing changed) without a map.
    bool measure(const analysis::TapePoint& a, const analysis::TapePoint& b);
    /// Measures the probe's last two hits; false when there are not two.
    bool measureLastHits();

private:
    /// Takes `map` as setMap does, without moving the player.
    void takeMap(std::unique_ptr<LoadedMap> map, bool reload);
    /// Noclip, first person, the eye at `eye` looking along `dir` (unit).
    void flyCamera(const glm::vec3& eye, const glm::vec3& dir, std::string_view why);
    std::vector<LoggedTrace> traceByMethodLogged(TraceMethod method, const std::string& source,
                                                 const collision::Shape& shape, const glm::vec3& start,
                                                 const glm::vec3& end, int32_t mask);
    std::string m_status;
    std::vector<std::string> m_notes; ///< announce()d, for the console.
};

} // namespace cliplab::viewer
