// Hostile numbers through the player controller: NaN/infinite/huge state, settings, frame times
// and tick rates each get their documented result (Movement.h, Settings.h, Simulation.h), and
// every move leaves a finite position within +/-1e6 after bounded work.

#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "movement/Movement.h"
#include "movement/Simulation.h"
#include "movement/WalkScript.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

using namespace cliplab;
using movement::PlayerState;
using movement::Settings;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr double kNaND = std::numeric_limits<double>::quiet_NaN();

/// A floor z in [-64, 0], a wall x in [256, 288] and a 16-unit ledge, all inside +/-1024.
collision::Model roomModel() {
    return collision::Model(test::makeBrushMap({{test::boxPlanes({-1024, -1024, -64}, {1024, 1024, 0})},
                                                {test::boxPlanes({256, -1024, 0}, {288, 1024, 256})},
                                                {test::boxPlanes({128, -1024, 0}, {160, 1024, 16})}}));
}

class Counter : public movement::Recorder {
public:
    void onTrace(const movement::TraceRecord&) override { ++traces; }
    long long traces = 0;
};

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

void expectSaneState(const PlayerState& ps, const std::string& name) {
    EXPECT_TRUE(finite(ps.origin)) << name;
    EXPECT_TRUE(collision::pointUsable(ps.origin)) << name;
    EXPECT_TRUE(finite(ps.velocity)) << name;
    EXPECT_TRUE(finite(ps.groundNormal)) << name;
    EXPECT_TRUE(std::isfinite(ps.timer) && std::isfinite(ps.time)) << name;
}

movement::Input runInput() {
    movement::Input in;
    in.forward = 1.0f;
    in.jump = true;
    in.yaw = 30.0f;
    return in;
}

/// Runs `moves` moves of `dt` and checks every state; returns the traces made.
long long runMoves(PlayerState ps, const Settings& s, double dt, int moves, const collision::Model& model,
                   const std::string& name) {
    Counter counter;
    const auto trace = model.traceFunction();
    for (int i = 0; i < moves; ++i) {
        ps = movement::move(ps, runInput(), dt, s, trace, &counter);
        expectSaneState(ps, name + " move " + std::to_string(i));
        if (::testing::Test::HasFailure())
            break;
    }
    return counter.traces;
}

PlayerState standing(movement::Mode mode) {
    PlayerState ps;
    ps.origin = {0, 0, 24.125f};
    ps.mode = mode;
    return ps;
}

} // namespace

TEST(HostileMove, HostileStatesNeverGiveANaNPosition) {
    const collision::Model model = roomModel();
    struct Case {
        const char* name;
        std::function<void(PlayerState&)> spoil;
    };
    const Case cases[] = {
        {"NaN velocity", [](PlayerState& p) { p.velocity = glm::vec3(kNaN); }},
        {"inf velocity",
         [](PlayerState& p) {
             p.velocity = {kInf, -kInf, 0};
         }},
        {"1e30 velocity",
         [](PlayerState& p) {
             p.velocity = {1e30f, 0, -1e30f};
         }},
        {"NaN origin", [](PlayerState& p) { p.origin.x = kNaN; }},
        {"inf origin",
         [](PlayerState& p) {
             p.origin = {0, kInf, 0};
         }},
        {"1e7 origin",
         [](PlayerState& p) {
             p.origin = {1e7f, 0, 24};
         }},
        {"NaN ground normal",
         [](PlayerState& p) {
             p.groundNormal = glm::vec3(kNaN);
             p.onGround = true;
         }},
        {"NaN timer", [](PlayerState& p) { p.timer = kNaN; }},
        {"huge timer", [](PlayerState& p) { p.timer = 1e30f; }},
        {"bad water level", [](PlayerState& p) { p.waterLevel = -7; }},
        {"NaN time", [](PlayerState& p) { p.time = kNaND; }},
    };
    for (const auto preset : {movement::Preset::Melax, movement::Preset::Quake3})
        for (const auto mode : {movement::Mode::Walk, movement::Mode::Fly, movement::Mode::Noclip})
            for (const Case& c : cases) {
                Settings s;
                s.preset = preset;
                PlayerState ps = standing(mode);
                c.spoil(ps);
                runMoves(ps, s, 0.008, 20, model,
                         std::string(c.name) + " " + movement::presetName(preset) + " " +
                             movement::modeName(mode));
            }
}

