// MD3 loading of valid models: the test model round-trips, vertices and normals decode as the game
// decodes them, the committed fixture is the test model.

#include "md3/Md3.h"
#include "md3/TestModel.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace cliplab;

namespace {

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST(Md3Load, TestModelRoundTrips) {
    const md3::Model model = test::makeTestModel();
    const std::vector<uint8_t> bytes = md3::write(model);
    auto loaded = md3::load(bytes, "tetra.md3");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const md3::Model& m = loaded.value();
    EXPECT_EQ(m.name, "models/test/tetra.md3");
    ASSERT_EQ(m.frames.size(), 2u);
    EXPECT_EQ(m.frames[1].name, "raised");
    EXPECT_EQ(m.frames[1].maxs, glm::vec3(16, 14, 24));
    EXPECT_EQ(m.tagCount, 1);
    ASSERT_EQ(m.tags.size(), 2u);
    ASSERT_EQ(m.surfaces.size(), 2u);
    EXPECT_EQ(m.surfaces[0].name, "body");
    EXPECT_EQ(m.surfaces[0].shaders, std::vector<std::string>{"models/test/body"});
    EXPECT_EQ(m.surfaces[0].triangles.size(), 4u);
    EXPECT_EQ(m.surfaces[0].vertexCount, 4);
    EXPECT_EQ(m.surfaces[0].vertices.size(), 8u);
    EXPECT_EQ(m.surfaces[1].shaders, std::vector<std::string>{"models/test/fin.tga"});
    EXPECT_EQ(md3::write(m), bytes);
    // 108 header + 2 frames + 2 tags + body (108 + 68 + 4 x 12 + 4 x 8 + 8 x 8) + fin (108 + 68 + 12 + 24 +
    // 48).
    EXPECT_EQ(bytes.size(), 108u + 2 * 56 + 2 * 112 + 320 + 260);
}

TEST(Md3Load, VerticesAndNormalsDecode) {
    auto loaded = md3::load(md3::write(test::makeTestModel()), "tetra.md3");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const md3::Surface& body = loaded->surfaces[0];
    // Frame 1 is frame 0 raised by 8 units; positions are exact multiples of 1/64.
    EXPECT_EQ(body.frameVertices(0)[1].position(), glm::vec3(16, 0, 0));
    EXPECT_EQ(body.frameVertices(1)[1].position(), glm::vec3(16, 0, 8));
    EXPECT_EQ(body.frameVertices(1)[0].position(), glm::vec3(0, 0, 24));
    // The apex's normal points up: longitude 0.
    EXPECT_EQ(body.frameVertices(0)[0].normal & 0xff, 0);
    const glm::vec3 up = body.frameVertices(0)[0].decodedNormal();
    EXPECT_NEAR(up.z, 1.0f, 1e-6f);
    // Normals decode to unit vectors within the 256-step quantisation (1.4 degrees).
    for (const md3::XyzNormal& v : body.vertices) {
        const glm::vec3 n = v.decodedNormal();
        EXPECT_NEAR(glm::length(n), 1.0f, 1e-5f);
    }
    const glm::vec3 side = body.frameVertices(0)[1].decodedNormal();
    const glm::vec3 expected = glm::normalize(glm::vec3(16, 0, -4));
    EXPECT_GT(glm::dot(side, expected), std::cos(0.05f));
    // Latitude 64 of 256 is +Y at the equator (longitude 64).
    md3::XyzNormal y;
    y.normal = 64 << 8 | 64;
    EXPECT_NEAR(y.decodedNormal().y, 1.0f, 1e-6f);
    EXPECT_NEAR(y.decodedNormal().x, 0.0f, 1e-6f);
}

TEST(Md3Load, TagsAreFoundByNameAndFrame) {
    auto loaded = md3::load(md3::write(test::makeTestModel()), "tetra.md3");
    ASSERT_TRUE(loaded.ok());
    ASSERT_NE(loaded->findTag("tag_top", 1), nullptr);
    EXPECT_EQ(loaded->findTag("tag_top", 1)->origin, glm::vec3(0, 0, 24));
    EXPECT_EQ(loaded->findTag("tag_barrel"), nullptr);
    EXPECT_EQ(loaded->findTag("tag_top", 2), nullptr);
}

TEST(Md3Load, CommittedFixtureIsTheTestModel) {
    // tests/data/md3/tetra.md3 is the fuzz seed and a file on disk for the loader: it must stay the
    // test model's bytes.
    const auto bytes = readBytes(test::dataPath("md3/tetra.md3"));
    ASSERT_FALSE(bytes.empty());
    EXPECT_EQ(bytes, md3::write(test::makeTestModel()));
    EXPECT_TRUE(md3::load(bytes, "tetra.md3").ok());
}

TEST(Md3Load, ModelWithoutSurfacesOrTagsLoads) {
    md3::Model m = test::makeTestModel();
    m.surfaces.clear();
    m.tags.clear();
    m.tagCount = 0;
    auto loaded = md3::load(md3::write(m), "empty.md3");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_TRUE(loaded->surfaces.empty());
    EXPECT_EQ(loaded->frames.size(), 2u);
}
