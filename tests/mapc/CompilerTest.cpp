#include "mapc/Compiler.h"
#include "bsp/BspFile.h"
#include "bsp/Entities.h"
#include "mapc/MapTestUtil.h"
#include "shader/ShaderScript.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace cliplab;
using test::boxBrush;
using test::compileOk;
using test::mapText;
using test::planesBrush;

namespace {

glm::vec3 sideNormal(const bsp::BspData& d, int32_t brush, int32_t side) {
    const auto& b = d.brushes[static_cast<size_t>(brush)];
    return d.planes[static_cast<size_t>(d.brushSides[static_cast<size_t>(b.firstSide + side)].plane)].normal;
}
float sideDist(const bsp::BspData& d, int32_t brush, int32_t side) {
    const auto& b = d.brushes[static_cast<size_t>(brush)];
    return d.planes[static_cast<size_t>(d.brushSides[static_cast<size_t>(b.firstSide + side)].plane)].dist;
}

const glm::vec3 kAxial[6] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};

/// A tetrahedron with its right-angled corner at the origin: x, y, z >= 0, x + y + z <= size.
std::string tetrahedron(double size) {
    return planesBrush(
        {{{-1, 0, 0}, 0}, {{0, -1, 0}, 0}, {{0, 0, -1}, 0}, {{1, 1, 1}, size / std::sqrt(3.0)}});
}

} // namespace

TEST(Compiler, BoxPlanesAndSides) {
    const auto d = compileOk(mapText(boxBrush({0, -32, -16}, {64, 32, 16})));
    ASSERT_EQ(d.brushes.size(), 1u);
    ASSERT_EQ(d.brushes[0].numSides, 6);
    const float dists[6] = {0, 64, 32, 32, 16, 16};
    for (int s = 0; s < 6; ++s) {
        EXPECT_EQ(sideNormal(d, 0, s), kAxial[s]) << s;
        EXPECT_EQ(sideDist(d, 0, s), dists[s]) << s;
    }
    // Six planes, each stored with its opposite, and y = 0 and z = 0, where the tree cuts the
    // box's blocks as q3map2 cuts the world into 1024-unit blocks first.
    EXPECT_EQ(d.planes.size(), 16u);
    EXPECT_EQ(d.nodes[0].plane, 12);
    EXPECT_EQ(d.planes[12].normal, glm::vec3(0, 1, 0));
    EXPECT_EQ(d.planes[12].dist, 0.0f);
    EXPECT_EQ(d.models.size(), 1u);
    EXPECT_EQ(d.models[0].mins, glm::vec3(0, -32, -16));
    EXPECT_EQ(d.models[0].maxs, glm::vec3(64, 32, 16));
    EXPECT_EQ(d.surfaces.size(), 6u);
    EXPECT_EQ(d.shaders.at(0).name, "textures/base/wall");
    EXPECT_EQ(d.shaders.at(0).contents, bsp::contents::Solid);
    EXPECT_TRUE(bsp::validate(d).ok());
}

TEST(Compiler, PlanesComeInOppositePairsWithoutDuplicates) {
    const auto d = compileOk(mapText(boxBrush({0, 0, 0}, {64, 64, 64}) + boxBrush({64, 0, 0}, {128, 64, 32}) +
                                     tetrahedron(64) + boxBrush({-32, -32, -32}, {-16, 0, 0})));
    ASSERT_EQ(d.planes.size() % 2, 0u);
    for (size_t k = 0; k < d.planes.size(); k += 2) {
        const auto& a = d.planes[k];
        const auto& b = d.planes[k + 1];
        EXPECT_EQ(a.normal, -b.normal) << k;
        EXPECT_EQ(a.dist, -b.dist) << k;
        EXPECT_NEAR(glm::length(a.normal), 1.0f, 1e-6f);
        // The even plane faces positive: its largest normal component is > 0.
        int big = 0;
        for (int i = 1; i < 3; ++i)
            if (std::abs(a.normal[i]) > std::abs(a.normal[big]))
                big = i;
        EXPECT_GT(a.normal[big], 0.0f) << k;
        for (size_t j = 0; j < k; ++j)
            EXPECT_FALSE(d.planes[j].normal == a.normal && d.planes[j].dist == a.dist)
                << k << " duplicates " << j;
    }
    // The shared face x = 64 of the first two boxes is one plane pair: +x for the first box, -x for
    // the second. The world's opaque brushes come out last first, as q3map2 writes them.
    ASSERT_EQ(d.brushes.size(), 4u);
    const auto& b0 = d.brushes[3];
    const auto& b1 = d.brushes[2];
    EXPECT_EQ(d.brushSides[static_cast<size_t>(b0.firstSide + 1)].plane ^ 1,
              d.brushSides[static_cast<size_t>(b1.firstSide + 0)].plane);
}

