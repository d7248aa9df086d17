#include "bsp/BspFile.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

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

TEST(BspLoad, MapWithoutVisibilityHasOneImplicitCluster) {
    auto loaded = bsp::load(bsp::write(test::makeCubeMap()), "cube.bsp");
    ASSERT_TRUE(loaded.ok());
    EXPECT_EQ(loaded->visibility.numClusters, 0);
    EXPECT_TRUE(loaded->visibility.visible(0, 0));
    EXPECT_FALSE(loaded->visibility.visible(-1, 0));
}
