// Strafe physics (movement/Strafe.h) against the movement code itself: one tick of movement::move
// in free air or on a flat floor, at sampled wish directions, must give the speed the closed forms
// give; the optimal angle must gain at least as much as any sampled angle; min and max must be
// where the gain crosses zero; every snap zone's velocity and gain must be what a simulated tick
// ends with, on both sides of every border.

#include "movement/Strafe.h"
#include "movement/AnalyticWorld.h"
#include "movement/MoveTestUtil.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace cliplab::test {
namespace {

using movement::Input;
using movement::PlayerState;
using movement::Settings;
using movement::StrafePhase;

constexpr double kRate = 125.0;

/// A world with a floor under z = 0 (the air ticks start far above it).
const AnalyticWorld& floorWorld() {
    static const AnalyticWorld w = [] {
        AnalyticWorld world;
        world.addBox({-100000, -100000, -64}, {100000, 100000, 0});
        return world;
    }();
    return w;
}

Settings exactSettings(movement::Preset preset, bool snap = false, bool quantize = false) {
    Settings s;
    s.preset = preset;
    s.snapVelocity = snap;
    s.quantizeAngles = quantize;
    return s;
}

PlayerState startState(StrafePhase phase, glm::vec2 velocity) {
    PlayerState p;
    if (phase == StrafePhase::Ground) {
        p = standingAt(0, 0, 0);
        p.onGround = true;
        p.groundNormal = {0, 0, 1};
    } else {
        p.origin = {0, 0, 5000};
    }
    p.velocity = {velocity.x, velocity.y, 0.0f};
    return p;
}

/// One tick with forward + right held and the wish direction at `wishYaw` degrees (the view 45
/// degrees left of it); returns the state after it.
PlayerState tickAt(const Settings& s, StrafePhase phase, glm::vec2 velocity, double wishYaw) {
    Input in;
    in.forward = 1.0f;
    in.right = 1.0f;
    in.yaw = static_cast<float>(wishYaw + 45.0);
    return movement::move(startState(phase, velocity), in, 1.0 / kRate, s, floorWorld().function());
}

double horizontal(const PlayerState& p) {
    return std::hypot(double(p.velocity.x), double(p.velocity.y));
}

/// The simulated gain of a tick from speed v along +x with the wish direction `angle` degrees left.
double simulatedGain(const Settings& s, StrafePhase phase, double v, double angle) {
    return horizontal(tickAt(s, phase, {static_cast<float>(v), 0.0f}, angle)) - v;
}

struct Case {
    movement::Preset preset;
    StrafePhase phase;
    double speed;
};

class StrafeAnglesTest : public ::testing::TestWithParam<Case> {};

TEST_P(StrafeAnglesTest, ClosedFormMatchesTheMovementCode) {
    const Case c = GetParam();
    const Settings s = exactSettings(c.preset);
    const movement::StrafeModel model = movement::strafeModel(s, kRate, c.phase);
    const movement::StrafeAngles angles = movement::strafeAngles(model, c.speed);
    const double atOpt = simulatedGain(s, c.phase, c.speed, angles.opt);
    EXPECT_NEAR(atOpt, angles.accelOpt, 2e-3);
    for (double angle = 0.0; angle <= 180.0; angle += 0.25) {
        const double gain = simulatedGain(s, c.phase, c.speed, angle);
        // Floats carry about 3e-5 units at these speeds; the closed form is in double.
        EXPECT_NEAR(movement::speedAfter(model, c.speed, angle) - c.speed, gain, 2e-3) << "angle " << angle;
        EXPECT_GE(atOpt, gain - 1e-4) << "angle " << angle << " beats opt " << angles.opt;
    }
    if (!angles.gains) {
        EXPECT_LT(angles.accelOpt, 0.0);
        EXPECT_EQ(angles.min, angles.max);
        return;
    }
    EXPECT_LE(angles.min, angles.opt);
    EXPECT_LE(angles.opt, angles.turn);
    EXPECT_LE(angles.turn, angles.max);
    // The gain crosses zero at min and max (a twentieth of a degree to either side).
    constexpr double d = 0.05;
    if (angles.min > d) {
        EXPECT_LE(simulatedGain(s, c.phase, c.speed, angles.min - d), 1e-4) << "min " << angles.min;
        EXPECT_GT(simulatedGain(s, c.phase, c.speed, angles.min + d), 0.0) << "min " << angles.min;
    } else {
        EXPECT_GT(simulatedGain(s, c.phase, c.speed, 0.0), 0.0);
    }
    if (angles.max < 180.0 - d) {
        EXPECT_GT(simulatedGain(s, c.phase, c.speed, angles.max - d), 0.0) << "max " << angles.max;
        EXPECT_LT(simulatedGain(s, c.phase, c.speed, angles.max + d), 0.0) << "max " << angles.max;
    }
}

INSTANTIATE_TEST_SUITE_P(Speeds, StrafeAnglesTest,
                         ::testing::Values(Case{movement::Preset::Quake3, StrafePhase::Air, 250},
                                           Case{movement::Preset::Quake3, StrafePhase::Air, 320},
                                           Case{movement::Preset::Quake3, StrafePhase::Air, 400},
                                           Case{movement::Preset::Quake3, StrafePhase::Air, 700},
                                           Case{movement::Preset::Quake3, StrafePhase::Ground, 200},
                                           Case{movement::Preset::Quake3, StrafePhase::Ground, 330},
                                           Case{movement::Preset::Quake3, StrafePhase::Ground, 400},
                                           Case{movement::Preset::Quake3, StrafePhase::Ground, 500},
                                           Case{movement::Preset::Melax, StrafePhase::Air, 200},
                                           Case{movement::Preset::Melax, StrafePhase::Air, 318},
                                           Case{movement::Preset::Melax, StrafePhase::Air, 400},
                                           Case{movement::Preset::Melax, StrafePhase::Ground, 150},
                                           Case{movement::Preset::Melax, StrafePhase::Ground, 330}));

TEST(Strafe, AirFormulasOfTheIssue) {
    // s = 320, a = 1 x 320 x 0.008 = 2.56 at 125 Hz.
    const Settings s = exactSettings(movement::Preset::Quake3);
    const movement::StrafeModel m = movement::strafeModel(s, kRate, StrafePhase::Air);
    EXPECT_NEAR(m.accel(), 2.56, 1e-6);
    constexpr double kDeg = 180.0 / std::numbers::pi;
    for (double v : {400.0, 600.0, 1200.0}) {
        const auto a = movement::strafeAngles(m, v);
        EXPECT_NEAR(a.min, std::acos(320.0 / v) * kDeg, 1e-4);
        EXPECT_NEAR(a.opt, std::acos((320.0 - 2.56) / v) * kDeg, 1e-4);
        EXPECT_NEAR(a.max, std::acos(-2.56 / (2.0 * v)) * kDeg, 1e-4);
        EXPECT_NEAR(a.turn, 90.0, 1e-9);
        EXPECT_TRUE(a.gains);
    }
    // Below the wish speed every angle up to max gains; below s - a straight ahead is best.
    const auto slow = movement::strafeAngles(m, 100.0);
    EXPECT_EQ(slow.min, 0.0);
    EXPECT_EQ(slow.opt, 0.0);
    EXPECT_NEAR(slow.accelOpt, 2.56, 1e-5);
    // At rest every direction gains a.
    const auto rest = movement::strafeAngles(m, 0.0);
    EXPECT_EQ(rest.max, 180.0);
    EXPECT_NEAR(rest.accelOpt, 2.56, 1e-5);
}

TEST(Strafe, TickModelFollowsTheKeysAndTheState) {
    const Settings s = exactSettings(movement::Preset::Quake3);
    Input keys;
    keys.forward = 1.0f;
    keys.right = -1.0f;
    PlayerState air = startState(StrafePhase::Air, {400, 0});
    auto m = movement::tickStrafeModel(air, keys, s, kRate);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->phase, StrafePhase::Air);
    EXPECT_NEAR(m->wishSpeed, 320.0, 1e-3);
    // Holding jump in the air: PM_CmdScale counts upmove, the wish speed drops to 320 sqrt(2/3).
    Input jumping = keys;
    jumping.jump = true;
    air.jumpHeld = true;
    m = movement::tickStrafeModel(air, jumping, s, kRate);
    ASSERT_TRUE(m);
    EXPECT_NEAR(m->wishSpeed, 320.0 * std::sqrt(2.0 / 3.0), 1e-3);
    // On the ground jumping off this tick: air acceleration; with jump still held: ground.
    PlayerState ground = startState(StrafePhase::Ground, {400, 0});
    m = movement::tickStrafeModel(ground, jumping, s, kRate);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->phase, StrafePhase::Air);
    ground.jumpHeld = true;
    m = movement::tickStrafeModel(ground, jumping, s, kRate);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->phase, StrafePhase::Ground);
    EXPECT_NEAR(m->wishSpeed, 320.0, 1e-3); // the held jump does not lower it on the ground
    EXPECT_EQ(m->accelerate, 10.0);
    // Crouching on the ground caps it at maxSpeed x crouchSpeedScale.
    Input crouching = keys;
    crouching.crouch = true;
    m = movement::tickStrafeModel(ground, crouching, s, kRate);
    ASSERT_TRUE(m);
    EXPECT_NEAR(m->wishSpeed, 80.0, 1e-4);
    // No horizontal key, fly mode, swimming: the model does not apply.
    EXPECT_FALSE(movement::tickStrafeModel(ground, Input{}, s, kRate));
    PlayerState fly = air;
    fly.mode = movement::Mode::Fly;
    EXPECT_FALSE(movement::tickStrafeModel(fly, keys, s, kRate));
    PlayerState swim = air;
    swim.waterLevel = 2;
    EXPECT_FALSE(movement::tickStrafeModel(swim, keys, s, kRate));
}