TEST(HostileMove, SanitizeStateFollowsItsRules) {
    PlayerState nan;
    nan.origin = {kNaN, 5, -kInf};
    nan.velocity = {3, 4, 5};
    const PlayerState a = movement::sanitizeState(nan);
    EXPECT_EQ(a.origin, glm::vec3(0, 5, -collision::kMaxCoordinate));
    EXPECT_EQ(a.velocity, glm::vec3(0.0f)); // no sane origin: at rest
    EXPECT_TRUE(a.stuck);
    PlayerState fast;
    fast.velocity = {kNaN, 1e30f, -2};
    const PlayerState b = movement::sanitizeState(fast);
    EXPECT_EQ(b.velocity, glm::vec3(0, movement::kMaxVelocity, -2));
    EXPECT_FALSE(b.stuck);
    PlayerState fine = standing(movement::Mode::Walk);
    fine.velocity = {100, -50, 20};
    const PlayerState c = movement::sanitizeState(fine);
    EXPECT_EQ(c.origin, fine.origin);
    EXPECT_EQ(c.velocity, fine.velocity);
}

TEST(HostileMove, HostileSettingsAreClampedToTheirRanges) {
    const collision::Model model = roomModel();
    struct Case {
        const char* name;
        std::function<void(Settings&)> spoil;
        std::function<bool(const Settings&)> documented; ///< What sanitize must make of it.
    };
    const Settings d;
    const Case cases[] = {
        {"stepHeight 1e9", [](Settings& s) { s.stepHeight = 1e9f; },
         [](const Settings& s) { return s.stepHeight == 1e4f; }},
        {"stepHeight -5", [](Settings& s) { s.stepHeight = -5; },
         [](const Settings& s) { return s.stepHeight == 0.0f; }},
        {"gravity NaN", [](Settings& s) { s.gravity = kNaN; },
         [&](const Settings& s) { return s.gravity == d.gravity; }},
        {"gravity inf", [](Settings& s) { s.gravity = kInf; },
         [](const Settings& s) { return s.gravity == 1e5f; }},
        {"gravity -inf", [](Settings& s) { s.gravity = -kInf; },
         [](const Settings& s) { return s.gravity == -1e5f; }},
        {"maxSpeed 1e30", [](Settings& s) { s.maxSpeed = 1e30f; },
         [](const Settings& s) { return s.maxSpeed == 1e5f; }},
        {"minWalkNormal 0", [](Settings& s) { s.minWalkNormal = 0; },
         [](const Settings& s) { return s.minWalkNormal == 0.01f; }},
        {"minWalkNormal 2", [](Settings& s) { s.minWalkNormal = 2; },
         [](const Settings& s) { return s.minWalkNormal == 1.0f; }},
        {"minWalkNormal NaN", [](Settings& s) { s.minWalkNormal = kNaN; },
         [&](const Settings& s) { return s.minWalkNormal == d.minWalkNormal; }},
        {"overclip NaN", [](Settings& s) { s.overclip = kNaN; },
         [&](const Settings& s) { return s.overclip == d.overclip; }},
        {"friction -inf", [](Settings& s) { s.friction = -kInf; },
         [](const Settings& s) { return s.friction == 0.0f; }},
        {"maxSlideIterations 0", [](Settings& s) { s.maxSlideIterations = 0; },
         [](const Settings& s) { return s.maxSlideIterations == 1; }},
        {"maxSlideIterations -5", [](Settings& s) { s.maxSlideIterations = -5; },
         [](const Settings& s) { return s.maxSlideIterations == 1; }},
        {"maxPlanes 1e9", [](Settings& s) { s.maxPlanes = 1000000000; },
         [](const Settings& s) { return s.maxPlanes == 16; }},
        {"maxCommandTime 0", [](Settings& s) { s.maxCommandTime = 0; },
         [](const Settings& s) { return s.maxCommandTime == 0.001f; }},
        {"maxCommandTime NaN", [](Settings& s) { s.maxCommandTime = kNaN; },
         [&](const Settings& s) { return s.maxCommandTime == d.maxCommandTime; }},
        {"inverted box", [](Settings& s) { std::swap(s.mins, s.maxs); },
         [&](const Settings& s) { return s.mins == d.mins && s.maxs == d.maxs; }},
        {"NaN box", [](Settings& s) { s.maxs.z = kNaN; },
         [&](const Settings& s) { return s.maxs == d.maxs; }},
        {"huge box", [](Settings& s) { s.mins.x = -1e30f; },
         [](const Settings& s) { return s.mins.x == -1e4f; }},
        {"crouchMaxsZ -1e9", [](Settings& s) { s.crouchMaxsZ = -1e9f; },
         [&](const Settings& s) { return s.crouchMaxsZ == d.mins.z; }},
        {"bad shape", [](Settings& s) { s.shape = static_cast<collision::ShapeKind>(77); },
         [&](const Settings& s) { return s.shape == d.shape; }},
        {"bad preset", [](Settings& s) { s.preset = static_cast<movement::Preset>(-3); },
         [&](const Settings& s) { return s.preset == d.preset; }},
    };
    for (const auto preset : {movement::Preset::Melax, movement::Preset::Quake3})
        for (const Case& c : cases) {
            Settings s;
            s.preset = preset;
            c.spoil(s);
            const Settings clean = movement::sanitize(s);
            EXPECT_TRUE(c.documented(clean)) << c.name;
            EXPECT_FALSE(movement::inRange(s)) << c.name;
            EXPECT_TRUE(movement::inRange(clean)) << c.name;
            EXPECT_FALSE(movement::validateSettings(clean).has_value())
                << c.name << ": " << *movement::validateSettings(clean);
            EXPECT_TRUE(movement::validateSettings(s).has_value()) << c.name << " must be reported";
            // move() uses the sanitized settings: the same states as with them given directly.
            const auto trace = model.traceFunction();
            PlayerState a = standing(movement::Mode::Walk), b = a;
            for (int i = 0; i < 40; ++i) {
                a = movement::move(a, runInput(), 0.008, s, trace);
                b = movement::move(b, runInput(), 0.008, clean, trace);
            }
            EXPECT_EQ(a.origin, b.origin) << c.name;
            runMoves(standing(movement::Mode::Walk), s, 0.008, 100, model, c.name);
        }
    // In-range settings come back unchanged.
    Settings tuned;
    tuned.gravity = -300.0f;
    tuned.stepHeight = 40.0f;
    tuned.mins = {-4, -4, -4};
    const Settings same = movement::sanitize(tuned);
    EXPECT_EQ(same.gravity, tuned.gravity);
    EXPECT_EQ(same.stepHeight, tuned.stepHeight);
    EXPECT_EQ(same.mins, tuned.mins);
    EXPECT_FALSE(movement::validateSettings(tuned).has_value());
    EXPECT_TRUE(movement::inRange(tuned));
    EXPECT_TRUE(movement::inRange(Settings{}));
}

