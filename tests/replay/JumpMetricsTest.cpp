// Jump metrics and horizontal acceleration against the ballistics of the controller's numbers.

#include "replay/JumpMetrics.h"
#include "movement/Movement.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;

namespace {

/// An endless floor at z = 0: boxes stop 1/8 above it (the game's epsilon).
collision::TraceResult floorTrace(const collision::Shape& shape, const glm::vec3& a, const glm::vec3& b,
                                  int32_t) {
    collision::TraceResult r;
    const float low = shape.mins.z;
    const float da = a.z + low, db = b.z + low; // height of the box bottom above the floor
    if (da < 0.0f) {
        r.startSolid = r.allSolid = true;
        r.fraction = 0.0f;
        r.endpos = a;
        return r;
    }
    if (db >= 0.125f || da == db) {
        r.endpos = b;
        return r;
    }
    r.fraction = std::clamp((da - 0.125f) / (da - db), 0.0f, 1.0f);
    r.endpos = a + (b - a) * r.fraction;
    r.plane.normal = glm::vec3(0, 0, 1);
    r.contents = 1;
    return r;
}

/// `ticks` ticks of `input` from a standing start (the first state is the start).
std::vector<movement::PlayerState> run(const movement::Settings& settings, movement::Input input, int ticks,
                                       int jumpAt, double rate) {
    movement::PlayerState s;
    s.origin = {0, 0, 24.125f};
    s.onGround = true;
    s.groundNormal = {0, 0, 1};
    std::vector<movement::PlayerState> states{s};
    for (int i = 0; i < ticks; ++i) {
        movement::Input in = input;
        in.jump = i == jumpAt;
        in.up = in.jump ? 1.0f : 0.0f;
        s = movement::move(s, in, 1.0 / rate, settings, floorTrace);
        states.push_back(s);
    }
    return states;
}

} // namespace

TEST(JumpMetrics, AStandingJumpIsBallistic) {
    // Straight up at 270 u/s under 800 u/s^2: apex 270^2 / 1600 = 45.6, back down after
    // 2 * 270 / 800 = 0.675 s; no horizontal travel. Quake 3 snaps the velocity to whole units
    // after every command: at 125 Hz gravity takes round(6.4) = 6 u/s per tick, 750 u/s^2, the
    // game's well-known higher jump at 125 fps: apex 270^2 / 1500 = 48.6, 0.72 s.
    const double rate = 125.0;
    struct Case {
        movement::Preset preset;
        double gravity;
    } cases[] = {{movement::Preset::Melax, 800.0}, {movement::Preset::Quake3, 750.0}};
    for (const Case& c : cases) {
        movement::Settings settings;
        settings.preset = c.preset;
        const auto states = run(settings, movement::Input{}, 150, 10, rate);
        const auto jumps = replay::findJumps(states, rate);
        ASSERT_EQ(jumps.size(), 1u);
        const replay::Jump& j = jumps.front();
        EXPECT_TRUE(j.landed);
        EXPECT_EQ(j.takeoffTick, 10u);
        EXPECT_NEAR(j.apexHeight, 270.0 * 270.0 / (2.0 * c.gravity), 1.0);
        EXPECT_NEAR(j.airtime, 2.0 * 270.0 / c.gravity, 1.0 / rate);
        EXPECT_NEAR(j.distance, 0.0f, 1e-4f);
        EXPECT_NEAR(j.takeoff.z, 24.125f, 1e-3f);
        EXPECT_NEAR(j.landing.z, 24.125f, 1e-2f);
        EXPECT_EQ(j.takeoffSpeed, 0.0f);
    }
}

TEST(JumpMetrics, ARunningJumpCoversSpeedTimesAirtime) {
    // At running speed (320 u/s, reached before the jump; the take-off tick's friction leaves a
    // little less), air control along the same direction adds at most the little that was lost:
    // the jump covers its speed x airtime.
    movement::Settings settings;
    movement::Input forward;
    forward.forward = 1.0f;
    const double rate = 125.0;
    const auto states = run(settings, forward, 300, 150, rate);
    const auto jumps = replay::findJumps(states, rate);
    ASSERT_EQ(jumps.size(), 1u);
    const replay::Jump& j = jumps.front();
    EXPECT_TRUE(j.landed);
    EXPECT_NEAR(j.takeoffSpeed, 320.0f, 2.0f);
    EXPECT_NEAR(j.landingSpeed, 320.0f, 2.0f);
    EXPECT_GE(j.landingSpeed, j.takeoffSpeed);
    EXPECT_NEAR(j.distance, j.takeoffSpeed * j.airtime, 2.0);
    EXPECT_NEAR(j.airtime, 0.675, 2.0 / rate);
    EXPECT_NEAR(j.distance, j.landing.x - j.takeoff.x, 1e-3f);
}

TEST(JumpMetrics, FallsAndUnfinishedJumps) {
    // Walking off a ledge is no jump; a jump the run ends in is reported unlanded.
    std::vector<movement::PlayerState> states(4);
    states[0].onGround = states[1].onGround = true;
    states[2].velocity.z = -10.0f; // off the ledge, falling
    states[3].onGround = true;
    EXPECT_TRUE(replay::findJumps(states, 125.0).empty());
    states[2].velocity.z = 250.0f;
    states[3].onGround = false;
    states[3].origin.z = 2.0f;
    const auto jumps = replay::findJumps(states, 125.0);
    ASSERT_EQ(jumps.size(), 1u);
    EXPECT_FALSE(jumps[0].landed);
    EXPECT_EQ(jumps[0].landingTick, 3u);
    EXPECT_EQ(jumps[0].apexHeight, 2.0f);
    EXPECT_DOUBLE_EQ(jumps[0].airtime, 2.0 / 125.0);
}

TEST(JumpMetrics, AccelerationFromRest) {
    // The first tick from rest: no friction yet, acceleration 10 x 320 u/s per second along the
    // wish direction (melax's and Quake 3's number), i.e. 3200 u/s^2.
    movement::Settings settings;
    movement::Input forward;
    forward.forward = 1.0f;
    const auto states = run(settings, forward, 100, -1, 125.0);
    const auto accel = replay::horizontalAcceleration(states, 125.0);
    ASSERT_EQ(accel.size(), 100u);
    EXPECT_NEAR(accel[0], 3200.0f, 1.0f);
    EXPECT_NEAR(accel.back(), 0.0f, 1.0f); // at full speed
    for (float a : accel)
        EXPECT_GE(a, -1.0f); // never slower while holding forward
    EXPECT_TRUE(replay::horizontalAcceleration(std::vector<movement::PlayerState>(1), 125.0).empty());
}
