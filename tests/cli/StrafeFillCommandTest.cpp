// `cliplab strafe-fill`: a recording walked on the playground, filled over a range: `walk --replay`
// plays the output and finds every recorded position; only the range's yaws change, the keys and
// everything outside the range stay; the fill gains speed; bad command lines and files exit 2 or 1
// naming what is wrong.

#include "replay/Recording.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

using namespace cliplab;

namespace {

std::string shellQuoted(const std::string& path) {
    return "'" + path + "'";
}

/// A temporary folder with a quake3 recording of hops on the playground's open floor (forward +
/// right, jump tapped every other tick, the view fixed); removed at the end of the test.
struct Fixture {
    std::string dir = test::makeTempDir("strafefill");
    std::string in = dir + "/hops.cliprec";
    std::string out = dir + "/filled.cliprec";

    Fixture() {
        std::string script = "0.3 1 0 0 - 90 0\n";
        for (int i = 0; i < 150; ++i)
            script += std::string("0.008 1 1 0 ") + (i % 2 == 0 ? "j" : "-") + " 135 0\n";
        test::writeFile(dir + "/hops.txt", script);
        const auto r = test::runCliplab(
            "walk " + shellQuoted(test::playgroundPath()) + " --script " + shellQuoted(dir + "/hops.txt") +
            " --start 64 -448 41 --preset quake3 --record-input " + shellQuoted(in));
        EXPECT_EQ(r.exitCode, 0) << r.err;
    }
    ~Fixture() { std::filesystem::remove_all(dir); }
};

std::string valueOf(const std::string& out, const std::string& key) {
    const size_t at = out.find(key + "=");
    if (at == std::string::npos)
        return "";
    const size_t start = at + key.size() + 1;
    return out.substr(start, out.find_first_of(" \n", start) - start);
}

} // namespace

TEST(StrafeFillCommand, FilledRecordingReplaysAndGains) {
    Fixture f;
    const auto r =
        test::runCliplab("strafe-fill " + shellQuoted(test::playgroundPath()) + " --replay " +
                         shellQuoted(f.in) + " --from 40 --to 180 --side right --out " + shellQuoted(f.out));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(valueOf(r.out, "filled"), "141") << r.out;
    EXPECT_EQ(valueOf(r.out, "skipped"), "0") << r.out;
    EXPECT_GT(std::stod(valueOf(r.out, "gain")), 20.0) << r.out;
    EXPECT_NE(r.out.find("final recorded "), std::string::npos) << r.out;

    const auto replayed = test::runCliplab("walk --replay " + shellQuoted(f.out));
    ASSERT_EQ(replayed.exitCode, 0) << replayed.err;
    EXPECT_NE(replayed.out.find("check recorded_positions=188 equal=1"), std::string::npos) << replayed.out;

    // Aimed at the snap zones instead: gains more here, and replays as well.
    const auto snap = test::runCliplab(
        "strafe-fill " + shellQuoted(test::playgroundPath()) + " --replay " + shellQuoted(f.in) +
        " --from 40 --to 180 --side right --aim snap --out " + shellQuoted(f.dir + "/snap.cliprec"));
    ASSERT_EQ(snap.exitCode, 0) << snap.err;
    EXPECT_GT(std::stod(valueOf(snap.out, "gain")), std::stod(valueOf(r.out, "gain"))) << snap.out << r.out;
    const auto snapReplayed = test::runCliplab("walk --replay " + shellQuoted(f.dir + "/snap.cliprec"));
    EXPECT_EQ(snapReplayed.exitCode, 0) << snapReplayed.err;
    EXPECT_NE(snapReplayed.out.find("equal=1"), std::string::npos);

    auto in = replay::loadRecording(f.in);
    auto out = replay::loadRecording(f.out);
    ASSERT_TRUE(in && out);
    ASSERT_EQ(in->ticks.size(), out->ticks.size());
    EXPECT_EQ(out->map, test::playgroundPath());
    EXPECT_TRUE(in->settings == out->settings);
    for (size_t i = 0; i < in->ticks.size(); ++i) {
        const movement::Input &a = in->ticks[i].input, &b = out->ticks[i].input;
        EXPECT_EQ(a.forward, b.forward);
        EXPECT_EQ(a.right, b.right);
        EXPECT_EQ(a.jump, b.jump);
        EXPECT_EQ(a.pitch, b.pitch);
        const bool filled = i + 1 >= 40 && i + 1 <= 180;
        EXPECT_EQ(a.yaw == b.yaw, !filled) << "tick " << i + 1;
        if (i + 1 < 40) { // the run before the range is the recorded one
            EXPECT_EQ(in->ticks[i].origin, out->ticks[i].origin) << "tick " << i + 1;
        }
    }
}

