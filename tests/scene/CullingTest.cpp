#include "scene/Culling.h"
#include "scene/Camera.h"
#include "scene/WorldMesh.h"

#include "bsp/BspFile.h"
#include "fs/FileSystem.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>

using namespace cliplab;
using namespace cliplab::scene;

TEST(Camera, QuakeConventions) {
    Camera c;
    c.yaw = 0;
    EXPECT_NEAR(c.forward().x, 1.0f, 1e-6f);
    c.yaw = 90;
    EXPECT_NEAR(c.forward().y, 1.0f, 1e-6f);
    c.yaw = 0;
    c.pitch = 45;
    EXPECT_LT(c.forward().z, -0.7f); // positive pitch looks down
    // A point straight ahead lands in the centre of clip space; fov 90 puts x = z at the edge.
    c.pitch = 0;
    c.width = 200;
    c.height = 100;
    const glm::vec4 ahead = c.viewProjection() * glm::vec4(100, 0, 0, 1);
    EXPECT_NEAR(ahead.x / ahead.w, 0.0f, 1e-5f);
    EXPECT_NEAR(ahead.y / ahead.w, 0.0f, 1e-5f);
    const glm::vec4 edge = c.viewProjection() * glm::vec4(100, -100, 0, 1); // yaw 0: -Y is to the right
    EXPECT_NEAR(edge.x / edge.w, 1.0f, 1e-4f);
}

TEST(Culling, FrustumKeepsWhatIsAheadAndDropsWhatIsBehind) {
    Camera c;
    const auto planes = frustumPlanes(c.viewProjection());
    EXPECT_TRUE(boxInFrustum(planes, {90, -10, -10}, {110, 10, 10}));
    EXPECT_FALSE(boxInFrustum(planes, {-110, -10, -10}, {-90, 10, 10}));
    EXPECT_FALSE(boxInFrustum(planes, {90, 200, -10}, {110, 220, 10})); // far to the left, outside 90 degrees
    EXPECT_TRUE(boxInFrustum(planes, {-1000, -1000, -1000}, {1000, 1000, 1000})); // around the eye
}

TEST(Culling, FindLeafOnTheCubeMap) {
    const bsp::BspData d = test::makeCubeMap();
    // The one node splits on x = 64: in front is leaf 0, behind leaf 1.
    const int32_t a = bsp::findLeaf(d, {100, 0, 0});
    const int32_t b = bsp::findLeaf(d, {10, 0, 0});
    EXPECT_EQ(a, 0);
    EXPECT_EQ(b, 1);
    // A point on the plane goes to the front, as the game's point-leaf lookup does (dist >= 0).
    EXPECT_EQ(bsp::findLeaf(d, {64, 0, 0}), 0);
}

namespace {

/// oa_dm1 from the installed game data (openarena-081-maps), or why not.
core::Result<bsp::BspData> loadOaDm1() {
    const std::string base = test::openArenaBaseDir();
    if (base.empty())
        return core::Error{"needs openarena-081-maps (pak1-maps.pk3)"};
    auto vfs = fs::FileSystem::create();
    if (!vfs.ok())
        return vfs.error();
    if (auto mounted = vfs.value()->mountBaseDirectory(base); !mounted.ok())
        return mounted.error();
    return world::loadMap("oa_dm1", vfs.value().get());
}

} // namespace

