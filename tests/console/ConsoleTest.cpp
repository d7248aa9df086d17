// The console core: words and quotes, the queue and its waits, variables, history, completion,
// exec files and their errors.

#include "console/Console.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

using namespace cliplab;
using console::Console;
using console::Reply;

namespace {

/// A console with a command `add A B` (prints the sum), `load NAME` (waits 2 frames, completes
/// map names) and a variable `g_speed` (alias `maxSpeed`) in [0, 1000].
struct Fixture {
    Console con;
    std::vector<std::string> calls;
    double speed = 320.0;

    Fixture() {
        con.addCommand("add", "add A B: prints A + B", [this](const std::vector<std::string>& a) {
            calls.push_back("add");
            if (a.size() != 3)
                return Reply::fail("usage: add A B");
            con.print(std::to_string(std::stoi(a[1]) + std::stoi(a[2])));
            return Reply::ok();
        });
        con.addCommand(
            "load", "load NAME",
            [this](const std::vector<std::string>& a) {
                calls.push_back("load " + (a.size() > 1 ? a[1] : std::string()));
                return Reply::wait(2);
            },
            [](const std::vector<std::string>&) {
                return std::vector<std::string>{"oa_dm1", "oa_dm2", "oa_ctf1", "q3dm6ish", "wrackdm17"};
            });
        console::Variable v;
        v.name = "g_speed";
        v.aliases = {"maxSpeed"};
        v.help = "running speed (units/s)";
        v.range = "[0, 1000]";
        v.get = [this] { return std::to_string(static_cast<int>(speed)); };
        v.set = [this](const std::vector<std::string>& w) -> std::optional<std::string> {
            if (w.size() != 1)
                return "g_speed: expected one number";
            const double x = std::stod(w[0]);
            if (x < 0 || x > 1000)
                return "g_speed: " + w[0] + " is outside [0, 1000]";
            speed = x;
            return std::nullopt;
        };
        con.addVariable(v);
    }
    std::string last() const { return con.lines().empty() ? std::string() : con.lines().back(); }
};

} // namespace

TEST(ConsoleWords, QuotesCommentsAndErrors) {
    using V = std::vector<std::string>;
    EXPECT_EQ(console::tokenize("  map   oa_dm1 ").words, (V{"map", "oa_dm1"}));
    EXPECT_EQ(console::tokenize("echo \"two words\" \"\" x").words, (V{"echo", "two words", "", "x"}));
    EXPECT_EQ(console::tokenize("set a 1 // comment \"x").words, (V{"set", "a", "1"}));
    EXPECT_EQ(console::tokenize("echo \"a // b\"").words, (V{"echo", "a // b"}));
    EXPECT_EQ(console::tokenize("a//b").words, (V{"a"}));
    EXPECT_TRUE(console::tokenize("").words.empty());
    EXPECT_TRUE(console::tokenize("   // only a comment").words.empty());
    const auto bad = console::tokenize("echo \"open");
    EXPECT_EQ(bad.error, "unterminated quote");
    EXPECT_TRUE(bad.words.empty());
    EXPECT_EQ(console::splitCommands("a 1; b \"x;y\" ;; c // d; e"), (V{"a 1", " b \"x;y\" ", " c "}));
    EXPECT_EQ(console::quoteWord("plain"), "plain");
    EXPECT_EQ(console::quoteWord("two words"), "\"two words\"");
    EXPECT_EQ(console::quoteWord(""), "\"\"");
    EXPECT_EQ(console::quoteWord("a;b"), "\"a;b\"");
}

TEST(Console, TypedCommandsEchoRunAndReportErrors) {
    Fixture f;
    f.con.submit("add 2 3");
    EXPECT_TRUE(f.calls.empty()); // queued until the frame runs them
    f.con.runQueued();
    ASSERT_EQ(f.calls.size(), 1u);
    const auto& lines = f.con.lines();
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines[lines.size() - 2], "] add 2 3");
    EXPECT_EQ(f.last(), "5");
    f.con.submit("nosuch 1");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "unknown command 'nosuch' (cmdlist and cvarlist list them)");
    f.con.submit("ADD 1");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "usage: add A B");
    f.con.submit("echo \"oops");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "unterminated quote in: echo \"oops");
    EXPECT_EQ(f.con.errors(), 3);
    EXPECT_EQ(f.con.fileErrors(), 0);
}

