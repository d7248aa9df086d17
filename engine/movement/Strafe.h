#pragma once
/// \file Strafe.h
/// Strafe physics in closed form, for the strafe HUD (CGaz), its snap zones and the run editor's
/// strafe fill: for one tick's acceleration (preset, ground or air, wish speed, tick length) and a
/// horizontal speed, the angles between the velocity and the wish direction that gain speed; for the
/// quake3 preset, whose velocity is rounded to whole units after every tick, the snap zones: the
/// wish directions (absolute yaw) over which the rounded velocity, and so the real gain, is the same.
/// docs/movement.md derives every formula. No traces: the model is the player in free space or on
/// flat ground, as the acceleration code sees it before the slide moves.

#include "movement/Movement.h"
#include "movement/Settings.h"

#include <glm/vec2.hpp>

#include <numbers>
#include <optional>
#include <vector>

namespace cliplab::movement {

/// Degrees in one radian: the strafe angles are computed in radians and shown in degrees.
inline constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;

/// Which acceleration a tick uses.
enum class StrafePhase {
    Ground, ///< Walking on walkable ground: friction first, then Settings::accelerate.
    Air,    ///< In the air, or jumping off this tick: Settings::airAccelerate, no ground friction.
};

/// "ground" / "air".
const char* strafePhaseName(StrafePhase phase);

/// One tick's acceleration, as plain numbers (strafeModel and tickStrafeModel fill it from settings).
struct StrafeModel {
    Preset preset =
        Preset::Quake3; ///< Quake3: Quake 3's acceleration; Melax: push toward the wished velocity.
    StrafePhase phase = StrafePhase::Air;
    double wishSpeed = 320.0; ///< s: the speed the keys wish for (units/s, >= 0).
    double accelerate = 1.0;  ///< The phase's acceleration (1/s, times the wish speed, >= 0).
    double friction = 0.0;    ///< Ground friction (1/s, >= 0); 0 in the air.
    double stopSpeed = 100.0; ///< Below this speed friction acts as if moving this fast (units/s).
    double drag = 0.0;   ///< Quake 3 wading: waterFriction x water level (1/s), in both phases; 0 when dry.
    double tick = 0.008; ///< Tick length (s, > 0), the float the controller uses.
    bool snap = true;    ///< Velocity rounded to whole units after the tick (quake3 with snapVelocity).

