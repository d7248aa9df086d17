// Controller behaviour beyond the rate matrix: start in solid, climbing, recorder, determinism,
// the fixed-step simulation, the quake3 preset's arithmetic, scripts, and random walks.

#include "movement/MoveTestUtil.h"
#include "movement/Simulation.h"
#include "movement/WalkScript.h"

#include "support/RandomInput.h"
#include <glm/geometric.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace cliplab::test {
namespace {

using movement::Input;
using movement::PlayerState;
using movement::Settings;

AnalyticWorld floorWorld() {
    AnalyticWorld w;
    w.addBox({-2000, -2000, -64}, {2000, 2000, 0});
    return w;
}

TEST(Controller, PushesOutOfASolidOrReportsStuck) {
    AnalyticWorld w = floorWorld();
    w.addBox({10, -100, 0}, {200, 100, 100});
    Settings s;
    // Overlapping the box by 3 units: pushed out to the nearest free spot.
    PlayerState p = standingAt(-2, 0, 0);
    const PlayerState out = movement::move(p, Input{}, 1.0 / 125, s, w.function());
    EXPECT_FALSE(out.stuck);
    EXPECT_FALSE(w.inSolid(movement::playerShape(s, false), out.origin));
    EXPECT_LT(glm::length(out.origin - p.origin), 4.5f);
    // Deep inside: stuck, and it stays where it is.
    PlayerState deep;
    deep.origin = {100, 0, 50};
    const PlayerState stuck = movement::move(deep, forwardInput(0), 1.0 / 125, s, w.function());
    EXPECT_TRUE(stuck.stuck);
    EXPECT_EQ(stuck.origin, deep.origin);
}

TEST(Controller, ClimbHeightClimbsHigherLedgesOnlyWhenEnabled) {
    AnalyticWorld w = floorWorld();
    w.addBox({64, -256, 0}, {600, 256, 30});
    Settings s;
    const PlayerState plain = runFor(World(w, false), s, standingAt(0, 0, 0), forwardInput(0), 1.5, 125);
    EXPECT_LT(plain.origin.x, 64 - 15.0f);
    s.climbHeight = 32.0f;
    const PlayerState climbed = runFor(World(w, false), s, standingAt(0, 0, 0), forwardInput(0), 1.5, 125);
    EXPECT_GT(climbed.origin.x, 100.0f);
    EXPECT_NEAR(climbed.origin.z, 30 + 24.125f, 0.01f);
}

struct Log : movement::Recorder {
    std::vector<movement::TraceRecord> records;
    void onTrace(const movement::TraceRecord& r) override { records.push_back(r); }
};

TEST(Controller, RecorderSeesEveryTraceWithItsPurpose) {
    AnalyticWorld w = floorWorld();
    w.addBox({40, -256, 0}, {600, 256, 16});
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        Settings s;
        s.preset = preset;
        PlayerState p = standingAt(20, 0, 0);
        p.velocity = {320, 0, 0};
        Log log;
        movement::move(p, forwardInput(0), 1.0 / 30, s, w.function(), &log);
        bool slide = false, up = false, down = false, ground = false;
        for (const auto& r : log.records) {
            slide |= r.purpose == movement::TracePurpose::Slide;
            up |= r.purpose == movement::TracePurpose::StepUp;
            down |= r.purpose == movement::TracePurpose::StepDown;
            ground |= r.purpose == movement::TracePurpose::GroundProbe;
            // Box traces use the player's mask; point probes (liquids) are rays.
            if (r.shape.kind == collision::ShapeKind::Box) {
                EXPECT_EQ(r.mask, s.contentsMask);
            }
        }
        EXPECT_TRUE(slide && up && down && ground) << movement::presetName(preset);
    }
}

