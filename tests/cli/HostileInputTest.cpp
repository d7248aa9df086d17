// Hostile numbers on the command line: NaN, infinities, huge values and inverted boxes in trace
// input lines and in the options of trace, bench-trace, compare-methods, walk and bench-walk each
// give a clear error naming the argument (or the input line) and exit code 2, like any other
// argument error. Valid extremes (coordinates of exactly +/-1e6) still run.

#include "bsp/BspFile.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

using namespace cliplab;

namespace {

/// A cube map (spawn point above it) written once per test.
class HostileCli : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = test::makeTempDir("hostilecli");
        m_map = m_dir + "/cube.bsp";
        test::writeFile(m_map, bsp::write(test::makeCubeMap()));
    }
    void TearDown() override { std::filesystem::remove_all(m_dir); }

    std::string script(const std::string& text) {
        const std::string path = m_dir + "/script" + std::to_string(m_scripts++) + ".txt";
        test::writeFile(path, text);
        return path;
    }

    struct Case {
        std::string args, input, message;
    };
    void expectUsageErrors(const std::vector<Case>& cases) {
        for (const Case& c : cases) {
            const auto r = test::runCliplab(c.args, c.input);
            EXPECT_EQ(r.exitCode, 2) << c.args << " <<< " << c.input << "\n" << r.err;
            EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << " <<< " << c.input << "\n"
                                                                << r.err;
            EXPECT_TRUE(r.out.empty()) << c.args << "\n" << r.out;
        }
    }

    std::string m_dir, m_map;
    int m_scripts = 0;
};

const std::string kRay = "0 0 200 0 0 -200 0 0 0 0 0 0\n";

} // namespace

TEST_F(HostileCli, TraceInputLinesNameTheLineAndTheProblem) {
    const std::string t = "trace '" + m_map + "'";
    expectUsageErrors({
        {t, kRay + "nan 0 0 1 1 1 0 0 0 0 0 0\n", "line 2: number 1 'nan' is not a finite float"},
        {t, "0 0 0 inf 1 1 0 0 0 0 0 0\n", "line 1: number 4 'inf' is not a finite float"},
        {t, "0 0 0 1 1 1 0 0 0 -INFINITY 0 0\n", "line 1: number 10 '-INFINITY' is not a finite float"},
        {t, "0 0 0 1 1 1e39 0 0 0 0 0 0\n", "line 1: number 6 '1e39' is not a finite float"},
        {t, "\n" + kRay + "1e7 0 0 1 1 1 0 0 0 0 0 0\n", "line 3: start x = 1e+07 is beyond +/-1e+06"},
        {t, "0 0 0 1 -2e6 1 0 0 0 0 0 0\n", "line 1: end y = -2e+06 is beyond +/-1e+06"},
        {t, "0 0 0 1 1 1 16 -16 -16 -16 16 16\n", "line 1: mins x = 16 is above maxs x = -16"},
        {t, "0 0 0 1 1 1 -16 -16 -16 16 16 1e9\n", "line 1: maxs z = 1e+09 is beyond +/-131072"},
        // The shape and mask words `walk --record` writes.
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 cone\n", "line 1: 'cone' is not a shape"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 sphere\n", "line 1: the shape needs a radius R"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 sphere -1\n", "line 1: a radius R '-1' is not a number in [0, 4096]"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 cylinder 4 nan\n", "line 1: a half height H 'nan' is not a number"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 cylinder 4\n", "line 1: the shape needs a half height H"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 mask\n", "line 1: 'mask' needs a number"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 box mask 1.5\n", "line 1: mask '1.5' is not a 32-bit integer"},
        {t, "0 0 0 1 1 1 0 0 0 0 0 0 mask 1 box\n", "line 1: unexpected 'box' after the shape and mask"},
        {t, "0 0 0 1 1 1 0 0 0 0 0\n", "line 1: expected 12 numbers"},
        {t + " --method planeshift", "0 0 0 1 1 1 0 0 0 0 0 0 mask 65537\n",
         "request 1: mask 65537 differs from --mask 1"},
    });
    // The same reader serves bench-trace and compare-methods.
    expectUsageErrors({
        {"bench-trace '" + m_map + "'", "0 0 0 nan 0 0 0 0 0 0 0 0\n", "stdin: line 1: number 4 'nan'"},
        {"compare-methods '" + m_map + "'", kRay + "0 0 0 0 0 0 8 8 8 -8 -8 -8\n",
         "line 2: mins x = 8 is above"},
    });
}

TEST_F(HostileCli, TraceOptionsRefuseHostileNumbers) {
    const std::string t = "trace '" + m_map + "'";
    expectUsageErrors({
        {t + " --epsilon nan", kRay, "--epsilon: 'nan' is not a number in [0, 16]"},
        {t + " --epsilon -1", kRay, "--epsilon: '-1' is not a number in [0, 16]"},
        {t + " --epsilon inf", kRay, "--epsilon: 'inf' is not a number in [0, 16]"},
        {t + " --epsilon 1e300", kRay, "--epsilon: '1e300' is not a number in [0, 16]"},
        {t + " --shape sphere --radius -4", kRay, "--radius: '-4' is not a number in [0, 4096]"},
        {t + " --shape sphere --radius nan", kRay, "--radius: 'nan' is not a number in [0, 4096]"},
        {t + " --shape cylinder --radius 4 --half-height inf", kRay, "--half-height: 'inf' is not a number"},
        {t + " --mask 1e99", kRay, "--mask: '1e99' is not a 32-bit integer"},
        {"bench-trace '" + m_map + "' --repeat nan", kRay, "--repeat: 'nan' is not a count"},
        {"bench-trace '" + m_map + "' --repeat 1e12", kRay, "--repeat: '1e12' is not a count"},
    });
}

