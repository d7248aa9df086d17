#pragma once
/// \file Recording.h
/// A recorded run: the player's input at every simulation tick, the state it started from and every
/// movement and trace setting in effect, so the run can be played again exactly (Replay.h) or under
/// other settings (Compare.h). Stored as `.cliprec` text (format in the README, "Recordings").

#include "collision/Trace.h"
#include "core/Result.h"
#include "movement/Movement.h"
#include "movement/Settings.h"
#include "tracing/Tracing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::replay {

/// The `.cliprec` format version this code writes and reads.
inline constexpr int kFormatVersion = 1;
/// Most ticks one recording may hold: 600 s at 333 Hz (the walk scripts' limit), so a hostile
/// file cannot make a replay allocate or run without bound.
inline constexpr int64_t kMaxTicks = 200000;

/// Which trace answers the player's moves: Brush or PlaneShift (a run never holds Both; inEffect
/// makes it Brush, as the viewer's player moves by the brush trace then).
using TraceMethod = tracing::TraceMethod;
using tracing::traceMethodName;

/// Everything that decides what a replay does besides the input: the movement settings, the trace
/// options, the trace method and the tick rate.
struct RunSettings {
    movement::Settings movement;   ///< Every field, as the controller used it.
    collision::TraceOptions trace; ///< epsilon, semantics, curves (model is always 0: the world).
    TraceMethod method = TraceMethod::Brush;
    bool bevels = true;  ///< Plane shifting only: bevel planes at the tree's solid cells.
    double rate = 125.0; ///< Ticks per second, [30, 333] (movement::Simulation's range).

    /// The method actually used: tracing::answeringMethod (plane shifting needs the game's epsilon
    /// rules, quake3 or robust; tutorial falls back to Brush).
    TraceMethod effectiveMethod() const;
    /// Every field equal.
    bool operator==(const RunSettings&) const = default;
};

/// The settings a run under `settings` actually uses: movement::sanitize applied, the epsilon
/// clamped as traces clamp it (collision::clampEpsilon), the rate as movement::Simulation clamps
/// it. In-range settings come back unchanged; the result always passes validateRunSettings.
RunSettings inEffect(const RunSettings& settings);

/// Why `settings` cannot be recorded or replayed as they are (a field outside its range, a rate
/// outside [30, 333], an epsilon outside [0, 16] or NaN), or nullopt when they can.
std::optional<std::string> validateRunSettings(const RunSettings& settings);

/// One tick of a recording.
struct Tick {
    movement::Input input;
    /// Where the recording program's player was after this tick (units), when it was recorded:
    /// replays check themselves against it.
    std::optional<glm::vec3> origin;
};

/// A whole recording.
struct Recording {
    std::string map;             ///< The MAP argument it was recorded on (path or map name).
    RunSettings settings;        ///< In effect while recording.
    movement::PlayerState start; ///< The state before the first tick (every field).
    float viewYaw = 0.0f;        ///< The camera at the start (degrees), for viewers.
    float viewPitch = 0.0f;
    std::vector<Tick> ticks;

    /// Seconds the recording lasts: ticks / rate.
    double seconds() const { return settings.rate > 0.0 ? double(ticks.size()) / settings.rate : 0.0; }
    /// True when every tick carries its recorded origin.
    bool hasOrigins() const;
};

/// The recording as `.cliprec` text: header lines `KEY VALUE...`, then `ticks N` and N lines
/// `FORWARD RIGHT UP BUTTONS YAW PITCH [X Y Z]`. Floats are written with 9 significant digits and
/// doubles with 17, so parseRecording gives back exactly the same numbers.
std::string writeRecording(const Recording& recording);

/// Parses `.cliprec` text. Errors name `name`, the line number and what is wrong: a first line
/// that is not `cliprec 1`, an unknown or repeated key, a value that is not a finite number or out
/// of its range (the settings' ranges, setSetting's), a missing `map`, `hz` or `start.origin`,
/// more than kMaxTicks ticks, a tick line with the wrong number of fields, a move outside [-1, 1],
/// an unknown button, a tick count that does not match the tick lines.
core::Result<Recording> parseRecording(std::string_view text, const std::string& name);

/// Reads and parses the file at `path` (errors name it).
core::Result<Recording> loadRecording(const std::string& path);

/// Writes writeRecording(recording) to `path` (replacing it). Errors name the file.
core::Status saveRecording(const std::string& path, const Recording& recording);

} // namespace cliplab::replay