TEST(Controller, DeterministicAndSimulationIndependentOfFrameTimes) {
    AnalyticWorld w = floorWorld();
    w.addBox({200, -300, 0}, {260, 300, 16});
    w.addRamp(30, 300, 500, -300, 300, 0);
    Settings s;
    movement::Simulation fixed(s, 125), jittery(s, 125);
    const PlayerState start = standingAt(0, 0, 0);
    fixed.setState(start);
    jittery.setState(start);
    Input in = forwardInput(5);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> frame(0.001, 0.05);
    int ticks = 0;
    while (ticks < 250)
        ticks += jittery.advance(frame(rng), in, w.function());
    for (int i = 0; i < ticks; ++i)
        fixed.tick(in, w.function());
    EXPECT_EQ(fixed.state().origin, jittery.state().origin);
    EXPECT_EQ(fixed.state().velocity, jittery.state().velocity);
    EXPECT_GT(fixed.state().origin.x, 300.0f);
    EXPECT_EQ(movement::Simulation(s, 10).rate(), 30.0);
    EXPECT_EQ(movement::Simulation(s, 1000).rate(), 333.0);
}

TEST(Controller, NonFiniteOrHugeInputIsHarmless) {
    const AnalyticWorld w = floorWorld();
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        Settings s;
        s.preset = preset;
        Input in;
        in.forward = std::nanf("");
        in.yaw = 1e30f;
        in.pitch = std::numeric_limits<float>::infinity();
        const PlayerState p = runFor(World(w, false), s, standingAt(0, 0, 0), in, 0.5, 125);
        EXPECT_TRUE(std::isfinite(p.origin.x) && std::isfinite(p.origin.y) && std::isfinite(p.origin.z));
        EXPECT_NEAR(p.origin.z, 24.125f, 0.01f);
    }
}

TEST(Quake3Preset, FreeFallMatchesTheGameFirstCommands) {
    // oa_dm1-s0-forward's first commands, in the air (tests/data/reference/walks): the game's
    // numbers come from half-before/half-after gravity and whole-unit velocity snapping.
    AnalyticWorld empty;
    Settings s;
    s.preset = movement::Preset::Quake3;
    PlayerState p;
    p.origin = {280, 1416, -111};
    const float expected[][4] = {{279.980f, -111.026f, -3, -6},
                                 {279.935f, -111.099f, -6, -12},
                                 {279.867f, -111.221f, -9, -18},
                                 {279.774f, -111.390f, -12, -24}};
    for (const auto& e : expected) {
        p = movement::move(p, forwardInput(180), 0.008, s, empty.function());
        EXPECT_NEAR(p.origin.x, e[0], 0.0006f);
        EXPECT_NEAR(p.origin.z, e[1], 0.0006f);
        EXPECT_EQ(p.velocity.x, e[2]);
        EXPECT_EQ(p.velocity.z, e[3]);
        EXPECT_FALSE(p.onGround);
    }
}

TEST(Quake3Preset, HeldJumpJumpsOnceAndCrouchWalksSlowly) {
    const AnalyticWorld w = floorWorld();
    Settings s;
    s.preset = movement::Preset::Quake3;
    Input jump;
    jump.jump = true;
    int takeoffs = 0;
    bool wasGround = true;
    runFor(World(w, false), s, standingAt(0, 0, 0), jump, 3.0, 125, [&](const PlayerState& ps, int) {
        if (wasGround && !ps.onGround)
            ++takeoffs;
        wasGround = ps.onGround;
        return true;
    });
    EXPECT_EQ(takeoffs, 1);
    Input crouch = forwardInput(90);
    crouch.crouch = true;
    const PlayerState c = runFor(World(w, false), s, standingAt(0, 0, 0), crouch, 2.0, 125);
    EXPECT_TRUE(c.crouched);
    EXPECT_NEAR(glm::length(c.velocity), s.maxSpeed * s.crouchSpeedScale, 1.0f);
}

TEST(Quake3Preset, LongFramesAreChoppedLikePmove) {
    const AnalyticWorld w = floorWorld();
    Settings s;
    s.preset = movement::Preset::Quake3;
    PlayerState p = standingAt(0, 0, 0);
    p.origin.z += 100;
    // One 0.2 s move is 66+66+66+2 ms commands, each snapping the velocity.
    const PlayerState once = movement::move(p, Input{}, 0.2, s, w.function());
    PlayerState pieces = p;
    for (double piece : {0.066, 0.066, 0.066, 0.002})
        pieces = movement::move(pieces, Input{}, piece, s, w.function());
    EXPECT_EQ(once.origin, pieces.origin);
    EXPECT_EQ(once.velocity, pieces.velocity);
}

