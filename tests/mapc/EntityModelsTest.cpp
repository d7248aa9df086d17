// Entities as q3map2 leaves them: which become models, the order of brushes and patches, origin
// brushes, and the entity lump.

#include "mapc/EntityModels.h"
#include "bsp/Entities.h"
#include "mapc/Compiler.h"
#include "mapc/MapTestUtil.h"

#include <gtest/gtest.h>

using namespace cliplab;
using test::boxBrush;
using test::compileOk;
using test::mapText;

namespace {

std::vector<bsp::Entity> entitiesOf(const bsp::BspData& d) {
    auto ents = bsp::parseEntities(d.entities, "t");
    EXPECT_TRUE(ents.ok()) << ents.error().message;
    return ents.ok() ? ents.value() : std::vector<bsp::Entity>{};
}

std::string entity(const std::string& classname, const std::string& rest = {}) {
    return "{\n\"classname\" \"" + classname + "\"\n" + rest + "}\n";
}

/// x of the -x side of brush `b` (the box's minimum x).
float minX(const bsp::BspData& d, size_t b) {
    const auto& plane =
        d.planes[static_cast<size_t>(d.brushSides[static_cast<size_t>(d.brushes[b].firstSide)].plane)];
    return -plane.dist;
}

} // namespace

TEST(EntityModels, OpaqueBrushesLastFirstTranslucentOnesAfterAndGroupsMergedAtTheirEnd) {
    // World: A(0) B(clip, translucent) C(16); group: D(100) E(clip) F(116); world again: none.
    const std::string text =
        mapText(boxBrush({0, 0, 0}, {8, 8, 8}) + boxBrush({8, 0, 0}, {12, 8, 8}, "common/clip") +
                    boxBrush({16, 0, 0}, {24, 8, 8}),
                entity("func_group", boxBrush({100, 0, 0}, {108, 8, 8}) +
                                         boxBrush({108, 0, 0}, {112, 8, 8}, "common/clip") +
                                         boxBrush({116, 0, 0}, {124, 8, 8})));
    const auto d = compileOk(text);
    ASSERT_EQ(d.brushes.size(), 6u);
    // The group's opaque brushes go to the head one by one from its own list (F, D): D ends first.
    const float expected[6] = {100, 116, 16, 0, 8, 108};
    for (size_t i = 0; i < 6; ++i)
        EXPECT_EQ(minX(d, i), expected[i]) << i;
}

TEST(EntityModels, PatchesComeLastFirstAndDegenerateOnesAreDropped) {
    auto patch = [](double x) {
        std::string p = "{\npatchDef2\n{\nbase/wall\n( 3 3 0 0 0 )\n(\n";
        for (int j = 0; j < 3; ++j) {
            p += "( ";
            for (int i = 0; i < 3; ++i)
                p += "( " + std::to_string(x + 8 * j) + " " + std::to_string(8 * i) + " 0 0 0 ) ";
            p += ")\n";
        }
        return p + ")\n}\n}\n";
    };
    // All nine points of the second patch in one line: q3map2 drops it with a warning.
    std::string line = "{\npatchDef2\n{\nbase/wall\n( 3 3 0 0 0 )\n(\n";
    for (int j = 0; j < 3; ++j)
        line += "( ( " + std::to_string(j) + " 0 0 0 0 ) ( " + std::to_string(j + 3) + " 0 0 0 0 ) ( " +
                std::to_string(j + 6) + " 0 0 0 0 ) )\n";
    line += ")\n}\n}\n";
    auto r = mapc::compileText(
        mapText(boxBrush({-64, -64, -64}, {64, 64, -32}) + patch(0) + line + patch(32)), "p.map");
    ASSERT_TRUE(r.ok()) << r.error().message;
    std::vector<float> firstX;
    for (const auto& s : r->data.surfaces)
        if (s.type == bsp::SurfaceType::Patch)
            firstX.push_back(r->data.drawVerts[static_cast<size_t>(s.firstVert)].xyz.x);
    EXPECT_EQ(firstX, (std::vector<float>{32, 0}));
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_NE(r->warnings[0].find("p.map:"), std::string::npos);
    EXPECT_NE(r->warnings[0].find("degenerate patch"), std::string::npos);
}

