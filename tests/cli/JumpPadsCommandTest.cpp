// `cliplab pads`: one line per pad with the game's launch and the simulated flight, a pad the
// game drops named with its problem, the summary line, and bad command lines exit 2.

#include "support/TestSupport.h"

#include <gtest/gtest.h>

using namespace cliplab;

namespace {

std::string brush(int x0, int y0, int z0, int x1, int y1, int z1, const char* texture) {
    const std::string t = std::string(" ") + texture + " 0 0 0 0.5 0.5 0 0 0\n";
    auto p = [](int x, int y, int z) {
        return "( " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z) + " ) ";
    };
    return "{\n" + p(x0, 0, 0) + p(x0, 1, 0) + p(x0, 0, 1) + t + p(x1, 0, 0) + p(x1, 0, 1) + p(x1, 1, 0) + t +
           p(0, y0, 0) + p(0, y0, 1) + p(1, y0, 0) + t + p(0, y1, 0) + p(1, y1, 0) + p(0, y1, 1) + t +
           p(0, 0, z0) + p(1, 0, z0) + p(0, 1, z0) + t + p(0, 0, z1) + p(0, 1, z1) + p(1, 0, z1) + t + "}\n";
}

/// A floor with one pad aimed 512 units along +x, 256 up, and one pad without a target.
std::string padMap() {
    return "{\n\"classname\" \"worldspawn\"\n" + brush(-512, -512, -64, 2048, 512, 0, "base/floor") + "}\n" +
           "{\n\"classname\" \"trigger_push\"\n\"target\" \"apex\"\n" +
           brush(-32, -32, 0, 32, 32, 16, "common/trigger") +
           "}\n{\n\"classname\" \"target_position\"\n\"targetname\" \"apex\"\n\"origin\" \"512 0 264\"\n}\n" +
           "{\n\"classname\" \"trigger_push\"\n" + brush(-32, 300, 0, 32, 364, 16, "common/trigger") + "}\n";
}

} // namespace

TEST(JumpPadsCommand, OneLinePerPad) {
    const std::string dir = test::makeTempDir("jumppads");
    test::writeFile(dir + "/pads.map", padMap());
    auto r = test::runCliplab("pads " + dir + "/pads.map --set snapVelocity=0");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind(
                  "pad 0 origin 0.0 0.0 8.0 target 512.0 0.0 264.0 apex 256.0 time 0.800 blocked=0 entity 1 "
                  "model *1 launch ",
                  0),
              0u)
        << r.out;
    EXPECT_NE(r.out.find(" velocity 640.0 0.0 640.0 landing 10"), std::string::npos) << r.out;
    EXPECT_NE(
        r.out.find(
            "\npad 1 origin 0.0 332.0 8.0 target - apex 0 time 0 blocked=0 entity 3 model *2 problem no "
            "target key\n"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\npads=2 blocked=0 unlanded=0 without_target=1\n"), std::string::npos) << r.out;
    // Lower gravity aims the pad with a slower, longer arc.
    auto moon = test::runCliplab("pads " + dir + "/pads.map --set gravity=200");
    ASSERT_EQ(moon.exitCode, 0) << moon.err;
    EXPECT_NE(moon.out.find("apex 256.0 time 1.600 "), std::string::npos) << moon.out;
    EXPECT_NE(moon.out.find(" velocity 320.0 0.0 320.0 "), std::string::npos) << moon.out;
}

TEST(JumpPadsCommand, BadCommandLines) {
    const std::string dir = test::makeTempDir("jumppads");
    test::writeFile(dir + "/pads.map", padMap());
    const std::string map = "pads " + dir + "/pads.map";
    const struct {
        std::string args, message;
    } cases[] = {
        {"pads", "expected one MAP argument"},
        {map + " --preset doom", "--preset: expected melax or quake3, got 'doom'"},
        {map + " --hz 1000", "--hz: expected a rate from 30 to 333, got '1000'"},
        {map + " --curves both", "--curves: expected on or off, got 'both'"},
        {map + " --semantics fuzzy",
         "--semantics: expected quake3, tutorial, robust or quake3e, got 'fuzzy'"},
        {map + " --max-time 0", "--max-time: expected seconds from 0.1 to 60, got '0'"},
        {map + " --max-time nan", "--max-time: expected seconds from 0.1 to 60, got 'nan'"},
        {map + " --set gravity=x", "--set"},
    };
    for (const auto& c : cases) {
        const auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
    auto missing = test::runCliplab("pads " + dir + "/none.bsp");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("none.bsp"), std::string::npos) << missing.err;
}
