// Every map of OpenArena's pak1-maps.pk3 (Debian package openarena-081-maps, installed by
// scripts/test.sh) loads from the pk3 and passes validation.

#include "bsp/BspFile.h"
#include "bsp/Entities.h"
#include "fs/FileSystem.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

using namespace cliplab;

namespace {

std::unique_ptr<fs::FileSystem> mountMaps() {
    const std::string pk3 = test::openArenaMapsPk3();
    if (pk3.empty()) {
        ADD_FAILURE() << "OpenArena maps are not installed: apt-get install openarena-081-maps "
                         "(scripts/test.sh does this)";
        return nullptr;
    }
    auto vfs = fs::FileSystem::create();
    if (!vfs.ok() || !vfs.value()->mountArchive(pk3).ok()) {
        ADD_FAILURE() << "cannot mount " << pk3;
        return nullptr;
    }
    return std::move(vfs.value());
}

} // namespace

TEST(RealMaps, AllFiftyMapsLoadAndValidate) {
    auto vfs = mountMaps();
    ASSERT_TRUE(vfs);
    const auto maps = vfs->listMaps();
    EXPECT_EQ(maps.size(), 50u);
    for (const std::string& name : maps) {
        auto data = world::loadMap(name, vfs.get());
        ASSERT_TRUE(data.ok()) << data.error().message;
        EXPECT_FALSE(data->brushes.empty()) << name;
        auto entities = bsp::parseEntities(data->entities, data->name);
        ASSERT_TRUE(entities.ok()) << entities.error().message;
        EXPECT_FALSE(bsp::spawnPoints(entities.value()).empty()) << name << " has no spawn points";
    }
}

TEST(RealMaps, OaDm1CountsMatchTheHeader) {
    auto vfs = mountMaps();
    ASSERT_TRUE(vfs);
    auto bytes = vfs->readFile("maps/oa_dm1.bsp");
    ASSERT_TRUE(bytes.ok());
    auto header = bsp::readHeader(bytes.value(), "oa_dm1");
    ASSERT_TRUE(header.ok());
    auto data = bsp::load(bytes.value(), "oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const auto sizes = bsp::lumpSizes(data.value());
    for (int i = 0; i < bsp::kLumpCount; ++i) {
        const auto lump = static_cast<bsp::Lump>(i);
        if (lump == bsp::Lump::Entities || lump == bsp::Lump::Visibility)
            continue; // text and a header+bits lump: no fixed record size
        const size_t length = static_cast<size_t>(header->lumps[static_cast<size_t>(i)].length);
        EXPECT_EQ(sizes[static_cast<size_t>(i)].count, length / bsp::lumpRecordSize(lump))
            << bsp::lumpName(lump);
        EXPECT_EQ(sizes[static_cast<size_t>(i)].bytes, length) << bsp::lumpName(lump);
    }
    EXPECT_EQ(sizes[static_cast<size_t>(bsp::Lump::Visibility)].bytes,
              static_cast<size_t>(header->lumps[static_cast<size_t>(bsp::Lump::Visibility)].length));
    EXPECT_GT(data->visibility.numClusters, 0);
}

TEST(RealMaps, BareNameWithoutDataIsAClearError) {
    auto r = world::loadMap("oa_dm1", nullptr);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("oa_dm1: not a file, and no game data is mounted", 0), 0u);
    auto vfs = mountMaps();
    ASSERT_TRUE(vfs);
    auto missing = world::loadMap("no_such_map", vfs.get());
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message.rfind("no_such_map: no such map (looked for maps/no_such_map.bsp", 0),
              0u)
        << missing.error().message;
}
