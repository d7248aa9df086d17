#include "bsp/BspFile.h"
#include "bsp/Entities.h"
#include "mapc/Compiler.h"
#include "mapc/MapTestUtil.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

using namespace cliplab;

namespace {

const std::string kPlayground = std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";

bsp::BspData loadPlayground(bool bevels = true) {
    auto bytes = world::readDiskFile(kPlayground);
    EXPECT_TRUE(bytes.ok()) << bytes.error().message;
    if (!bytes)
        return {};
    mapc::CompileOptions o;
    o.bevels = bevels;
    auto d = mapc::compileMap(std::string(bytes->begin(), bytes->end()), kPlayground, o);
    EXPECT_TRUE(d.ok()) << d.error().message;
    return d.ok() ? std::move(d.value()) : bsp::BspData{};
}

} // namespace

TEST(Playground, CompilesAndValidates) {
    const auto d = loadPlayground();
    ASSERT_FALSE(d.brushes.empty());
    EXPECT_TRUE(bsp::validate(d).ok());
    // Load it back through the file loader too.
    auto back = bsp::load(bsp::write(d), "playground.bsp");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->brushes.size(), d.brushes.size());
    EXPECT_EQ(world::loadMap(kPlayground, nullptr).ok(), true);
}

TEST(Playground, HasEveryStationAndSpawnPoints) {
    const auto d = loadPlayground();
    auto ents = bsp::parseEntities(d.entities, "playground");
    ASSERT_TRUE(ents.ok()) << ents.error().message;
    std::set<std::string> stations;
    for (const auto& e : ents.value())
        if (e.classname() == "target_position" && e.get("message"))
            stations.insert(*e.get("message"));
    for (const char* name : {"stairs: rise 4",
                             "stairs: rise 8",
                             "stairs: rise 16",
                             "stairs: rise 18",
                             "stairs: rise 19",
                             "stairs: rise 24",
                             "stairs: rise 32",
                             "ramp: 20 degrees",
                             "ramp: 30 degrees",
                             "ramp: 40 degrees",
                             "ramp: 44 degrees",
                             "ramp: 46 degrees",
                             "ramp: 50 degrees",
                             "ramp: 60 degrees",
                             "corridor: 28 wide",
                             "corridor: 30 wide",
                             "corridor: 31 wide",
                             "corridor: 32 wide",
                             "corridor: 48 wide",
                             "crease: 60 degrees",
                             "crease: 90 degrees",
                             "crease: 120 degrees",
                             "corner: ramp and two walls",
                             "thin wall: 1 thick",
                             "thin wall: 2 thick",
                             "thin wall: 4 thick",
                             "thin floor over a pit: 1 thick",
                             "ledge: 24 high",
                             "ledge: 40 high",
                             "ledge: 64 high",
                             "low ceiling: 48 high (crouch)",
                             "sloped ceiling: 160 down to 48",
                             "pillar: 8 sides",
                             "pillar: 16 sides",
                             "pillar: 32 sides",
                             "wedge: 15 degree vertical edge",
                             "wedge: horizontal ridge",
                             "patch: curved ramp",
                             "patch: arch",
                             "clip wall: blocks players, not rays"})
        EXPECT_EQ(stations.count(name), 1u) << name;
    const auto spawns = bsp::spawnPoints(ents.value());
    ASSERT_GE(spawns.size(), 1u);
    EXPECT_EQ(spawns[0].angle, 90.0f); // facing +y, towards the stairs
    size_t patches = 0;
    for (const auto& s : d.surfaces)
        patches += s.type == bsp::SurfaceType::Patch;
    EXPECT_EQ(patches, 2u);
    bool clip = false;
    for (const auto& b : d.brushes)
        clip = clip || d.shaders[static_cast<size_t>(b.shader)].contents & bsp::contents::PlayerClip;
    EXPECT_TRUE(clip);
}