TEST(Compiler, SidePlanesFaceOutOfTheirBrush) {
    const auto d = compileOk(mapText(tetrahedron(96) + boxBrush({100, 0, 0}, {164, 8, 8})));
    // Points inside each brush are behind every side (brush 1 is the tetrahedron: last first).
    EXPECT_TRUE(test::insideBrush(d, 1, {10, 10, 10}, 0.1f));
    EXPECT_FALSE(test::insideBrush(d, 1, {40, 40, 40}, 0.1f));
    EXPECT_TRUE(test::insideBrush(d, 0, {130, 4, 4}, 0.1f));
}

TEST(Compiler, AxialBevelsFirstThenEdgeBevels) {
    const auto d = compileOk(mapText(tetrahedron(64)));
    ASSERT_EQ(d.brushes.size(), 1u);
    // 4 planes of its own + 3 axial bevels (+x, +y, +z at 64) + 3 edge bevels.
    ASSERT_EQ(d.brushes[0].numSides, 10);
    for (int s = 0; s < 6; ++s)
        EXPECT_EQ(sideNormal(d, 0, s), kAxial[s]) << s;
    EXPECT_EQ(sideDist(d, 0, 1), 64.0f);
    EXPECT_EQ(sideDist(d, 0, 3), 64.0f);
    EXPECT_EQ(sideDist(d, 0, 5), 64.0f);
    // Edge bevels: normalize(edge x axis) through the slanted face's edges.
    const float r = 1.0f / std::sqrt(2.0f);
    std::vector<glm::vec3> expected = {{r, r, 0}, {r, 0, r}, {0, r, r}};
    int matched = 0;
    for (int s = 7; s < 10; ++s)
        for (const auto& e : expected)
            if (glm::length(sideNormal(d, 0, s) - e) < 1e-6f) {
                ++matched;
                EXPECT_NEAR(sideDist(d, 0, s), 64.0f * r, 1e-4f);
            }
    EXPECT_EQ(matched, 3);
    // Bevels never get draw surfaces: only the 4 real faces do.
    EXPECT_EQ(d.surfaces.size(), 4u);
}

TEST(Compiler, NoBevelsKeepsTheWrittenSides) {
    const auto d = compileOk(mapText(tetrahedron(64)), false);
    ASSERT_EQ(d.brushes.size(), 1u);
    ASSERT_EQ(d.brushes[0].numSides, 4);
    EXPECT_EQ(sideNormal(d, 0, 0), glm::vec3(-1, 0, 0));
    EXPECT_NEAR(glm::length(sideNormal(d, 0, 3) - glm::vec3(1, 1, 1) / std::sqrt(3.0f)), 0.0f, 1e-6f);
}

TEST(Compiler, RightTrianglePrismGetsOnlyAxialBevels) {
    // x >= 0, y >= 0, x + y <= 64, 0 <= z <= 32: its edges are axial or in the slanted face.
    const auto d = compileOk(mapText(planesBrush({{{-1, 0, 0}, 0},
                                                  {{0, -1, 0}, 0},
                                                  {{1, 1, 0}, 64 / std::sqrt(2.0)},
                                                  {{0, 0, -1}, 0},
                                                  {{0, 0, 1}, 32}})));
    ASSERT_EQ(d.brushes[0].numSides, 7);
    for (int s = 0; s < 6; ++s)
        EXPECT_EQ(sideNormal(d, 0, s), kAxial[s]) << s;
}

TEST(Compiler, LeavesListEveryBrushTheyOverlap) {
    const auto d =
        compileOk(mapText(boxBrush({0, 0, 0}, {64, 64, 64}) + boxBrush({32, 32, 32}, {96, 96, 96}) +
                          tetrahedron(80) + boxBrush({-64, 0, 0}, {-63, 64, 64})));
    EXPECT_EQ(test::checkLeafBrushes(d, 300, 1), "");
}