TEST(Console, SemicolonsAndWaits) {
    Fixture f;
    f.con.submit("load oa_dm1; add 1 1; wait 1; add 2 2");
    f.con.runQueued(); // frame 1: load asks for two frames
    EXPECT_EQ(f.calls, (std::vector<std::string>{"load oa_dm1"}));
    EXPECT_TRUE(f.con.busy());
    f.con.runQueued(); // frame 2: waiting
    f.con.runQueued(); // frame 3: waiting
    EXPECT_EQ(f.calls.size(), 1u);
    f.con.runQueued(); // frame 4: add 1 1, then wait 1
    EXPECT_EQ(f.calls.size(), 2u);
    EXPECT_EQ(f.last(), "2");
    f.con.runQueued(); // frame 5: waiting
    EXPECT_EQ(f.calls.size(), 2u);
    f.con.runQueued(); // frame 6
    EXPECT_EQ(f.calls.size(), 3u);
    EXPECT_FALSE(f.con.busy());
    f.con.submit("wait x");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "wait: expected a whole number of frames in [0, 999999], got 'x'");
}

TEST(Console, VariablesPrintSetAndRefuse) {
    Fixture f;
    f.con.submit("g_speed");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "g_speed is 320  ([0, 1000])  running speed (units/s)");
    f.con.submit("set g_speed 400");
    f.con.submit("maxspeed");
    f.con.runQueued();
    EXPECT_EQ(f.speed, 400.0);
    EXPECT_EQ(f.last(), "g_speed is 400  ([0, 1000])  running speed (units/s)");
    f.con.submit("g_speed 250"); // NAME VALUE sets too, as in the game
    f.con.submit("set maxSpeed 5000");
    f.con.runQueued();
    EXPECT_EQ(f.speed, 250.0);
    EXPECT_EQ(f.last(), "g_speed: 5000 is outside [0, 1000]");
    f.con.submit("set nosuch 1");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "set: unknown variable 'nosuch' (cvarlist lists them)");
    f.con.submit("set g_speed");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "usage: set NAME VALUE");
    EXPECT_TRUE(f.con.has("G_SPEED"));
    EXPECT_EQ(f.con.variable("maxspeed")->name, "g_speed");
    f.con.submit("cvarlist g_");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "1 variables");
    f.con.submit("help add");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "add A B: prints A + B");
}

TEST(Console, HistoryBrowsesBackAndForthAndKeepsTheDraft) {
    Fixture f;
    EXPECT_FALSE(f.con.historyUp("x"));
    for (const char* l : {"add 1 1", "add 2 2", "add 2 2", "  ", "load oa_dm1"})
        f.con.submit(l);
    // Repeats and blank lines are not kept.
    EXPECT_EQ(f.con.history().size(), 3u);
    EXPECT_EQ(f.con.historyUp("draft"), "load oa_dm1");
    EXPECT_EQ(f.con.historyUp("load oa_dm1"), "add 2 2");
    EXPECT_EQ(f.con.historyUp("add 2 2"), "add 1 1");
    EXPECT_FALSE(f.con.historyUp("add 1 1")); // the oldest
    EXPECT_EQ(f.con.historyDown(), "add 2 2");
    EXPECT_EQ(f.con.historyDown(), "load oa_dm1");
    EXPECT_EQ(f.con.historyDown(), "draft"); // back to what was being typed
    EXPECT_FALSE(f.con.historyDown());
    // Submitting ends the browsing: Up starts again from the newest.
    f.con.historyUp("");
    f.con.submit("add 3 3");
    EXPECT_EQ(f.con.historyUp(""), "add 3 3");
    for (int i = 0; i < 100; ++i)
        f.con.submit("add " + std::to_string(i) + " 0");
    EXPECT_EQ(f.con.history().size(), Console::kHistorySize);
    EXPECT_EQ(f.con.history().back(), "add 99 0");
}

TEST(Console, CompletionOfNamesPrefixesAndArguments) {
    Fixture f;
    // One match: completed with a space after it.
    auto c = f.con.complete("ad");
    EXPECT_EQ(c.line, "add ");
    EXPECT_EQ(c.matches, (std::vector<std::string>{"add"}));
    // Any case; aliases are names too.
    EXPECT_EQ(f.con.complete("G_S").line, "g_speed ");
    EXPECT_EQ(f.con.complete("maxs").line, "maxSpeed ");
    // Several: the common prefix, and the list.
    c = f.con.complete("c");
    EXPECT_EQ(c.line, "c");
    EXPECT_EQ(c.matches, (std::vector<std::string>{"cmdlist", "cvarlist"}));
    c = f.con.complete("load oa_");
    EXPECT_EQ(c.line, "load oa_");
    EXPECT_EQ(c.matches, (std::vector<std::string>{"oa_ctf1", "oa_dm1", "oa_dm2"}));
    c = f.con.complete("load oa_d");
    EXPECT_EQ(c.line, "load oa_dm");
    EXPECT_EQ(c.matches.size(), 2u);
    EXPECT_EQ(f.con.complete("load wr").line, "load wrackdm17 ");
    // An empty word lists every candidate.
    EXPECT_EQ(f.con.complete("load ").matches.size(), 5u);
    // set completes variable names, then values; only the last command of a line.
    EXPECT_EQ(f.con.complete("set g_").line, "set g_speed ");
    EXPECT_EQ(f.con.complete("add 1 1; lo").line, "add 1 1; load ");
    // Nothing to complete: unchanged, no matches.
    for (const char* l : {"zzz", "add 1", "echo \"open", "load oa_dm1 // x"}) {
        c = f.con.complete(l);
        EXPECT_EQ(c.line, l);
        EXPECT_TRUE(c.matches.empty()) << l;
    }
}

