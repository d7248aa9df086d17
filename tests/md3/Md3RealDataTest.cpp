// Every MD3 model OpenArena draws as an item loads, and survives a write/load round trip.

#include "fs/FileSystem.h"
#include "md3/Md3.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

using namespace cliplab;

TEST(Md3RealData, EveryOpenArenaModelLoads) {
    const std::string base = test::openArenaBaseDir();
    ASSERT_FALSE(base.empty()) << "needs openarena-data";
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok()) << vfs.error().message;
    ASSERT_TRUE(vfs.value()->mountBaseDirectory(base).ok());
    size_t loadedCount = 0;
    for (const char* dir : {"models/powerups/armor", "models/powerups/health", "models/powerups/ammo",
                            "models/powerups/instant", "models/powerups/holdable", "models/weapons2/rocketl",
                            "models/weapons2/shotgun", "models/weapons2/plasma", "models/weapons2/machinegun",
                            "models/flags", "models/mapobjects/teleporter"}) {
        const auto files = vfs.value()->listFiles(dir, ".md3");
        EXPECT_FALSE(files.empty()) << dir;
        for (const std::string& path : files) {
            auto bytes = vfs.value()->readFile(path);
            ASSERT_TRUE(bytes.ok()) << bytes.error().message;
            auto model = md3::load(bytes.value(), path);
            EXPECT_TRUE(model.ok()) << model.error().message;
            if (model.ok()) {
                ++loadedCount;
                // What was read writes back to a file that reads the same (names and unused fields
                // keep whatever followed their NUL on disk, so the bytes are not compared directly).
                const auto again = md3::write(model.value());
                auto reloaded = md3::load(again, path);
                ASSERT_TRUE(reloaded.ok()) << reloaded.error().message;
                EXPECT_EQ(md3::write(reloaded.value()), again) << path;
            }
        }
    }
    EXPECT_GT(loadedCount, 60u);

    // The armor shard as the game's item list names it: two surfaces of 27 vertices and 50 triangles.
    auto shard = md3::load(vfs.value()->readFile("models/powerups/armor/shard.md3").value(), "shard.md3");
    ASSERT_TRUE(shard.ok());
    ASSERT_EQ(shard->surfaces.size(), 2u);
    EXPECT_EQ(shard->surfaces[0].vertexCount, 27);
    EXPECT_EQ(shard->surfaces[0].triangles.size(), 50u);
    EXPECT_EQ(shard->surfaces[0].shaders.front(), "models/powerups/armor/shard.jpg");
    // The rocket launcher carries the tag its flash hangs on.
    auto rl = md3::load(vfs.value()->readFile("models/weapons2/rocketl/rocketl.md3").value(), "rocketl.md3");
    ASSERT_TRUE(rl.ok());
    EXPECT_NE(rl->findTag("tag_flash"), nullptr);
}