namespace {

/// Overlapping random convex brushes (random tangent planes around random centres, closed by
/// axial planes): the hard case for brush fragments in the tree.
std::string randomConvexBrushes(int count, double spread, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::string brushes;
    for (int b = 0; b < count; ++b) {
        const glm::dvec3 c{u(rng) * spread, u(rng) * spread, u(rng) * spread / 2};
        const double r = 24 + 24 * (u(rng) + 1);
        std::vector<std::pair<glm::dvec3, double>> planes;
        for (int k = 0; k < 3; ++k)
            for (int dir = -1; dir <= 1; dir += 2) {
                glm::dvec3 n(0.0);
                n[k] = dir;
                planes.push_back({n, glm::dot(n, c) + r * 1.1});
            }
        for (int k = 0; k < 8; ++k) {
            glm::dvec3 n{u(rng), u(rng), u(rng)};
            if (glm::length(n) < 0.2)
                continue;
            n = glm::normalize(n);
            planes.push_back({n, glm::dot(n, c) + r});
        }
        brushes += planesBrush(planes);
    }
    return brushes;
}

} // namespace

TEST(Compiler, LeavesListEveryBrushOfRandomConvexBrushes) {
    const auto d = compileOk(mapText(randomConvexBrushes(24, 160, 7)));
    ASSERT_EQ(d.brushes.size(), 24u);
    EXPECT_EQ(test::checkLeafBrushes(d, 200, 2), "");
    EXPECT_TRUE(bsp::validate(d).ok());
}

TEST(Compiler, LeavesListEveryBrushOfManyBrushes) {
    // Enough brushes that the nodes near the root score axial splitters only.
    const auto d = compileOk(mapText(randomConvexBrushes(200, 1200, 9)));
    ASSERT_EQ(d.brushes.size(), 200u);
#ifdef CLIPLAB_SANITIZE_BUILD
    EXPECT_EQ(test::checkLeafBrushes(d, 20, 3), "");
#else
    EXPECT_EQ(test::checkLeafBrushes(d, 100, 3), "");
#endif
}

TEST(Compiler, EmptyLeavesListNoBrushAndSolidLeavesAreInsideTheirBrushes) {
    const auto d =
        compileOk(mapText(boxBrush({0, 0, 0}, {64, 64, 64}) + boxBrush({128, 0, 0}, {192, 64, 64})));
    EXPECT_EQ(d.leafs[static_cast<size_t>(test::leafAt(d, {96, 32, 32}))].numLeafBrushes, 0);
    const auto& inA = d.leafs[static_cast<size_t>(test::leafAt(d, {32, 32, 32}))];
    ASSERT_EQ(inA.numLeafBrushes, 1);
    EXPECT_EQ(d.leafBrushes[static_cast<size_t>(inA.firstLeafBrush)], 1); // the first box: last first
    for (const auto& leaf : d.leafs)
        EXPECT_EQ(leaf.cluster, 0);
    EXPECT_EQ(d.visibility.numClusters, 1);
    EXPECT_TRUE(d.visibility.visible(0, 0));
}

TEST(Compiler, DeterministicOutput) {
    const std::string text =
        mapText(boxBrush({0, 0, 0}, {64, 64, 64}) + tetrahedron(50),
                "{\n\"classname\" \"func_door\"\n" + boxBrush({200, 0, 0}, {210, 64, 96}) + "}\n");
    const auto a = bsp::write(compileOk(text));
    const auto b = bsp::write(compileOk(text));
    EXPECT_EQ(a, b);
}