TEST(HostileMove, ValidateSettingsNamesTheField) {
    Settings s;
    s.mins.y = 20.0f;
    ASSERT_TRUE(movement::validateSettings(s).has_value());
    EXPECT_NE(movement::validateSettings(s)->find("minsy = 20 is above maxsy = 15"), std::string::npos);
    Settings g;
    g.gravity = kNaN;
    EXPECT_NE(movement::validateSettings(g)->find("gravity: nan is outside"), std::string::npos);
    Settings c;
    c.crouchMaxsZ = -100.0f;
    EXPECT_NE(movement::validateSettings(c)->find("crouchMaxsZ"), std::string::npos);
}

TEST(HostileMove, HostileFrameTimesDoBoundedWork) {
    const collision::Model model = roomModel();
    const auto trace = model.traceFunction();
    const PlayerState start = standing(movement::Mode::Walk);
    // NaN, negative, zero and infinite dt: no time passes, nothing is traced.
    for (const double dt : {kNaND, -1.0, 0.0, -std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::infinity()}) {
        Counter counter;
        const PlayerState out = movement::move(start, runInput(), dt, Settings{}, trace, &counter);
        EXPECT_EQ(counter.traces, 0) << dt;
        EXPECT_EQ(out.origin, start.origin) << dt;
        EXPECT_EQ(out.time, start.time) << dt;
    }
    // dt 1e9: cut to kMaxMoveTime, so the work is that of one second of moves.
    for (const float commandTime : {0.066f, 0.0f}) {
        Settings s;
        s.maxCommandTime = commandTime; // 0 is clamped to 1 ms: 1000 pieces
        Counter counter;
        const PlayerState out = movement::move(start, runInput(), 1e9, s, trace, &counter);
        EXPECT_NEAR(out.time, movement::kMaxMoveTime, 1e-6);
        expectSaneState(out, "dt 1e9");
        const long long pieces = commandTime > 0 ? 16 : 1000;
        EXPECT_LE(counter.traces, pieces * 40) << "traces for one capped move";
        EXPECT_GE(counter.traces, pieces) << "every piece traces";
    }
}

