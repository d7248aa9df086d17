// Snap zones: the quake3 preset rounds the velocity to whole units at the end of every command
// (trap_SnapVector in PmoveSingle), so the velocity a tick ends with is round(f + acc x wishdir),
// f the velocity after friction. Over the circle of wish direction yaws that rounded vector is
// piecewise constant; its pieces are the zones (docs/movement.md, "Snap zones").

#include "movement/Strafe.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cliplab::movement {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
/// Sampling step over the partial-acceleration arcs (radians): 0.001 degrees.
constexpr double kSampleStep = 0.001 / kDegreesPerRadian;

/// The tick seen from the wish direction: f + acc(yaw) x (cos yaw, sin yaw), rounded.
struct SnapTick {
    double fx = 0.0, fy = 0.0; ///< Velocity after friction (units/s).
    double s = 0.0, a = 0.0;   ///< Wish speed and full acceleration.

    double acc(double yaw) const {
        const double add = s - (fx * std::cos(yaw) + fy * std::sin(yaw));
        return add <= 0.0 ? 0.0 : std::min(a, add);
    }
    /// Component `axis` (0: x, 1: y) before rounding.
    double component(double yaw, int axis) const {
        const double step = acc(yaw);
        return axis == 0 ? fx + step * std::cos(yaw) : fy + step * std::sin(yaw);
    }
    glm::vec2 rounded(double yaw) const {
        return {static_cast<float>(std::nearbyint(component(yaw, 0))),
                static_cast<float>(std::nearbyint(component(yaw, 1)))};
    }
};

/// The velocity after the model's friction in the controller's float steps (Q3Pmove::friction).
glm::vec2 frictioned(const StrafeModel& m, glm::vec2 v) {
    const float speed = std::sqrt(v.x * v.x + v.y * v.y);
    if (m.phase == StrafePhase::Ground && speed < 1.0f)
        return glm::vec2(0.0f);
    if (speed == 0.0f)
        return v;
    const auto tick = static_cast<float>(m.tick);
    float drop = speed * static_cast<float>(m.drag) * tick;
    if (m.phase == StrafePhase::Ground) {
        const float control =
            speed < static_cast<float>(m.stopSpeed) ? static_cast<float>(m.stopSpeed) : speed;
        drop = control * static_cast<float>(m.friction) * tick + drop;
    }
    float newspeed = speed - drop;
    if (newspeed < 0.0f)
        newspeed = 0.0f;
    return v * (newspeed / speed);
}

double wrap(double yaw) {
    yaw = std::fmod(yaw, kTwoPi);
    return yaw < 0.0 ? yaw + kTwoPi : yaw;
}

/// Cuts where the acceleration is the constant `accel` (full, or every direction alike at rest):
/// component + accel x cos (or sin) = k + 1/2 in closed form; kept where `keep(yaw)`.
template <typename Keep>
void closedFormCuts(const SnapTick& t, double accel, Keep keep, std::vector<double>& cuts) {
    if (!(accel > 0.0))
        return;
    for (int axis = 0; axis < 2; ++axis) {
        const double base = axis == 0 ? t.fx : t.fy;
        for (double h = std::floor(base - accel) - 0.5; h <= base + accel + 0.5; h += 1.0) {
            const double c = (h - base) / accel;
            if (c < -1.0 || c > 1.0)
                continue;
            const double r = axis == 0 ? std::acos(c) : std::asin(c);
            const double yaws[2] = {r, axis == 0 ? -r : std::numbers::pi - r};
            for (double yaw : yaws)
                if (keep(yaw))
                    cuts.push_back(wrap(yaw));
        }
    }
}

