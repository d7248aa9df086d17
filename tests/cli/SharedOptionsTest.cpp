// Options several commands take (cli/SharedOptions.h): one range and one message for each, and the
// commands that take them agree.

#include "cli/SharedOptions.h"
#include "cli/AllCommands.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

using namespace cliplab;

namespace {

cli::CommandLine parsed(const std::vector<std::string>& args) {
    auto cl = cli::CommandLine::parse(args, {cli::sizeOption("picture"), cli::hzOption()});
    EXPECT_TRUE(cl.ok()) << cl.error().message;
    return cl.value();
}

[[maybe_unused]] const cli::OptionSpec* findOption(const std::vector<cli::OptionSpec>& table,
                                                   const std::string& name) {
    for (const cli::OptionSpec& o : table)
        if (o.name == name)
            return &o;
    return nullptr;
}

} // namespace

TEST(SharedOptions, SizeTakesBothSidesWithinOneRange) {
    EXPECT_FALSE(cli::parseSize(parsed({})).value().has_value());
    const auto smallest = cli::parseSize(parsed({"--size", "64x64"}));
    ASSERT_TRUE(smallest.ok());
    EXPECT_EQ((*smallest)->width, 64);
    EXPECT_EQ((*smallest)->height, 64);
    const auto wide = cli::parseSize(parsed({"--size", "8192x1080"}));
    ASSERT_TRUE(wide.ok());
    EXPECT_EQ((*wide)->width, 8192);
    EXPECT_EQ((*wide)->height, 1080);
    for (const char* bad :
         {"63x64", "64x63", "8193x100", "100x8193", "0x10", "-5x100", "64x64x", "64", "x", "1e3x100"}) {
        const auto r = cli::parseSize(parsed({"--size", bad}));
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_EQ(r.error().message,
                  "--size must be WIDTHxHEIGHT with 64..8192 each, got '" + std::string(bad) + "'");
    }
}

TEST(SharedOptions, HzTakesTheSimulationsRange) {
    EXPECT_FALSE(cli::parseHz(parsed({})).value().has_value());
    EXPECT_EQ(*cli::parseHz(parsed({"--hz", "30"})).value(), 30.0);
    EXPECT_EQ(*cli::parseHz(parsed({"--hz", "333"})).value(), 333.0);
    for (const char* bad : {"29.99", "333.5", "nan", "inf", "fast"}) {
        const auto r = cli::parseHz(parsed({"--hz", bad}));
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_EQ(r.error().message, "--hz: expected a rate from 30 to 333, got '" + std::string(bad) + "'");
    }
    EXPECT_EQ(cli::hzOption().help, "ticks per second, 30-333 (default 125)");
}

TEST(SharedOptions, WalkScriptsLoadOrSayWhyWithTheirExitCode) {
    const std::string dir = test::makeTempDir("shared-options");
    test::writeFile(dir + "/good.txt", "0.5 1 0 0 - 90 0\n# turn and jump\n1 0 0 0 j 180 0\n");
    test::writeFile(dir + "/bad.txt", "0.5 2 0 0 - 0 0\n"); // FORWARD beyond 1
    const auto good = cli::loadWalkScript(dir + "/good.txt");
    EXPECT_EQ(good.exitCode, cli::kExitOk) << good.error;
    EXPECT_EQ(good.steps.size(), 2u);
    const auto bad = cli::loadWalkScript(dir + "/bad.txt");
    EXPECT_EQ(bad.exitCode, cli::kExitUsage);
    EXPECT_NE(bad.error.find(dir + "/bad.txt"), std::string::npos) << bad.error;
    EXPECT_TRUE(bad.steps.empty());
    const auto missing = cli::loadWalkScript(dir + "/missing.txt");
    EXPECT_EQ(missing.exitCode, cli::kExitFailure);
    EXPECT_EQ(missing.error, dir + "/missing.txt: cannot open the script");
}

// shot and view take the same --size: the same table entry but for the thing sized, and the same
// verdict from the program (refused before any window opens; an accepted size lets parsing go on
// to the next bad option).
TEST(SharedOptions, ShotAndViewAgreeOnSize) {
    const auto shotCommand = test::findAnyCommand("shot"), viewCommand = test::findAnyCommand("view");
    if (!shotCommand || !viewCommand)
        GTEST_SKIP() << "built without the viewer: no shot or view command";
    const auto shotTable = shotCommand->options(), viewTable = viewCommand->options();
    const cli::OptionSpec* shot = findOption(shotTable, "--size");
    const cli::OptionSpec* view = findOption(viewTable, "--size");
    ASSERT_TRUE(shot && view);
    EXPECT_EQ(shot->help, "picture size, 64..8192 each (default 1280x720)");
    EXPECT_EQ(view->help, "window size, 64..8192 each (default 1280x720)");
    const std::string out = test::makeTempDir("shared-options") + "/never.png";
    for (const std::string& command : {"shot --out " + out, std::string("view")}) {
        SCOPED_TRACE(command);
        const auto tooSmall = test::runCliplab(command + " --size 63x64");
        EXPECT_EQ(tooSmall.exitCode, 2);
        EXPECT_NE(tooSmall.err.find("--size must be WIDTHxHEIGHT with 64..8192 each, got '63x64'"),
                  std::string::npos)
            << tooSmall.err;
        const auto smallest = test::runCliplab(command + " --size 64x64 --frames 0");
        EXPECT_EQ(smallest.exitCode, 2);
        const std::string error = smallest.err.substr(0, smallest.err.find('\n')); // then the usage line
        EXPECT_EQ(error.find("--size"), std::string::npos) << smallest.err;
        EXPECT_NE(error.find("--frames"), std::string::npos) << smallest.err;
    }
}
