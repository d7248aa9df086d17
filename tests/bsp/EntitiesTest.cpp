#include "bsp/Entities.h"

#include <gtest/gtest.h>

using namespace cliplab;

TEST(Entities, ParsesPairsCommentsAndSpawnPoints) {
    const char* text = "// a comment\n{\n\"classname\" \"worldspawn\"\n\"message\" \"two words\"\n}\n"
                       "{ \"classname\" \"info_player_deathmatch\" \"origin\" \"10 -20 30.5\"//touching\n"
                       "\"angle\" \"270\" }\n{\"classname\" \"info_player_start\" \"origin\" \"1 2 3\"}";
    auto r = bsp::parseEntities(text, "e.bsp");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 3u);
    EXPECT_EQ(*(*r)[0].get("message"), "two words");
    auto spawns = bsp::spawnPoints(r.value());
    ASSERT_EQ(spawns.size(), 2u);
    EXPECT_EQ(spawns[0].origin, glm::vec3(10, -20, 30.5f));
    EXPECT_EQ(spawns[0].angle, 270.0f);
    EXPECT_EQ(spawns[1].classname, "info_player_start");
    EXPECT_EQ(spawns[1].angle, 0.0f);
}

TEST(Entities, EmptyTextHasNoEntities) {
    auto r = bsp::parseEntities("  \n", "e.bsp");
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->empty());
}

TEST(Entities, ErrorsNameTheLine) {
    EXPECT_EQ(bsp::parseEntities("{\n\"a\" \"b\"\n", "e.bsp").error().message,
              "e.bsp: entities lump: line 3: unexpected end of text inside an entity (missing '}')");
    EXPECT_EQ(bsp::parseEntities("\n\nx", "e.bsp").error().message,
              "e.bsp: entities lump: line 3: expected '{' to open an entity");
    EXPECT_EQ(bsp::parseEntities("{ \"key\" }", "e.bsp").error().message,
              "e.bsp: entities lump: line 1: expected a quoted value after the key");
    EXPECT_EQ(bsp::parseEntities("{ \"key\" \"val", "e.bsp").error().message,
              "e.bsp: entities lump: line 1: unterminated quoted value");
    EXPECT_EQ(bsp::parseEntities("{ \"key", "e.bsp").error().message,
              "e.bsp: entities lump: line 1: unterminated quoted key");
    EXPECT_EQ(bsp::parseEntities("{ key }", "e.bsp").error().message,
              "e.bsp: entities lump: line 1: expected a quoted key or '}'");
}

TEST(Entities, MalformedVectorIsAbsent) {
    auto r = bsp::parseEntities("{ \"origin\" \"1 x 3\" }", "e.bsp");
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE((*r)[0].vec3("origin").has_value());
}

TEST(Entities, InlineModelIsTheNumberOfAStarKey) {
    auto parsed = bsp::parseEntities(
        "{ \"model\" \"*12\" }\n{ \"model\" \"models/mapobjects/tree.md3\" }\n"
        "{ \"model\" \"*\" }\n{ \"model\" \"*3x\" }\n{ \"model\" \"*99999999999\" }\n{ }\n",
        "models");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const auto& e = parsed.value();
    ASSERT_EQ(e.size(), 6u);
    EXPECT_EQ(e[0].inlineModel(), 12);
    for (size_t i = 1; i < e.size(); ++i)
        EXPECT_FALSE(e[i].inlineModel()) << i;
}
