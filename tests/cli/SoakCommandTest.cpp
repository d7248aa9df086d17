// `cliplab soak`: the last line's format, determinism, the replay of one walker, argument errors.

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cctype>
#include <sstream>

using namespace cliplab;

namespace {

std::string playgroundPath() {
    return std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";
}

std::string lastLine(const std::string& text) {
    std::istringstream in(text);
    std::string line, last;
    while (std::getline(in, line))
        last = line;
    return last;
}

/// True when `line` is exactly `ticks=N in_solid=N out_of_world=N stuck=N traces_per_tick_mean=X
/// traces_per_tick_max=N us_per_tick=X` (N whole numbers, X with a decimal point).
bool hasCounterFormat(const std::string& line) {
    const char* keys[] = {
        "ticks",      "in_solid", "out_of_world", "stuck", "traces_per_tick_mean", "traces_per_tick_max",
        "us_per_tick"};
    const bool decimal[] = {false, false, false, false, true, false, true};
    std::istringstream in(line);
    std::string item;
    for (size_t i = 0; i < 7; ++i) {
        if (!(in >> item))
            return false;
        const std::string prefix = std::string(keys[i]) + "=";
        if (item.rfind(prefix, 0) != 0)
            return false;
        const std::string value = item.substr(prefix.size());
        size_t digits = 0, points = 0;
        for (char c : value) {
            digits += std::isdigit(static_cast<unsigned char>(c)) != 0;
            points += c == '.';
        }
        if (value.empty() || digits + points != value.size() || points != (decimal[i] ? 1u : 0u))
            return false;
    }
    return !(in >> item);
}

/// The last line without its timing (us_per_tick), which varies from run to run.
std::string withoutTiming(const std::string& line) {
    return line.substr(0, line.find(" us_per_tick="));
}

} // namespace

TEST(SoakCommand, LastLineHasTheCountersAndTheRunIsDeterministic) {
    const std::string args =
        "soak '" + playgroundPath() + "' --walkers 3 --ticks 3000 --seed 5 --preset quake3";
    auto a = test::runCliplab(args);
    ASSERT_EQ(a.exitCode, 0) << a.out << a.err;
    const std::string last = lastLine(a.out);
    EXPECT_TRUE(hasCounterFormat(last)) << last;
    EXPECT_EQ(last.rfind("ticks=3000 in_solid=0 out_of_world=0 stuck=", 0), 0u) << last;
    EXPECT_EQ(a.out.rfind("map=", 0), 0u) << a.out; // a first line names the run
    auto b = test::runCliplab(args);
    ASSERT_EQ(b.exitCode, 0) << b.err;
    EXPECT_EQ(withoutTiming(lastLine(b.out)), withoutTiming(last));
}

TEST(SoakCommand, OneWalkerReplaysWithVerboseTicks) {
    // Walker 1 of a 3-walker run, alone: 40 tick lines, then the counters of its 40 ticks.
    auto r = test::runCliplab("soak '" + playgroundPath() + "' --walkers 3 --walker 1 --ticks 40 --verbose");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::istringstream in(r.out);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    ASSERT_EQ(lines.size(), 42u) << r.out; // header, 40 ticks, counters
    EXPECT_EQ(lines[1].rfind("0 ", 0), 0u) << lines[1];
    EXPECT_EQ(lines[40].rfind("39 ", 0), 0u) << lines[40];
    EXPECT_EQ(lines[41].rfind("ticks=40 in_solid=0 out_of_world=0 ", 0), 0u) << lines[41];
    // --traces adds the walker's traces before each tick line, as many as the counters say.
    auto t = test::runCliplab("soak '" + playgroundPath() +
                              "' --walkers 3 --walker 1 --ticks 40 --verbose --traces");
    ASSERT_EQ(t.exitCode, 0) << t.err;
    std::istringstream tin(t.out);
    size_t traceLines = 0, other = 0;
    for (std::string l; std::getline(tin, l);)
        (l.rfind("trace ", 0) == 0 ? traceLines : other) += 1;
    EXPECT_EQ(other, lines.size());
    const std::string last = lastLine(t.out);
    const size_t at = last.find("traces_per_tick_mean=");
    ASSERT_NE(at, std::string::npos);
    EXPECT_NEAR(double(traceLines) / 40.0, std::stod(last.substr(at + 21)), 1e-3) << last;
}

TEST(SoakCommand, BadArgumentsAreUsageErrors) {
    const std::string map = " '" + playgroundPath() + "'";
    const struct {
        std::string args, message;
    } cases[] = {
        {"soak" + map + " --walkers 0", "--walkers"},
        {"soak" + map + " --walkers x", "--walkers"},
        {"soak" + map + " --ticks -5", "--ticks"},
        {"soak" + map + " --ticks 1e3", "--ticks"},
        {"soak" + map + " --seed -1", "--seed"},
        {"soak" + map + " --preset doom", "--preset"},
        {"soak" + map + " --curves maybe", "--curves"},
        {"soak" + map + " --walkers 4 --walker 4", "--walker"},
        {"soak" + map + " --verbose", "--verbose needs --walker"},
        {"soak" + map + " --traces", "--traces needs --walker"},
        {"soak" + map + " --set nosuch=1", "--set"},
        {"soak" + map + " --set minsz=40", "inverted player box"},
        {"soak" + map + " --bogus", "--bogus"},
        {"soak", "expected one MAP"},
    };
    for (const auto& c : cases) {
        auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
        EXPECT_TRUE(r.out.empty()) << c.args;
    }
}

TEST(SoakCommand, MissingMapFails) {
    auto r = test::runCliplab("soak /nonexistent/nothing.bsp --ticks 10");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("nothing.bsp"), std::string::npos) << r.err;
}

TEST(SoakCommand, FailuresArePrintedWithAReplayAndExitOne) {
    // A player box 8000 units wide starts in solid at every spawn point (Quake 3's Pmove does not
    // push out of solids): every tick is counted, and each printed with its replay command.
    const std::string wide = "--set minsx=-4000 --set maxsx=4000";
    auto r =
        test::runCliplab("soak '" + playgroundPath() + "' --walkers 2 --ticks 4 --preset quake3 " + wide);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_NE(r.out.find("in_solid walker=0 tick=0 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("in_solid walker=1 tick=1 "), std::string::npos) << r.out;
    EXPECT_NE(
        r.out.find(
            "--seed 1 --walkers 2 --walker 1 --ticks 2 --preset quake3 --curves on --semantics robust " +
            wide),
        std::string::npos)
        << r.out;
    EXPECT_EQ(lastLine(r.out).rfind("ticks=4 in_solid=4 out_of_world=0 stuck=0 ", 0), 0u) << r.out;
}