TEST(Compiler, BrushEntitiesBecomeInlineModels) {
    const std::string text = mapText(
        boxBrush({0, 0, 0}, {64, 64, 64}),
        "{\n\"classname\" \"func_door\"\n\"angle\" \"90\"\n" + boxBrush({200, 0, 0}, {210, 64, 96}) +
            boxBrush({210, 0, 0}, {220, 64, 96}) + "}\n" + "{\n\"classname\" \"func_group\"\n" +
            boxBrush({-100, 0, 0}, {-90, 10, 10}) + "}\n" + "{\n\"classname\" \"trigger_multiple\"\n" +
            boxBrush({0, 0, 100}, {8, 8, 108}, "common/trigger") +
            "}\n{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"0 0 200\"\n}\n");
    const auto d = compileOk(text);
    ASSERT_EQ(d.models.size(), 3u);
    // World: its own brush and the func_group's, first.
    EXPECT_EQ(d.models[0].firstBrush, 0);
    EXPECT_EQ(d.models[0].numBrushes, 2);
    EXPECT_EQ(d.models[1].firstBrush, 2);
    EXPECT_EQ(d.models[1].numBrushes, 2);
    EXPECT_EQ(d.models[1].mins, glm::vec3(200, 0, 0));
    EXPECT_EQ(d.models[1].maxs, glm::vec3(220, 64, 96));
    EXPECT_EQ(d.models[2].firstBrush, 4);
    EXPECT_EQ(d.models[2].numSurfaces, 0); // trigger faces are not drawn
    // Surfaces are grouped per model too.
    EXPECT_EQ(d.models[0].firstSurface, 0);
    EXPECT_EQ(d.models[1].firstSurface, d.models[0].numSurfaces);
    // The tree holds only world brushes.
    for (int32_t b : d.leafBrushes)
        EXPECT_LT(b, 2);
    auto ents = bsp::parseEntities(d.entities, "x");
    ASSERT_TRUE(ents.ok()) << ents.error().message;
    ASSERT_EQ(ents->size(), 4u); // the func_group is merged into the world
    EXPECT_EQ((*ents)[1].classname(), "func_door");
    ASSERT_NE((*ents)[1].get("model"), nullptr);
    EXPECT_EQ(*(*ents)[1].get("model"), "*1");
    EXPECT_EQ(*(*ents)[2].get("model"), "*2");
    EXPECT_EQ((*ents)[3].get("model"), nullptr);
    // common/trigger is only "surfaceparm nodraw" in the game's scripts: q3map2 writes it solid
    // (the game makes the entity a trigger itself).
    const auto& trig = d.brushes[4];
    EXPECT_EQ(d.shaders[static_cast<size_t>(trig.shader)].contents, bsp::contents::Solid);
    EXPECT_EQ(d.shaders[static_cast<size_t>(trig.shader)].surfaceFlags, bsp::surf::NoDraw);
}

TEST(Compiler, BrushEntityOriginMakesGeometryRelative) {
    // As q3map does: an entity's "origin" is subtracted from its brushes (the game moves the model).
    const auto d = compileOk(mapText(boxBrush({0, 0, 0}, {64, 64, 64}),
                                     "{\n\"classname\" \"func_rotating\"\n\"origin\" \"200 0 32\"\n" +
                                         boxBrush({190, -10, 22}, {210, 10, 42}) + "}\n"));
    ASSERT_EQ(d.models.size(), 2u);
    EXPECT_EQ(d.models[1].mins, glm::vec3(-10, -10, -10));
    EXPECT_EQ(d.models[1].maxs, glm::vec3(10, 10, 10));
}

TEST(Compiler, ToolTexturesScriptsAndLineFlags) {
    // The optional "contents surface value" triple on every line of a box: detail, noimpact. q3map2
    // reads only the detail bit, as a compile flag: it reaches neither contents nor surface flags.
    std::string flagged = boxBrush({0, 0, 100}, {8, 8, 108}, "base/x");
    for (size_t at = flagged.find(" 0 0 0 0.5 0.5 0 0 0"); at != std::string::npos;
         at = flagged.find(" 0 0 0 0.5 0.5 0 0 0", at + 1))
        flagged.replace(at, 20, " 0 0 0 0.5 0.5 134217728 16 0");
    const std::string text = mapText(boxBrush({0, 0, 0}, {8, 8, 8}, "common/clip") +
                                     boxBrush({16, 0, 0}, {24, 8, 8}, "common/caulk") +
                                     boxBrush({32, 0, 0}, {40, 8, 8}, "liquids/clear_water") + flagged +
                                     boxBrush({48, 0, 0}, {56, 8, 8}, "liquids/no_script_water"));
    shader::ShaderLibrary scripts;
    ASSERT_TRUE(shader::parseShaderScript("textures/liquids/clear_water\n{\n surfaceparm nonsolid\n"
                                          " surfaceparm water\n surfaceparm trans\n}\n",
                                          "liquids.shader", scripts)
                    .ok());
    mapc::CompileOptions options;
    options.scripts = &scripts;
    auto r = mapc::compileMap(text, "t.map", options);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const bsp::BspData& d = r.value();
    ASSERT_EQ(d.brushes.size(), 5u);
    auto shaderOf = [&](size_t b) { return d.shaders[static_cast<size_t>(d.brushes[b].shader)]; };
    // q3map2's order: opaque brushes last first, then the translucent ones (clip, water) in file order.
    EXPECT_EQ(shaderOf(0).name, "textures/liquids/no_script_water");
    EXPECT_EQ(shaderOf(0).contents, bsp::contents::Solid); // no script: solid, whatever its name
    EXPECT_EQ(shaderOf(1).name, "textures/base/x");
    EXPECT_EQ(shaderOf(1).contents, bsp::contents::Solid);
    EXPECT_EQ(shaderOf(1).surfaceFlags, 0);
    EXPECT_EQ(shaderOf(2).name, "textures/common/caulk");
    EXPECT_EQ(shaderOf(2).contents, bsp::contents::Solid);
    EXPECT_EQ(shaderOf(3).name, "textures/common/clip");
    EXPECT_EQ(shaderOf(3).contents, bsp::contents::PlayerClip | bsp::contents::Translucent);
    EXPECT_EQ(shaderOf(4).name, "textures/liquids/clear_water");
    EXPECT_EQ(shaderOf(4).contents, bsp::contents::Water | bsp::contents::Translucent);
    EXPECT_EQ(shaderOf(4).surfaceFlags, bsp::surf::NonSolid);
    // Clip and caulk draw nothing; the other three draw their 6 faces each.
    EXPECT_EQ(d.surfaces.size(), 18u);
}

