// `cliplab snags`: the soak's run with the snag lines, the JSON file, and bad command lines.

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace cliplab;

TEST(SnagsCommand, RunsTheSoakAndWritesTheCells) {
    const std::string dir = test::makeTempDir("snags");
    auto r =
        test::runCliplab("snags oa_dm1 --ticks 200000 --preset quake3 --top 5 --json " + dir + "/cells.json");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("ticks=200000 snags="), std::string::npos) << r.out;
    std::ifstream in(dir + "/cells.json");
    std::stringstream json;
    json << in.rdbuf();
    EXPECT_EQ(json.str().rfind("{\n  \"map\": \"maps/oa_dm1.bsp\",\n  \"cell_size\": 64,\n  \"cells\": [", 0),
              0u)
        << json.str();
    // Each cell printed comes with a replay of its worst tick as a soak command line.
    for (size_t at = r.out.find("\ncell "); at != std::string::npos; at = r.out.find("\ncell ", at + 1)) {
        const size_t next = r.out.find('\n', at + 1);
        EXPECT_EQ(r.out.compare(next, 27, "\n  replay: cliplab soak oa_"), 0) << r.out.substr(at, 200);
        EXPECT_NE(json.str().find("\"replay\": \"cliplab soak oa_dm1 --seed 1 --walkers 8 --walker "),
                  std::string::npos);
    }
    // The first cell's replay ends with its snag: the last tick loses more than a fifth of the speed.
    const size_t replay = r.out.find("  replay: cliplab ");
    ASSERT_NE(replay, std::string::npos) << "oa_dm1 with the quake3 preset snags once in these ticks\n"
                                         << r.out;
    const size_t from = replay + 18;
    const auto soak = test::runCliplab(r.out.substr(from, r.out.find('\n', from) - from));
    ASSERT_EQ(soak.exitCode, 0) << soak.err;
    std::vector<std::string> lines;
    std::istringstream text(soak.out);
    for (std::string line; std::getline(text, line);)
        lines.push_back(line);
    ASSERT_GE(lines.size(), 3u);
    auto speed = [](const std::string& line) {
        std::istringstream w(line);
        double tick, rate, x, y, z, vx, vy;
        w >> tick >> rate >> x >> y >> z >> vx >> vy;
        return std::hypot(vx, vy);
    };
    const double before = speed(lines[lines.size() - 3]), after = speed(lines[lines.size() - 2]);
    EXPECT_GT(before, 150.0) << lines[lines.size() - 3];
    EXPECT_LT(after, before * 0.8) << lines[lines.size() - 2];
}

TEST(SnagsCommand, BadCommandLines) {
    const struct {
        std::string args, message;
    } cases[] = {
        {"snags", "expected one MAP argument"},
        {"snags oa_dm1 --loss 2", "--loss: expected a share from 0 to 1, got '2'"},
        {"snags oa_dm1 --min-speed -1", "--min-speed: expected a speed from 0 to 10000, got '-1'"},
        {"snags oa_dm1 --cell 0", "--cell: expected a size from 1 to 4096, got '0'"},
        {"snags oa_dm1 --top many", "--top: expected a count from 0 up, got 'many'"},
        {"snags oa_dm1 --walkers 0", "--walkers: expected a count from 1 to 4096, got '0'"},
        {"snags oa_dm1 --preset doom", "--preset: expected melax or quake3, got 'doom'"},
    };
    for (const auto& c : cases) {
        const auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
    const std::string dir = test::makeTempDir("snags");
    auto unwritable = test::runCliplab("snags oa_dm1 --ticks 10 --json " + dir + "/no/such/cells.json");
    EXPECT_EQ(unwritable.exitCode, 1);
    EXPECT_NE(unwritable.err.find("cannot write file"), std::string::npos) << unwritable.err;
}