TEST(Console, ExecRunsAFileAndNamesFileAndLineOfErrors) {
    Fixture f;
    const std::string dir = test::makeTempDir("console");
    test::writeFile(dir + "/a.cfg", std::string("// setup\nadd 1 2\n\nnosuch\nset g_speed 100; add 4 4\n"
                                                "exec " +
                                                dir + "/b.cfg\nadd 9 9\n"));
    test::writeFile(dir + "/b.cfg", std::string("set g_speed -1\nadd 5 5\n"));
    f.con.submit("exec " + dir + "/a.cfg; add 0 0");
    f.con.runQueued();
    std::vector<std::string> printed(f.con.lines().begin(), f.con.lines().end());
    const std::vector<std::string> expected = {
        "] exec " + dir + "/a.cfg; add 0 0",
        "3",
        dir + "/a.cfg:4: unknown command 'nosuch' (cmdlist and cvarlist list them)",
        "8",
        dir + "/b.cfg:1: g_speed: -1 is outside [0, 1000]",
        "10",
        "18",
        "0", // the command after exec runs after the whole file
    };
    EXPECT_EQ(printed, expected);
    EXPECT_EQ(f.speed, 100.0);
    EXPECT_EQ(f.con.fileErrors(), 2);

    f.con.submit("exec " + dir + "/none.cfg");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "exec: " + dir + "/none.cfg: cannot read the file");
    test::writeFile(dir + "/nul.cfg", std::string("add 1 1\0x", 9));
    EXPECT_EQ(*f.con.enqueueFile(dir + "/nul.cfg"), dir + "/nul.cfg: not a text file (it holds a NUL byte)");
    f.con.submit("exec");
    f.con.runQueued();
    EXPECT_EQ(f.last(), "usage: exec FILE");
}

TEST(Console, FilesThatExecThemselvesStop) {
    Fixture f;
    const std::string dir = test::makeTempDir("console");
    // Once (nesting) and twice a file (growing the queue): both end within one frame.
    test::writeFile(dir + "/self.cfg", "add 1 1\nexec " + dir + "/self.cfg\n");
    test::writeFile(dir + "/twice.cfg", "exec " + dir + "/twice.cfg\nexec " + dir + "/twice.cfg\n");
    f.con.submit("exec " + dir + "/self.cfg");
    f.con.runQueued();
    EXPECT_FALSE(f.con.busy());
    EXPECT_EQ(f.calls.size(), size_t(Console::kMaxExecDepth));
    EXPECT_EQ(f.last(), dir + "/self.cfg:2: exec: " + dir +
                            "/self.cfg: files nested deeper than 8 (a file that "
                            "execs itself?)");
    f.con.submit("exec " + dir + "/twice.cfg");
    f.con.runQueued();
    EXPECT_FALSE(f.con.busy());
    EXPECT_NE(f.last().find("nested deeper than 8"), std::string::npos) << f.last();
    // A file too long for the queue is refused whole.
    std::string big;
    for (size_t i = 0; i <= Console::kMaxQueued; ++i)
        big += "add 1 1\n";
    test::writeFile(dir + "/big.cfg", big);
    EXPECT_EQ(*f.con.enqueueFile(dir + "/big.cfg"),
              dir + "/big.cfg: more than 10000 commands queued (a file that execs itself?)");
    EXPECT_FALSE(f.con.busy());
}

TEST(Console, ScrollbackIsBoundedAndEchoed) {
    Fixture f;
    std::vector<std::string> echoed;
    f.con.setEcho([&](const std::string& l) { echoed.push_back(l); });
    f.con.print("a\nb");
    EXPECT_EQ(echoed, (std::vector<std::string>{"a", "b"}));
    for (size_t i = 0; i < Console::kScrollback + 10; ++i)
        f.con.print("x");
    EXPECT_EQ(f.con.lines().size(), Console::kScrollback);
}
