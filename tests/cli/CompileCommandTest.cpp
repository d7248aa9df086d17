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
    auto r = test::runCliplab("compile '" + kPlayground + "' '" + dir + "/pg.bsp'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(" brushes, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" planes, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" leafs, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" ms"), std::string::npos) << r.out;
    auto bytes = world::readDiskFile(dir + "/pg.bsp");
    ASSERT_TRUE(bytes.ok());
    auto d = bsp::load(bytes.value(), "pg.bsp");
    ASSERT_TRUE(d.ok()) << d.error().message;
    // The same source loaded directly as a MAP argument gives the same map.
    auto direct = world::loadMap(kPlayground, nullptr);
    ASSERT_TRUE(direct.ok()) << direct.error().message;
    EXPECT_EQ(bsp::write(direct.value()), bytes.value());

    auto nb = test::runCliplab("compile '" + kPlayground + "' '" + dir + "/nb.bsp' --no-bevels");
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
