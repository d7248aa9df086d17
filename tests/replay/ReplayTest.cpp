// Replays on the playground: bit-identical to the run that was recorded (scripted walks, a
// simulation driven at 30 and 144 frames per second), other tick rates, and the comparisons of
// epsilon 1/8 against 1/32 and of the melax preset against quake3, whose parting ticks the tests
// work out from the map's geometry.

#include "replay/Replay.h"
#include "collision/Model.h"
#include "movement/Simulation.h"
#include "movement/WalkScript.h"
#include "replay/Capture.h"
#include "replay/Compare.h"
#include "replay/Overrides.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include <cmath>
#include <memory>

using namespace cliplab;

namespace {

/// The playground and its collision model, built once.
struct Playground {
    bsp::BspData data;
    std::unique_ptr<collision::Model> model;
};
const Playground& playground() {
    static const Playground p = [] {
        Playground out;
        auto data = test::loadPlayground();
        EXPECT_TRUE(data) << data.error().message;
        out.data = std::move(data.value());
        out.model = std::make_unique<collision::Model>(out.data);
        return out;
    }();
    return p;
}

/// A recording of `script` walked from `start` under `settings` by movement::runWalk (the code
/// `cliplab walk` runs), with the origins runWalk reached.
replay::Recording recordScript(const std::string& script, const glm::vec3& start,
                               const replay::RunSettings& settings) {
    auto steps = movement::parseWalkScript(script, "test script");
    EXPECT_TRUE(steps) << steps.error().message;
    movement::PlayerState s;
    s.origin = start;
    const collision::CorrectFunction correct = collision::correctFunction(*playground().model);
    replay::World world(*playground().model);
    const auto run = movement::runWalk(steps.value(), s, settings.movement, settings.rate,
                                       world.traceFunction(settings), 0.0f, &correct);
    const auto inputs = movement::scriptTicks(steps.value(), settings.rate);
    replay::Capture capture("playground", settings, s);
    movement::PlayerState before = s;
    for (size_t i = 0; i < inputs.size(); ++i) {
        EXPECT_TRUE(capture.add(inputs[i], before, run.ticks[i], settings)) << capture.stopReason();
        before = run.ticks[i];
    }
    return capture.recording();
}

/// A script that walks, strafe-jumps, turns, crouches and looks around past the first stations.
const char* kTour = "1 1 0 0 - 90 0\n0.5 1 1 0 j 45 -20\n0.8 1 -1 0 j 120 10\n1 0 -1 0 - 90 0\n"
                    "0.6 1 0 0 c 180 10\n0.5 -1 0.5 0 - 270 30\n";

} // namespace

TEST(Replay, ReproducesScriptedWalksBitForBit) {
    // The replay (replay::replay, through the .cliprec text) against runWalk's own states, for
    // both presets, swept and step-and-correct, two rates and a cylinder player.
    struct Variant {
        const char* name;
        const char* overrides;
    } variants[] = {{"melax", ""},
                    {"quake3", "preset=quake3"},
                    {"step-correct", "method=step-correct stepLength=12"},
                    {"quake3 60 Hz", "preset=quake3 hz=60"},
                    {"cylinder tutorial", "shape=cylinder semantics=tutorial epsilon=1/32"},
                    {"planeshift", "trace=planeshift bevels=off"}};
    for (const Variant& v : variants) {
        auto settings = replay::applyOverrides(replay::RunSettings{}, v.overrides);
        ASSERT_TRUE(settings) << settings.error().message;
        const replay::Recording recorded = recordScript(kTour, {64, -448, 41}, settings.value());
        ASSERT_TRUE(recorded.hasOrigins()) << v.name;
        auto parsed = replay::parseRecording(replay::writeRecording(recorded), v.name);
        ASSERT_TRUE(parsed) << parsed.error().message;
        replay::World world(*playground().model);
        const replay::Run run = replay::replay(parsed.value(), parsed->settings, world);
        ASSERT_EQ(run.ticks(), recorded.ticks.size()) << v.name;
        EXPECT_EQ(replay::firstMismatch(parsed.value(), run), std::nullopt) << v.name;
        // The run went somewhere: it is no walk in place.
        EXPECT_GT(glm::distance(run.states.back().origin, run.states.front().origin), 100.0f) << v.name;
    }
}