TEST(Culling, PvsAndFrustumCullOnOaDm1) {
    auto data = loadOaDm1();
    ASSERT_TRUE(data.ok()) << data.error().message;
    Camera c;
    c.eye = {324, 1156, 50};
    c.yaw = 180;
    SurfaceCuller culler(data.value());
    const CullStats none = culler.update(c.eye, c.viewProjection(), {false, false});
    EXPECT_GE(none.cameraCluster, 0);
    EXPECT_EQ(none.leavesPvsCulled, 0u);
    EXPECT_EQ(none.leavesFrustumCulled, 0u);
    const CullStats pvs = culler.update(c.eye, c.viewProjection(), {true, false});
    EXPECT_GT(pvs.leavesPvsCulled, 0u);
    EXPECT_LT(pvs.surfacesVisible, none.surfacesVisible);
    const CullStats both = culler.update(c.eye, c.viewProjection(), {true, true});
    EXPECT_GT(both.leavesFrustumCulled, 0u);
    EXPECT_LT(both.surfacesVisible, pvs.surfacesVisible);
    // Every surface marked with both tests is also marked with PVS only (culling only removes).
    std::vector<bool> withBoth(data->surfaces.size());
    for (size_t i = 0; i < withBoth.size(); ++i)
        withBoth[i] = culler.visible(i);
    culler.update(c.eye, c.viewProjection(), {true, false});
    for (size_t i = 0; i < withBoth.size(); ++i)
        if (withBoth[i]) {
            EXPECT_TRUE(culler.visible(i)) << "surface " << i;
        }
}

TEST(Culling, FrontToBackRanksTheNearLeavesFirst) {
    auto data = loadOaDm1();
    ASSERT_TRUE(data.ok()) << data.error().message;
    Camera c;
    c.eye = {216, 1156, 54};
    c.yaw = 180;
    SurfaceCuller culler(data.value());
    const CullStats stats = culler.update(c.eye, c.viewProjection(), {true, true});
    // Ranked by their nearest leaf (quantile 0): the visible surfaces get distinct ranks, and the
    // surfaces of the eye's own leaf come first, before those of any other leaf.
    culler.rankFrontToBack(c.eye, 0.0f);
    std::vector<uint32_t> nearest(data->surfaces.size(), 0);
    std::set<uint32_t> distinct;
    for (size_t i = 0; i < data->surfaces.size(); ++i)
        if (culler.visible(i)) {
            nearest[i] = culler.rank(i);
            distinct.insert(culler.rank(i));
        }
    EXPECT_EQ(distinct.size(), stats.surfacesVisible);
    const bsp::Leaf& own = data->leafs[static_cast<size_t>(stats.cameraLeaf)];
    ASSERT_GT(own.numLeafSurfaces, 0);
    std::vector<bool> inOwn(data->surfaces.size(), false);
    uint32_t ownWorst = 0;
    for (int32_t k = 0; k < own.numLeafSurfaces; ++k) {
        const auto s = static_cast<size_t>(data->leafSurfaces[static_cast<size_t>(own.firstLeafSurface + k)]);
        inOwn[s] = true;
        if (culler.visible(s))
            ownWorst = std::max(ownWorst, culler.rank(s));
    }
    for (size_t i = 0; i < data->surfaces.size(); ++i) {
        if (culler.visible(i) && !inOwn[i]) {
            EXPECT_GT(culler.rank(i), ownWorst);
        }
    }
    // Ranked further into their leaves (the default), surfaces spanning several leaves move back,
    // never forward, and some do; ranks stay distinct.
    culler.rankFrontToBack(c.eye);
    distinct.clear();
    int movedBack = 0;
    for (size_t i = 0; i < data->surfaces.size(); ++i)
        if (culler.visible(i)) {
            EXPECT_GE(culler.rank(i), nearest[i]);
            movedBack += culler.rank(i) > nearest[i] ? 1 : 0;
            distinct.insert(culler.rank(i));
        }
    EXPECT_EQ(distinct.size(), stats.surfacesVisible);
    EXPECT_GT(movedBack, 0);
    // Split by the root's plane: every surface met only on the eye's side ranks before every
    // surface met only beyond it (leaves are convex cells, walked nearest first).
    culler.update(c.eye, c.viewProjection(), {false, false});
    culler.rankFrontToBack(c.eye);
    const bsp::Node& root = data->nodes[0];
    const bsp::Plane& plane = data->planes[static_cast<size_t>(root.plane)];
    const int nearSide = glm::dot(plane.normal, c.eye) >= plane.dist ? 0 : 1;
    std::vector<int> sideOf(data->surfaces.size(), 0); // bit 1: near side, bit 2: far side
    for (int side = 0; side < 2; ++side) {
        std::vector<int32_t> stack{root.children[static_cast<size_t>(side)]};
        while (!stack.empty()) {
            const int32_t n = stack.back();
            stack.pop_back();
            if (n >= 0) {
                stack.push_back(data->nodes[static_cast<size_t>(n)].children[0]);
                stack.push_back(data->nodes[static_cast<size_t>(n)].children[1]);
                continue;
            }
            const bsp::Leaf& leaf = data->leafs[static_cast<size_t>(-(n + 1))];
            for (int32_t k = 0; k < leaf.numLeafSurfaces; ++k)
                sideOf[static_cast<size_t>(
                    data->leafSurfaces[static_cast<size_t>(leaf.firstLeafSurface + k)])] |=
                    side == nearSide ? 1 : 2;
        }
    }
    uint32_t nearWorst = 0, farBest = std::numeric_limits<uint32_t>::max();
    int farOnly = 0;
    for (size_t i = 0; i < data->surfaces.size(); ++i) {
        if (!culler.visible(i) || sideOf[i] == 0)
            continue;
        if (sideOf[i] == 1)
            nearWorst = std::max(nearWorst, culler.rank(i));
        else if (sideOf[i] == 2) {
            farBest = std::min(farBest, culler.rank(i));
            ++farOnly;
        }
    }
    EXPECT_GT(farOnly, 0);
    EXPECT_LT(nearWorst, farBest);
}

