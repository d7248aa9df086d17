// Every command's `--help` against the option table it parses with (cli/Commands.h): each option
// is listed with its help, nothing else is, and the program accepts each one.

#include "cli/AllCommands.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

using namespace cliplab;

namespace {

/// The options `cliplab NAME --help` lists: lines "  --option ...".
std::set<std::string> listedOptions(const std::string& help) {
    std::set<std::string> out;
    std::istringstream lines(help.substr(help.find("\noptions:\n")));
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("  --", 0) == 0)
            out.insert(line.substr(2, line.find(' ', 2) - 2));
    return out;
}

} // namespace

TEST(Help, EveryCommandListsEveryOptionItParses) {
    ASSERT_FALSE(test::allCommands().empty());
    for (const cli::Command& c : test::allCommands()) {
        SCOPED_TRACE(c.name);
        const auto help = test::runCliplab(std::string(c.name) + " --help");
        ASSERT_EQ(help.exitCode, 0) << help.err;
        EXPECT_EQ(help.out.rfind("usage: cliplab " + std::string(c.name) + " ", 0), 0u) << help.out;
        std::set<std::string> table;
        for (const cli::OptionSpec& o : c.options()) {
            table.insert(o.name);
            EXPECT_FALSE(o.help.empty()) << o.name << " has no help";
            EXPECT_EQ(o.values.empty(), o.valueCount == 0) << o.name << ": values '" << o.values << "'";
            // The program parses it: given with values, the command stops at the surplus
            // arguments after parsing, never at an unknown option.
            std::string args = std::string(c.name) + " " + o.name;
            for (int i = 0; i < o.valueCount; ++i)
                args += " 1";
            const auto run = test::runCliplab(args + " a b c");
            EXPECT_EQ(run.exitCode, 2) << args << "\n" << run.err;
            EXPECT_EQ(run.err.find("unknown option"), std::string::npos) << args << "\n" << run.err;
        }
        EXPECT_EQ(listedOptions(help.out), table) << help.out;
        // The control: an option outside the table is refused, and the error shows the usage.
        const auto unknown = test::runCliplab(std::string(c.name) + " --no-such-option a");
        EXPECT_EQ(unknown.exitCode, 2);
        EXPECT_NE(unknown.err.find("unknown option '--no-such-option'"), std::string::npos) << unknown.err;
        EXPECT_NE(unknown.err.find("usage: " + cli::usageLine(c)), std::string::npos) << unknown.err;
    }
}
