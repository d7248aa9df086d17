// The light grid: cell layout from the world bounds, trilinear sampling that skips cells in
// walls, the game's ambient scale and minimum light, and the fallback without a grid.

#include "scene/LightGrid.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace cliplab;
using scene::LightGrid;

namespace {

/// A world from (0 0 0) to (128 128 128) with a 64 64 128 grid: 3 x 3 x 2 cells.
bsp::BspData gridMap() {
    bsp::BspData d;
    bsp::Model world;
    world.mins = glm::vec3(0.0f);
    world.maxs = glm::vec3(128.0f);
    d.models.push_back(world);
    d.entities = "{ \"classname\" \"worldspawn\" }";
    d.lightGrid.assign(3 * 3 * 2 * 8, 0);
    return d;
}

void setCell(bsp::BspData& d, int x, int y, int z, std::array<uint8_t, 8> v) {
    const size_t i = static_cast<size_t>(x + 3 * (y + 3 * z));
    std::copy(v.begin(), v.end(), d.lightGrid.begin() + static_cast<std::ptrdiff_t>(i * 8));
}

} // namespace

TEST(LightGrid, LayoutFromTheWorldBounds) {
    const LightGrid grid(gridMap());
    ASSERT_TRUE(grid.valid());
    EXPECT_EQ(grid.counts(), glm::ivec3(3, 3, 2));
    // A lump of another size is ignored, as the game ignores it.
    bsp::BspData wrong = gridMap();
    wrong.lightGrid.resize(8 * 17);
    EXPECT_FALSE(LightGrid(wrong).valid());
    // The worldspawn's gridsize changes the layout: 128 x 128 x 128 cells make 2 x 2 x 2.
    bsp::BspData sized = gridMap();
    sized.entities = "{ \"classname\" \"worldspawn\" \"gridsize\" \"128 128 128\" }";
    sized.lightGrid.resize(8 * 8);
    ASSERT_TRUE(LightGrid(sized).valid());
    EXPECT_EQ(LightGrid(sized).counts(), glm::ivec3(2, 2, 2));
}

TEST(LightGrid, SampleOnACellScalesAmbientAndAddsTheMinimum) {
    bsp::BspData d = gridMap();
    // Ambient 10 (x4 by the overbright shift = 40), directed 20 (80), pointing straight up (longitude 0).
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 3; ++x)
                setCell(d, x, y, z, {10, 10, 10, 20, 20, 20, 0, 0});
    const scene::EntityLight light = LightGrid(d).sample(glm::vec3(64, 64, 0));
    EXPECT_NEAR(light.ambient.x, 40.0f * 0.6f + 32.0f, 1e-4f);
    EXPECT_NEAR(light.directed.y, 80.0f, 1e-4f);
    EXPECT_NEAR(light.direction.z, 1.0f, 1e-5f);
    // Diffuse: a normal facing the light gets ambient + directed, one facing away the ambient only.
    EXPECT_EQ(light.diffuse(glm::vec3(0, 0, 1))[0], static_cast<uint8_t>(24 + 32 + 80));
    EXPECT_EQ(light.diffuse(glm::vec3(0, 0, -1))[0], static_cast<uint8_t>(24 + 32));
    EXPECT_EQ(light.diffuse(glm::normalize(glm::vec3(1, 0, 1)))[1],
              static_cast<uint8_t>(56 + 80 * 0.70710678f));
}

TEST(LightGrid, TrilinearBetweenCellsSkippingWalls) {
    bsp::BspData d = gridMap();
    setCell(d, 0, 0, 0, {10, 0, 0, 0, 0, 0, 0, 0});
    setCell(d, 1, 0, 0, {30, 0, 0, 0, 0, 0, 0, 0});
    const LightGrid grid(d);
    // A quarter of the way from cell (0,0,0) to (1,0,0); every other neighbour is black (a wall)
    // and is left out, the two lit ones weighted 0.75 and 0.25 of their share.
    const scene::EntityLight light = grid.sample(glm::vec3(16, 0, 0));
    const float ambient = (0.75f * 40.0f + 0.25f * 120.0f); // shifted by 2 bits
    EXPECT_NEAR(light.ambient.x, ambient * 0.6f + 32.0f, 1e-3f);
    // Both lit cells black: nothing but the minimum light, and no direction.
    setCell(d, 0, 0, 0, {0, 0, 0, 0, 0, 0, 0, 0});
    setCell(d, 1, 0, 0, {0, 0, 0, 0, 0, 0, 0, 0});
    const scene::EntityLight dark = LightGrid(d).sample(glm::vec3(16, 0, 0));
    EXPECT_EQ(dark.ambient, glm::vec3(32.0f));
    EXPECT_EQ(dark.diffuse(glm::vec3(0, 0, 1))[2], 32);
}

TEST(LightGrid, PointsOutsideTheGridUseTheNearestCells) {
    bsp::BspData d = gridMap();
    setCell(d, 2, 2, 1, {50, 50, 50, 0, 0, 0, 0, 0});
    const scene::EntityLight far = LightGrid(d).sample(glm::vec3(1e5f, 1e5f, 1e5f));
    EXPECT_NEAR(far.ambient.x, std::min(255.0f, 200.0f * 0.6f + 32.0f), 1e-3f);
    const scene::EntityLight nan = LightGrid(d).sample(glm::vec3(std::nanf(""), 0, 0));
    EXPECT_TRUE(std::isfinite(nan.ambient.x));
}

TEST(LightGrid, WithoutAGridTheGamesFallbackLight) {
    bsp::BspData d = gridMap();
    d.lightGrid.clear();
    const LightGrid grid(d);
    EXPECT_FALSE(grid.valid());
    const scene::EntityLight light = grid.sample(glm::vec3(0.0f));
    EXPECT_EQ(light.ambient, glm::vec3(182.0f)); // 150 + the minimum 32
    EXPECT_EQ(light.directed, glm::vec3(150.0f));
    EXPECT_NEAR(glm::length(light.direction), 1.0f, 1e-5f);
}