TEST(Replay, ReproducesASimulationDrivenAtAnyFrameRate) {
    // A loop like the viewer's: frames of 1/30 or 1/144 s (with jitter) feed an accumulator, each
    // frame's input (keys, mouse look) drives the whole ticks that fit, and the capture records
    // every tick. The replay reaches the same state after every tick.
    for (const double fps : {30.0, 144.0}) {
        replay::RunSettings settings;
        movement::Simulation sim(settings.movement, settings.rate);
        movement::PlayerState start;
        start.origin = {64, -448, 41};
        sim.setState(start);
        replay::World world(*playground().model);
        const auto trace = world.traceFunction(settings);
        replay::Capture capture("playground", settings, start, 90.0f, 0.0f);
        std::vector<movement::PlayerState> states{start};
        double accumulator = 0.0, seconds = 0.0;
        float yaw = 90.0f, pitch = 0.0f;
        for (int frame = 0; seconds < 4.0; ++frame) {
            const double frameTime = (1.0 / fps) * (1.0 + 0.3 * std::sin(frame * 0.7));
            seconds += frameTime;
            yaw += 0.37f * float(frame % 11) - 1.5f; // mouse look, per frame
            pitch = 20.0f * std::sin(float(frame) * 0.05f);
            movement::Input in;
            in.forward = 1.0f;
            in.right = frame % 90 < 45 ? 1.0f : -1.0f;
            in.jump = frame % 60 < 5;
            in.up = in.jump ? 1.0f : 0.0f;
            in.yaw = yaw;
            in.pitch = pitch;
            accumulator += frameTime;
            const double step = 1.0 / sim.rate();
            while (accumulator + 1e-9 >= step) {
                const movement::PlayerState before = sim.state();
                sim.tick(in, trace);
                ASSERT_TRUE(capture.add(in, before, sim.state(), settings)) << capture.stopReason();
                states.push_back(sim.state());
                accumulator = std::max(0.0, accumulator - step);
            }
        }
        const replay::Recording& rec = capture.recording();
        EXPECT_NEAR(rec.seconds(), 4.0, 0.05) << fps;
        auto parsed = replay::parseRecording(replay::writeRecording(rec), "fps");
        ASSERT_TRUE(parsed) << parsed.error().message;
        const replay::Run run = replay::replay(parsed.value(), parsed->settings, world);
        ASSERT_EQ(run.states.size(), states.size());
        for (size_t i = 0; i < states.size(); ++i)
            ASSERT_TRUE(replay::sameState(run.states[i], states[i])) << fps << " fps, tick " << i;
        EXPECT_GT(run.traces, 0);
    }
}

TEST(Replay, CaptureRefusesWhatCannotBeReplayed) {
    replay::RunSettings settings;
    movement::PlayerState start;
    start.origin = {64, -448, 41};
    replay::World world(*playground().model);
    const auto trace = world.traceFunction(settings);
    replay::Capture capture("playground", settings, start);
    movement::Input in;
    in.forward = 1.0f;
    const movement::PlayerState after =
        movement::move(start, in, 1.0 / settings.rate, settings.movement, trace);
    ASSERT_TRUE(capture.add(in, start, after, settings));
    // A teleport between ticks.
    movement::PlayerState moved = after;
    moved.origin.x += 1.0f;
    EXPECT_FALSE(capture.add(in, moved, moved, settings));
    EXPECT_NE(capture.stopReason().find("moved between ticks"), std::string::npos);
    // A mode switch.
    movement::PlayerState flying = after;
    flying.mode = movement::Mode::Noclip;
    EXPECT_FALSE(capture.add(in, flying, flying, settings));
    // A setting changed.
    replay::RunSettings other = settings;
    other.trace.epsilon = 1.0f / 32.0f;
    EXPECT_FALSE(capture.add(in, after, after, other));
    EXPECT_NE(capture.stopReason().find("setting changed"), std::string::npos);
    EXPECT_EQ(capture.ticks(), 1u);
    // The time alone may differ (the viewer's simulation keeps its own clock).
    movement::PlayerState later = after;
    later.time += 5.0;
    EXPECT_TRUE(capture.add(in, later, after, settings));
}

