// `walk --record-input`, `walk --replay` and `compare-runs`: recordings written by one walk play
// back exactly, comparisons exit 0/1 as documented, bad command lines and files exit 2 naming them.

#include "replay/Recording.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
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

std::string quoted(const std::string& path) {
    return "'" + path + "'";
}

/// Walks `script` on the playground with `options`, writing a recording; returns its path.
std::string recordWalk(const std::string& script, const std::string& options,
                       std::string* walkOut = nullptr) {
    const std::string dir = test::makeTempDir("replaycli");
    test::writeFile(dir + "/script.txt", script);
    const std::string rec = dir + "/run.cliprec";
    auto r = test::runCliplab("walk " + quoted(test::playgroundPath()) + " --script " +
                              quoted(dir + "/script.txt") + " " + options + " --record-input " + quoted(rec));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    if (walkOut)
        *walkOut = r.out;
    return rec;
}

const char* kJumpy =
    "1 1 0 0 - 90 0\n0.5 1 1 0 j 45 0\n0.4 1 0 0 - 45 0\n0.8 1 -1 0 j 120 -10\n0.6 1 0 0 c 180 10\n";

} // namespace

TEST(ReplayCommand, RecordedWalkReplaysExactly) {
    std::string walkOut;
    const std::string rec = recordWalk(kJumpy, "--preset quake3 --hz 90 --set gravity=700", &walkOut);
    auto recording = replay::loadRecording(rec);
    ASSERT_TRUE(recording) << recording.error().message;
    EXPECT_EQ(recording->map, test::playgroundPath());
    EXPECT_EQ(recording->settings.rate, 90.0);
    EXPECT_EQ(recording->settings.movement.preset, movement::Preset::Quake3);
    EXPECT_EQ(recording->settings.movement.gravity, 700.0f);
    ASSERT_TRUE(recording->hasOrigins());

    // No MAP: the recording names it.
    auto r = test::runCliplab("walk --replay " + quoted(rec));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto replayed = lines(r.out), walked = lines(walkOut);
    const size_t ticks = recording->ticks.size();
    ASSERT_GE(replayed.size(), ticks + 2);
    for (size_t i = 0; i < ticks; ++i) {
        // The replay prints positions exactly: they are the recorded origins, to the bit.
        float t, x, y, z;
        ASSERT_EQ(std::sscanf(replayed[i].c_str(), "%f %f %f %f", &t, &x, &y, &z), 4) << replayed[i];
        EXPECT_EQ(glm::vec3(x, y, z), *recording->ticks[i].origin) << "tick " << i + 1 << ": " << replayed[i];
        // And the walk's own rounded line says the same.
        char rounded[64];
        std::snprintf(rounded, sizeof rounded, " %.3f %.3f %.3f ", double(x), double(y), double(z));
        EXPECT_NE(walked[i].find(rounded), std::string::npos) << walked[i] << " vs " << replayed[i];
    }
    // The same jumps, then the check against the recorded positions and the final line.
    std::string jumpsWalked, jumpsReplayed;
    for (const auto& l : walked)
        if (l.rfind("jump ", 0) == 0)
            jumpsWalked += l + "\n";
    for (const auto& l : replayed)
        if (l.rfind("jump ", 0) == 0)
            jumpsReplayed += l + "\n";
    EXPECT_EQ(jumpsReplayed, jumpsWalked);
    EXPECT_NE(jumpsWalked.find("jump 2 "), std::string::npos) << walkOut; // both jumps
    EXPECT_EQ(replayed[replayed.size() - 2],
              "check recorded_positions=" + std::to_string(ticks) + " equal=1");
    EXPECT_EQ(replayed.back().rfind("final ", 0), 0u);

    // With the map given, the same.
    auto withMap = test::runCliplab("walk " + quoted(test::playgroundPath()) + " --replay " + quoted(rec));
    EXPECT_EQ(withMap.out, r.out);
}

TEST(ReplayCommand, AReplayThatPartsFromTheRecordingFails) {
    const std::string rec = recordWalk("1 1 0 0 - 90 0\n", "");
    auto recording = replay::loadRecording(rec);
    ASSERT_TRUE(recording);
    // A recorded origin nudged by one float step at tick 40: the replay no longer matches it.
    replay::Recording changed = recording.value();
    glm::vec3& o = *changed.ticks[39].origin;
    o.x = std::nextafter(o.x, 1e9f);
    const std::string path = rec + ".changed.cliprec";
    ASSERT_TRUE(replay::saveRecording(path, changed));
    auto r = test::runCliplab("walk --replay " + quoted(path));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(path + ": the replay parts from the recorded positions at tick 40"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("check recorded_positions=125 equal=0"), std::string::npos) << r.out;
}