TEST(WalkScript, ParsesLinesCommentsAndJoinedForm) {
    auto steps = movement::parseWalkScript(
        "# warm up\n1 1 0 0 - 90 0\n0.5 -1 0.5 0 jc 180 -10 ; 0.25 0 0 0 - 0 0\n", "test");
    ASSERT_TRUE(steps.ok()) << steps.error().message;
    ASSERT_EQ(steps->size(), 3u);
    EXPECT_TRUE((*steps)[1].input.jump);
    EXPECT_TRUE((*steps)[1].input.crouch);
    EXPECT_EQ((*steps)[1].input.pitch, -10.0f);
    EXPECT_EQ(movement::scriptTicks(steps.value(), 125).size(), 125u + 63u + 31u);
    auto bad = movement::parseWalkScript("1 1 0 0 - 90 0\n1 1 0 0 - ninety 0\n", "bad.txt");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "bad.txt:2: YAW 'ninety' is not a number");
}

TEST(WalkScript, RunWalkCountsTicksAndTraces) {
    const AnalyticWorld w = floorWorld();
    auto steps = movement::parseWalkScript("0.5 1 0 0 - 0 0\n0.25 0 0 0 j 0 0\n", "run");
    ASSERT_TRUE(steps.ok());
    Settings s;
    const auto run = movement::runWalk(steps.value(), standingAt(0, 0, 0), s, 60, w.function(), 90.0f);
    ASSERT_EQ(run.ticks.size(), 30u + 15u);
    ASSERT_EQ(run.tracesPerTick.size(), run.ticks.size());
    int64_t sum = 0;
    for (int32_t n : run.tracesPerTick)
        sum += n;
    EXPECT_EQ(sum, run.traces);
    EXPECT_GT(run.traces, 2 * static_cast<int64_t>(run.ticks.size())); // at least two ground probes a tick
    EXPECT_NEAR(run.ticks.back().time, 0.75, 1e-9);
    // The yaw offset turned the walk from +X to +Y; the jump left the ground.
    EXPECT_GT(run.ticks[29].origin.y, 50.0f);
    EXPECT_NEAR(run.ticks[29].origin.x, 0.0f, 0.01f);
    EXPECT_GT(run.ticks.back().origin.z, 30.0f);
}

TEST(Settings, SetByName) {
    Settings s;
    EXPECT_FALSE(movement::setSetting(s, "gravity", "400"));
    EXPECT_EQ(s.gravity, 400.0f);
    EXPECT_FALSE(movement::setSetting(s, "maxsz", "40"));
    EXPECT_EQ(s.maxs.z, 40.0f);
    EXPECT_FALSE(movement::setSetting(s, "shape", "capsule"));
    EXPECT_EQ(s.shape, collision::ShapeKind::Capsule);
    EXPECT_TRUE(movement::setSetting(s, "gravity", "x"));
    EXPECT_TRUE(movement::setSetting(s, "maxPlanes", "1"));
    EXPECT_TRUE(movement::setSetting(s, "bogus", "1"));
}