TEST(Replay, OtherTickRatesResampleTheInputs) {
    replay::RunSettings settings;
    const replay::Recording rec = recordScript("1 1 0 0 - 90 0\n1 0 1 0 - 90 0\n", {64, -448, 41}, settings);
    ASSERT_EQ(rec.ticks.size(), 250u);
    EXPECT_EQ(replay::ticksAtRate(rec, 125.0), 250u);
    EXPECT_EQ(replay::ticksAtRate(rec, 250.0), 500u);
    EXPECT_EQ(replay::ticksAtRate(rec, 60.0), 120u);
    // At 250 Hz tick 2k and 2k + 1 take recorded tick k; the switch from forward to right is at 1 s.
    EXPECT_EQ(replay::inputAt(rec, 250.0, 249).forward, 1.0f);
    EXPECT_EQ(replay::inputAt(rec, 250.0, 250).right, 1.0f);
    EXPECT_EQ(replay::inputAt(rec, 60.0, 59).forward, 1.0f);
    EXPECT_EQ(replay::inputAt(rec, 60.0, 60).right, 1.0f);
    replay::World world(*playground().model);
    replay::RunSet set(rec, world);
    auto hz60 = replay::applyOverrides(rec.settings, "hz=60");
    ASSERT_TRUE(hz60);
    const size_t k = set.add("hz=60", hz60.value());
    EXPECT_EQ(set.run(k).ticks(), 120u);
    // Both end about where 1 s forward then 1 s right at 320 u/s takes them.
    const glm::vec3 a = set.run(0).states.back().origin, b = set.run(k).states.back().origin;
    EXPECT_LT(glm::distance(a, b), 8.0f);
    EXPECT_GT(a.y, -448.0f + 250.0f);
    EXPECT_GT(a.x, 64.0f + 200.0f); // right of yaw 90 is +x
}

TEST(Replay, EpsilonEighthAgainstThirtySecondPartsWhereThePlayerLands) {
    // Spawned 8 units above the floor (top at z = 0), the player falls; with epsilon e it comes to
    // rest at z = 24 + e (the box reaches 24 below its origin). Until then both runs are the same
    // free fall; they part (by 1/8 - 1/32 = 0.094 > 0.01) at the first tick whose free fall would
    // take the box below 24 + 1/8 - 0.01. The free fall is worked out through a world with nothing
    // in it.
    replay::RunSettings settings; // the default epsilon is 1/8
    const glm::vec3 start(64, 1984, 32);
    const replay::Recording rec = recordScript("3 1 0 0 - 90 0\n", start, settings);
    replay::World world(*playground().model);
    replay::RunSet set(rec, world);
    auto fine = replay::applyOverrides(rec.settings, "epsilon=1/32");
    ASSERT_TRUE(fine) << fine.error().message;
    const size_t b = set.add("epsilon=1/32", fine.value());

    const collision::TraceFunction nothing = [](const collision::Shape&, const glm::vec3&,
                                                const glm::vec3& end, int32_t) {
        collision::TraceResult r;
        r.endpos = end;
        return r;
    };
    movement::PlayerState free;
    free.origin = start;
    size_t expected = 0;
    for (size_t k = 1; k <= rec.ticks.size() && expected == 0; ++k) {
        free = movement::move(free, rec.ticks[k - 1].input, 1.0 / settings.rate, settings.movement, nothing);
        if (free.origin.z < 24.0f + 0.125f - replay::kPartDistance)
            expected = k;
    }
    ASSERT_GT(expected, 1u);
    const auto parting = set.parting(0, b);
    ASSERT_TRUE(parting);
    EXPECT_EQ(parting->tick, expected);
    EXPECT_NEAR(parting->originA.z, 24.125f, 1e-3f);
    EXPECT_NEAR(parting->originB.z, 24.03125f, 1e-3f);
    EXPECT_NEAR(parting->distance, 0.09375f, 1e-3f);
    // The same fall in both until then.
    for (size_t k = 0; k < expected; ++k)
        EXPECT_TRUE(replay::sameState(set.run(0).states[k], set.run(b).states[k])) << k;
    // The first trace that differs there is the move hitting the floor, fraction and end apart.
    const replay::TraceComparison traces = set.compareTraces(0, b, parting->tick);
    ASSERT_GE(traces.firstDifferent, 0);
    const auto& ta = traces.a.traces[static_cast<size_t>(traces.firstDifferent)];
    const auto& tb = traces.b.traces[static_cast<size_t>(traces.firstDifferent)];
    EXPECT_EQ(ta.start, tb.start);
    EXPECT_EQ(ta.end, tb.end);
    EXPECT_EQ(ta.result.plane.normal, glm::vec3(0, 0, 1));
    EXPECT_LT(ta.result.fraction, tb.result.fraction);
    EXPECT_NEAR(ta.result.endpos.z, 24.125f, 1e-4f);
    EXPECT_NEAR(tb.result.endpos.z, 24.03125f, 1e-4f);
    // Both then walk into the 1-unit thin wall (its near face at y = 2176): each stops e short of it.
    EXPECT_NEAR(set.run(0).states.back().origin.y, 2176.0f - 15.0f - 0.125f, 1e-3f);
    EXPECT_NEAR(set.run(b).states.back().origin.y, 2176.0f - 15.0f - 0.03125f, 1e-3f);
    EXPECT_NEAR(set.summary(b).finalDistance, glm::distance(glm::vec2(0.09375f, 0.09375f), glm::vec2(0.0f)),
                1e-3f);
    EXPECT_EQ(set.summary(0).inSolidTicks, 0);
    EXPECT_EQ(set.summary(b).inSolidTicks, 0);
    EXPECT_EQ(set.firstParting()->tick, expected);
}

