// One malformed file per validation branch of the loader, each generated from the valid cube map.
// Every case asserts the error text: the file name, the lump and what is wrong.

#include "bsp/BspFile.h"
#include "core/ByteReader.h"
#include "support/TestSupport.h"

#include <functional>
#include <gtest/gtest.h>

using namespace cliplab;

namespace {

std::string loadError(const std::vector<uint8_t>& bytes) {
    auto r = bsp::load(bytes, "bad.bsp");
    return r.ok() ? std::string("(loaded without error)") : r.error().message;
}

/// Builds the cube map, lets `mutate` break it, writes and loads it, and returns the error.
std::string errorAfter(const std::function<void(bsp::BspData&)>& mutate) {
    bsp::BspData d = test::makeCubeMap();
    mutate(d);
    return loadError(bsp::write(d));
}

void putU32(std::vector<uint8_t>& bytes, size_t offset, uint32_t v) {
    for (int i = 0; i < 4; ++i)
        bytes[offset + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
}

size_t directoryEntry(bsp::Lump lump) {
    return 8 + static_cast<size_t>(lump) * 8;
}

std::vector<uint8_t> validBytes() {
    return bsp::write(test::makeCubeMap());
}

} // namespace

TEST(BspMalformed, EmptyFile) {
    EXPECT_EQ(loadError({}), "bad.bsp: empty file");
}

TEST(BspMalformed, BadMagic) {
    auto bytes = validBytes();
    bytes[0] = 'X';
    EXPECT_EQ(loadError(bytes), "bad.bsp: not a Quake 3 BSP file (bad magic, expected \"IBSP\")");
}

TEST(BspMalformed, BadVersion) {
    auto bytes = validBytes();
    putU32(bytes, 4, 47);
    EXPECT_EQ(loadError(bytes), "bad.bsp: unsupported BSP version 47 (expected 46)");
}

TEST(BspMalformed, TruncatedHeader) {
    auto bytes = validBytes();
    bytes.resize(100);
    EXPECT_EQ(loadError(bytes), "bad.bsp: truncated file: 100 bytes, the header alone needs 144");
}

TEST(BspMalformed, TruncatedFileCutsALump) {
    auto bytes = validBytes();
    bytes.resize(bytes.size() - 10);
    EXPECT_NE(loadError(bytes).find("lies past the end of the file"), std::string::npos) << loadError(bytes);
}

TEST(BspMalformed, LumpPastEndOfFile) {
    auto bytes = validBytes();
    putU32(bytes, directoryEntry(bsp::Lump::Planes), static_cast<uint32_t>(bytes.size()));
    const std::string e = loadError(bytes);
    EXPECT_NE(e.find("bad.bsp: planes lump: lies past the end of the file"), std::string::npos) << e;
}

TEST(BspMalformed, NegativeLumpLength) {
    auto bytes = validBytes();
    putU32(bytes, directoryEntry(bsp::Lump::Nodes) + 4, 0xFFFFFFF0u);
    EXPECT_EQ(
        loadError(bytes),
        "bad.bsp: nodes lump: negative offset or length (offset " +
            std::to_string(
                bsp::readHeader(validBytes(), "x")->lumps[static_cast<size_t>(bsp::Lump::Nodes)].offset) +
            ", length -16)");
}

TEST(BspMalformed, LumpOverlapsHeader) {
    auto bytes = validBytes();
    putU32(bytes, directoryEntry(bsp::Lump::Planes), 8);
    EXPECT_EQ(loadError(bytes), "bad.bsp: planes lump: offset 8 overlaps the header");
}

TEST(BspMalformed, LumpSizeNotARecordMultiple) {
    auto bytes = validBytes();
    putU32(bytes, directoryEntry(bsp::Lump::Planes) + 4, 6 * 16 - 3);
    EXPECT_EQ(loadError(bytes), "bad.bsp: planes lump: length 93 is not a multiple of the record size 16");
}

TEST(BspMalformed, NoShadersNoPlanesNoNodesNoLeafsNoModels) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.shaders.clear();
                  d.brushes.clear();
                  d.brushSides.clear();
                  d.leafBrushes.clear();
                  d.leafs[1].numLeafBrushes = 0;
                  d.surfaces.clear();
                  d.leafSurfaces.clear();
                  d.leafs[1].numLeafSurfaces = 0;
                  d.models[0].numSurfaces = 0;
                  d.models[0].numBrushes = 0;
              }),
              "bad.bsp: shaders lump: the map has no shaders");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.planes.clear(); }),
              "bad.bsp: planes lump: the map has no planes");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.nodes.clear(); }),
              "bad.bsp: nodes lump: the map has no nodes");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.models.clear(); }),
              "bad.bsp: models lump: the map has no models (the world model is missing)");
}