TEST(EntityModels, EntityLumpAsQ3map2LeavesIt) {
    const std::string text =
        "{\n\"classname\" \"worldspawn\"\n\"message\" \"hi\"\n\"empty\" \"\"\n\"trail\" \"x  \"\n" +
        boxBrush({0, 0, 0}, {64, 64, 64}) + "}\n" + entity("func_group", boxBrush({100, 0, 0}, {108, 8, 8})) +
        entity("light", "\"origin\" \"8 8 80\"\n\"light\" \"300\"\n") +
        entity("light", "\"origin\" \"8 8 90\"\n\"targetname\" \"t1\"\n\"style\" \"2\"\n") +
        entity("lightJunior", "\"origin\" \"8 8 70\"\n\"targetname\" \"t1\"\n") +
        entity("misc_model", "\"origin\" \"8 8 70\"\n\"model\" \"models/x.md3\"\n") + entity("_decal") +
        entity("_skybox", "\"origin\" \"1 2 3\"\n") + entity("group_info") +
        entity("func_door", "\"angle\" \"90\"\n" + boxBrush({200, 0, 0}, {210, 64, 96})) +
        entity("info_player_start", "\"origin\" \"32 32 100\"\n");
    const auto ents = entitiesOf(compileOk(text));
    ASSERT_EQ(ents.size(), 5u);
    EXPECT_EQ(ents[0].classname(), "worldspawn");
    EXPECT_EQ(ents[0].get("empty"), nullptr); // an empty value is dropped
    ASSERT_NE(ents[0].get("trail"), nullptr);
    EXPECT_EQ(*ents[0].get("trail"), "x"); // trailing blanks cut
    // Lights without a targetname are gone; switchable ones get styles from 32 per (name, style).
    EXPECT_EQ(ents[1].classname(), "light");
    EXPECT_EQ(*ents[1].get("style"), "32");
    EXPECT_EQ(*ents[1].get("switch_style"), "2");
    EXPECT_EQ(ents[2].classname(), "lightJunior");
    EXPECT_EQ(*ents[2].get("style"), "33");
    EXPECT_EQ(ents[2].get("switch_style"), nullptr);
    EXPECT_EQ(ents[3].classname(), "func_door");
    EXPECT_EQ(*ents[3].get("model"), "*1");
    EXPECT_EQ(ents[3].pairs.back().first, "model"); // new keys come last
    EXPECT_EQ(ents[4].classname(), "info_player_start");
}

TEST(EntityModels, KeepLightsKeepsEveryLight) {
    const auto ents = entitiesOf(compileOk("{\n\"classname\" \"worldspawn\"\n\"_keepLights\" \"1\"\n" +
                                           boxBrush({0, 0, 0}, {64, 64, 64}) + "}\n" +
                                           entity("light", "\"origin\" \"8 8 80\"\n")));
    ASSERT_EQ(ents.size(), 2u);
    EXPECT_EQ(ents[1].classname(), "light");
    EXPECT_EQ(ents[1].get("style"), nullptr);
}

TEST(EntityModels, OriginBrushSetsTheOriginAndIsRemoved) {
    // A rotating door around the centre of its origin brush (16 24 40 -> whole units).
    const std::string door =
        boxBrush({0, 0, 0}, {8, 64, 96}) + boxBrush({12, 20, 36}, {20, 28, 45}, "common/origin");
    auto r = mapc::compileText(
        mapText(boxBrush({-64, -64, -64}, {64, 64, -32}) + boxBrush({-8, -8, -8}, {8, 8, 8}, "common/origin"),
                entity("func_rotating", door)),
        "o.map");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const bsp::BspData& d = r->data;
    ASSERT_EQ(d.models.size(), 2u);
    EXPECT_EQ(d.models[0].numBrushes, 1); // the world's origin brush is left out, with a warning
    EXPECT_EQ(d.models[1].numBrushes, 1);
    ASSERT_EQ(r->warnings.size(), 1u);
    EXPECT_NE(r->warnings[0].find("origin brush in the world"), std::string::npos);
    EXPECT_EQ(d.models[1].mins, glm::vec3(-16, -24, -40));
    EXPECT_EQ(d.models[1].maxs, glm::vec3(-8, 40, 56));
    const auto ents = entitiesOf(d);
    ASSERT_EQ(ents.size(), 2u);
    EXPECT_EQ(*ents[1].get("origin"), "16 24 40");
    EXPECT_EQ(ents[1].pairs[1].first, "origin");
    EXPECT_EQ(ents[1].pairs[2].first, "model");
}

TEST(EntityModels, AnEntityWithOnlyAnOriginBrushHasNoModel) {
    const auto d =
        compileOk(mapText(boxBrush({0, 0, 0}, {64, 64, 64}),
                          entity("func_rotating", boxBrush({8, 8, 8}, {16, 16, 16}, "common/origin"))));
    EXPECT_EQ(d.models.size(), 1u);
    const auto ents = entitiesOf(d);
    ASSERT_EQ(ents.size(), 2u);
    EXPECT_EQ(ents[1].get("model"), nullptr);
    EXPECT_EQ(*ents[1].get("origin"), "12 12 12");
}

TEST(EntityModels, ParseOriginReadsWhatItCan) {
    EXPECT_EQ(mapc::parseOrigin("1 2.5 -3"), glm::dvec3(1, 2.5, -3));
    EXPECT_EQ(mapc::parseOrigin("7"), glm::dvec3(7, 0, 0));
    EXPECT_EQ(mapc::parseOrigin("x y z"), glm::dvec3(0, 0, 0));
    EXPECT_EQ(mapc::parseOrigin(""), glm::dvec3(0, 0, 0));
}
