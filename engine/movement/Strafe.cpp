// Strafe physics in closed form (docs/movement.md derives each formula). The tick model mirrors
// the presets' acceleration code (Quake3Move.cpp's friction, walkMove/airMove and accelerate;
// MelaxMove.cpp's push toward the wished velocity) without their traces.

#include "movement/Strafe.h"

#include "movement/MoveInternal.h"
#include "movement/Simulation.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cliplab::movement {

namespace {

/// acos in degrees, its argument clamped to [-1, 1] (beyond: 0 or 180).
double acosDegrees(double c) {
    return std::acos(std::clamp(c, -1.0, 1.0)) * kDegreesPerRadian;
}

/// Quake 3's PM_Accelerate on a velocity of speed f, wish direction at cos c from it: the part of
/// the velocity along the wish direction is raised toward s by at most a.
double quake3After(double f, double s, double a, double c) {
    const double add = s - f * c;
    if (add <= 0.0)
        return f;
    const double step = std::min(a, add);
    return std::sqrt(std::max(0.0, f * f + step * step + 2.0 * f * step * c));
}

/// The melax preset's push: the velocity (f, 0) moves toward the wished velocity s (c, sin) by at
/// most a. `along` (optional) receives the new velocity's part along the old direction.
double melaxAfter(double f, double s, double a, double angleRadians, double* along = nullptr) {
    const double dx = s * std::cos(angleRadians) - f;
    const double dy = s * std::sin(angleRadians);
    const double length = std::hypot(dx, dy);
    double x = f, y = 0.0;
    if (length > 0.0) {
        const double step = std::min(a, length);
        x += step * dx / length;
        y += step * dy / length;
    }
    if (along)
        *along = x;
    return std::hypot(x, y);
}

/// The angle in [lo, hi] (degrees) where `above(angle)` turns from true to false, by bisection
/// (above(lo) true, above(hi) false).
template <typename Above> double bisect(double lo, double hi, Above above) {
    for (int i = 0; i < 100 && hi - lo > 1e-12; ++i) {
        const double mid = 0.5 * (lo + hi);
        (above(mid) ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

StrafeAngles noGain(double angle, double accelOpt) {
    StrafeAngles out;
    out.min = out.opt = out.turn = out.max = angle;
    out.accelOpt = accelOpt;
    return out;
}

StrafeAngles quake3Angles(const StrafeModel& m, double v0) {
    const double f = m.afterFriction(v0), s = m.wishSpeed, a = m.accel();
    if (!(a > 0.0) || !(s > 0.0))
        return noGain(0.0, f - v0);
    if (f <= 0.0) {
        // Stopped by friction (or at rest): every direction gets the same push, min(a, s).
        const double g = std::min(a, s);
        if (g <= v0)
            return noGain(0.0, g - v0);
        return StrafeAngles{0.0, 0.0, acosDegrees(v0 / g), 180.0, g - v0, true};
    }
    StrafeAngles out;
    const double cosOpt = std::clamp((s - a) / f, -1.0, 1.0);
    out.opt = acosDegrees(cosOpt);
    out.accelOpt = quake3After(f, s, a, cosOpt) - v0;
    if (out.accelOpt <= 0.0)
        return noGain(out.opt, out.accelOpt);
    out.gains = true;
    // Rising side: no acceleration, then partial (the speed becomes sqrt(f^2 sin^2 + s^2)).
    out.min = quake3After(f, s, a, 1.0) > v0
                  ? 0.0
                  : acosDegrees(std::sqrt(std::max(0.0, s * s - v0 * v0 + f * f)) / f);
    out.min = std::min(out.min, out.opt);
    // Falling side: full acceleration, f^2 + a^2 + 2 f a cos = v0^2.
    out.max = std::max(out.opt, acosDegrees((v0 * v0 - f * f - a * a) / (2.0 * a * f)));
    // The part along the old direction, f + a cos, stays at v0 up to here.
    out.turn = std::clamp(acosDegrees((v0 - f) / a), out.opt, out.max);
    return out;
}

StrafeAngles melaxAngles(const StrafeModel& m, double v0) {
    const double f = m.afterFriction(v0), s = m.wishSpeed, a = m.accel();
    if (!(a > 0.0) || !(s > 0.0))
        return noGain(0.0, f - v0);
    // Below the wish speed straight ahead reaches min(f + a, s), the most any push can; above it
    // the push tangent to the circle of wished velocities loses least.
    const double opt = f < s ? 0.0 : acosDegrees(s / f);
    const auto after = [&](double degrees) { return melaxAfter(f, s, a, degrees / kDegreesPerRadian); };
    const double best = after(opt) - v0;
    if (best <= 0.0)
        return noGain(opt, best);
    StrafeAngles out;
    out.gains = true;
    out.min = 0.0;
    out.opt = opt;
    out.accelOpt = best;
    out.max = after(180.0) > v0 ? 180.0 : bisect(opt, 180.0, [&](double x) { return after(x) > v0; });
    const auto alongAbove = [&](double degrees) {
        double along = 0.0;
        melaxAfter(f, s, a, degrees / kDegreesPerRadian, &along);
        return along > v0;
    };
    if (!alongAbove(out.opt))
        out.turn = out.opt;
    else if (alongAbove(out.max))
        out.turn = out.max;
    else
        out.turn = bisect(out.opt, out.max, alongAbove);
    return out;
}

/// The wish speed of `cmd` as the presets compute it (PM_CmdScale times the length of the
/// flattened wish velocity), in the controller's float arithmetic.
float keyWishSpeed(const detail::Command& cmd, float maxSpeed) {
    const float scale = detail::cmdScale(cmd, maxSpeed);
    glm::vec3 wish(static_cast<float>(cmd.forwardmove), -static_cast<float>(cmd.rightmove), 0.0f);
    return detail::normalize(wish) * scale;
}

} // namespace

const char* strafePhaseName(StrafePhase phase) {
    return phase == StrafePhase::Ground ? "ground" : "air";
}

double StrafeModel::afterFriction(double speed) const {
    if (!(speed > 0.0))
        return 0.0;
    if (phase == StrafePhase::Ground && speed < 1.0)
        return 0.0;
    double drop = speed * drag * tick;
    if (phase == StrafePhase::Ground)
        drop += std::max(speed, stopSpeed) * friction * tick;
    return std::max(0.0, speed - drop);
}

StrafeModel strafeModel(const Settings& requested, double rate, StrafePhase phase) {
    // As movement::move runs them: hostile settings clamped, the rate as Simulation clamps it.
    Settings clamped;
    const Settings& settings = inRange(requested) ? requested : (clamped = sanitize(requested));
    StrafeModel m;
    m.preset = settings.preset;
    m.phase = phase;
    m.wishSpeed = settings.maxSpeed;
    m.accelerate = phase == StrafePhase::Ground ? settings.accelerate : settings.airAccelerate;
    m.friction = phase == StrafePhase::Ground ? settings.friction : 0.0;
    m.stopSpeed = settings.stopSpeed;
    m.tick = static_cast<float>(1.0 / Simulation::clampRate(rate));
    m.snap = settings.preset == Preset::Quake3 && settings.snapVelocity;
    return m;
}

std::optional<StrafePhase> tickPhase(const PlayerState& raw, const Input& input, const Settings& settings) {
    const PlayerState state = sanitizeState(raw);
    const bool quake3 = settings.preset == Preset::Quake3;
    if (state.mode != Mode::Walk || (quake3 && (state.waterLevel > 1 || state.waterJump)))
        return std::nullopt;
    const detail::Command cmd = detail::makeCommand(input, settings);
    // A held jump is released (and may jump again) once upmove drops below 10.
    const bool jumpHeld = state.jumpHeld && cmd.upmove >= 10;
    const bool jumps = state.onGround && cmd.upmove >= 10 && !jumpHeld;
    return state.onGround && !jumps ? StrafePhase::Ground : StrafePhase::Air;
}

std::optional<StrafeModel> tickStrafeModel(const PlayerState& raw, const Input& input,
                                           const Settings& requested, double rate) {
    const PlayerState state = sanitizeState(raw);
    Settings clamped;
    const Settings& settings = inRange(requested) ? requested : (clamped = sanitize(requested));
    const std::optional<StrafePhase> phaseOf = tickPhase(state, input, settings);
    detail::Command cmd = detail::makeCommand(input, settings);
    if (!phaseOf || (cmd.forwardmove == 0 && cmd.rightmove == 0))
        return std::nullopt;
    const bool quake3 = settings.preset == Preset::Quake3;
    const StrafePhase phase = *phaseOf;
    if (quake3 && phase == StrafePhase::Ground && cmd.upmove >= 10)
        cmd.upmove = 0; // PM_CheckJump clears a held jump so that PM_CmdScale keeps the speed
    StrafeModel m = strafeModel(settings, rate, phase);
    float wish = keyWishSpeed(cmd, settings.maxSpeed);
    const bool crouched = cmd.upmove < 0;
    const float crouchCap = settings.maxSpeed * settings.crouchSpeedScale;
    if (crouched && wish > crouchCap && (!quake3 || phase == StrafePhase::Ground))
        wish = crouchCap;
    if (quake3 && state.waterLevel > 0) {
        m.drag = double(settings.waterFriction) * state.waterLevel;
        const float wade = 1.0f - (1.0f - settings.swimScale) * static_cast<float>(state.waterLevel / 3.0);
        if (phase == StrafePhase::Ground && wish > settings.maxSpeed * wade)
            wish = settings.maxSpeed * wade;
    }
    m.wishSpeed = wish;
    return m;
}

StrafeAngles strafeAngles(const StrafeModel& model, double speed) {
    const double v0 = speed > 0.0 ? speed : 0.0;
    return model.preset == Preset::Melax ? melaxAngles(model, v0) : quake3Angles(model, v0);
}

double speedAfter(const StrafeModel& model, double speed, double angle) {
    const double v0 = speed > 0.0 ? speed : 0.0;
    const double f = model.afterFriction(v0);
    const double radians = std::fabs(angle) / kDegreesPerRadian;
    if (model.preset == Preset::Melax)
        return melaxAfter(f, model.wishSpeed, model.accel(), radians);
    return quake3After(f, model.wishSpeed, model.accel(), std::cos(radians));
}

std::optional<double> wishYawOffset(const Input& input, const Settings& settings) {
    const detail::Command cmd = detail::makeCommand(input, settings);
    if (cmd.forwardmove == 0 && cmd.rightmove == 0)
        return std::nullopt;
    // The right vector points 90 degrees clockwise of the view (yaw - 90).
    return std::atan2(-double(cmd.rightmove), double(cmd.forwardmove)) * kDegreesPerRadian;
}

CommandAngles commandAngles(const Input& input, const Settings& settings) {
    const detail::Command cmd = detail::makeCommand(input, settings);
    return CommandAngles{cmd.yaw, cmd.pitch};
}

double velocityYaw(glm::vec2 velocity) {
    if (velocity.x == 0.0f && velocity.y == 0.0f)
        return 0.0;
    return std::atan2(double(velocity.y), double(velocity.x)) * kDegreesPerRadian;
}

double angleDifference(double a, double b) {
    double d = std::fmod(a - b, 360.0);
    if (d > 180.0)
        d -= 360.0;
    else if (d <= -180.0)
        d += 360.0;
    return d;
}

} // namespace cliplab::movement