    /// a: the most speed one tick of acceleration adds, accelerate x wishSpeed x tick (units/s).
    double accel() const { return accelerate * wishSpeed * tick; }
    /// The horizontal speed left after the tick's friction (units/s) from `speed` (units/s, >= 0):
    /// on the ground speed - max(speed, stopSpeed) x friction x tick, in both phases minus
    /// speed x drag x tick, never below 0; on the ground a speed below 1 stops.
    double afterFriction(double speed) const;
};

/// The model of a tick in `phase` under `settings` at `rate` ticks/s for forward plus one side key
/// (the wish speed is then maxSpeed), standing and dry: what `cliplab strafe` shows. As
/// movement::move: settings out of range are clamped (sanitize), the rate as Simulation::clampRate.
StrafeModel strafeModel(const Settings& settings, double rate, StrafePhase phase);

/// The phase of the tick `input` runs from `state`: ground when `state` stands on walkable ground in
/// walk mode and does not jump this tick (jump pressed and not held from before), else air; nullopt
/// where the model does not apply whatever the keys: fly or noclip mode, and for the quake3 preset
/// swimming (water level > 1) or a water jump.
std::optional<StrafePhase> tickPhase(const PlayerState& state, const Input& input, const Settings& settings);

/// The model of the tick `input` runs from `state`, as the preset will run it: ground when `state`
/// stands on walkable ground in walk mode and does not jump this tick, else air; the wish speed from
/// the keys exactly as the preset computes it (Quake 3 lowers it while jump is held in the air, and
/// caps it when crouching (keys crouch) or wading on the ground; melax caps it when crouching).
/// nullopt where the model does not apply: fly or noclip mode, swimming (water level > 1), a water
/// jump, no horizontal key. The tick is one command (rate >= 1 / maxCommandTime); slopes are taken
/// as flat.
std::optional<StrafeModel> tickStrafeModel(const PlayerState& state, const Input& input,
                                           const Settings& settings, double rate);

/// The angles (degrees, [0, 180]) between the horizontal velocity and the wish direction that
/// matter to a strafing player, either side of the velocity alike.
struct StrafeAngles {
    double min = 0.0;  ///< Below it no speed is gained (air: no acceleration; ground: friction wins).
    double opt = 0.0;  ///< The angle of the largest speed after the tick.
    double turn = 0.0; ///< Beyond it the velocity's part along its old direction shrinks (mostly turns).
    double max = 0.0;  ///< Beyond it speed is lost.
    /// Speed after the tick at `opt` minus the speed before (units/s gained per tick, unrounded);
    /// negative where no angle gains.
    double accelOpt = 0.0;
    /// Some angle gains speed; when false min = opt = turn = max (the angle that loses least).
    bool gains = false;
};

/// The angles for a tick of `model` from horizontal speed `speed` (units/s, >= 0; NaN counts as 0).
/// Quake 3 (f: the speed after friction, s the wish speed, a = accel()): opt = acos((s - a) / f),
/// max = acos((speed^2 - f^2 - a^2) / (2 a f)), min = 0 where the tick gains at 0 degrees, else
/// acos(sqrt(s^2 - speed^2 + f^2) / f); in the air f = speed, so min = acos(s / v) and max =
/// acos(-a / (2 v)). Melax (push toward the wished velocity) gains only below the wish speed, most
/// straight ahead (min = opt = 0), max where the closed-form speed after the tick falls back to
/// `speed` (solved by bisection). Arguments of acos outside [-1, 1] clamp to 0 or 180 degrees.
StrafeAngles strafeAngles(const StrafeModel& model, double speed);

/// The horizontal speed after a tick of `model` (units/s, unrounded) from horizontal speed `speed`
/// with the wish direction `angle` degrees from the velocity (either side).
double speedAfter(const StrafeModel& model, double speed, double angle);

/// Largest acceleration per tick (units/s) snapZones cuts into zones: the zones number about 8 a,
/// so beyond this (settings far from any game's) there would be more than a HUD can show.
inline constexpr double kMaxSnapAccel = 1000.0;

/// A range of wish directions over which the velocity after the tick, rounded to whole units, is one
/// and the same.
struct SnapZone {
    double from = 0.0; ///< Wish direction yaw where the zone starts (degrees, [0, 360)).
    /// Where it ends (degrees, > from): the zone across yaw 0 (360) ends past 360.
    double to = 0.0;
    glm::vec2 velocity{0.0f}; ///< The horizontal velocity after the tick, rounded (units/s).
    double gain = 0.0;        ///< |velocity| minus the speed before the tick (units/s per tick).
};

/// The snap zones of a tick of `model` from horizontal velocity `velocity` (units/s): the circle of
/// wish direction yaws cut where a component of the velocity after friction and acceleration
/// crosses a half unit, in yaw order, covering the circle once (adjacent zones differ in velocity).
/// Where the acceleration is full (a) the cuts are closed form (a component of a x wishdir is
/// k + 1/2 minus the velocity's); where it is partial (s - v . wishdir) they are found by sampling
/// every 0.001 degrees and bisection. Velocity components are read as movement::move keeps them (NaN
/// 0, within +/-kMaxVelocity). Empty when the model does not snap (melax, snapVelocity 0) or its
/// acceleration a exceeds kMaxSnapAccel.
std::vector<SnapZone> snapZones(const StrafeModel& model, glm::vec2 velocity);

/// The yaw of the wish direction relative to the view's (degrees) for the keys of `input` as the
/// game reads them: forward 0, forward+left 45, forward+right -45, right -90; nullopt without a
/// horizontal key.
std::optional<double> wishYawOffset(const Input& input, const Settings& settings);

/// The view angles as the tick's command carries them (degrees): quake3 with quantizeAngles sends
/// them as 16-bit shorts, pitch clamped to the game's +/-87.9.
struct CommandAngles {
    float yaw = 0.0f;   ///< [-180, 180) for quake3 shorts; else yaw modulo 360.
    float pitch = 0.0f; ///< Positive looks down.
};
CommandAngles commandAngles(const Input& input, const Settings& settings);

/// Which side of the velocity a strafe turns to.
enum class StrafeSide {
    Left,  ///< Wish direction counter-clockwise of the velocity (yaw grows): the player curves left.
    Right, ///< Clockwise: curves right.
    Auto,  ///< The side the input's own wish direction is on (strafeSideOf).
};

/// The side of the horizontal velocity the wish direction of `input` is on at `state` (Left for an
/// angle in [0, 180], Right below 0; Left without a horizontal key).
StrafeSide strafeSideOf(const PlayerState& state, const Input& input, const Settings& settings);

/// The view yaw (degrees) that puts the wish direction of the tick `input` runs from `state` at the
/// optimal angle from the horizontal velocity on `side`, the keys kept: what the run editor's
/// strafe fill sets. Within 180 degrees of input.yaw (no spin between ticks). For quake3 with
/// quantizeAngles the yaw carries exactly the 16-bit step at or just beyond opt (the game truncates
/// the yaw it is given to a step; below opt the gain falls steeply, beyond it slowly). nullopt
/// where tickStrafeModel does not apply, the player does not move horizontally or the input's yaw
/// is not finite. The state is read as movement::move reads it (sanitizeState).
std::optional<float> optimalYaw(const PlayerState& state, const Input& input, const Settings& settings,
                                double rate, StrafeSide side);

/// The view yaw (degrees) whose wish direction, on `side` (0 to 180 degrees from the velocity), lies
/// in the snap zone that gains most after the quake3 preset rounds the velocity, at the point of it
/// nearest the optimal angle (the zone's closed-form borders kept 0.0005 degrees clear); with
/// quantizeAngles only the 16-bit steps are candidates, and the yaw returned carries exactly the
/// step chosen. What `strafe-fill --aim snap` sets. Falls back to optimalYaw where the model does
/// not snap; nullopt where optimalYaw is.
std::optional<float> snapYaw(const PlayerState& state, const Input& input, const Settings& settings,
                             double rate, StrafeSide side);

/// The yaw of a horizontal velocity (degrees, (-180, 180]); 0 for a zero velocity.
double velocityYaw(glm::vec2 velocity);

/// a - b brought into (-180, 180] (degrees).
double angleDifference(double a, double b);

} // namespace cliplab::movement
