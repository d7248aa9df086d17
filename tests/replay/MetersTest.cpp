// The HUD and meters of replay/Meters.h on ticks simulated in free air: the quality of a tick aimed
// at the optimal angle is 1, straight ahead above the wish speed it is 0; the HUD's angles are the
// closed form's; jump timings count the ticks between landing and jumping.

#include "replay/Meters.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;

namespace {

constexpr double kRate = 125.0;

collision::TraceFunction emptyWorld() {
    return [](const collision::Shape&, const glm::vec3&, const glm::vec3& end, int32_t) {
        collision::TraceResult r;
        r.endpos = end;
        return r;
    };
}

movement::Settings continuous() {
    movement::Settings s;
    s.preset = movement::Preset::Quake3;
    s.snapVelocity = false;
    s.quantizeAngles = false;
    return s;
}

movement::PlayerState flying(glm::vec2 velocity) {
    movement::PlayerState p;
    p.origin = {0, 0, 1000};
    p.velocity = {velocity.x, velocity.y, 100.0f};
    return p;
}

movement::Input strafeKeys(float yaw) {
    movement::Input in;
    in.forward = 1.0f;
    in.right = -1.0f; // forward + left: the wish direction is 45 degrees left of the view
    in.yaw = yaw;
    in.pitch = 12.5f;
    return in;
}

} // namespace

TEST(Meters, QualityIsOneAtTheOptimalAngle) {
    const movement::Settings s = continuous();
    const movement::PlayerState before = flying({500, 0});
    // The optimal yaw on the left side, then a tick there.
    const movement::Input probe = strafeKeys(0.0f);
    const auto yaw = movement::optimalYaw(before, probe, s, kRate, movement::StrafeSide::Left);
    ASSERT_TRUE(yaw);
    const movement::Input aimed = strafeKeys(*yaw);
    const movement::PlayerState after = movement::move(before, aimed, 1.0 / kRate, s, emptyWorld());
    const replay::TickMeters m = replay::tickMeters(before, aimed, after, s, kRate);
    ASSERT_TRUE(m.phase);
    EXPECT_EQ(*m.phase, movement::StrafePhase::Air);
    ASSERT_TRUE(m.quality);
    EXPECT_NEAR(*m.quality, 1.0, 1e-3);
    const auto angles =
        movement::strafeAngles(movement::strafeModel(s, kRate, movement::StrafePhase::Air), 500.0);
    EXPECT_NEAR(m.bestGain, angles.accelOpt, 1e-9);
    ASSERT_TRUE(m.wishAngle && m.optAngle);
    EXPECT_NEAR(*m.wishAngle, angles.opt, 1e-3); // on the left: positive
    EXPECT_NEAR(*m.optAngle, angles.opt, 1e-9);
    EXPECT_FLOAT_EQ(m.pitch, 12.5f);

    // Straight ahead at 500 the wish speed is passed already: nothing gained, quality 0.
    const movement::Input straight = strafeKeys(-45.0f);
    const movement::PlayerState flat = movement::move(before, straight, 1.0 / kRate, s, emptyWorld());
    const replay::TickMeters n = replay::tickMeters(before, straight, flat, s, kRate);
    ASSERT_TRUE(n.quality);
    EXPECT_NEAR(*n.quality, 0.0, 1e-6);
    ASSERT_TRUE(n.wishAngle);
    EXPECT_NEAR(*n.wishAngle, 0.0, 1e-4);

    // No key in the air: the tick could have gained, so it counts, as 0.
    const movement::PlayerState coast =
        movement::move(before, movement::Input{}, 1.0 / kRate, s, emptyWorld());
    const replay::TickMeters c = replay::tickMeters(before, movement::Input{}, coast, s, kRate);
    ASSERT_TRUE(c.quality);
    EXPECT_NEAR(*c.quality, 0.0, 1e-6);
    EXPECT_FALSE(c.wishAngle);

    const std::vector<replay::TickMeters> all{m, n, c};
    const replay::StrafeSummary sum = replay::summarize(all);
    EXPECT_EQ(sum.ticks, 3u);
    EXPECT_NEAR(sum.quality(), 1.0 / 3.0, 1e-3);
}