TEST(Replay, MelaxAgainstQuake3PartsWhereTheRampBegins) {
    // Walking +y from the "stairs: rise 4" station up its six 4-unit steps and on towards the
    // 20-degree ramp of the next row (foot at y = 512, rising +y). With Quake 3's whole-unit
    // velocity snapping and angle quantisation off (they only apply to the quake3 preset), the two
    // presets walk the steps and the floor within 0.01 units of each other; they part when the box
    // first reaches the ramp: melax slides up the slope, quake3 steps up 18 units and drops back
    // onto it. That tick is the first whose 2.56-unit move brings the box's lower front edge within
    // the epsilon of the slope, from the map's numbers.
    auto settings = replay::applyOverrides(replay::RunSettings{}, "snapVelocity=0 quantizeAngles=0");
    ASSERT_TRUE(settings);
    const replay::Recording rec = recordScript("3 1 0 0 - 90 0\n", {64, -64, 24.125f}, settings.value());
    replay::World world(*playground().model);
    replay::RunSet set(rec, world);
    auto quake3 = replay::applyOverrides(rec.settings, "preset=quake3");
    ASSERT_TRUE(quake3);
    const size_t b = set.add("preset=quake3", quake3.value());
    const auto parting = set.parting(0, b);
    ASSERT_TRUE(parting);

    const float slope = 20.0f * 3.14159265f / 180.0f;
    const float normalY = std::sin(slope); // the slope's normal is (0, -sin, cos)
    size_t expected = 0;
    const replay::Run& melax = set.run(0);
    for (size_t k = 1; k < melax.states.size() && expected == 0; ++k) {
        const movement::PlayerState& before = melax.states[k - 1];
        const float front = before.origin.y + 15.0f, bottom = before.origin.z - 24.0f;
        if (front < 400.0f)
            continue; // still on the stairs
        // How far the slope is ahead along y at the box's bottom, less this tick's move.
        const float gap = 512.0f + bottom / std::tan(slope) - front;
        const float move = before.velocity.y / float(rec.settings.rate);
        if ((gap - move) * normalY < 0.125f)
            expected = k;
    }
    ASSERT_GT(expected, 0u);
    EXPECT_EQ(parting->tick, expected);
    // Up to there the runs are within 0.01 units tick by tick; at the parting tick both touched
    // the slope, and the first trace that differs is quake3's own (its liquid test, then its
    // step up), so the trace lists differ.
    const replay::TraceComparison traces = set.compareTraces(0, b, parting->tick);
    EXPECT_GE(traces.firstDifferent, 0);
    EXPECT_NE(traces.a.traces.size(), traces.b.traces.size());
    bool slopeHitA = false, slopeHitB = false;
    for (const auto& t : traces.a.traces)
        slopeHitA |= std::fabs(t.result.plane.normal.y + normalY) < 1e-4f;
    for (const auto& t : traces.b.traces)
        slopeHitB |= std::fabs(t.result.plane.normal.y + normalY) < 1e-4f;
    EXPECT_TRUE(slopeHitA);
    EXPECT_TRUE(slopeHitB);
    EXPECT_EQ(set.summary(0).inSolidTicks, 0);
    EXPECT_EQ(set.summary(b).inSolidTicks, 0);
}