TEST(WorldMesh, BatchesAreContiguousAndCoverEveryDrawnSurface) {
    const std::string base = test::openArenaBaseDir();
    ASSERT_FALSE(base.empty()) << "needs openarena-081-maps (pak1-maps.pk3)";
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(vfs.value()->mountBaseDirectory(base).ok());
    auto data = world::loadMap("oa_dm3", vfs.value().get());
    ASSERT_TRUE(data.ok()) << data.error().message;
    // oa_dm3 has bezier patches (oa_dm1 has none).
    const WorldMesh lo = buildWorldMesh(data.value(), 2, [](int32_t) { return true; });
    const WorldMesh hi = buildWorldMesh(data.value(), 8, [](int32_t) { return true; });
    EXPECT_GT(hi.triangles(), lo.triangles()); // oa_dm1 has patches: a finer level adds triangles
    for (const auto& batch : lo.batches) {
        uint32_t next = batch.firstIndex;
        for (int32_t s : batch.surfaces) {
            const MeshSurface& ms = lo.surfaces[static_cast<size_t>(s)];
            EXPECT_EQ(ms.firstIndex, next);
            next += ms.indexCount;
            EXPECT_EQ(data->surfaces[static_cast<size_t>(s)].shader, batch.shader);
            EXPECT_EQ(data->surfaces[static_cast<size_t>(s)].lightmapNum, batch.lightmap);
        }
        EXPECT_EQ(next, batch.firstIndex + batch.indexCount);
    }
    for (uint32_t i : lo.indices)
        ASSERT_LT(i, lo.vertices.size());
    for (size_t i = 0; i < data->surfaces.size(); ++i) {
        const auto type = data->surfaces[i].type;
        const bool geometry = type == bsp::SurfaceType::Planar || type == bsp::SurfaceType::Patch ||
                              type == bsp::SurfaceType::TriangleSoup;
        if (geometry && data->surfaces[i].numVerts > 0) {
            EXPECT_GE(lo.surfaces[i].batch, 0) << "surface " << i;
        }
        if (type == bsp::SurfaceType::Flare) {
            EXPECT_EQ(lo.surfaces[i].batch, -1);
        }
    }
}

TEST(WorldMesh, OverbrightShiftKeepsHue) {
    EXPECT_EQ(shiftLighting(10, 20, 30, 2), (std::array<uint8_t, 3>{40, 80, 120}));
    const auto c = shiftLighting(200, 100, 50, 2); // 800 400 200 -> scaled so max is 255
    EXPECT_EQ(c[0], 255);
    EXPECT_EQ(c[1], 127);
    EXPECT_EQ(c[2], 63);
}
