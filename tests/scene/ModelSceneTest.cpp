// Models of placed entities: loaded through the file system (missing and malformed ones named and
// skipped), posed, and turned into lit world-space triangles.

#include "scene/ModelScene.h"
#include "fs/FileSystem.h"
#include "md3/TestModel.h"
#include "support/TestSupport.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace cliplab;

namespace {

items::Placement placed(const char* model, glm::vec3 origin) {
    items::Placement p;
    p.model = model;
    p.origin = origin;
    return p;
}

std::unique_ptr<fs::FileSystem>
archiveWith(const std::vector<std::pair<std::string, std::vector<uint8_t>>>& files) {
    auto vfs = fs::FileSystem::create();
    EXPECT_TRUE(vfs.ok());
    EXPECT_TRUE(vfs.value()->mountArchiveBytes(test::makeZip(files), "models.pk3").ok());
    return std::move(vfs.value());
}

} // namespace

TEST(ModelScene, LoadsPosesAndSkipsWhatDoesNotLoad) {
    auto good = md3::write(test::makeTestModel());
    auto bad = good;
    bad[4] = 99; // version 99
    auto vfs = archiveWith({{"models/test/tetra.md3", good}, {"models/test/bad.md3", bad}});
    std::vector<items::Placement> placements = {
        placed("models/test/tetra.md3", {100, 0, 0}), placed("models/test/missing.md3", {0, 0, 0}),
        placed("models/test/bad.md3", {0, 0, 0}), placed("models/test/tetra.md3", {-100, 0, 0})};
    scene::ModelScene scene(placements, vfs.get());
    ASSERT_EQ(scene.models().size(), 1u); // loaded once, used twice
    EXPECT_EQ(scene.models()[0].surfaces.size(), 2u);
    EXPECT_EQ(scene.models()[0].surfaces[1].shader, "models/test/fin.tga");
    ASSERT_EQ(scene.warnings().size(), 2u);
    EXPECT_NE(scene.warnings()[0].find("models/test/missing.md3"), std::string::npos) << scene.warnings()[0];
    EXPECT_EQ(scene.warnings()[1],
              "models/test/bad.md3: unsupported MD3 version 99 (expected 15) (model not drawn)");
    const auto posed = scene.pose(1.0);
    ASSERT_EQ(posed.size(), 2u);
    EXPECT_EQ(posed[0].origin, glm::vec3(100, 0, 0));
    EXPECT_EQ(posed[1].placement, 3);
    glm::vec3 mins, maxs;
    scene.bounds(posed[1], mins, maxs);
    EXPECT_EQ(mins, glm::vec3(-108, -14, 0));
    EXPECT_EQ(maxs, glm::vec3(-84, 14, 16));
}

TEST(ModelScene, WithoutAFileSystemNothingLoads) {
    scene::ModelScene scene({placed("models/test/tetra.md3", {0, 0, 0})}, nullptr);
    EXPECT_TRUE(scene.models().empty());
    ASSERT_EQ(scene.warnings().size(), 1u);
    EXPECT_TRUE(scene.pose(0.0).empty());
}

TEST(ModelScene, ItemsGetTheirSecondModelAndWeaponsTheirBarrel) {
    const auto bytes = md3::write(test::makeTestModel());
    auto vfs = archiveWith({{"models/powerups/health/medium_cross.md3", bytes},
                            {"models/powerups/health/medium_sphere.md3", bytes},
                            {"models/weapons2/machinegun/machinegun.md3", bytes},
                            {"models/weapons2/machinegun/machinegun_barrel.md3", bytes},
                            {"models/weapons2/shotgun/shotgun.md3", bytes}});
    std::vector<items::Placement> placements;
    for (const char* classname : {"item_health", "weapon_machinegun", "weapon_shotgun"}) {
        items::Placement p;
        p.item = items::findItem(classname);
        p.model = std::string(p.item->model);
        placements.push_back(p);
    }
    scene::ModelScene scene(placements, vfs.get());
    EXPECT_TRUE(scene.warnings().empty()); // a missing barrel is not worth a warning
    const auto posed = scene.pose(0.0);
    ASSERT_EQ(posed.size(), 5u); // cross + sphere, gun + barrel, shotgun
    EXPECT_EQ(posed[0].placement, 0);
    EXPECT_EQ(posed[1].placement, 0);
    EXPECT_EQ(posed[2].placement, 1);
    EXPECT_EQ(posed[3].placement, 1);
    EXPECT_EQ(posed[4].placement, 2);
}

TEST(ModelScene, PosedSurfacesAreInTheWorldAndLit) {
    auto vfs = archiveWith({{"models/test/tetra.md3", md3::write(test::makeTestModel())}});
    scene::ModelScene scene({placed("models/test/tetra.md3", {0, 0, 0})}, vfs.get());
    ASSERT_EQ(scene.models().size(), 1u);
    scene::PosedModel posed;
    posed.model = 0;
    posed.origin = glm::vec3(10, 20, 30);
    posed.axis = {glm::vec3(0, 2, 0), glm::vec3(-2, 0, 0), glm::vec3(0, 0, 2)}; // yaw 90, twice as large
    scene::EntityLight light;
    light.ambient = glm::vec3(50.0f);
    light.directed = glm::vec3(100.0f);
    light.direction = glm::vec3(0, 0, 1);
    std::vector<scene::MeshVertex> vertices(3); // something already in the buffer
    std::vector<uint32_t> indices = {0, 1, 2};
    scene::appendPosedSurface(scene.models()[0].surfaces[0], posed, light, {}, 0.0, {}, vertices, indices);
    ASSERT_EQ(vertices.size(), 7u);
    ASSERT_EQ(indices.size(), 3u + 12u);
    EXPECT_EQ(indices[3], 3u); // offset past what was there
    // Corner (16, 0, 0) goes to origin + 16 x (0, 2, 0).
    EXPECT_NEAR(glm::length(vertices[4].position - glm::vec3(10, 52, 30)), 0.0f, 1e-4f);
    // The apex (normal up) gets ambient + directed; the normals are unit and turned.
    EXPECT_EQ(vertices[3].color[0], 150);
    EXPECT_EQ(vertices[3].color[3], 255);
    for (size_t v = 3; v < 7; ++v)
        EXPECT_NEAR(glm::length(vertices[v].normal), 1.0f, 1e-5f);
    EXPECT_GT(vertices[4].normal.y, 0.9f); // the (16, 0, -4) corner's normal now points along +Y
}