TEST(Strafe, WishYawOffsetOfTheKeys) {
    const Settings s;
    const auto offset = [&](float forward, float right) {
        Input in;
        in.forward = forward;
        in.right = right;
        return movement::wishYawOffset(in, s);
    };
    EXPECT_NEAR(*offset(1, 0), 0.0, 1e-9);
    EXPECT_NEAR(*offset(1, 1), -45.0, 1e-9);
    EXPECT_NEAR(*offset(1, -1), 45.0, 1e-9);
    EXPECT_NEAR(*offset(0, 1), -90.0, 1e-9);
    EXPECT_NEAR(std::fabs(*offset(-1, 0)), 180.0, 1e-9);
    EXPECT_FALSE(offset(0, 0));
    EXPECT_NEAR(movement::angleDifference(10, 350), 20.0, 1e-12);
    EXPECT_NEAR(movement::angleDifference(-170, 170), 20.0, 1e-12);
    EXPECT_NEAR(movement::velocityYaw({0, -5}), -90.0, 1e-12);
}

/// Checks every zone against simulated ticks: at its middle, and just inside both borders.
void checkZones(const Settings& s, StrafePhase phase, glm::vec2 velocity, double inset) {
    const movement::StrafeModel model = movement::strafeModel(s, kRate, phase);
    const auto zones = movement::snapZones(model, velocity);
    ASSERT_FALSE(zones.empty());
    const double speed = std::hypot(double(velocity.x), double(velocity.y));
    double covered = 0.0;
    for (size_t i = 0; i < zones.size(); ++i) {
        const movement::SnapZone& z = zones[i];
        covered += z.to - z.from;
        if (i > 0) {
            EXPECT_GE(z.from, zones[i - 1].from);
            EXPECT_NE(z.velocity, zones[i - 1].velocity);
        }
        std::vector<double> yaws = {0.5 * (z.from + z.to)};
        if (z.to - z.from > 4 * inset)
            yaws = {z.from + inset, 0.5 * (z.from + z.to), z.to - inset};
        for (double yaw : yaws) {
            const PlayerState after = tickAt(s, phase, velocity, yaw);
            EXPECT_EQ(glm::vec2(after.velocity), z.velocity)
                << "zone " << z.from << "-" << z.to << " at " << yaw;
            EXPECT_NEAR(horizontal(after) - speed, z.gain, 1e-9);
        }
    }
    EXPECT_NEAR(covered, 360.0, 1e-9);
}

