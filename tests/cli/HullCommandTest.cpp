// `cliplab hull`: bad command lines exit 2 naming the option, unreadable maps and unwritable
// files exit 1, and a run writes the OBJ and its summary.

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace cliplab;

namespace {

const std::string kBox = " --mins -15 -15 -24 --maxs 15 15 32";

/// `hull PLAYGROUND` followed by `rest`.
std::string onPlayground(const std::string& rest) {
    std::string args = "hull '";
    args += test::playgroundPath();
    args += "'";
    args += rest;
    return args;
}

} // namespace

TEST(HullCommand, BadCommandLinesExit2WithAReason) {
    const std::string out = " --out " + test::makeTempDir("hullcli") + "/x.obj";
    const struct {
        std::string args, message;
    } cases[] = {
        {"hull" + kBox + out, "expected one MAP argument"},
        {onPlayground(" --maxs 15 15 32" + out), "--mins is required"},
        {onPlayground(" --mins -15 -15 -24" + out), "--maxs is required"},
        {onPlayground(kBox), "--out is required"},
        {onPlayground(" --mins -15 x -24 --maxs 15 15 32" + out), "--mins: 'x' is not a number"},
        {onPlayground(" --mins -15 -15 -24 --maxs 15 15 nan" + out), "--maxs: 'nan' is not a number"},
        {onPlayground(" --mins -15 -15 -24 --maxs 15 15 1e9" + out), "--maxs: '1e9' is not a number within"},
        {onPlayground(" --mins -15 -15 40 --maxs 15 15 32" + out), "--mins z (40) is above --maxs z (32)"},
        {onPlayground(kBox + " --mask WATERY" + out), "--mask: 'WATERY'"},
        {onPlayground(kBox + " --mask 99999999999" + out), "--mask: '99999999999'"},
        {onPlayground(kBox + " --curves maybe" + out), "--curves: expected on or off, got 'maybe'"},
        {onPlayground(" --mins 1 2" + out), "--mins"},
    };
    for (const auto& c : cases) {
        const auto r = test::runCliplab(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    }
}

TEST(HullCommand, UnreadableMapOrUnwritableFileExit1) {
    const std::string dir = test::makeTempDir("hullcli");
    auto missing = test::runCliplab("hull " + dir + "/none.bsp" + kBox + " --out " + dir + "/x.obj");
    EXPECT_EQ(missing.exitCode, 1) << missing.err;
    EXPECT_NE(missing.err.find("none.bsp"), std::string::npos) << missing.err;
    auto unwritable = test::runCliplab(onPlayground(kBox + " --out " + dir + "/no/such/dir/x.obj"));
    EXPECT_EQ(unwritable.exitCode, 1) << unwritable.err;
    EXPECT_NE(unwritable.err.find("cannot write file"), std::string::npos) << unwritable.err;
}

TEST(HullCommand, WritesOneObjectPerBrushAndSaysHowMany) {
    const std::string dir = test::makeTempDir("hullcli");
    test::writeFile(dir + "/two.map",
                    std::string("{\n\"classname\" \"worldspawn\"\n") +
                        "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) base/wall 0 0 0 0.5 0.5 0 0 0\n"
                        "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) base/wall 0 0 0 0.5 0.5 0 0 0\n"
                        "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) base/wall 0 0 0 0.5 0.5 0 0 0\n"
                        "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) base/wall 0 0 0 0.5 0.5 0 0 0\n"
                        "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) base/wall 0 0 0 0.5 0.5 0 0 0\n"
                        "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) base/wall 0 0 0 0.5 0.5 0 0 0\n}\n}\n");
    auto r =
        test::runCliplab("hull " + dir + "/two.map --mins -8 -8 -8 --maxs 8 8 8 --out " + dir + "/two.obj");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "brushes=1 patch_facets=0 triangles=12 volume=512000.0\n");
    std::ifstream in(dir + "/two.obj");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("\no brush_0\n"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("\nv -8 -8 -8\n"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("\nv 72 72 72\n"), std::string::npos) << text.str();
}
