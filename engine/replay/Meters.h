#pragma once
/// \file Meters.h
/// The strafe HUD and the meters movement players read, for any tick of a run: a live run's
/// history, a recording or a replay all are states (states[0] the start, states[i] after tick i)
/// and the input of each tick. Pure functions of those: the viewer draws the HUD of the tick it
/// shows, the run editor and the CLI print the same numbers.

#include "movement/Movement.h"
#include "movement/Settings.h"
#include "movement/Strafe.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace cliplab::replay {

/// What the strafe HUD (CGaz) draws for the tick about to run from `state` with `input`.
struct StrafeHud {
    /// The tick's acceleration (ground or air as this tick will use); nullopt where the model does
    /// not apply (fly, noclip, swimming, no horizontal key): the HUD then shows no band.
    std::optional<movement::StrafeModel> model;
    movement::StrafeAngles angles; ///< For the speed below (model only).
    double speed = 0.0;            ///< Horizontal speed (units/s).
    double velocityYaw = 0.0;      ///< Yaw of the horizontal velocity (degrees, (-180, 180]).
    /// Yaw of the wish direction relative to the view for the keys (degrees; movement::wishYawOffset):
    /// a wish direction at yaw W is seen at view yaw W - wishOffset.
    std::optional<double> wishOffset;
    /// The wish direction's angle from the velocity this tick (degrees, (-180, 180], + = to the
    /// left), where the keys wish a direction and the player moves.
    std::optional<double> wishAngle;
    movement::CommandAngles view; ///< Yaw and pitch as the tick's command carries them (degrees).
    /// The snap zones for the velocity (quake3 with snapVelocity; wish direction yaws), when asked for.
    std::vector<movement::SnapZone> zones;
};

/// The HUD of the tick `input` runs from `state` under `settings` at `rate` ticks/s; `withZones`
/// computes the snap zones too.
StrafeHud strafeHud(const movement::PlayerState& state, const movement::Input& input,
                    const movement::Settings& settings, double rate, bool withZones = true);

/// The meters of one tick that ran `input` from `before` to `after`.
struct TickMeters {
    /// As the tick used it (movement::tickPhase; nullopt: fly, noclip, swimming).
    std::optional<movement::StrafePhase> phase;
    double speedBefore = 0.0; ///< Horizontal speed before the tick (units/s).
    double speedAfter = 0.0;  ///< After it (units/s).
    double gain = 0.0;        ///< speedAfter - speedBefore: the acceleration of the tick (units/s per tick).
    /// The most the tick could gain with full keys at the optimal angle (StrafeAngles::accelOpt of
    /// the tick's phase at the wish speed of forward plus one side key; units/s per tick).
    double bestGain = 0.0;
    /// gain / bestGain where the phase is known and bestGain > 0, keys or not (a tick in the air
    /// without keys counts, as what it gained of what it could have); 1 = the best the closed
    /// form allows, the quake3 preset's rounding can make it more or less.
    std::optional<double> quality;
    std::optional<double> wishAngle; ///< As StrafeHud::wishAngle, for this tick.
    std::optional<double> optAngle;  ///< The optimal angle of this tick's own keys (degrees).
    float pitch = 0.0f;              ///< As the command carried it (degrees, positive looks down).
    float yaw = 0.0f;                ///< As the command carried it (degrees).
};

/// The meters of the tick from `before` to `after` under `input`.
TickMeters tickMeters(const movement::PlayerState& before, const movement::Input& input,
                      const movement::PlayerState& after, const movement::Settings& settings, double rate);

/// The meters of every tick of a run: element i is tick i + 1 (states[i] to states[i + 1] with
/// inputs[i]); min(states.size() - 1, inputs.size()) elements.
std::vector<TickMeters> runMeters(std::span<const movement::PlayerState> states,
                                  std::span<const movement::Input> inputs, const movement::Settings& settings,
                                  double rate);

/// Jump timing: the ticks a player stood on the ground between landing and jumping again.
struct JumpTiming {
    size_t landing = 0;     ///< Index of the first state on the ground after the air.
    size_t takeoff = 0;     ///< Index of the last state on the ground before the jump.
    size_t groundTicks = 0; ///< takeoff - landing: 0 jumps on the first tick possible.
};

/// The jump timings of a run (walk mode; a jump leaves the ground moving up, as findJumps says;
/// the landing before it may end a fall too). A jump with no landing before it in the states (the
/// first jump from a standing start) has none.
std::vector<JumpTiming> jumpTimings(std::span<const movement::PlayerState> states);

/// The latest timing whose take-off is at or before state `index`, or nullopt.
std::optional<JumpTiming> lastJumpTiming(std::span<const JumpTiming> timings, size_t index);

/// The strafe meters of a stretch of ticks together.
struct StrafeSummary {
    size_t ticks = 0;      ///< Ticks with a quality (phase known, something to gain).
    double gained = 0.0;   ///< Sum of their gains (units/s).
    double possible = 0.0; ///< Sum of their best gains (units/s).
    /// gained / possible (0 when nothing was possible).
    double quality() const { return possible > 0.0 ? gained / possible : 0.0; }
};

/// Sums the ticks of `meters` that have a quality.
StrafeSummary summarize(std::span<const TickMeters> meters);

} // namespace cliplab::replay