TEST(Playground, RampNormalsAreTheStatedAngles) {
    const auto d = loadPlayground();
    // Every ramp angle appears as a plane whose normal z is cos(angle).
    for (double angle : {20.0, 30.0, 40.0, 44.0, 46.0, 50.0, 60.0}) {
        const float z = static_cast<float>(std::cos(angle * 3.14159265358979 / 180.0));
        bool found = false;
        for (const auto& p : d.planes)
            found = found || std::abs(p.normal.z - z) < 1e-4f;
        EXPECT_TRUE(found) << angle;
    }
}

TEST(Playground, LeavesListEveryBrushTheyOverlap) {
    const auto d = loadPlayground();
#ifdef CLIPLAB_SANITIZE_BUILD
    const int samples = 30;
#else
    const int samples = 200;
#endif
    EXPECT_EQ(test::checkLeafBrushes(d, samples, 3), "");
    // A leaf inside the 32-sided pillar lies behind all 32 of its side planes plus its caps, so ~40
    // is the least depth possible; 64 catches a splitter choice that degenerates into a list.
    EXPECT_LE(test::treeDepth(d), 64);
    const auto noBevels = loadPlayground(false);
    EXPECT_EQ(test::checkLeafBrushes(noBevels, samples, 4), "");
}

TEST(Playground, BevelsGiveEveryBrushItsAxialSidesFirst) {
    const auto d = loadPlayground();
    const glm::vec3 axial[6] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
    for (size_t b = 0; b < d.brushes.size(); ++b) {
        ASSERT_GE(d.brushes[b].numSides, 6);
        for (int s = 0; s < 6; ++s)
            EXPECT_EQ(d.planes[static_cast<size_t>(
                                   d.brushSides[static_cast<size_t>(d.brushes[b].firstSide + s)].plane)]
                          .normal,
                      axial[s])
                << "brush " << b << " side " << s;
    }
}

TEST(Playground, CompileIsDeterministic) {
    EXPECT_EQ(bsp::write(loadPlayground()), bsp::write(loadPlayground()));
}

TEST(AllRepoMaps, EveryMapCompilesAndLoads) {
    // Every .map in the repository except the deliberately malformed fixtures.
    size_t count = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(CLIPLAB_SOURCE_DIR)) {
        const auto& path = entry.path();
        const std::string rel = std::filesystem::relative(path, CLIPLAB_SOURCE_DIR).string();
        if (rel.rfind("build", 0) == 0 || rel.rfind(".git", 0) == 0 || path.extension() != ".map" ||
            path.filename().string().rfind("bad_", 0) == 0)
            continue;
        ++count;
        auto d = world::loadMap(path.string(), nullptr);
        ASSERT_TRUE(d.ok()) << d.error().message;
        auto back = bsp::load(bsp::write(d.value()), rel);
        EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error().message);
    }
    EXPECT_GE(count, 1u);
}

TEST(Playground, LeavesListTheFacesInFrontOfThem) {
    // A face must be listed in the leaf just in front of its centre, or the game would not draw it,
    // unless that leaf is inside a brush (that part of the face is hidden: a floor under a wall).
    const auto d = loadPlayground();
    for (int32_t s = 0; s < d.models[0].numSurfaces; ++s) {
        const bsp::Surface& surface = d.surfaces[static_cast<size_t>(s)];
        if (surface.type != bsp::SurfaceType::Planar)
            continue;
        glm::vec3 c(0.0f);
        for (int32_t v = 0; v < surface.numVerts; ++v)
            c += d.drawVerts[static_cast<size_t>(surface.firstVert + v)].xyz;
        c = c / static_cast<float>(surface.numVerts) + surface.lightmapVecs[2] * 0.5f;
        const bsp::Leaf& leaf = d.leafs[static_cast<size_t>(test::leafAt(d, c))];
        if (leaf.numLeafBrushes > 0)
            continue;
        const auto first = d.leafSurfaces.begin() + leaf.firstLeafSurface;
        EXPECT_NE(std::find(first, first + leaf.numLeafSurfaces, s), first + leaf.numLeafSurfaces)
            << "surface " << s;
    }
}