TEST(Compiler, FacesAndTextureCoordinates) {
    const auto d = compileOk(mapText(boxBrush({0, 0, 0}, {64, 64, 64})));
    const bsp::Surface* top = nullptr;
    for (const auto& s : d.surfaces)
        if (s.lightmapVecs[2] == glm::vec3(0, 0, 1))
            top = &s;
    ASSERT_NE(top, nullptr);
    EXPECT_EQ(top->type, bsp::SurfaceType::Planar);
    EXPECT_EQ(top->lightmapNum, bsp::kLightmapByVertex);
    ASSERT_EQ(top->numVerts, 4);
    ASSERT_EQ(top->numIndexes, 6);
    for (int i = 0; i < 4; ++i) {
        const auto& v = d.drawVerts[static_cast<size_t>(top->firstVert + i)];
        EXPECT_EQ(v.xyz.z, 64.0f);
        // Floor projection: s = x / scale / 128, t = -y / scale / 128 with scale 0.5.
        EXPECT_FLOAT_EQ(v.st.x, v.xyz.x / 0.5f / 128.0f);
        EXPECT_FLOAT_EQ(v.st.y, -v.xyz.y / 0.5f / 128.0f);
        EXPECT_EQ(v.normal, glm::vec3(0, 0, 1));
    }
    // Triangles wind clockwise seen from the front, as Quake 3 faces do.
    const auto idx = [&](int k) {
        return d
            .drawVerts[static_cast<size_t>(top->firstVert +
                                           d.drawIndexes[static_cast<size_t>(top->firstIndex + k)])]
            .xyz;
    };
    const glm::vec3 n = glm::cross(idx(1) - idx(0), idx(2) - idx(0));
    EXPECT_LT(n.z, 0.0f);
    // Sun-lit top is brighter than the bottom.
    const bsp::Surface* bottom = nullptr;
    for (const auto& s : d.surfaces)
        if (s.lightmapVecs[2] == glm::vec3(0, 0, -1))
            bottom = &s;
    ASSERT_NE(bottom, nullptr);
    EXPECT_GT(d.drawVerts[static_cast<size_t>(top->firstVert)].color[0],
              d.drawVerts[static_cast<size_t>(bottom->firstVert)].color[0]);
}

TEST(Compiler, BrushPrimitiveTextureMatrix) {
    // The same box as brushDef: "( ( a b c ) ( d e f ) ) texture" instead of shift/rotate/scale.
    std::string classic = boxBrush({0, 0, 0}, {64, 64, 64}, "base/wall");
    std::string lines;
    for (size_t at = 0, end; (end = classic.find('\n', at)) != std::string::npos; at = end + 1) {
        std::string line = classic.substr(at, end - at);
        const size_t tex = line.find(" base/wall");
        if (tex != std::string::npos)
            line = line.substr(0, tex) + " ( ( 0.0078125 0 0.5 ) ( 0 0.0078125 0 ) ) base/wall 0 0 0";
        if (line != "{" && line != "}")
            lines += line + "\n";
    }
    const auto d = compileOk(mapText("{\nbrushDef\n{\n" + lines + "}\n}\n"));
    ASSERT_EQ(d.brushes.size(), 1u);
    bool sawTop = false;
    for (const auto& s : d.surfaces) {
        if (s.lightmapVecs[2] != glm::vec3(0, 0, 1))
            continue;
        sawTop = true;
        // Radiant's axis base for an upward face: s along +y, t along +x.
        for (int i = 0; i < s.numVerts; ++i) {
            const auto& v = d.drawVerts[static_cast<size_t>(s.firstVert + i)];
            EXPECT_FLOAT_EQ(v.st.x, v.xyz.y / 128.0f + 0.5f);
            EXPECT_FLOAT_EQ(v.st.y, v.xyz.x / 128.0f);
        }
    }
    EXPECT_TRUE(sawTop);
}