TEST(Settings, EveryNameReadsBackWhatItSets) {
    const auto names = movement::settingNames();
    EXPECT_EQ(names.size(), 3u + 25u + 5u + 6u);
    Settings changed;
    changed.preset = movement::Preset::Quake3;
    changed.method = movement::Method::StepCorrect;
    changed.shape = collision::ShapeKind::Cylinder;
    changed.minWalkNormal = 0.7071f;
    changed.gravity = -12.5f;
    changed.maxPlanes = 7;
    changed.snapVelocity = false;
    changed.contentsMask = 65537;
    changed.mins.y = -3.25f;
    for (const Settings& from : {Settings{}, changed})
        for (const auto& n : names) {
            EXPECT_FALSE(n.range.empty()) << n.name;
            const auto text = movement::getSetting(from, n.name);
            ASSERT_TRUE(text) << n.name;
            // Setting the text on defaults gives the same value back, field by field.
            Settings to;
            EXPECT_FALSE(movement::setSetting(to, n.name, *text)) << n.name << " = " << *text;
            EXPECT_EQ(movement::getSetting(to, n.name), text) << n.name;
        }
    EXPECT_EQ(movement::getSetting(changed, "gravity"), "-12.5");
    EXPECT_EQ(movement::getSetting(changed, "minWalkNormal"), "0.7071");
    EXPECT_EQ(movement::getSetting(changed, "shape"), "cylinder");
    EXPECT_EQ(movement::getSetting(changed, "method"), "step-correct");
    EXPECT_EQ(movement::getSetting(changed, "snapVelocity"), "0");
    EXPECT_EQ(movement::getSetting(changed, "minsy"), "-3.25");
    EXPECT_EQ(movement::getSetting(Settings{}, "contentsMask"), "33619969");
    EXPECT_EQ(movement::getSetting(Settings{}, "gravity "), std::nullopt);
    EXPECT_EQ(movement::getSetting(Settings{}, "minsw"), std::nullopt);
}

/// A playground of boxes, stairs, ramps, slanted walls and a low ceiling.
AnalyticWorld playground() {
    AnalyticWorld w;
    w.addBox({-1100, -1100, -64}, {1100, 1100, 0});
    w.addBox({-1100, -1100, 0}, {-1000, 1100, 400});
    w.addBox({1000, -1100, 0}, {1100, 1100, 400});
    w.addBox({-1100, -1100, 0}, {1100, -1000, 400});
    w.addBox({-1100, 1000, 0}, {1100, 1100, 400});
    for (int i = 0; i < 6; ++i) {
        const auto f = static_cast<float>(i);
        w.addBox({100.0f + 20 * f, -300, 0}, {400, -100, 12.0f * (f + 1)});
    }
    w.addRamp(35, -600, -300, 200, 500, 0);
    w.addRamp(55, -600, -400, -500, -200, 0);
    w.addBox({300, 300, 44}, {700, 700, 100});
    const glm::vec3 n = glm::normalize(glm::vec3(1, 2, 0));
    w.addWall({0, 500, 0}, n, glm::vec3(n.y, -n.x, 0), 300, 32, 0, 300);
    w.addWall({-200, -700, 0}, glm::normalize(glm::vec3(-1, 1, 0)), glm::normalize(glm::vec3(1, 1, 0)), 250,
              16, 0, 200);
    w.addBox({600, -600, 0}, {632, -300, 30});
    return w;
}

TEST(Controller, RandomWalkNeverEndsInSolid) {
#ifdef CLIPLAB_SANITIZE_BUILD
    const int kTicks = 10000;
#else
    const int kTicks = 100000;
#endif
    const AnalyticWorld w = playground();
    RandomWalkPlan plan;
    plan.ticks = kTicks;
    plan.restartEvery = kTicks; // one walk from the start
    plan.inputEvery = 30;
    plan.buttonChoices = 10;
    plan.seed = 12345;
    const auto inSolid = [&](const collision::Shape& shape, const glm::vec3& at) {
        return w.inSolid(shape, at);
    };
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        Settings s;
        s.preset = preset;
        float farthest = 0.0f, highest = 0.0f;
        const auto c = randomWalk(
            {standingAt(0, 0, 0).origin}, s, w.function(), inSolid, plan, nullptr, [&](const PlayerState& p) {
                farthest = std::max(farthest, glm::length(glm::vec2(p.origin.x, p.origin.y)));
                highest = std::max(highest, p.origin.z);
            });
        const int solid = c.solid, stuck = c.stuck;
        // It did get around: far from the start and up onto something.
        EXPECT_GT(farthest, 400.0f) << movement::presetName(preset);
        EXPECT_GT(highest, 24.125f + 40.0f) << movement::presetName(preset);
        EXPECT_EQ(solid, 0) << movement::presetName(preset);
        EXPECT_EQ(stuck, 0) << movement::presetName(preset);
    }
}

} // namespace
} // namespace cliplab::test
