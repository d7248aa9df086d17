#pragma once
/// \file WalkScript.h
/// Scripted input for headless walks (`cliplab walk --script`, the reference walks).

#include "core/Result.h"
#include "movement/Movement.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::movement {

/// Longest script (s, all lines together): 600 s are 200k ticks at 333 Hz, so a hostile script
/// cannot make a walk allocate or run without bound.
inline constexpr double kMaxScriptSeconds = 600.0;

/// One script line: hold `input` for `seconds`.
struct ScriptStep {
    double seconds = 0.0; ///< (0, kMaxScriptSeconds].
    Input input;
};

/// Parses a script: lines `SECONDS FORWARD RIGHT UP BUTTONS YAW PITCH` (BUTTONS: letters j = jump,
/// c = crouch, or `-`), `#` comments and blank lines ignored. Lines may also be separated by ` ; `
/// (the reference walks' one-line form). Errors name `name`, the line and what is wrong: a field
/// that is not a finite number, SECONDS <= 0, FORWARD/RIGHT/UP outside [-1, 1], a script longer
/// than kMaxScriptSeconds in total.
core::Result<std::vector<ScriptStep>> parseWalkScript(std::string_view text, const std::string& name);

/// The input at each tick of `rate` ticks/s (Simulation::clampRate applied): a step of S seconds
/// covers round(S * rate) ticks (the reference walks' 8 ms commands); steps outside
/// (0, kMaxScriptSeconds] give none.
std::vector<Input> scriptTicks(const std::vector<ScriptStep>& steps, double rate);

/// A headless walk: the state after every tick and how many traces were made.
struct WalkRun {
    std::vector<PlayerState> ticks;          ///< One per tick; ticks[i].time = (i + 1) / rate.
    std::vector<int32_t> tracesPerTick;      ///< Traces made in each tick.
    int64_t traces = 0;                      ///< All traces of the walk.
    std::vector<int32_t> correctionsPerTick; ///< Corrections made in each tick (step-and-correct).
    int64_t corrections = 0;                 ///< All corrections of the walk.
    int64_t pushes = 0; ///< Pushes out of brushes in all corrections (each costs a position test more).
};

/// Runs `steps` from `start` at `rate` ticks/s (Simulation::clampRate applied; one movement::move
/// per tick; each tick's input is its script line's, and `yawOffset` degrees are added to every
/// YAW). `correct` (optional) is movement::move's, for Method::StepCorrect.
WalkRun runWalk(const std::vector<ScriptStep>& steps, const PlayerState& start, const Settings& settings,
                double rate, const collision::TraceFunction& trace, float yawOffset = 0.0f,
                const collision::CorrectFunction* correct = nullptr);

} // namespace cliplab::movement