TEST(Meters, HudIsTheClosedFormOfTheNextTick) {
    movement::Settings s;
    s.preset = movement::Preset::Quake3;
    const movement::PlayerState state = flying({0, 600});
    const replay::StrafeHud hud = replay::strafeHud(state, strafeKeys(10.0f), s, kRate);
    ASSERT_TRUE(hud.model);
    EXPECT_EQ(hud.model->phase, movement::StrafePhase::Air);
    EXPECT_NEAR(hud.speed, 600.0, 1e-9);
    EXPECT_NEAR(hud.velocityYaw, 90.0, 1e-9);
    const auto angles = movement::strafeAngles(*hud.model, 600.0);
    EXPECT_EQ(hud.angles.opt, angles.opt);
    EXPECT_EQ(hud.angles.max, angles.max);
    ASSERT_TRUE(hud.wishOffset && hud.wishAngle);
    EXPECT_NEAR(*hud.wishOffset, 45.0, 1e-9);
    // The view at yaw 10 (as a 16-bit short) wishes toward 55: 35 degrees right of the velocity.
    EXPECT_NEAR(*hud.wishAngle, -35.0, 0.01);
    EXPECT_FALSE(hud.zones.empty());
    EXPECT_TRUE(replay::strafeHud(state, strafeKeys(10.0f), s, kRate, false).zones.empty());
    // Flying: no model, no band.
    movement::PlayerState fly = state;
    fly.mode = movement::Mode::Fly;
    EXPECT_FALSE(replay::strafeHud(fly, strafeKeys(0.0f), s, kRate).model);
}

TEST(Meters, JumpTimingsCountTheTicksOnTheGround) {
    // Ground, jump, air, land, 2 ticks on the ground, jump, air, land, jump at once, air.
    const char* pattern = "GAAAGGGAAGAA";
    std::vector<movement::PlayerState> states;
    for (const char* c = pattern; *c; ++c) {
        movement::PlayerState p;
        p.onGround = *c == 'G';
        p.velocity.z = p.onGround ? 0.0f : 100.0f;
        states.push_back(p);
    }
    const auto timings = replay::jumpTimings(states);
    ASSERT_EQ(timings.size(), 2u); // the first jump has no landing before it
    EXPECT_EQ(timings[0].landing, 4u);
    EXPECT_EQ(timings[0].takeoff, 6u);
    EXPECT_EQ(timings[0].groundTicks, 2u);
    EXPECT_EQ(timings[1].landing, 9u);
    EXPECT_EQ(timings[1].takeoff, 9u);
    EXPECT_EQ(timings[1].groundTicks, 0u);
    EXPECT_FALSE(replay::lastJumpTiming(timings, 5));
    EXPECT_EQ(replay::lastJumpTiming(timings, 8)->takeoff, 6u);
    EXPECT_EQ(replay::lastJumpTiming(timings, 11)->takeoff, 9u);
    // Falling off a ledge (leaving the ground moving down) is not a jump.
    states[7].velocity.z = -10.0f;
    EXPECT_EQ(replay::jumpTimings(states).size(), 1u);
}

TEST(Meters, RunMetersHaveOneElementPerTick) {
    const movement::Settings s = continuous();
    std::vector<movement::PlayerState> states{flying({400, 0})};
    std::vector<movement::Input> inputs;
    for (int i = 0; i < 20; ++i) {
        inputs.push_back(strafeKeys(float(i)));
        states.push_back(movement::move(states.back(), inputs.back(), 1.0 / kRate, s, emptyWorld()));
    }
    const auto meters = replay::runMeters(states, inputs, s, kRate);
    ASSERT_EQ(meters.size(), 20u);
    for (size_t i = 0; i < meters.size(); ++i) {
        EXPECT_EQ(meters[i].speedBefore,
                  std::hypot(double(states[i].velocity.x), double(states[i].velocity.y)));
        EXPECT_NEAR(meters[i].gain, meters[i].speedAfter - meters[i].speedBefore, 1e-12);
    }
    EXPECT_TRUE(replay::runMeters(std::span(states).first(1), inputs, s, kRate).empty());
}
