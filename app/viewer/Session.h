#pragma once
/// \file Session.h
/// The session: the loaded map, the player's simulation with its movement settings, tick rate and
/// the collision rules every trace follows, recording and playback (ReplayController), and the
/// traces the player's ticks made. Its settings are written by the settings registry; the player
/// is moved between ticks by one call (movePlayer), which the recorder hears.

#include "fs/FileSystem.h"
#include "movement/Simulation.h"
#include "tracing/Tracing.h"
#include "viewer/DemoPlayback.h"
#include "viewer/LoadedMap.h"
#include "viewer/Probes.h"
#include "viewer/ReplayController.h"
#include "viewer/settings/SettingsKey.h"

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cliplab::viewer {

/// The viewer's trace options at first: robust semantics (the player never ends a tick in solid),
/// patches collide as in the game (cm_noCurves 0), the game's epsilon.
collision::TraceOptions viewerTraceOptions();

/// What happens to a player (walk or fly mode) that leaves the world: it falls past the bottom
/// of the map or goes beyond its bounds (the box of the world model, 64 units around).
enum class LeaveWorld {
    Respawn, ///< Back to the spawn point.
    Stop,    ///< The simulation freezes with the player where it left, for inspection.
};

/// Every choice and its name, in enum order.
inline constexpr std::array<core::EnumName<LeaveWorld>, 2> kLeaveWorldNames{{
    {LeaveWorld::Respawn, "respawn"},
    {LeaveWorld::Stop, "stop"},
}};
static_assert(core::inEnumOrder(kLeaveWorldNames));

class Session {
public:
    /// Ticks of player traces kept (for the debugger and the 3D view).
    static constexpr size_t kTickTracesKept = 200;

    /// The settings (every one a setting of the registry).
    struct Values {
        movement::Settings movement;                                          ///< The Movement panel's.
        double tickRate = movement::Simulation::kDefaultRate;                 ///< Ticks per second.
        tracing::Rules rules{viewerTraceOptions(), TraceMethod::Brush, true}; ///< Every trace's rules.
        LeaveWorld leaveWorld = LeaveWorld::Respawn;
    };

    Session();

    const Values& values() const { return m_values; }
    const movement::Settings& movement() const { return m_values.movement; }
    double tickRate() const { return m_values.tickRate; }
    const tracing::Rules& rules() const { return m_values.rules; }
    LeaveWorld leaveWorld() const { return m_values.leaveWorld; }
    /// Writes of the settings (the registry's): the movement settings sanitized, the tick rate
    /// clamped (the simulation rebuilt at it, keeping the player).
    void setMovement(const movement::Settings& settings, SettingsKey);
    void setTickRate(double hz, SettingsKey);
    void setRules(const tracing::Rules& rules, SettingsKey);
    void setLeaveWorld(LeaveWorld choice, SettingsKey) { m_values.leaveWorld = choice; }
    /// The movement settings the simulation runs with (the fly speed factor applied).
    movement::Settings effectiveSettings() const;

    // The map.
    const LoadedMap* map() const { return m_map.get(); }
    LoadedMap* map() { return m_map.get(); }
    /// The last load error (the Map panel shows it); empty = none.
    const std::string& mapError() const { return m_mapError; }
    /// Loads `argument` with the game data (needs a current GL context) without taking it: the
    /// caller stops what reads the current map first, then hands it to setMap. On failure the
    /// message is kept in mapError() (cleared by a success).
    core::Result<std::unique_ptr<LoadedMap>> load(const std::string& argument);
    /// The same for a map already read (a demo's: demo::loadDemoMap), named `argument`.
    core::Result<std::unique_ptr<LoadedMap>> load(const std::string& argument, bsp::BspData data);
    /// Takes `map` in place of the current one (tests: one from buildLoadedMap, no renderer).
    void setMap(std::unique_ptr<LoadedMap> map);
    /// Lets the map go (its GL objects need the context: before the window goes).
    void dropMap() { m_map.reset(); }
    const fs::FileSystem* fileSystem() const { return m_vfs.get(); }
    void setFileSystem(std::unique_ptr<fs::FileSystem> vfs);
    /// The maps in the mounted game data (listed once, on first use).
    const std::vector<std::string>& mapList();
    /// A MAP to load at the start of the next frame (the Map panel); empty = none.
    const std::string& pendingLoad() const { return m_pendingLoad; }
    void requestLoad(std::string argument) { m_pendingLoad = std::move(argument); }
    std::string takePendingLoad();
    /// The demos in the mounted game data (demos/*.dm_66 to .dm_71, listed once, on first use).
    const std::vector<std::string>& demoList();
    /// A DEMO to open at the start of the next frame (the Map panel); empty = none.
    const std::string& pendingDemo() const { return m_pendingDemo; }
    void requestDemo(std::string argument) { m_pendingDemo = std::move(argument); }
    std::string takePendingDemo() { return std::exchange(m_pendingDemo, std::string()); }

    // The player.
    const movement::Simulation& sim() const { return m_sim; }
    const movement::PlayerState& player() const { return m_sim.state(); }
    /// Whoever must know when the player is moved between ticks (the recorder): `why` says how.
    void setMoveListener(std::function<void(std::string_view why)> listener) {
        m_onMove = std::move(listener);
    }
    /// Whoever must know when what the player runs under changes: the movement settings, the tick
    /// rate, the rules or the fly speed factor (the recorder).
    void setSettingsListener(std::function<void()> listener) { m_onSettings = std::move(listener); }
    /// The one way the player is put somewhere between ticks: teleports, respawns, mode switches,
    /// playback. The listener hears `why` ("respawn", "a mode switch", ...).
    void movePlayer(const movement::PlayerState& state, std::string_view why);
    /// The simulation takes the movement settings in effect now (the loop, once a frame: the
    /// player's shape and eye follow them while the simulation waits).
    void applySettings() { m_sim.setSettings(effectiveSettings()); }
    /// Runs one tick of the simulation with `input` through `trace` (step-and-correct against the
    /// map's world brushes), the movement settings in effect; `recorder` sees every trace.
    void tick(const movement::Input& input, const collision::TraceFunction& trace,
              movement::Recorder* recorder);
    /// Step-and-correct corrections made in the last tick (Movement panel).
    int correctionsLastTick() const { return m_corrections; }

    /// The simulation paused; ticks asked for while paused (the Step button, N).
    bool frozen() const { return m_frozen; }
    void setFrozen(bool frozen) { m_frozen = frozen; }
    void requestStep() { ++m_stepRequests; }
    /// True (and one request used) when a step was asked for.
    bool takeStep();
    void dropStepRequests() { m_stepRequests = 0; }
    /// Mouse wheel: multiplies maxSpeed in fly and noclip modes, in [kFlySpeedMin, kFlySpeedMax]
    /// (NaN: 1); the settings listener hears it.
    float flySpeedScale() const { return m_flySpeedScale; }
    void setFlySpeedScale(float scale);

    /// Where a walking or flying player outside the world is, as a sentence ("the player left the
    /// world at X Y Z (below the map's bottom)"); none when it is inside, noclipping, or no map.
    std::optional<std::string> leftWorld() const;
    /// The note over the view ("the player left the world ..."); empty = none.
    const std::string& worldNote() const { return m_worldNote; }
    /// Shows `note` for `seconds` (negative: until the simulation runs again).
    void setWorldNote(std::string note, float seconds);
    void clearWorldNote() { m_worldNote.clear(); }
    /// A frame of `seconds` went by: a note whose time is up goes.
    void ageWorldNote(double seconds);

    /// The player's traces, one entry per tick (newest last, at most kTickTracesKept).
    const std::deque<std::vector<LoggedTrace>>& tickTraces() const { return m_tickTraces; }
    /// A new tick's entry, to log its traces into.
    std::vector<LoggedTrace>& beginTickTraces();
    /// A replayed tick's traces.
    void addTickTraces(std::vector<LoggedTrace> traces);
    void clearTickTraces() { m_tickTraces.clear(); }

    /// Recording the player, playing recordings back, ghosts.
    ReplayController& replay() { return m_replay; }
    const ReplayController& replay() const { return m_replay; }
    /// The demo playing (one playback at a time: opening a demo closes a recording's and back).
    DemoPlayback& demo() { return m_demo; }
    const DemoPlayback& demo() const { return m_demo; }
    /// The playback open (the demo's or the recording's), or null: what the timeline drives.
    Timeline* playback();

private:
    void rebuildSimulation();
    void settingsChanged();

    Values m_values;
    std::unique_ptr<fs::FileSystem> m_vfs; ///< Mounted game data (may have no mounts).
    std::unique_ptr<LoadedMap> m_map;
    std::string m_mapError, m_pendingLoad, m_pendingDemo;
    std::optional<std::vector<std::string>> m_mapList, m_demoList;
    movement::Simulation m_sim{movement::Settings{}};
    std::function<void(std::string_view)> m_onMove;
    std::function<void()> m_onSettings;
    int m_corrections = 0;
    bool m_frozen = false;
    int m_stepRequests = 0;
    float m_flySpeedScale = 1.0f;
    std::string m_worldNote;
    float m_worldNoteSeconds = 0.0f; ///< How much longer the note shows; negative: until the simulation runs.
    std::deque<std::vector<LoggedTrace>> m_tickTraces;
    ReplayController m_replay;
    DemoPlayback m_demo;
};

} // namespace cliplab::viewer
