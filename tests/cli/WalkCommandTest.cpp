#include "collision/Model.h"
#include "movement/WalkScript.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace cliplab;

namespace {

std::string writeScript(const std::string& text) {
    const std::string dir = test::makeTempDir("walk");
    test::writeFile(dir + "/script.txt", text);
    return dir + "/script.txt";
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

} // namespace

TEST(WalkCommand, Quake3WalkOnOaDm1MatchesTheGame) {
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string script = writeScript("# the reference walk oa_dm1-s0-forward\n3 1 0 0 - 180 0\n");
    auto r = test::runCliplab("walk oa_dm1 --script '" + script +
                              "' --start 280 1416 -111 --preset quake3 --hz 125 --curves off");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 376u); // 375 ticks of 8 ms and the final line
    // The game's own numbers for this walk (tests/data/reference/walks).
    EXPECT_EQ(out[0], "0.0080 279.980 1416.000 -111.026 -3.000 0.000 -6.000 0");
    EXPECT_EQ(out[19], "0.1600 274.465 1416.000 -119.693 -130.000 0.000 0.000 1");
    EXPECT_EQ(out.back().rfind("final -208.875 1416.000 -119.693 ground=1 stuck=0 traces=", 0), 0u)
        << out.back();
}

TEST(WalkCommand, CurvesOnWalksTheSameOnAMapWithoutPatches) {
    // oa_dm1 has no patches, so curve collision changes nothing (the game's curves-on and
    // curves-off reference walks agree there too).
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string script = writeScript("3 1 0 0 - 180 0\n");
    const std::string base =
        "walk oa_dm1 --script '" + script + "' --start 280 1416 -111 --preset quake3 --hz 125";
    auto off = test::runCliplab(base + " --curves off");
    auto on = test::runCliplab(base + " --curves on");
    ASSERT_EQ(on.exitCode, 0) << on.err;
    EXPECT_EQ(on.out, off.out);
}

TEST(WalkCommand, CurvesAreOnByDefault) {
    // Two seconds up the playground's curved ramp (a patch rising 96 units towards +y): with
    // curves, as in the game, the player climbs it; with --curves off it walks through the ramp
    // on the floor (origin z 24.125: the box's mins.z is -24, the floor at 0, epsilon above).
    const std::string script = writeScript("2 1 0 0 - 90 0\n");
    const std::string base =
        "walk '" + test::playgroundPath() + "' --script '" + script + "' --start 64 3520 24.125";
    auto byDefault = test::runCliplab(base);
    auto on = test::runCliplab(base + " --curves on");
    auto off = test::runCliplab(base + " --curves off");
    ASSERT_EQ(byDefault.exitCode, 0) << byDefault.err;
    EXPECT_EQ(byDefault.out, on.out);
    auto highest = [](const std::string& out) { // the highest z of the tick lines "t x y z ..."
        float top = -1e9f;
        for (const std::string& l : lines(out)) {
            float t = 0, x = 0, y = 0, z = 0;
            if (std::sscanf(l.c_str(), "%f %f %f %f", &t, &x, &y, &z) == 4)
                top = std::max(top, z);
        }
        return top;
    };
    EXPECT_GT(highest(byDefault.out), 24.125f + 64.0f) << "climbed the ramp";
    EXPECT_FLOAT_EQ(highest(off.out), 24.125f) << "stayed on the floor";
}