TEST(Compiler, PatchesBecomePatchSurfacesInTheirLeaves) {
    const std::string patch = "{\npatchDef2\n{\nbase/curve\n( 3 3 0 0 0 )\n(\n"
                              "( ( 0 0 0 0 0 ) ( 0 64 0 0 1 ) ( 0 128 64 0 2 ) )\n"
                              "( ( 64 0 0 1 0 ) ( 64 64 0 1 1 ) ( 64 128 64 1 2 ) )\n"
                              "( ( 128 0 0 2 0 ) ( 128 64 0 2 1 ) ( 128 128 64 2 2 ) )\n)\n}\n}\n";
    const auto d = compileOk(mapText(boxBrush({0, 0, -16}, {128, 128, 0}) + patch));
    const bsp::Surface& s = d.surfaces.back();
    ASSERT_EQ(s.type, bsp::SurfaceType::Patch);
    EXPECT_EQ(s.patchWidth, 3);
    EXPECT_EQ(s.patchHeight, 3);
    EXPECT_EQ(s.numVerts, 9);
    EXPECT_EQ(d.drawVerts[static_cast<size_t>(s.firstVert + 2 * 3 + 1)].xyz, glm::vec3(64, 128, 64));
    EXPECT_EQ(d.models[0].maxs.z, 64.0f);
    // Listed in the leaf at a point on the patch surface.
    const int32_t patchIndex = static_cast<int32_t>(d.surfaces.size() - 1);
    const auto& leaf = d.leafs[static_cast<size_t>(test::leafAt(d, {64, 64, 8}))];
    bool listed = false;
    for (int32_t i = 0; i < leaf.numLeafSurfaces; ++i)
        listed = listed || d.leafSurfaces[static_cast<size_t>(leaf.firstLeafSurface + i)] == patchIndex;
    EXPECT_TRUE(listed);
}

TEST(Compiler, MapWithoutBrushesStillValidates) {
    const auto d = compileOk("{\n\"classname\" \"worldspawn\"\n}\n");
    EXPECT_TRUE(bsp::validate(d).ok());
    EXPECT_EQ(d.nodes.size(), 1u);
    EXPECT_EQ(d.leafs.size(), 2u);
}

TEST(Compiler, FirstEntityMustBeWorldspawn) {
    auto r = mapc::compileMap("{\n\"classname\" \"light\"\n}\n", "w.map");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, "w.map:1:1: the first entity must be the worldspawn");
}

TEST(Compiler, BrushesWithoutVolumeAreErrorsAtTheirPlace) {
    // No planes at all.
    auto empty = mapc::compileMap("{\n\"classname\" \"worldspawn\"\n{\n}\n}\n", "e.map");
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().message, "e.map:3:1: brush 0 of entity 0: empty brush: it has no planes");
    EXPECT_EQ(empty.error().line, 3);
    EXPECT_EQ(empty.error().column, 1);
    // A cube of 0.05 units: every face welds away (q3map2 welds points closer than 0.1).
    auto tiny = mapc::compileMap(mapText(boxBrush({0, 0, 0}, {0.05, 0.05, 0.05})), "t.map");
    ASSERT_FALSE(tiny.ok());
    EXPECT_EQ(tiny.error().message,
              "t.map:3:1: brush 0 of entity 0: degenerate brush: thinner than 0.1 units everywhere");
    // A slab 0.05 thick keeps its two big faces: a real (if thin) brush, as in q3map2.
    EXPECT_TRUE(mapc::compileMap(mapText(boxBrush({0, 0, 0}, {64, 64, 0.05})), "s.map").ok());
}
