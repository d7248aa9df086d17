// Aiming a tick's view for the run editor's strafe fill (Strafe.h: optimalYaw, snapYaw): the wish
// direction put at the closed form's optimal angle, or in the snap zone that gains most, and the
// yaw written so that the command the game builds from it carries exactly the 16-bit angle meant.

#include "movement/Strafe.h"

#include <algorithm>
#include <cmath>

namespace cliplab::movement {

namespace {

/// One 16-bit angle step (degrees): usercmd_t angles are shorts of 360/65536 degrees.
constexpr double kStep = 360.0 / 65536.0;
/// Zone borders kept clear of by this much (degrees): far beyond the float error of the game's
/// wish direction (about 1e-5 degrees), far below a step.
constexpr double kBorderMargin = 0.0005;

bool quantized(const Settings& settings) {
    return settings.preset == Preset::Quake3 && settings.quantizeAngles;
}

/// A float yaw near `near` (within 180 degrees) whose command angle is step `k` (mod 65536): the
/// middle of the step, on the side the game's truncation toward zero keeps it in.
float yawOfStep(double k, float near) {
    const double turns = std::round((double(near) - k * kStep) / 360.0);
    const double r = k + turns * 65536.0;
    return static_cast<float>((r + (r >= 0.0 ? 0.5 : -0.5)) * kStep);
}

/// The yaw to send for view yaw `view` (degrees): as is, or (quantized) the step at or beyond it in
/// the direction `sign` of growing wish angle.
float sendYaw(double view, float near, const Settings& settings, double sign) {
    if (!quantized(settings))
        return static_cast<float>(double(near) + angleDifference(view, double(near)));
    const double steps = view / kStep;
    return yawOfStep(sign > 0.0 ? std::ceil(steps - 1e-9) : std::floor(steps + 1e-9), near);
}

/// What both aims need of a tick, or nullopt where the model does not apply.
struct Aim {
    StrafeModel model;
    double offset = 0.0; ///< Wish yaw minus view yaw (degrees).
    double along = 0.0;  ///< Velocity yaw (degrees).
    double speed = 0.0;  ///< Horizontal speed (units/s).
    double sign = 1.0;   ///< +1 left of the velocity, -1 right.
};

std::optional<Aim> aimOf(const PlayerState& raw, const Input& input, const Settings& settings, double rate,
                         StrafeSide side) {
    const PlayerState state = sanitizeState(raw); // as movement::move sees it: NaN velocity 0, clamped
    if (!std::isfinite(input.yaw))
        return std::nullopt; // nothing to stay near; the game would read it as 0

    const std::optional<StrafeModel> model = tickStrafeModel(state, input, settings, rate);
    const std::optional<double> offset = wishYawOffset(input, settings);
    const glm::vec2 velocity(state.velocity);
    const double speed = std::hypot(double(velocity.x), double(velocity.y));
    if (!model || !offset || !(speed > 0.0))
        return std::nullopt;
    if (side == StrafeSide::Auto)
        side = strafeSideOf(state, input, settings);
    return Aim{*model, *offset, velocityYaw(velocity), speed, side == StrafeSide::Left ? 1.0 : -1.0};
}

/// The wish angle of the 16-bit step nearest `angle` that stays within [lo, hi], if one does.
std::optional<double> stepInside(const Aim& aim, double angle, double lo, double hi) {
    const double k = std::round((aim.along + aim.sign * angle - aim.offset) / kStep);
    for (double d : {0.0, 1.0, -1.0}) {
        const double a = aim.sign * angleDifference((k + d) * kStep + aim.offset, aim.along);
        if (a >= lo && a <= hi)
            return a;
    }
    return std::nullopt;
}

} // namespace

StrafeSide strafeSideOf(const PlayerState& state, const Input& input, const Settings& settings) {
    const std::optional<double> offset = wishYawOffset(input, settings);
    if (!offset)
        return StrafeSide::Left;
    const double wish = double(commandAngles(input, settings).yaw) + *offset;
    return angleDifference(wish, velocityYaw(glm::vec2(state.velocity))) >= 0.0 ? StrafeSide::Left
                                                                                : StrafeSide::Right;
}

std::optional<float> optimalYaw(const PlayerState& state, const Input& input, const Settings& settings,
                                double rate, StrafeSide side) {
    const std::optional<Aim> aim = aimOf(state, input, settings, rate, side);
    if (!aim)
        return std::nullopt;
    // Below opt the gain falls steeply (the partial side), beyond it slowly: with 16-bit angles
    // the step at or just beyond opt.
    const double opt = strafeAngles(aim->model, aim->speed).opt;
    return sendYaw(aim->along + aim->sign * opt - aim->offset, input.yaw, settings, aim->sign);
}

std::optional<float> snapYaw(const PlayerState& state, const Input& input, const Settings& settings,
                             double rate, StrafeSide side) {
    const std::optional<Aim> aim = aimOf(state, input, settings, rate, side);
    if (!aim)
        return std::nullopt;
    const std::vector<SnapZone> zones = snapZones(aim->model, glm::vec2(sanitizeState(state).velocity));
    if (zones.empty())
        return optimalYaw(state, input, settings, rate, side);
    const double opt = strafeAngles(aim->model, aim->speed).opt;
    // Per zone: its wish angles on this side (0..180 from the velocity), clear of the borders; the
    // angle in there nearest opt, moved onto a 16-bit step when the game quantizes.
    std::optional<double> best;
    double bestGain = 0.0;
    for (const SnapZone& z : zones) {
        const double width = z.to - z.from - 2.0 * kBorderMargin;
        if (width <= 0.0)
            continue; // too narrow to aim into
        const double start = angleDifference(z.from + kBorderMargin, aim->along);
        for (double shift : {-360.0, 0.0, 360.0}) {
            // The zone as wish angles from the velocity on this side, cut to [0, 180].
            double lo = aim->sign > 0.0 ? start + shift : -(start + shift) - width;
            double hi = lo + width;
            lo = std::max(lo, 0.0);
            hi = std::min(hi, 180.0);
            if (lo > hi)
                continue;
            std::optional<double> angle = std::clamp(opt, lo, hi);
            if (quantized(settings))
                angle = stepInside(*aim, *angle, lo, hi);
            if (!angle)
                continue;
            const bool better =
                !best || z.gain > bestGain + 1e-9 ||
                (z.gain > bestGain - 1e-9 && std::fabs(*angle - opt) < std::fabs(*best - opt));
            if (better) {
                best = angle;
                bestGain = z.gain;
            }
        }
    }
    if (!best)
        return optimalYaw(state, input, settings, rate, side);
    const double view = aim->along + aim->sign * *best - aim->offset;
    if (!quantized(settings))
        return static_cast<float>(double(input.yaw) + angleDifference(view, double(input.yaw)));
    return yawOfStep(std::round(view / kStep), input.yaw);
}

} // namespace cliplab::movement