TEST(HostileMove, NoclipFlightStopsAtTheCoordinateLimit) {
    const collision::Model model = roomModel();
    Settings s;
    PlayerState ps = standing(movement::Mode::Noclip);
    ps.origin.x = 5e5f;
    ps.velocity = {movement::kMaxVelocity, 0, 0};
    s.noclipFriction = 0.0f;
    ps = movement::move(ps, runInput(), 1e9, s, model.traceFunction());
    expectSaneState(ps, "noclip");
    EXPECT_EQ(ps.origin.x, collision::kMaxCoordinate);
    EXPECT_TRUE(ps.stuck);
    EXPECT_EQ(ps.velocity, glm::vec3(0.0f));
}

TEST(HostileMove, TickRatesOutsideTheRangeAreClamped) {
    using movement::Simulation;
    EXPECT_EQ(Simulation::clampRate(0.0), Simulation::kMinRate);
    EXPECT_EQ(Simulation::clampRate(-1.0), Simulation::kMinRate);
    EXPECT_EQ(Simulation::clampRate(1e9), Simulation::kMaxRate);
    EXPECT_EQ(Simulation::clampRate(kNaND), Simulation::kDefaultRate);
    EXPECT_EQ(Simulation::clampRate(std::numeric_limits<double>::infinity()), Simulation::kMaxRate);
    EXPECT_EQ(Simulation::clampRate(60.0), 60.0);
    const collision::Model model = roomModel();
    const auto trace = model.traceFunction();
    for (const double rate : {0.0, 1e9, kNaND, -std::numeric_limits<double>::infinity()}) {
        Simulation sim(Settings{}, rate);
        EXPECT_EQ(sim.rate(), Simulation::clampRate(rate));
        sim.setState(standing(movement::Mode::Walk));
        // Frame times: NaN and negative run nothing, a huge one at most a quarter second of ticks.
        EXPECT_EQ(sim.advance(kNaND, runInput(), trace), 0);
        EXPECT_EQ(sim.advance(-5.0, runInput(), trace), 0);
        const int ticks = sim.advance(1e9, runInput(), trace);
        EXPECT_LE(ticks, static_cast<int>(0.25 * sim.rate()) + 1);
        EXPECT_GE(ticks, 1);
        expectSaneState(sim.state(), "simulation");
    }
    // A walk at a NaN rate runs at the default rate.
    auto steps = movement::parseWalkScript("1 1 0 0 - 0 0\n", "nan-rate");
    ASSERT_TRUE(steps.ok());
    const auto run =
        movement::runWalk(steps.value(), standing(movement::Mode::Walk), Settings{}, kNaND, trace);
    EXPECT_EQ(run.ticks.size(), 125u);
}

TEST(HostileMove, WalkScriptsAreBounded) {
    auto tooLong = movement::parseWalkScript("400 1 0 0 - 0 0\n300 1 0 0 - 0 0\n", "long.txt");
    ASSERT_FALSE(tooLong.ok());
    EXPECT_NE(tooLong.error().message.find("long.txt:2: the script lasts more than 600 s"), std::string::npos)
        << tooLong.error().message;
    auto nan = movement::parseWalkScript("1 nan 0 0 - 0 0\n", "nan.txt");
    ASSERT_FALSE(nan.ok());
    EXPECT_NE(nan.error().message.find("nan.txt:1: FORWARD 'nan' is not a number"), std::string::npos)
        << nan.error().message;
    EXPECT_TRUE(movement::parseWalkScript("600 1 0 0 - 0 0\n", "max.txt").ok());
}