TEST(Replay, TracesOfATickAreTheRunsOwn) {
    // Re-simulating up to a tick gives the traces the run made there: counted per tick by the run.
    replay::RunSettings settings;
    const replay::Recording rec = recordScript(kTour, {64, -448, 41}, settings);
    replay::World world(*playground().model);
    const replay::Run run = replay::replay(rec, settings, world);
    for (size_t tick : {size_t(1), size_t(77), run.ticks()}) {
        const replay::TickTraces t = replay::tracesOfTick(rec, settings, world, tick);
        EXPECT_EQ(static_cast<int32_t>(t.traces.size()), run.tracesPerTick[tick - 1]) << tick;
    }
    EXPECT_TRUE(replay::tracesOfTick(rec, settings, world, 0).traces.empty());
    EXPECT_TRUE(replay::tracesOfTick(rec, settings, world, run.ticks() + 1).traces.empty());
}

TEST(Overrides, NamesValuesAndErrors) {
    const replay::RunSettings base;
    auto s =
        replay::applyOverrides(base, "  epsilon=1/32\thz=60 semantics=tutorial curves=on trace=planeshift "
                                     "bevels=off preset=quake3 method=step-correct gravity=400 minsz=-20 ");
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->trace.epsilon, 1.0f / 32.0f);
    EXPECT_EQ(s->rate, 60.0);
    EXPECT_EQ(s->trace.semantics, collision::Semantics::Tutorial);
    EXPECT_TRUE(s->trace.curves);
    EXPECT_EQ(s->method, replay::TraceMethod::PlaneShift);
    EXPECT_EQ(s->effectiveMethod(), replay::TraceMethod::Brush); // plane shifting needs quake3 semantics
    EXPECT_FALSE(s->bevels);
    EXPECT_EQ(s->movement.preset, movement::Preset::Quake3);
    EXPECT_EQ(s->movement.method, movement::Method::StepCorrect);
    EXPECT_EQ(s->movement.gravity, 400.0f);
    EXPECT_EQ(s->movement.mins.z, -20.0f);
    auto empty = replay::applyOverrides(base, "");
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty.value() == base);
    struct Case {
        const char* text;
        const char* message;
    } bad[] = {{"epsilon", "expected NAME=VALUE, got 'epsilon'"},
               {"=3", "expected NAME=VALUE, got '=3'"},
               {"epsilon=1/0", "epsilon: expected a distance in [0, 16]"},
               {"epsilon=17", "epsilon: expected a distance in [0, 16]"},
               {"hz=20", "hz: expected a rate from 30 to 333"},
               {"semantics=doom", "semantics: expected quake3, tutorial, robust or quake3e"},
               {"curves=maybe", "curves: expected on or off"},
               {"trace=sweep", "trace: expected brush or planeshift"},
               {"nosuch=1", "unknown setting 'nosuch'"},
               {"minsx=20", "minsx = 20 is above maxsx = 15"}};
    for (const Case& c : bad) {
        auto r = replay::applyOverrides(base, c.text);
        ASSERT_FALSE(r) << c.text;
        EXPECT_NE(r.error().message.find(c.message), std::string::npos)
            << c.text << ": " << r.error().message;
    }
}