TEST_F(HostileCli, ExtremeButValidTracesRun) {
    // Exactly +/-1e6 and the largest box are accepted, and epsilon 0 is a legitimate choice.
    const auto r = test::runCliplab("trace '" + m_map + "' --epsilon 0",
                                    "0 0 1000000 0 0 -1000000 -131072 -1 -1 131072 1 1\n" + kRay);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find("nan"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n0.340000 0.000 0.000 64.000 "), std::string::npos)
        << r.out; // ray stops on the top face
}

TEST_F(HostileCli, WalkOptionsRefuseHostileNumbers) {
    const std::string good = script("0.1 1 0 0 - 0 0\n");
    const std::string w = "walk '" + m_map + "' --script '" + good + "'";
    expectUsageErrors({
        {w + " --start nan 0 0", "", "--start: 'nan' is not a number"},
        {w + " --start 0 1e7 0", "", "--start: 1e7 is beyond +/-1e6"},
        {w + " --start 0 0 -inf", "", "--start: '-inf' is not a number"},
        {w + " --yaw inf", "", "--yaw: expected degrees within +/-1e6, got 'inf'"},
        {w + " --yaw 1e30", "", "--yaw: expected degrees within +/-1e6, got '1e30'"},
        {w + " --hz nan", "", "--hz: expected a rate from 30 to 333, got 'nan'"},
        {w + " --hz 0", "", "--hz: expected a rate from 30 to 333, got '0'"},
        {w + " --hz 1e9", "", "--hz: expected a rate from 30 to 333, got '1e9'"},
        {w + " --step nan", "", "--step: expected a height from 0 to 1000, got 'nan'"},
        {w + " --step 1e9", "", "--step: expected a height from 0 to 1000, got '1e9'"},
        {w + " --set gravity=nan", "", "--set: gravity: 'nan' is not a number"},
        {w + " --set gravity=inf", "", "--set: gravity: 'inf' is not a number"},
        {w + " --set gravity=1e30", "", "--set: gravity: 1e30 is outside"},
        {w + " --set stepHeight=1e9", "", "--set: stepHeight: 1e9 is outside"},
        {w + " --set maxSpeed=-1", "", "--set: maxSpeed: -1 is outside"},
        {w + " --set minWalkNormal=0", "", "--set: minWalkNormal: 0 is outside"},
        {w + " --set maxCommandTime=0", "", "--set: maxCommandTime: 0 is outside"},
        {w + " --set maxSlideIterations=0", "",
         "--set: maxSlideIterations: expected a whole number in [1, 16]"},
        {w + " --set maxsz=-1e30", "", "--set: maxsz: -1e30 is outside [-10000, 10000]"},
        {w + " --set minsx=20", "", "--set: minsx = 20 is above maxsx = 15 (inverted player box)"},
        {w + " --set crouchMaxsZ=-100", "", "--set: crouchMaxsZ = -100 is below minsz = -24"},
        {"walk '" + m_map + "' --script '" + script("1 nan 0 0 - 0 0\n") + "'", "",
         ":1: FORWARD 'nan' is not a number"},
        {"walk '" + m_map + "' --script '" + script("0.1 0 0 0 - inf 0\n") + "'", "",
         ":1: YAW 'inf' is not a number"},
        {"walk '" + m_map + "' --script '" + script("1e300 1 0 0 - 0 0\n") + "'", "",
         ":1: SECONDS must be > 0"},
        {"walk '" + m_map + "' --script '" + script("500 1 0 0 - 0 0\n500 1 0 0 - 0 0\n") + "'", "",
         ":2: the script lasts more than 600 s in total"},
        {"bench-walk '" + m_map + "' --script '" + good + "' --repeat nan", "", "--repeat: expected a count"},
        {"bench-walk '" + m_map + "' --script '" + good + "' --set gravity=-inf", "",
         "gravity: '-inf' is not a number"},
    });
    // shot refuses far camera positions and angles before it opens a window.
    const std::string png = " --out '" + m_dir + "/x.png'";
    expectUsageErrors({
        {"shot '" + m_map + "' --pos 0 0 1e7" + png, "", "--pos: coordinates must be within +/-1e6"},
        {"shot '" + m_map + "' --pos nan 0 0" + png, "", "--pos needs three numbers"},
        {"shot '" + m_map + "' --angles 0 1e30" + png, "", "--angles needs two numbers"},
        {"shot '" + m_map + "' --time 1e300" + png, "", "--time must be a number of seconds in 0..1e6"},
    });
    // The bounds themselves are accepted, typed as decimals.
    const auto bounds =
        test::runCliplab(w + " --set minWalkNormal=0.01 --set maxCommandTime=0.001 --set gravity=-1e5");
    EXPECT_EQ(bounds.exitCode, 0) << bounds.err;
    expectUsageErrors({{w + " --set gravity=1e300", "", "--set: gravity: 1e300 is outside"}});
    // A moved but consistent box is fine: the whole is checked after all --set options.
    const auto moved = test::runCliplab(w + " --set minsx=20 --set maxsx=40 --start 0 0 300");
    EXPECT_EQ(moved.exitCode, 0) << moved.err;
}
