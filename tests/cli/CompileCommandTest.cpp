#include "bsp/BspFile.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <filesystem>
#include <gtest/gtest.h>

using namespace cliplab;

namespace {
const std::string kPlayground = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";
}

TEST(CompileCommand, WritesAValidBspAndASummary) {
    const std::string dir = test::makeTempDir("compile");
    // An empty game folder: no shader scripts, as loadMap(path, nullptr) compiles.
    std::filesystem::create_directories(dir + "/nogame");
    auto r = test::runCliplab("compile '" + kPlayground + "' '" + dir + "/pg.bsp' --basepath '" + dir +
                              "/nogame'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(" brushes, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" planes, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" leafs, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" ms"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("time_ms parse="), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("leak"), std::string::npos) << r.out; // the playground is sealed
    EXPECT_FALSE(std::filesystem::exists(dir + "/pg.lin"));
    auto bytes = world::readDiskFile(dir + "/pg.bsp");
    ASSERT_TRUE(bytes.ok());
    auto d = bsp::load(bytes.value(), "pg.bsp");
    ASSERT_TRUE(d.ok()) << d.error().message;
    // The same source loaded directly as a MAP argument gives the same map.
    auto direct = world::loadMap(kPlayground, nullptr);
    ASSERT_TRUE(direct.ok()) << direct.error().message;
    EXPECT_EQ(bsp::write(direct.value()), bytes.value());

    auto nb = test::runCliplab("compile '" + kPlayground + "' '" + dir + "/nb.bsp' --no-bevels --basepath '" +
                               dir + "/nogame'");
    ASSERT_EQ(nb.exitCode, 0) << nb.err;
    EXPECT_NE(nb.out.find("(no bevels)"), std::string::npos) << nb.out;
    auto nbBytes = world::readDiskFile(dir + "/nb.bsp");
    ASSERT_TRUE(nbBytes.ok());
    auto nbData = bsp::load(nbBytes.value(), "nb.bsp");
    ASSERT_TRUE(nbData.ok()) << nbData.error().message;
    EXPECT_LT(nbData->brushSides.size(), d->brushSides.size());
    std::filesystem::remove_all(dir);
}

TEST(CompileCommand, MalformedSourceExitsTwoWithLineAndColumn) {
    const std::string dir = test::makeTempDir("compilebad");
    const std::string bad = test::dataPath("maps/bad_number.map");
    auto r = test::runCliplab("compile '" + bad + "' '" + dir + "/x.bsp'");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find(bad + ":5:19: bad number '6x4' for a plane point"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir + "/x.bsp"));
    EXPECT_EQ(test::runCliplab("compile only-one-argument.map").exitCode, 2);
    EXPECT_EQ(test::runCliplab("compile '" + dir + "/missing.map' '" + dir + "/y.bsp'").exitCode, 1);
    std::filesystem::remove_all(dir);
}

TEST(CompileCommand, InfoOpensAMapSource) {
    auto r = test::runCliplab("info '" + kPlayground + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("patches: 2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("info_player_deathmatch"), std::string::npos) << r.out;
}

TEST(CompileCommand, ALeakIsReportedWithAPointfileAndTheBspIsStillWritten) {
    const std::string dir = test::makeTempDir("compileleak");
    const std::string leak = test::dataPath("maps/leak.map");
    auto r = test::runCliplab("compile '" + leak + "' '" + dir + "/leak.bsp'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(
        r.out.find("leak: entity 2 (light) at 128 128 100 reaches the void; the path leaves the hull near "
                   "272 128 48; pointfile " +
                   dir + "/leak.lin (4 points)"),
        std::string::npos)
        << r.out;
    EXPECT_TRUE(std::filesystem::exists(dir + "/leak.bsp"));
    auto lin = world::readDiskFile(dir + "/leak.lin");
    ASSERT_TRUE(lin.ok());
    const std::string text(lin->begin(), lin->end());
    EXPECT_EQ(text.substr(text.size() - 33), "128.000000 128.000000 100.000000\n"); // ends at the light
    // --leaktest: the pointfile, no .bsp, exit 1 (q3map2's -leaktest writes no .bsp either).
    auto t = test::runCliplab("compile '" + leak + "' '" + dir + "/t.bsp' --leaktest");
    EXPECT_EQ(t.exitCode, 1) << t.out << t.err;
    EXPECT_NE(t.out.find("leaktest: the map leaks; " + dir + "/t.bsp not written"), std::string::npos)
        << t.out;
    EXPECT_FALSE(std::filesystem::exists(dir + "/t.bsp"));
    EXPECT_TRUE(std::filesystem::exists(dir + "/t.lin"));
    // A sealed map with --leaktest compiles as usual and takes away an old pointfile.
    auto sealed = test::runCliplab("compile '" + kPlayground + "' '" + dir + "/t.bsp' --leaktest");
    EXPECT_EQ(sealed.exitCode, 0) << sealed.err;
    EXPECT_TRUE(std::filesystem::exists(dir + "/t.bsp"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/t.lin"));
    std::filesystem::remove_all(dir);
}

TEST(CompileCommand, BenchCompilePrintsTheSpeed) {
    auto r = test::runCliplab("bench-compile '" + kPlayground + "' '" + test::dataPath("maps/leak.map") +
                              "' --repeat 2");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("scripts="), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("file=" + kPlayground + " bytes="), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nfiles=2 bytes="), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" mb_per_s="), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" brushes_per_s="), std::string::npos) << r.out;
    EXPECT_EQ(test::runCliplab("bench-compile").exitCode, 2);
    EXPECT_EQ(test::runCliplab("bench-compile '" + kPlayground + "' --repeat 0").exitCode, 2);
    EXPECT_EQ(test::runCliplab("bench-compile '" + test::dataPath("maps/bad_number.map") + "'").exitCode, 2);
    EXPECT_EQ(test::runCliplab("bench-compile oa_dm1").exitCode, 2); // only .map sources
    EXPECT_EQ(test::runCliplab("bench-compile missing.map").exitCode, 1);
}