TEST(Strafe, SnapZonesAreWhatATickEndsWith) {
    const Settings s = exactSettings(movement::Preset::Quake3, true, false);
    // Air at several speeds and directions (integer velocities, as the game keeps them).
    checkZones(s, StrafePhase::Air, {400, 0}, 0.002);
    checkZones(s, StrafePhase::Air, {317, -211}, 0.002);
    checkZones(s, StrafePhase::Air, {-90, 250}, 0.002); // below the wish speed: a wide partial arc
    // The ground: friction first.
    checkZones(s, StrafePhase::Ground, {380, 41}, 0.002);
    checkZones(s, StrafePhase::Ground, {0, 0}, 0.002);
    // With the game's 16-bit angles the middles still hold.
    checkZones(exactSettings(movement::Preset::Quake3, true, true), StrafePhase::Air, {512, 77}, 0.02);
}

TEST(Strafe, SnapZonesOfTheFullAccelerationAreClosedForm) {
    // Far above the wish speed the acceleration is full beyond opt (86.4 degrees at 5000): a = 2.56,
    // so going along +x at 5000 with the wish direction at yaw 180 - d, the x part rounds to 4997
    // while 2.56 cos d > 2.5 and the y part to 0 while 2.56 sin d < 0.5 (a is 2.56 in float).
    const Settings s = exactSettings(movement::Preset::Quake3, true, false);
    const auto model = movement::strafeModel(s, kRate, StrafePhase::Air);
    const auto zones = movement::snapZones(model, {5000, 0});
    constexpr double kDeg = 180.0 / std::numbers::pi;
    const double xEdge = std::acos(2.5 / model.accel()) * kDeg, yEdge = std::asin(0.5 / model.accel()) * kDeg;
    int found = 0;
    for (const auto& z : zones) {
        if (z.velocity == glm::vec2(4997, 0)) {
            ++found;
            EXPECT_NEAR(z.from, 180.0 - yEdge, 1e-9);
            EXPECT_NEAR(z.to, 180.0 + yEdge, 1e-9);
            EXPECT_NEAR(z.gain, -3.0, 1e-9);
        }
        if (z.velocity == glm::vec2(4997, 1)) {
            ++found;
            EXPECT_NEAR(z.from, 180.0 - xEdge, 1e-9);
            EXPECT_NEAR(z.to, 180.0 - yEdge, 1e-9);
        }
    }
    EXPECT_EQ(found, 2);
    // Melax never rounds: no zones.
    EXPECT_TRUE(
        movement::snapZones(
            movement::strafeModel(exactSettings(movement::Preset::Melax), kRate, StrafePhase::Air), {400, 0})
            .empty());
}