TEST(ReplayCommand, BadReplaysAreRefused) {
    const std::string rec = recordWalk("0.2 1 0 0 - 90 0\n", "");
    const std::string dir = test::makeTempDir("replaycli");
    test::writeFile(dir + "/bad.cliprec",
                    std::string("cliprec 1\nmap m\nhz 125\nstart.origin 0 0 0\nticks 1\n2 0 0 - 0 0\n"));
    struct Case {
        std::string args, message;
        int exitCode;
    } cases[] = {
        {"walk --replay " + quoted(rec) + " --preset quake3", "--preset does not apply", 2},
        {"walk --replay " + quoted(rec) + " --script x", "--script does not apply", 2},
        {"walk a b --replay " + quoted(rec), "at most one MAP", 2},
        {"walk --replay " + quoted(dir + "/none.cliprec"), dir + "/none.cliprec: cannot open the recording",
         1},
        {"walk --replay " + quoted(dir + "/bad.cliprec"), dir + "/bad.cliprec:6: FORWARD must be in [-1, 1]",
         2},
        {"walk /nonexistent/map.bsp --replay " + quoted(rec), "/nonexistent/map.bsp", 1},
        {"walk " + quoted(test::playgroundPath()) + " --script x --record-input /nonexistent/dir/x.cliprec",
         "x: cannot open the script", 1},
    };
    for (const Case& c : cases) {
        auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, c.exitCode) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
    const std::string dir2 = test::makeTempDir("replaycli");
    test::writeFile(dir2 + "/s.txt", std::string("0.1 1 0 0 - 0 0\n"));
    auto unwritable =
        test::runCliplab("walk " + quoted(test::playgroundPath()) + " --script " + quoted(dir2 + "/s.txt") +
                         " --record-input /nonexistent/dir/x.cliprec");
    EXPECT_EQ(unwritable.exitCode, 1);
    EXPECT_NE(unwritable.err.find("/nonexistent/dir/x.cliprec: cannot open for writing"), std::string::npos)
        << unwritable.err;
}