TEST(BspMalformed, NonFinitePlane) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.planes[3].dist = std::numeric_limits<float>::quiet_NaN(); }),
              "bad.bsp: planes lump: 3: not a finite plane");
}

TEST(BspMalformed, NodePlaneOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.nodes[0].plane = 6; }),
              "bad.bsp: nodes lump: 0: plane 6 is out of range (6 planes)");
}

TEST(BspMalformed, NodeChildNodeOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.nodes[0].children[1] = 9; }),
              "bad.bsp: nodes lump: 0: child 1 refers to node 9 (only 1 nodes)");
}

TEST(BspMalformed, NodeChildLeafOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.nodes[0].children[0] = -10; }),
              "bad.bsp: nodes lump: 0: child 0 refers to leaf 9 (only 2 leafs)");
}

TEST(BspMalformed, NodeCycle) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.nodes.push_back(d.nodes[0]);
                  d.nodes[0].children[0] = 1;
                  d.nodes[1].children[0] = 0; // 0 -> 1 -> 0
              }),
              "bad.bsp: nodes lump: node 0 is reached twice from the root (a cycle or a shared subtree)");
}

TEST(BspMalformed, NodeNotReachable) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.nodes.push_back(d.nodes[0]); }),
              "bad.bsp: nodes lump: node 1 is not reachable from the root (1 of 2 reached)");
}

TEST(BspMalformed, LeafClusterOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.visibility.numClusters = 1;
                  d.visibility.bytesPerCluster = 1;
                  d.visibility.bits = {1};
                  d.leafs[0].cluster = 3;
              }),
              "bad.bsp: leafs lump: 0: cluster 3 is out of range (1 clusters)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.leafs[0].cluster = -2; }),
              "bad.bsp: leafs lump: 0: cluster -2 is out of range (65536 clusters)");
}

TEST(BspMalformed, LeafBrushRangeOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.leafs[1].numLeafBrushes = 5; }),
              "bad.bsp: leafs lump: 1: leaf brush range 0+5 is outside the leaf brushes lump (1 entries)");
}

TEST(BspMalformed, LeafSurfaceRangeOutOfRange) {
    EXPECT_EQ(
        errorAfter([](bsp::BspData& d) { d.leafs[1].firstLeafSurface = -1; }),
        "bad.bsp: leafs lump: 1: leaf surface range -1+1 is outside the leaf surfaces lump (1 entries)");
}

TEST(BspMalformed, LeafBrushIndexOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.leafBrushes[0] = 4; }),
              "bad.bsp: leaf brushes lump: 0: brush 4 is out of range (1 brushes)");
}

TEST(BspMalformed, LeafSurfaceIndexOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.leafSurfaces[0] = 2; }),
              "bad.bsp: leaf surfaces lump: 0: surface 2 is out of range (1 surfaces)");
}

TEST(BspMalformed, ModelRangesOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.models[0].numBrushes = 2; }),
              "bad.bsp: models lump: 0: brush range 0+2 is outside the brushes lump (1 entries)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.models[0].firstSurface = 1; }),
              "bad.bsp: models lump: 0: surface range 1+1 is outside the surfaces lump (1 entries)");
}

TEST(BspMalformed, BrushSideRangeAndShaderOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.brushes[0].numSides = 7; }),
              "bad.bsp: brushes lump: 0: side range 0+7 is outside the brush sides lump (6 entries)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.brushes[0].shader = 1; }),
              "bad.bsp: brushes lump: 0: shader 1 is out of range (1 shaders)");
}

TEST(BspMalformed, BrushSidePlaneAndShaderOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.brushSides[2].plane = 100; }),
              "bad.bsp: brush sides lump: 2: plane 100 is out of range (6 planes)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.brushSides[5].shader = -1; }),
              "bad.bsp: brush sides lump: 5: shader -1 is out of range (1 shaders)");
}

TEST(BspMalformed, FogBrushAndSideOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.fogs.push_back({"fog", 3, -1});
              }),
              "bad.bsp: fogs lump: 0: brush 3 is out of range (1 brushes)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.fogs.push_back({"fog", 0, 6});
              }),
              "bad.bsp: fogs lump: 0: visible side 6 is out of range (brush has 6 sides)");
}

TEST(BspMalformed, SurfaceShaderFogTypeOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.surfaces[0].shader = 1; }),
              "bad.bsp: surfaces lump: 0: shader 1 is out of range (1 shaders)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.surfaces[0].fog = -2; }),
              "bad.bsp: surfaces lump: 0: fog -2 is out of range (0 fogs)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.surfaces[0].type = static_cast<bsp::SurfaceType>(9); }),
              "bad.bsp: surfaces lump: 0: unknown surface type 9");
}

