// `cliplab reach`: the flood of a real map's floor, its lines and JSON file, the same answer on
// one thread and two, and bad command lines.

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

using namespace cliplab;

namespace {

/// The last line's counts: cells, reachable, unreachable, deadly.
std::array<long, 4> totals(const std::string& out) {
    static const std::regex last(
        R"(\ncells=(\d+) reachable=(\d+) unreachable=(\d+) deadly=(\d+) seconds=[0-9.]+\n$)");
    std::smatch m;
    if (!std::regex_search(out, m, last))
        return {-1, -1, -1, -1};
    return {std::stol(m[1]), std::stol(m[2]), std::stol(m[3]), std::stol(m[4])};
}

} // namespace

TEST(ReachCommand, FloodsOaDm1AndListsWhatItNeverReached) {
    const std::string dir = test::makeTempDir("reach");
    // A 32-unit grid keeps the sanitizer builds quick; the figures in docs/performance.md use 16.
    const auto one = test::runCliplab("reach oa_dm1 --grid 32 --top 0 --json " + dir + "/reach.json");
    ASSERT_EQ(one.exitCode, 0) << one.err;
    const auto t = totals(one.out);
    ASSERT_GT(t[0], 1000) << one.out;
    EXPECT_EQ(t[1] + t[2] + t[3], t[0]);
    EXPECT_EQ(t[3], 0) << "oa_dm1 has no deadly trigger and no sky floor";
    // Nearly all of a deathmatch map's floor is reachable; what is not comes in regions with a
    // setviewpos line for each cell.
    EXPECT_GT(t[1], t[0] * 95 / 100) << one.out;
    size_t listed = 0;
    for (size_t at = one.out.find("  unreachable "); at != std::string::npos;
         at = one.out.find("  unreachable ", at + 1)) {
        const std::string line = one.out.substr(at, one.out.find('\n', at) - at);
        EXPECT_TRUE(std::regex_match(
            line, std::regex(R"(  unreachable -?[0-9.]+ -?[0-9.]+ -?[0-9.]+ setviewpos -?\d+ -?\d+ -?\d+)")))
            << line;
        ++listed;
    }
    EXPECT_EQ(static_cast<long>(listed), t[2]);
    EXPECT_NE(one.out.find("\nvia spawn=8 walk="), std::string::npos) << one.out;
    std::ifstream in(dir + "/reach.json");
    std::stringstream json;
    json << in.rdbuf();
    EXPECT_EQ(json.str().rfind("{\n  \"map\": \"maps/oa_dm1.bsp\",\n  \"grid\": 32,\n  \"cells\": [", 0), 0u)
        << json.str().substr(0, 200);
    EXPECT_NE(json.str().find("\"via\": \"spawn\""), std::string::npos);
    EXPECT_NE(json.str().find("\"deadly\": false}"), std::string::npos);
    // Two threads: the same cells, reached the same way.
    const auto two = test::runCliplab("reach oa_dm1 --grid 32 --top 0 --threads 2");
    ASSERT_EQ(two.exitCode, 0) << two.err;
    EXPECT_EQ(totals(two.out), t);
    EXPECT_EQ(one.out.substr(0, one.out.rfind("cells=")), two.out.substr(0, two.out.rfind("cells=")));
}

TEST(ReachCommand, BadCommandLines) {
    const struct {
        std::string args, message;
    } cases[] = {
        {"reach", "expected one MAP argument"},
        {"reach oa_dm1 --grid 2", "--grid: expected a cell size from 4 to 256 units, got '2'"},
        {"reach oa_dm1 --threads 0", "--threads: expected 1 to 64, got '0'"},
        {"reach oa_dm1 --preset doom", "--preset: expected melax or quake3, got 'doom'"},
        {"reach oa_dm1 --curves maybe", "--curves: expected on or off, got 'maybe'"},
        {"reach oa_dm1 --top many", "--top: expected a count from 0 up, got 'many'"},
        {"reach oa_dm1 --set gravity=x", "--set"},
    };
    for (const auto& c : cases) {
        const auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
    const auto missing = test::runCliplab("reach /no/such/map.bsp");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("/no/such/map.bsp"), std::string::npos) << missing.err;
}