TEST(ReplayCommand, CompareRunsExitsOneWhenTheRunsPart) {
    // Spawned in the air at the thin-wall station: epsilon 1/32 lands 3/32 lower (the engine test
    // Replay.EpsilonEighthAgainstThirtySecondPartsWhereThePlayerLands works out that tick).
    const std::string rec = recordWalk("3 1 0 0 - 90 0\n", "--start 64 1984 32");
    const std::string base = "compare-runs " + quoted(test::playgroundPath()) + " --replay " + quoted(rec);
    auto same = test::runCliplab(base + " --a \"\" --b \"stepHeight=18 epsilon=0.125\"");
    EXPECT_EQ(same.exitCode, 0) << same.out << same.err;
    EXPECT_NE(same.out.find("parting none"), std::string::npos) << same.out;
    EXPECT_NE(same.out.find("final_distance=0\n"), std::string::npos) << same.out;

    auto eps = test::runCliplab(base + " --b \"epsilon=1/32\"");
    EXPECT_EQ(eps.exitCode, 1) << eps.out << eps.err;
    EXPECT_NE(eps.out.find("a: recorded settings"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("b: epsilon=1/32"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("parting tick=18 time=0.1440 distance=0.09"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("first_different=1"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("<- first difference"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("endpos=64 1987.32947 24.125"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("endpos=64 1987.36804 24.03125"), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("run b final 64 2160.96875 "), std::string::npos) << eps.out;
    EXPECT_NE(eps.out.find("in_solid_ticks=0"), std::string::npos) << eps.out;
}

TEST(ReplayCommand, CompareRunsRefusesBadInput) {
    const std::string rec = recordWalk("0.2 1 0 0 - 90 0\n", "");
    const std::string map = quoted(test::playgroundPath());
    struct Case {
        std::string args, message;
    } cases[] = {
        {"compare-runs " + map, "--replay FILE is required"},
        {"compare-runs --replay " + quoted(rec), "expected one MAP argument"},
        {"compare-runs " + map + " --replay " + quoted(rec) + " --b \"nosuch=1\"",
         "--b: unknown setting 'nosuch'"},
        {"compare-runs " + map + " --replay " + quoted(rec) + " --a \"epsilon\"", "--a: expected NAME=VALUE"},
        {"compare-runs " + map + " --replay " + quoted(rec) + " --a \"hz=1000\"", "--a: hz: expected a rate"},
        {"compare-runs " + map + " --replay " + quoted(rec) + " --c x", "--c"},
        {"compare-runs " + map + " --replay /nonexistent.cliprec", "/nonexistent.cliprec: cannot open"},
        {"compare-runs /nonexistent/map.bsp --replay " + quoted(rec), "/nonexistent/map.bsp"},
    };
    for (const Case& c : cases) {
        auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
}

TEST(ReplayCommand, CurvesOffChangesNothingOnAMapWithoutPatches) {
    // The map QA question "does this map behave the same with curves off?", on oa_dm1 (no
    // patches): a walk recorded with curves on replays the same with them off.
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string dir = test::makeTempDir("replaycli");
    test::writeFile(dir + "/s.txt", std::string("2 1 0 0 - 180 0\n1 1 1 0 j 135 0\n"));
    const std::string rec = dir + "/dm1.cliprec";
    auto w = test::runCliplab("walk oa_dm1 --script " + quoted(dir + "/s.txt") +
                              " --curves on --record-input " + quoted(rec));
    ASSERT_EQ(w.exitCode, 0) << w.err;
    auto r = test::runCliplab("compare-runs oa_dm1 --replay " + quoted(rec) + " --b \"curves=off\"");
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("parting none"), std::string::npos) << r.out;
    // And a map with patches behaves differently with curves off: the playground's curved ramp.
    const std::string rec2 = recordWalk("2 1 0 0 - 90 0\n", "--start 64 3520 24.125 --curves on");
    auto ramp = test::runCliplab("compare-runs " + quoted(test::playgroundPath()) + " --replay " +
                                 quoted(rec2) + " --b \"curves=off\"");
    EXPECT_EQ(ramp.exitCode, 1) << ramp.out << ramp.err;
}

TEST(ReplayCommand, Quake3eGhostPartsFromTheIoquake3RunOnTheOaDm6Ramp) {
    // docs/collision-modes.md's case: the quake3 preset runs up oa_dm6's ramp (plane 0.281 0
    // 0.960, player clip) at yaw -155; a ground trace onto the ramp stops at fraction 0.082052
    // in Quake3e and 0.082064 in ioquake3, and from tick 175 on the two runs part: the ioquake3 one
    // runs off the ramp's side and falls to the floor below, the Quake3e one stays up.
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string dir = test::makeTempDir("replaycli");
    test::writeFile(dir + "/ramp.txt", std::string("3 1 0 0 - -155 0\n"));
    const std::string rec = dir + "/ramp.cliprec", recQ3e = dir + "/ramp-q3e.cliprec";
    const std::string walk =
        "walk oa_dm6 --script " + quoted(dir + "/ramp.txt") + " --start 1656 -1088 272 --preset quake3";
    auto w = test::runCliplab(walk + " --semantics quake3 --record-input " + quoted(rec));
    ASSERT_EQ(w.exitCode, 0) << w.err;
    auto cmp = test::runCliplab("compare-runs oa_dm6 --replay " + quoted(rec) +
                                " --a \"semantics=quake3\" --b \"semantics=quake3e\"");
    EXPECT_EQ(cmp.exitCode, 1) << cmp.out << cmp.err;
    EXPECT_NE(cmp.out.find("parting tick=175 time=1.4000 distance=1.51292181"), std::string::npos) << cmp.out;
    EXPECT_NE(cmp.out.find("fraction=0.003815823 "), std::string::npos) << cmp.out;
    EXPECT_NE(cmp.out.find("fraction=0.0037403421 "), std::string::npos) << cmp.out;
    EXPECT_NE(cmp.out.find("final_distance=330.43573"), std::string::npos) << cmp.out;

    // Recorded in quake3e: the recording says so and replays itself exactly.
    auto w2 = test::runCliplab(walk + " --semantics quake3e --record-input " + quoted(recQ3e));
    ASSERT_EQ(w2.exitCode, 0) << w2.err;
    auto recording = replay::loadRecording(recQ3e);
    ASSERT_TRUE(recording) << recording.error().message;
    EXPECT_EQ(recording->settings.trace.semantics, collision::Semantics::Quake3e);
    std::ifstream in(recQ3e);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("\ntrace.semantics quake3e\n"), std::string::npos);
    auto replayed = test::runCliplab("walk --replay " + quoted(recQ3e));
    EXPECT_EQ(replayed.exitCode, 0) << replayed.err;
    EXPECT_NE(replayed.out.find("equal=1"), std::string::npos) << replayed.out;
    // ... and is the ghost of the first recording: the same run as its quake3e replay.
    auto same =
        test::runCliplab("compare-runs oa_dm6 --replay " + quoted(recQ3e) + " --b \"semantics=quake3e\"");
    EXPECT_EQ(same.exitCode, 0) << same.out << same.err;
    std::filesystem::remove_all(dir);
}
