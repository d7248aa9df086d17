#include "bsp/BspFile.h"
#include "support/TestSupport.h"

#include <filesystem>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace cliplab;

TEST(InfoCommand, PrintsOaDm1FromInstalledData) {
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto r = test::runCliplab("info oa_dm1");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("map: maps/oa_dm1.bsp"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("world bounds:"), std::string::npos);
    EXPECT_NE(r.out.find("info_player_deathmatch"), std::string::npos);
    EXPECT_NE(r.out.find("planes"), std::string::npos);
}

TEST(InfoCommand, JsonOutput) {
    const std::string dir = test::makeTempDir("info");
    test::writeFile(dir + "/cube.bsp", bsp::write(test::makeCubeMap()));
    auto r = test::runCliplab("info '" + dir + "/cube.bsp' --json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("\"planes\": {\"count\": 6, \"bytes\": 96}"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"brushes\": 1,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"origin\": [0, 0, 200], \"angle\": 90"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

TEST(InfoCommand, BasepathMountsAFolder) {
    const std::string dir = test::makeTempDir("infobase");
    test::writeFile(dir + "/maps.pk3", test::makeZip({{"maps/cube.bsp", bsp::write(test::makeCubeMap())}}));
    auto r = test::runCliplab("info cube --basepath '" + dir + "'");
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("map: maps/cube.bsp"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

TEST(InfoCommand, UnknownOptionExitsTwo) {
    auto r = test::runCliplab("info oa_dm1 --bogus");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown option '--bogus'"), std::string::npos) << r.err;
    EXPECT_EQ(test::runCliplab("frobnicate").exitCode, 2);
}

TEST(InfoCommand, MalformedFileIsAClearErrorNotACrash) {
    const std::string dir = test::makeTempDir("infobad");
    test::writeFile(dir + "/bad.bsp", std::string("IBSP\x2e\0\0\0short", 13));
    auto r = test::runCliplab("info '" + dir + "/bad.bsp'");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find(dir + "/bad.bsp: truncated file"), std::string::npos) << r.err;
    std::filesystem::remove_all(dir);
}

TEST(InfoCommand, HelpListsCommands) {
    auto r = test::runCliplab("--help");
    EXPECT_EQ(r.exitCode, 0);
    // Each command has its own entry in the commands list: a line "  NAME  ARGS" (the usage line
    // at the top also mentions words like "info" in prose, so a bare find would prove nothing).
    const size_t list = r.out.find("\ncommands:\n");
    ASSERT_NE(list, std::string::npos) << r.out;
    for (const char* command : {"info", "compile", "trace", "bench-trace", "walk", "bench-walk",
                                "compare-methods", "compare-runs", "soak", "view", "shot"}) {
        const std::string entry = std::string("\n  ") + command + " ";
        EXPECT_NE(r.out.find(entry, list), std::string::npos) << "no entry for " << command << " in:\n"
                                                              << r.out;
    }
    // And each command runs: its name is not reported as unknown.
    for (const char* command : {"info", "trace", "walk", "soak"}) {
        auto missing = test::runCliplab(command);
        EXPECT_EQ(missing.exitCode, 2) << command;
        EXPECT_EQ(missing.err.find("neither a command nor a map"), std::string::npos)
            << command << ": " << missing.err;
    }
}

TEST(InfoCommand, ReadmeTableHasEveryCommandAndOption) {
    // The README's commands table and `cliplab --help` tell the same story: each command listed
    // by --help has a row, and every option its usage line names appears in that row (--basepath,
    // common to all, is described once under Game data).
    auto help = test::runCliplab("--help");
    ASSERT_EQ(help.exitCode, 0);
    std::ifstream in(std::string(CLIPLAB_SOURCE_DIR) + "/README.md");
    ASSERT_TRUE(in);
    std::vector<std::string> rows;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("| `cliplab ", 0) == 0)
            rows.push_back(line);
    ASSERT_FALSE(rows.empty());
    std::istringstream lines(help.out.substr(help.out.find("\ncommands:\n") + 11));
    int commands = 0;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream words(line);
        std::string name;
        words >> name;
        if (line.rfind("  ", 0) != 0 || line.rfind("   ", 0) == 0 || name.empty() || name[0] == '-')
            continue;
        ++commands;
        // The row(s) naming `cliplab NAME` (the viewer's also starts "`cliplab [MAP]`").
        std::string text;
        for (const auto& row : rows)
            if (row.find("`cliplab " + name + " ") != std::string::npos ||
                row.find("`cliplab " + name + "`") != std::string::npos)
                text += row;
        EXPECT_FALSE(text.empty()) << "README has no row for " << name;
        for (std::string word; words >> word;) {
            const size_t dash = word.find("--");
            if (dash == std::string::npos)
                continue;
            std::string option = word.substr(dash);
            option = option.substr(0, option.find_first_of("]|) \"", 2));
            if (option == "--basepath")
                continue;
            EXPECT_NE(text.find(option), std::string::npos)
                << name << " " << option << " is not in the README row";
        }
    }
    EXPECT_GE(commands, 11);
}