TEST(WalkCommand, DefaultStartIsTheFirstSpawnPointRaisedNineUnits) {
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string script = writeScript("0.48 1 0 0 - 90 0\n");
    auto a = test::runCliplab("walk oa_dm1 --script '" + script + "'");
    auto b = test::runCliplab("walk oa_dm1 --script '" + script + "' --start 280 1416 -111");
    ASSERT_EQ(a.exitCode, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(lines(a.out).size(), 61u); // 60 ticks and the final line
}

TEST(WalkCommand, FlyNoclipRatesAndSettings) {
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string script = writeScript("1 0 0 1 - 0 0\n");
    for (const char* mode : {"fly", "noclip"}) {
        auto r = test::runCliplab(std::string("walk oa_dm1 --script '") + script + "' --mode " + mode +
                                  " --hz 60");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const auto out = lines(r.out);
        ASSERT_EQ(out.size(), 61u);
        float t, x, y, z;
        ASSERT_EQ(std::sscanf(out[59].c_str(), "%f %f %f %f", &t, &x, &y, &z), 4);
        EXPECT_NEAR(t, 1.0f, 1e-4f);
        EXPECT_GT(z, -111.0f + 50.0f) << mode; // went up
    }
    // --set reaches the controller: with gravity 0 a player spawned in the air never falls, while
    // the default gravity brings it down; both walk forward.
    const std::string forward = writeScript("1 1 0 0 - 0 0\n");
    for (const bool weightless : {true, false}) {
        auto r = test::runCliplab("walk oa_dm1 --script '" + forward + "' --step 8" +
                                  (weightless ? " --set gravity=0 --set maxSpeed=100" : ""));
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const auto out = lines(r.out);
        ASSERT_GE(out.size(), 2u);
        float t, x, y, z;
        ASSERT_EQ(std::sscanf(out[out.size() - 2].c_str(), "%f %f %f %f", &t, &x, &y, &z), 4);
        EXPECT_GT(x, 280.5f) << "moved forward (+x)";
        if (weightless)
            EXPECT_EQ(z, -111.0f) << out[out.size() - 2];
        else
            EXPECT_LT(z, -112.0f) << out[out.size() - 2];
    }
}

TEST(WalkCommand, BadInputGivesClearErrors) {
    const std::string good = writeScript("1 1 0 0 - 0 0\n");
    struct Case {
        std::string args, message;
    } cases[] = {
        {"walk oa_dm1", "--script FILE is required"},
        {"walk --script '" + good + "'", "expected one MAP argument"},
        {"walk oa_dm1 --script '" + good + "' --hz 20", "--hz: expected a rate from 30 to 333"},
        {"walk oa_dm1 --script '" + good + "' --preset doom", "--preset: expected melax or quake3"},
        {"walk oa_dm1 --script '" + good + "' --mode swim", "--mode: expected walk, fly or noclip"},
        {"walk oa_dm1 --script '" + good + "' --set gravity", "--set: expected NAME=VALUE"},
        {"walk oa_dm1 --script '" + good + "' --set nosuch=1", "unknown setting 'nosuch'"},
        {"walk oa_dm1 --script '" + good + "' --set minWalkNormal=2", "minWalkNormal: 2 is outside"},
        {"walk oa_dm1 --script '" + good + "' --curves maybe", "--curves: expected on or off"},
        {"walk oa_dm1 --script '" + good + "' --method sweep", "--method: expected swept or step-correct"},
        {"walk oa_dm1 --script '" + good + "' --step-length 0", "--step-length: expected a length"},
        {"walk oa_dm1 --script '" + good + "' --step-length nan", "--step-length: expected a length"},
        {"walk oa_dm1 --script '" + good + "' --set method=teleport",
         "method: expected swept or step-correct"},
        {"walk oa_dm1 --script '" + writeScript("1 1 0 0 - 0\n") + "'", ":1: expected 7 fields"},
        {"walk oa_dm1 --script '" + writeScript("# c\n1 2 0 0 - 0 0\n") + "'",
         ":2: FORWARD must be in [-1, 1]"},
        {"walk oa_dm1 --script '" + writeScript("1 1 0 0 x 0 0\n") + "'", "unknown button 'x'"},
        {"walk oa_dm1 --script '" + writeScript("-1 1 0 0 - 0 0\n") + "'", "SECONDS must be > 0"},
        {"walk oa_dm1 --script '" + writeScript("1 1 0 0 - east 0\n") + "'", "YAW 'east' is not a number"},
    };
    for (const auto& c : cases) {
        auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
    // Files that cannot be read are failures (1), as the README says; malformed ones, above, bad input (2).
    auto missing = test::runCliplab("walk /nonexistent/map.bsp --script '" + good + "'");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/nonexistent/map.bsp"), std::string::npos) << missing.err;
    auto noScript = test::runCliplab("walk oa_dm1 --script /nonexistent/script");
    EXPECT_EQ(noScript.exitCode, 1);
    EXPECT_NE(noScript.err.find("/nonexistent/script: cannot open the script"), std::string::npos)
        << noScript.err;
}

TEST(WalkCommand, RecordWritesEveryTraceLosslessly) {
    // `walk --record` against the same walk run here through movement::runWalk with every trace
    // kept: each recorded line reads back as exactly the trace made (numbers, shape, mask), tracing
    // it again gives exactly the walk's result, and `cliplab trace` answers every line as the walk
    // got it. A cylinder player and the quake3 preset (which also tests liquids with other masks).
    auto data = test::loadPlayground();
    ASSERT_TRUE(data) << data.error().message;
    const collision::Model model(data.value());
    const char* scriptText = "1 1 0 0 - 90 0\n0.6 1 1 0 j 45 0\n0.4 0 -1 0 c 90 0\n";
    const std::string script = writeScript(scriptText);
    const std::string record = test::makeTempDir("walkrecord") + "/traces.txt";
    auto r = test::runCliplab("walk '" + test::playgroundPath() + "' --script '" + script +
                              "' --preset quake3 --set shape=cylinder --record '" + record + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;

    struct Made {
        collision::Shape shape;
        glm::vec3 start, end;
        int32_t mask;
        collision::TraceResult result;
    };
    std::vector<Made> made;
    movement::Settings settings;
    settings.preset = movement::Preset::Quake3;
    settings.shape = collision::ShapeKind::Cylinder;
    const collision::TraceFunction keep = [&](const collision::Shape& shape, const glm::vec3& a,
                                              const glm::vec3& b, int32_t mask) {
        made.push_back({shape, a, b, mask, model.trace(shape, a, b, mask)});
        return made.back().result;
    };
    auto steps = movement::parseWalkScript(scriptText, "script");
    ASSERT_TRUE(steps);
    movement::PlayerState start;
    start.origin = test::spawnStarts(data.value()).front();
    const auto run = movement::runWalk(steps.value(), start, settings, 125.0, keep);
    const auto out = lines(r.out);
    EXPECT_EQ(out.back().find("traces=" + std::to_string(run.traces)) != std::string::npos, true)
        << out.back();

    std::ifstream in(record);
    std::string line;
    size_t n = 0;
    bool otherMask = false, cylinder = false;
    std::string traceInput;
    while (std::getline(in, line)) {
        traceInput += line + "\n";
        ASSERT_LT(n, made.size());
        const Made& m = made[n++];
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string word; words >> word;)
            w.push_back(word);
        ASSERT_GE(w.size(), 14u) << line;
        float v[12];
        for (int i = 0; i < 12; ++i)
            v[i] = std::strtof(w[static_cast<size_t>(i)].c_str(), nullptr);
        collision::Shape shape = collision::Shape::box({v[6], v[7], v[8]}, {v[9], v[10], v[11]});
        size_t k = 12;
        if (w[k] == "cylinder") {
            shape.kind = collision::ShapeKind::Cylinder;
            shape.radius = std::strtof(w[k + 1].c_str(), nullptr);
            shape.halfHeight = std::strtof(w[k + 2].c_str(), nullptr);
            k += 3;
            cylinder = true;
        } else if (shape.mins == glm::vec3(0.0f) && shape.maxs == glm::vec3(0.0f)) {
            shape.kind = collision::ShapeKind::Ray;
        }
        ASSERT_EQ(w[k], "mask") << line;
        const auto mask = static_cast<int32_t>(std::stoll(w[k + 1]));
        otherMask |= mask != settings.contentsMask;
        const glm::vec3 a(v[0], v[1], v[2]), b(v[3], v[4], v[5]);
        EXPECT_EQ(shape.kind, m.shape.kind) << line;
        EXPECT_EQ(shape.mins, m.shape.mins) << line;
        EXPECT_EQ(shape.maxs, m.shape.maxs) << line;
        EXPECT_EQ(shape.radius, m.shape.radius) << line;
        EXPECT_EQ(shape.halfHeight, m.shape.halfHeight) << line;
        EXPECT_EQ(a, m.start) << line;
        EXPECT_EQ(b, m.end) << line;
        EXPECT_EQ(mask, m.mask) << line;
        const collision::TraceResult again = model.trace(shape, a, b, mask);
        EXPECT_EQ(again.fraction, m.result.fraction) << line;
        EXPECT_EQ(again.endpos, m.result.endpos) << line;
        EXPECT_EQ(again.plane.normal, m.result.plane.normal) << line;
        EXPECT_EQ(again.plane.dist, m.result.plane.dist) << line;
        EXPECT_EQ(again.startSolid, m.result.startSolid) << line;
        EXPECT_EQ(again.allSolid, m.result.allSolid) << line;
        EXPECT_EQ(again.contents, m.result.contents) << line;
    }
    EXPECT_EQ(n, made.size());
    EXPECT_TRUE(cylinder);
    EXPECT_TRUE(otherMask); // the liquid tests
    // `cliplab trace` reads the lines (shape and mask included) and answers each as the walk got it.
    auto replayed = test::runCliplab("trace '" + test::playgroundPath() + "'", traceInput);
    ASSERT_EQ(replayed.exitCode, 0) << replayed.err;
    const auto answers = lines(replayed.out);
    ASSERT_EQ(answers.size(), made.size());
    for (size_t i = 0; i < made.size(); ++i) {
        float fraction = -1, ex = 0, ey = 0, ez = 0;
        ASSERT_EQ(std::sscanf(answers[i].c_str(), "%f %f %f %f", &fraction, &ex, &ey, &ez), 4) << answers[i];
        EXPECT_NEAR(fraction, made[i].result.fraction, 5e-7f) << answers[i];
        EXPECT_NEAR(ex, made[i].result.endpos.x, 6e-4f) << answers[i];
        EXPECT_NEAR(ey, made[i].result.endpos.y, 6e-4f) << answers[i];
        EXPECT_NEAR(ez, made[i].result.endpos.z, 6e-4f) << answers[i];
    }
}

TEST(WalkCommand, CylinderPlayerShapeWalks) {
    // The reference walk oa_dm1-s0-forward with an upright cylinder (radius 15, half height 28,
    // around the box's middle) instead of the box: it runs, lands and stays out of the walls.
    const std::string script = writeScript("3 1 0 0 - 180 0\n");
    auto r =
        test::runCliplab("walk oa_dm1 --script '" + script + "' --start 280 1416 -111 --set shape=cylinder");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_FALSE(out.empty());
    EXPECT_NE(out.back().find("ground=1 stuck=0"), std::string::npos) << out.back();
    float x = 0, y = 0, z = 0;
    ASSERT_EQ(std::sscanf(out.back().c_str(), "final %f %f %f", &x, &y, &z), 3);
    EXPECT_LT(x, 280.0f - 100.0f); // ran a good way along -x (yaw 180)
}

TEST(WalkCommand, StepCorrectMethodWalksThePlayground) {
    // Into the 1-unit thin wall from its station at 320 u/s: 2.56 units per tick, far below the
    // wall grown by the box (31 units), so even 16-unit steps do not tunnel at walking speed.
    const std::string map = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";
    const std::string script = writeScript("2 1 0 0 - 90 0\n");
    const std::string base = "walk '" + map + "' --script '" + script + "' --start 64 1984 32";
    auto swept = test::runCliplab(base);
    auto named = test::runCliplab(base + " --method swept");
    ASSERT_EQ(swept.exitCode, 0) << swept.err;
    EXPECT_EQ(swept.out, named.out); // swept is the default, unchanged
    auto stepped = test::runCliplab(base + " --method step-correct --step-length 16");
    ASSERT_EQ(stepped.exitCode, 0) << stepped.err;
    const auto out = lines(stepped.out);
    ASSERT_EQ(out.size(), 251u); // 250 ticks and the final line
    float x = 0, y = 0, z = 0;
    long long traces = -1, corrections = -1;
    ASSERT_EQ(std::sscanf(out.back().c_str(), "final %f %f %f ground=1 stuck=0 traces=%lld corrections=%lld",
                          &x, &y, &z, &traces, &corrections),
              5)
        << out.back();
    EXPECT_GT(corrections, 250);   // at least the ground probe every tick
    EXPECT_LT(y + 15.0f, 2176.0f); // stopped in front of the wall (y 2176..2177)
    EXPECT_GT(y + 15.0f, 2175.0f);
    EXPECT_NEAR(z, 24.125f, 0.01f); // standing at the correction margin above the floor
}