/// The wish angle (degrees, + left) a command carries for `in` at `state`.
double commandWishAngle(const Settings& s, const PlayerState& state, const Input& in) {
    const double wish = double(movement::commandAngles(in, s).yaw) + *movement::wishYawOffset(in, s);
    return movement::angleDifference(wish, movement::velocityYaw(glm::vec2(state.velocity)));
}

TEST(StrafeAim, OptimalYawCarriesTheStepAtOrJustBeyondOpt) {
    const Settings s = exactSettings(movement::Preset::Quake3, true, true);
    constexpr double kStep = 360.0 / 65536.0;
    const glm::vec2 velocities[] = {{400, 0}, {-317, 211}, {12, -655}, {-900, -3}};
    for (glm::vec2 v : velocities)
        for (auto side : {movement::StrafeSide::Left, movement::StrafeSide::Right})
            for (float near : {0.0f, -170.0f, 3645.0f}) {
                const PlayerState state = startState(StrafePhase::Air, v);
                Input in;
                in.forward = 1.0f;
                in.right = side == movement::StrafeSide::Left ? -1.0f : 1.0f;
                in.yaw = near;
                const auto yaw = movement::optimalYaw(state, in, s, kRate, side);
                ASSERT_TRUE(yaw);
                EXPECT_LE(std::fabs(movement::angleDifference(*yaw, near)), 180.0);
                in.yaw = *yaw;
                const double opt =
                    movement::strafeAngles(*movement::tickStrafeModel(state, in, s, kRate), glm::length(v))
                        .opt;
                const double sign = side == movement::StrafeSide::Left ? 1.0 : -1.0;
                const double angle = sign * commandWishAngle(s, state, in);
                EXPECT_GE(angle, opt - 1e-6) << v.x << " " << v.y << " near " << near;
                EXPECT_LE(angle, opt + kStep + 1e-6) << v.x << " " << v.y << " near " << near;
            }
}

