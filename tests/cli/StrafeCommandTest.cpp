// `cliplab strafe`: the line of angles is the engine's closed form for the options given, the snap
// zones cover the circle and are the engine's, bad command lines exit 2 naming the option.

#include "movement/Simulation.h"
#include "movement/Strafe.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>

using namespace cliplab;

namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

struct AngleLine {
    double min = -1, opt = -1, max = -1, accel = 0;
};

AngleLine parseAngles(const std::string& line) {
    AngleLine a;
    char extra = 0;
    EXPECT_EQ(std::sscanf(line.c_str(), "min=%lf opt=%lf max=%lf accel_opt=%lf%c", &a.min, &a.opt, &a.max,
                          &a.accel, &extra),
              4)
        << line;
    return a;
}

void expectAngles(const std::string& args, const movement::Settings& settings, double rate,
                  movement::StrafePhase phase, double speed) {
    const auto r = test::runCliplab("strafe " + args);
    ASSERT_EQ(r.exitCode, 0) << args << "\n" << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 1u) << r.out;
    const AngleLine got = parseAngles(out[0]);
    const auto want = movement::strafeAngles(movement::strafeModel(settings, rate, phase), speed);
    EXPECT_NEAR(got.min, want.min, 1e-4) << args;
    EXPECT_NEAR(got.opt, want.opt, 1e-4) << args;
    EXPECT_NEAR(got.max, want.max, 1e-4) << args;
    EXPECT_NEAR(got.accel, want.accelOpt, 1e-4) << args;
}

} // namespace

TEST(StrafeCommand, PrintsTheClosedFormAngles) {
    movement::Settings q3;
    q3.preset = movement::Preset::Quake3;
    // The numbers: 400 units/s in the air at 125 Hz.
    const auto r = test::runCliplab("strafe --speed 400");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const AngleLine air = parseAngles(lines(r.out).at(0));
    EXPECT_NEAR(air.min, std::acos(320.0 / 400.0) * 180 / M_PI, 1e-4);
    EXPECT_NEAR(air.opt, std::acos((320.0 - 2.56) / 400.0) * 180 / M_PI, 1e-3);
    EXPECT_NEAR(air.max, std::acos(-2.56 / 800.0) * 180 / M_PI, 1e-3);

    expectAngles("--speed 650 --air", q3, 125, movement::StrafePhase::Air, 650);
    expectAngles("--speed 400 --ground", q3, 125, movement::StrafePhase::Ground, 400);
    expectAngles("--speed 500 --ground", q3, 125, movement::StrafePhase::Ground, 500); // no angle gains
    expectAngles("--speed 700 --hz 333", q3, 333, movement::StrafePhase::Air, 700);
    movement::Settings fast = q3;
    fast.airAccelerate = 10.0f;
    fast.maxSpeed = 400.0f;
    expectAngles("--speed 900 --set airAccelerate=10 --set maxSpeed=400", fast, 125,
                 movement::StrafePhase::Air, 900);
    movement::Settings melax;
    expectAngles("--speed 200 --preset melax", melax, 125, movement::StrafePhase::Air, 200);
    expectAngles("--speed 250 --preset melax --ground", melax, 125, movement::StrafePhase::Ground, 250);
}

TEST(StrafeCommand, SnapZonesCoverTheCircle) {
    const auto r = test::runCliplab("strafe --speed 480 --snap --velocity-yaw 30");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_GE(out.size(), 3u);
    // 480 along yaw 30, in whole units: 416, 240.
    float vx = 0, vy = 0;
    size_t count = 0;
    ASSERT_EQ(std::sscanf(out[1].c_str(), "snap velocity=%f,%f speed=%*f zones=%zu", &vx, &vy, &count), 3)
        << out[1];
    EXPECT_EQ(vx, 416.0f);
    EXPECT_EQ(vy, 240.0f);
    ASSERT_EQ(out.size(), 2 + count);
    movement::Settings q3;
    q3.preset = movement::Preset::Quake3;
    const auto zones =
        movement::snapZones(movement::strafeModel(q3, 125, movement::StrafePhase::Air), {vx, vy});
    ASSERT_EQ(zones.size(), count);
    double covered = 0.0;
    for (size_t i = 0; i < count; ++i) {
        double from = 0, to = 0, gain = 0;
        float x = 0, y = 0;
        ASSERT_EQ(std::sscanf(out[2 + i].c_str(), "zone from=%lf to=%lf velocity=%f,%f gain=%lf", &from, &to,
                              &x, &y, &gain),
                  5)
            << out[2 + i];
        EXPECT_NEAR(from, zones[i].from, 1e-4);
        EXPECT_NEAR(to, zones[i].to, 1e-4);
        EXPECT_EQ(glm::vec2(x, y), zones[i].velocity);
        EXPECT_NEAR(gain, zones[i].gain, 1e-4);
        covered += to - from;
    }
    EXPECT_NEAR(covered, 360.0, 1e-3);
}

TEST(StrafeCommand, BadCommandLinesAreUsageErrors) {
    const std::pair<const char*, const char*> cases[] = {
        {"", "--speed V is required"},
        {"--speed -1", "--speed"},
        {"--speed fast", "--speed"},
        {"--speed 1e6", "--speed"},
        {"--speed nan", "--speed"},
        {"--speed inf", "--speed"},
        {"--speed 400 --snap --velocity-yaw nan", "--velocity-yaw"},
        {"--speed 400 --air --ground", "exclude each other"},
        {"--speed 400 --preset quake4", "--preset"},
        {"--speed 400 --hz 20", "--hz"},
        {"--speed 400 --set gravity=nan", "--set"},
        {"--speed 400 --set nosuch=1", "--set"},
        {"--speed 400 --snap --preset melax", "--snap"},
        {"--speed 400 --snap --set snapVelocity=0", "--snap"},
        {"--speed 400 --velocity-yaw 10", "--velocity-yaw is for --snap"},
        {"--speed 400 --snap --velocity-yaw 400", "--velocity-yaw"},
        {"--speed 400 extra", "expected no argument"},
    };
    for (const auto& [args, message] : cases) {
        const auto r = test::runCliplab(std::string("strafe ") + args);
        EXPECT_EQ(r.exitCode, 2) << args;
        EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
        EXPECT_TRUE(r.out.empty()) << args;
    }
}