TEST(BspMalformed, SurfaceVertexIndexAndLightmapOutOfRange) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.surfaces[0].numVerts = 5; }),
              "bad.bsp: surfaces lump: 0: vertex range 0+5 is outside the draw verts lump (4 entries)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.surfaces[0].numIndexes = 7; }),
              "bad.bsp: surfaces lump: 0: index range 0+7 is outside the draw indexes lump (6 entries)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.drawIndexes[4] = 4; }),
              "bad.bsp: surfaces lump: 0: index 4 refers to vertex 4 (surface has 4 vertices)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) { d.surfaces[0].lightmapNum = 0; }),
              "bad.bsp: surfaces lump: 0: lightmap 0 is out of range (0 lightmaps)");
}

TEST(BspMalformed, BadPatchSize) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.surfaces[0].type = bsp::SurfaceType::Patch;
                  d.surfaces[0].patchWidth = 2;
                  d.surfaces[0].patchHeight = 2;
              }),
              "bad.bsp: surfaces lump: 0: bad patch size 2x2 (odd, 3 to 129 each way)");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.surfaces[0].type = bsp::SurfaceType::Patch;
                  d.surfaces[0].patchWidth = 3;
                  d.surfaces[0].patchHeight = 3;
              }),
              "bad.bsp: surfaces lump: 0: patch 3x3 needs 9 vertices but has 4");
}

TEST(BspMalformed, VisibilityInconsistent) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.visibility.numClusters = 4;
                  d.visibility.bytesPerCluster = 1;
                  d.visibility.bits = {1, 2}; // needs 4 bytes
              }),
              "bad.bsp: visibility lump: 4 clusters x 1 bytes need 4 bytes but the lump holds 2");
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.visibility.numClusters = 20;
                  d.visibility.bytesPerCluster = 1;
                  d.visibility.bits.assign(20, 0);
              }),
              "bad.bsp: visibility lump: 1 bytes per cluster cannot hold 20 clusters");
    auto bytes = validBytes();
    // Give the visibility lump 4 bytes, too short for its header.
    const auto header = bsp::readHeader(bytes, "x");
    putU32(bytes, directoryEntry(bsp::Lump::Visibility), static_cast<uint32_t>(header->lumps[0].offset));
    putU32(bytes, directoryEntry(bsp::Lump::Visibility) + 4, 4);
    EXPECT_EQ(loadError(bytes), "bad.bsp: visibility lump: length 4 is too short for its 8-byte header");
}

TEST(BspMalformed, VisibilityNegativeClusters) {
    auto bytes = validBytes();
    core::ByteWriter vis;
    vis.i32(-3);
    vis.i32(1);
    const size_t offset = bytes.size();
    bytes.insert(bytes.end(), vis.data().begin(), vis.data().end());
    putU32(bytes, directoryEntry(bsp::Lump::Visibility), static_cast<uint32_t>(offset));
    putU32(bytes, directoryEntry(bsp::Lump::Visibility) + 4, 8);
    EXPECT_EQ(loadError(bytes), "bad.bsp: visibility lump: negative cluster count -3 or row size 1");
}

TEST(BspMalformed, RecordCountOverLimit) {
    EXPECT_EQ(errorAfter([](bsp::BspData& d) {
                  d.fogs.assign(1025, {"fog", 0, -1});
              }),
              "bad.bsp: fogs lump: 1025 records exceed the limit of 1024");
}

TEST(BspMalformed, EveryTruncationFailsCleanly) {
    // Cutting the file anywhere must give an error, never a crash or an out-of-bounds read.
    const auto bytes = validBytes();
    for (size_t n = 0; n < bytes.size(); ++n) {
        std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<ptrdiff_t>(n));
        EXPECT_FALSE(bsp::load(cut, "cut.bsp").ok()) << "length " << n;
    }
}

TEST(BspMalformed, DanglingFogNumberIsRepairedAndNoted) {
    // Real OpenArena maps (aggressor) carry fog numbers past the fog lump; the game ignores them.
    bsp::BspData d = test::makeCubeMap();
    d.surfaces[0].fog = 0;
    auto r = bsp::load(bsp::write(d), "fog.bsp");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->surfaces[0].fog, -1);
    ASSERT_EQ(r->repairs.size(), 1u);
    EXPECT_EQ(r->repairs[0], "surface 0: fog 0 does not exist (0 fogs); drawn without fog");
}
