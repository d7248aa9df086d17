#include "bsp/BspFile.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace cliplab;

TEST(BspLoad, RoundTripsEveryLump) {
    bsp::BspData d = test::makeCubeMap();
    d.lightmaps.assign(bsp::kLightmapBytes, 7);
    d.lightGrid.assign(16, 3);
    d.visibility.numClusters = 1;
    d.visibility.bytesPerCluster = 1;
    d.visibility.bits = {1};
    d.fogs.push_back({"textures/fog", 0, 2});
    d.surfaces[0].lightmapNum = 0;
    d.surfaces[0].fog = 0;
    const auto bytes = bsp::write(d);
    auto loaded = bsp::load(bytes, "cube.bsp");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const bsp::BspData& l = loaded.value();
    EXPECT_EQ(l.entities, d.entities);
    EXPECT_EQ(l.shaders.size(), 1u);
    EXPECT_EQ(l.shaders[0].name, "textures/test/wall");
    EXPECT_EQ(l.shaders[0].contents, bsp::contents::Solid);
    EXPECT_EQ(l.planes.size(), 6u);
    EXPECT_EQ(l.planes[1].normal, glm::vec3(-1, 0, 0));
    EXPECT_EQ(l.nodes[0].children[1], -2);
    EXPECT_EQ(l.leafs[1].numLeafBrushes, 1);
    EXPECT_EQ(l.drawVerts[3].xyz, glm::vec3(64, 64, 64));
    EXPECT_EQ(l.drawIndexes, d.drawIndexes);
    EXPECT_EQ(l.fogs[0].visibleSide, 2);
    EXPECT_EQ(l.numLightmaps(), 1);
    EXPECT_EQ(l.lightGrid.size(), 16u);
    EXPECT_TRUE(l.visibility.visible(0, 0));
    EXPECT_EQ(bsp::write(l), bytes) << "writing what was read gives the same bytes";
}

TEST(BspLoad, HeaderDescribesLumps) {
    const auto bytes = bsp::write(test::makeCubeMap());
    auto header = bsp::readHeader(bytes, "cube.bsp");
    ASSERT_TRUE(header.ok());
    EXPECT_EQ(header->lumps[static_cast<size_t>(bsp::Lump::Planes)].length, 6 * 16);
    const auto sizes = bsp::lumpSizes(test::makeCubeMap());
    for (int i = 0; i < bsp::kLumpCount; ++i)
        EXPECT_EQ(static_cast<size_t>(header->lumps[static_cast<size_t>(i)].length),
                  sizes[static_cast<size_t>(i)].bytes)
            << bsp::lumpName(static_cast<bsp::Lump>(i));
}

TEST(BspLoad, EveryRecordFillsItsSizeOnDiskAndReadsBackFieldByField) {
    // One record of every kind with distinct values in every field: each lump is its record size
    // times its count, and reading the file back gives every field (written again: the same bytes).
    bsp::BspData d = test::makeCubeMap();
    d.fogs.push_back({"textures/fog/a", 0, 3});
    d.fogs.push_back({std::string(63, 'f'), 0, -1}); // the longest name that keeps its NUL
    bsp::Surface& s = d.surfaces[0];
    s.fog = 1;
    s.lightmapX = 11;
    s.lightmapY = 12;
    s.lightmapWidth = 13;
    s.lightmapHeight = 14;
    s.lightmapOrigin = {1.5f, -2.5f, 3.25f};
    s.lightmapVecs = {glm::vec3(1, 2, 3), glm::vec3(4, 5, 6), glm::vec3(7, 8, 9)};
    s.patchWidth = 0;
    d.drawVerts[1].st = {0.25f, 0.5f};
    d.drawVerts[1].lightmap = {0.75f, -1.0f};
    d.drawVerts[1].color = {1, 2, 3, 4};
    d.lightGrid.assign(3 * 8, 9);
    const auto bytes = bsp::write(d);
    auto header = bsp::readHeader(bytes, "every.bsp");
    ASSERT_TRUE(header.ok()) << header.error().message;
    const auto sizes = bsp::lumpSizes(d);
    for (int i = 0; i < bsp::kLumpCount; ++i) {
        const auto lump = static_cast<bsp::Lump>(i);
        const size_t length = static_cast<size_t>(header->lumps[static_cast<size_t>(i)].length);
        EXPECT_EQ(length, sizes[static_cast<size_t>(i)].bytes) << bsp::lumpName(lump);
        if (lump != bsp::Lump::Entities && lump != bsp::Lump::Visibility) {
            EXPECT_EQ(length, sizes[static_cast<size_t>(i)].count * bsp::lumpRecordSize(lump))
                << bsp::lumpName(lump);
        }
    }
    auto loaded = bsp::load(bytes, "every.bsp");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const bsp::BspData& l = loaded.value();
    EXPECT_EQ(l.fogs[1].name, d.fogs[1].name);
    EXPECT_EQ(l.fogs[0].visibleSide, 3);
    EXPECT_EQ(l.surfaces[0].fog, 1);
    EXPECT_EQ(l.surfaces[0].type, d.surfaces[0].type);
    EXPECT_EQ(l.surfaces[0].lightmapHeight, 14);
    EXPECT_EQ(l.surfaces[0].lightmapOrigin, s.lightmapOrigin);
    EXPECT_EQ(l.surfaces[0].lightmapVecs[2], glm::vec3(7, 8, 9));
    EXPECT_EQ(l.drawVerts[1].lightmap, glm::vec2(0.75f, -1.0f));
    EXPECT_EQ(l.drawVerts[1].color, d.drawVerts[1].color);
    EXPECT_EQ(l.models[0].numBrushes, d.models[0].numBrushes);
    EXPECT_EQ(l.leafs[1].maxs, d.leafs[1].maxs);
    EXPECT_EQ(l.lightGrid.size(), 24u);
    EXPECT_EQ(bsp::write(l), bytes);
}

TEST(BspLoad, LumpsHaveDistinctNamesAndUnknownOnesSayThat) {
    std::set<std::string> names;
    for (int i = 0; i < bsp::kLumpCount; ++i)
        names.insert(bsp::lumpName(static_cast<bsp::Lump>(i)));
    EXPECT_EQ(names.size(), static_cast<size_t>(bsp::kLumpCount));
    EXPECT_FALSE(names.count("unknown"));
    EXPECT_STREQ(bsp::lumpName(bsp::Lump::BrushSides), "brush sides");
    EXPECT_EQ(bsp::lumpRecordSize(bsp::Lump::Surfaces), 104u);
    EXPECT_EQ(bsp::lumpRecordSize(bsp::Lump::Lightmaps), bsp::kLightmapBytes);
    EXPECT_STREQ(bsp::lumpName(static_cast<bsp::Lump>(bsp::kLumpCount)), "unknown");
    EXPECT_EQ(bsp::lumpRecordSize(static_cast<bsp::Lump>(bsp::kLumpCount)), 1u);
}

TEST(BspLoad, MapWithoutVisibilityHasOneImplicitCluster) {
    auto loaded = bsp::load(bsp::write(test::makeCubeMap()), "cube.bsp");
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(loaded->visibility.numClusters, 0);
    EXPECT_TRUE(loaded->visibility.visible(0, 0));
    EXPECT_FALSE(loaded->visibility.visible(-1, 0));
}