TEST(StrafeAim, SnapYawGainsTheMostOfEveryCommandOnItsSide) {
    // Every 16-bit view yaw, simulated: none on the side gains more after the rounding than the
    // one snapYaw picks, and snapYaw's gains at least what optimalYaw's does.
    const Settings s = exactSettings(movement::Preset::Quake3, true, true);
    struct Probe {
        StrafePhase phase;
        glm::vec2 velocity;
        movement::StrafeSide side;
    } probes[] = {{StrafePhase::Air, {437, 219}, movement::StrafeSide::Left},
                  {StrafePhase::Air, {-602, 71}, movement::StrafeSide::Right},
                  {StrafePhase::Ground, {352, -160}, movement::StrafeSide::Left}};
    for (const Probe& p : probes) {
        const PlayerState state = startState(p.phase, p.velocity);
        Input in;
        in.forward = 1.0f;
        in.right = 1.0f;
        const double speed = glm::length(p.velocity);
        const double sign = p.side == movement::StrafeSide::Left ? 1.0 : -1.0;
        const auto gainOf = [&](float yaw) {
            Input aimed = in;
            aimed.yaw = yaw;
            return horizontal(movement::move(state, aimed, 1.0 / kRate, s, floorWorld().function())) - speed;
        };
        double bestAll = -1e9;
        for (int k = -32768; k < 32768; ++k) {
            in.yaw = static_cast<float>(k * (360.0 / 65536.0));
            if (sign * commandWishAngle(s, state, in) >= 0.0)
                bestAll = std::max(bestAll, gainOf(in.yaw));
        }
        in.yaw = 0.0f;
        const auto snap = movement::snapYaw(state, in, s, kRate, p.side);
        const auto opt = movement::optimalYaw(state, in, s, kRate, p.side);
        ASSERT_TRUE(snap && opt);
        EXPECT_EQ(gainOf(*snap), bestAll) << p.velocity.x << " " << p.velocity.y;
        EXPECT_GE(gainOf(*snap), gainOf(*opt));
    }
}

TEST(Strafe, HostileNumbersGiveFiniteAnswers) {
    // NaN and infinite speeds, velocities, settings and rates: finite angles, at most a circle of
    // zones, no hang.
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    // An acceleration beyond kMaxSnapAccel (1e4 x 1e5 / 30 per tick here) has no zones.
    Settings huge = exactSettings(movement::Preset::Quake3, true, true);
    huge.airAccelerate = 1e4f;
    huge.maxSpeed = 1e5f;
    EXPECT_TRUE(movement::snapZones(movement::strafeModel(huge, 30.0, StrafePhase::Air), {400, 0}).empty());
    Settings s = exactSettings(movement::Preset::Quake3, true, true);
    s.maxSpeed = nan;
    s.airAccelerate = inf;
    s.friction = -5.0f;
    for (double rate : {0.0, -1.0, 1e9, double(nan)})
        for (auto phase : {StrafePhase::Air, StrafePhase::Ground}) {
            const movement::StrafeModel m = movement::strafeModel(s, rate, phase);
            EXPECT_TRUE(std::isfinite(m.wishSpeed) && std::isfinite(m.accel()) && m.tick > 0.0);
            for (double v : {0.0, -3.0, double(nan), double(inf), 1e30}) {
                const movement::StrafeAngles a = movement::strafeAngles(m, v);
                for (double x : {a.min, a.opt, a.turn, a.max})
                    EXPECT_TRUE(x >= 0.0 && x <= 180.0) << v;
            }
            for (glm::vec2 v : {glm::vec2(nan, 1), glm::vec2(inf, -inf), glm::vec2(1e30f, 0), glm::vec2(0)}) {
                const auto zones = movement::snapZones(m, v);
                // Empty exactly when a passes kMaxSnapAccel; else about 8 a zones at most.
                EXPECT_EQ(zones.empty(), m.accel() > movement::kMaxSnapAccel) << m.accel();
                EXPECT_LE(double(zones.size()), 8.0 * m.accel() + 16.0);
            }
        }
    // The state as movement::move reads it: a NaN velocity is at rest, an infinite yaw is no aim.
    PlayerState bad = startState(StrafePhase::Air, {nan, nan});
    Input in;
    in.forward = nan;
    in.right = 1.0f;
    EXPECT_FALSE(movement::optimalYaw(bad, in, s, kRate, movement::StrafeSide::Auto));
    bad.velocity = {inf, -inf, 0.0f};
    const auto clampedAim = movement::snapYaw(bad, in, s, kRate, movement::StrafeSide::Left);
    ASSERT_TRUE(clampedAim);
    EXPECT_TRUE(std::isfinite(*clampedAim));
    in.yaw = inf;
    EXPECT_FALSE(movement::snapYaw(bad, in, s, kRate, movement::StrafeSide::Left));
}

} // namespace
} // namespace cliplab::test