/// Cuts on the arc [lo, hi] (radians) where the acceleration is partial: sampled, then each change
/// of a rounded component bisected.
void sampledCuts(const SnapTick& t, double lo, double hi, std::vector<double>& cuts) {
    const auto n = static_cast<int>(std::min(400000.0, std::ceil((hi - lo) / kSampleStep)));
    if (n <= 0)
        return;
    double prevYaw = lo;
    glm::vec2 prev = t.rounded(lo);
    for (int i = 1; i <= n; ++i) {
        const double yaw = lo + (hi - lo) * double(i) / double(n);
        const glm::vec2 now = t.rounded(yaw);
        for (int axis = 0; axis < 2; ++axis) {
            if (now[axis] == prev[axis])
                continue;
            double a = prevYaw, b = yaw;
            const float left = prev[axis];
            for (int k = 0; k < 60; ++k) {
                const double mid = 0.5 * (a + b);
                (static_cast<float>(std::nearbyint(t.component(mid, axis))) == left ? a : b) = mid;
            }
            cuts.push_back(wrap(0.5 * (a + b)));
        }
        prev = now;
        prevYaw = yaw;
    }
}

/// Zones between sorted cuts, equal neighbours merged (across yaw 0 too).
std::vector<SnapZone> zonesBetween(const SnapTick& t, const std::vector<double>& cuts, double speed) {
    std::vector<SnapZone> zones;
    const auto zoneOf = [&](double from, double to) {
        SnapZone z;
        z.from = from * kDegreesPerRadian;
        z.to = to * kDegreesPerRadian;
        z.velocity = t.rounded(0.5 * (from + to)) + glm::vec2(0.0f); // -0 reads as 0
        z.gain = std::hypot(double(z.velocity.x), double(z.velocity.y)) - speed;
        return z;
    };
    if (cuts.empty())
        return {zoneOf(0.0, kTwoPi)};
    for (size_t i = 0; i < cuts.size(); ++i) {
        const double to = i + 1 < cuts.size() ? cuts[i + 1] : cuts[0] + kTwoPi;
        SnapZone z = zoneOf(cuts[i], to);
        if (!zones.empty() && zones.back().velocity == z.velocity)
            zones.back().to = z.to;
        else
            zones.push_back(z);
    }
    if (zones.size() > 1 && zones.front().velocity == zones.back().velocity) {
        zones.back().to = zones.front().to + 360.0;
        zones.erase(zones.begin());
    }
    if (zones.size() == 1) {
        zones.front().from = 0.0;
        zones.front().to = 360.0;
    }
    return zones;
}

} // namespace

std::vector<SnapZone> snapZones(const StrafeModel& model, glm::vec2 velocity) {
    if (model.preset != Preset::Quake3 || !model.snap)
        return {};
    // As movement::move keeps velocities: NaN -> 0, components within +/-kMaxVelocity.
    for (int i = 0; i < 2; ++i)
        velocity[i] = std::isnan(velocity[i]) ? 0.0f : std::clamp(velocity[i], -kMaxVelocity, kMaxVelocity);
    SnapTick t;
    t.s = std::max(0.0, model.wishSpeed);
    t.a = std::max(0.0, model.accel());
    if (!(t.a <= kMaxSnapAccel) || !std::isfinite(t.s))
        return {};
    const glm::vec2 f = frictioned(model, velocity);
    t.fx = f.x;
    t.fy = f.y;
    const double fs = std::hypot(t.fx, t.fy);
    std::vector<double> cuts;
    if (fs == 0.0) {
        closedFormCuts(
            t, std::min(t.a, t.s), [](double) { return true; }, cuts);
    } else {
        // The angle from the velocity: no acceleration below acos(s / f), partial up to
        // acos((s - a) / f), full beyond.
        const double psi = std::atan2(t.fy, t.fx);
        const double cosFull = (t.s - t.a) / fs;
        closedFormCuts(
            t, t.a, [&](double yaw) { return std::cos(yaw - psi) <= cosFull + 1e-12; }, cuts);
        const double lo = std::acos(std::clamp(t.s / fs, -1.0, 1.0));
        const double hi = std::acos(std::clamp(cosFull, -1.0, 1.0));
        if (hi > lo) {
            sampledCuts(t, psi + lo, psi + hi, cuts);
            sampledCuts(t, psi - hi, psi - lo, cuts);
        }
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end(), [](double a, double b) { return b - a < 1e-9; }),
               cuts.end());
    const double speed = std::hypot(double(velocity.x), double(velocity.y));
    return zonesBetween(t, cuts, speed);
}

} // namespace cliplab::movement