TEST(StrafeFillCommand, BadCommandLinesAndFiles) {
    Fixture f;
    const std::string map = shellQuoted(test::playgroundPath());
    const std::string base = "strafe-fill " + map + " --replay " + shellQuoted(f.in);
    const std::pair<std::string, const char*> usage[] = {
        {"strafe-fill --replay " + shellQuoted(f.in) + " --from 1 --to 2 --out x", "expected one MAP"},
        {"strafe-fill " + map + " --from 1 --to 2 --out x", "--replay is required"},
        {base + " --to 2 --out x", "--from is required"},
        {base + " --from 1 --to 2", "--out is required"},
        {base + " --from 0 --to 2 --out x", "--from and --to"},
        {base + " --from 5 --to 2 --out x", "--from 5 is after --to 2"},
        {base + " --from 1 --to 189 --out x", "holds 188 ticks"},
        {base + " --from 1 --to 2 --side up --out x", "--side"},
        {base + " --from 1 --to 2 --aim best --out x", "--aim: expected opt or snap"},
    };
    for (const auto& [args, message] : usage) {
        const auto r = test::runCliplab(args);
        EXPECT_EQ(r.exitCode, 2) << args;
        EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
    }
    const auto missing =
        test::runCliplab("strafe-fill " + map + " --replay " + shellQuoted(f.dir + "/none.cliprec") +
                         " --from 1 --to 2 --out " + shellQuoted(f.out));
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("none.cliprec: cannot open"), std::string::npos) << missing.err;
    test::writeFile(f.dir + "/bad.cliprec",
                    std::string("cliprec 1\nmap x\nhz 125\nstart.origin 0 0\nticks 0\n"));
    const auto malformed =
        test::runCliplab("strafe-fill " + map + " --replay " + shellQuoted(f.dir + "/bad.cliprec") +
                         " --from 1 --to 2 --out " + shellQuoted(f.out));
    EXPECT_EQ(malformed.exitCode, 2);
    EXPECT_NE(malformed.err.find("bad.cliprec:4"), std::string::npos) << malformed.err;
    const auto unwritable =
        test::runCliplab(base + " --from 1 --to 2 --out " + shellQuoted(f.dir + "/no/such/dir.cliprec"));
    EXPECT_EQ(unwritable.exitCode, 1);
    EXPECT_NE(unwritable.err.find("dir.cliprec"), std::string::npos) << unwritable.err;
    EXPECT_FALSE(std::filesystem::exists(f.out));
}

TEST(StrafeFillCommand, TheDocsRunOnOaDm1) {
    // docs/movement.md: tests/data/walks/oa_dm1-hops.txt recorded, ticks 51-200 filled: 369.1 -> 551.0.
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    Fixture f;
    const auto walk =
        test::runCliplab("walk oa_dm1 --script " + shellQuoted(test::dataPath("walks/oa_dm1-hops.txt")) +
                         " --start -560 768 33 --preset quake3 --record-input " + shellQuoted(f.in));
    ASSERT_EQ(walk.exitCode, 0) << walk.err;
    const auto r = test::runCliplab("strafe-fill oa_dm1 --replay " + shellQuoted(f.in) +
                                    " --from 51 --to 200 --out " + shellQuoted(f.out));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("filled=150 skipped=0 from=51 to=200 resimulated=250\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("speed_at_to recorded=369.121 filled=551.008 gain=181.888\n"), std::string::npos)
        << r.out;
    const auto replayed = test::runCliplab("walk --replay " + shellQuoted(f.out));
    EXPECT_EQ(replayed.exitCode, 0) << replayed.err;
    EXPECT_NE(replayed.out.find("check recorded_positions=300 equal=1"), std::string::npos);
}
