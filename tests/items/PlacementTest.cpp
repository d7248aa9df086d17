// Which entities become models and where they rest, with a drop function standing in for the world.

#include "items/Placement.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace cliplab;

namespace {

std::vector<bsp::Entity> parse(const std::string& text) {
    auto r = bsp::parseEntities(text, "test.ent");
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? r.value() : std::vector<bsp::Entity>{};
}

/// A floor at z = 0 everywhere and a solid block below z = -100 where x < -1000 (items there start solid).
std::optional<glm::vec3> floorAtZero(const glm::vec3& start, const glm::vec3& end, const glm::vec3& mins,
                                     const glm::vec3&) {
    if (start.x < -1000.0f)
        return std::nullopt;
    EXPECT_EQ(end, start - glm::vec3(0, 0, 4096));
    EXPECT_EQ(mins, glm::vec3(-15.0f));
    return glm::vec3(start.x, start.y, std::max(end.z, -mins.z));
}

} // namespace

TEST(ItemList, ClassnamesAsTheGameSpellsThem) {
    ASSERT_NE(items::findItem("item_armor_shard"), nullptr);
    EXPECT_EQ(items::findItem("item_armor_shard")->model, "models/powerups/armor/shard.md3");
    EXPECT_EQ(items::findItem("weapon_rocketlauncher")->type, items::ItemType::Weapon);
    EXPECT_EQ(items::findItem("item_health")->secondModel, "models/powerups/health/medium_sphere.md3");
    EXPECT_EQ(items::findItem("team_CTF_redflag")->model, "models/flags/r_flag.md3");
    EXPECT_EQ(items::findItem("holdable_kamikaze")->scale, 2.0f);
    // The game compares classnames exactly, and has no items of these names.
    EXPECT_EQ(items::findItem("ITEM_ARMOR_SHARD"), nullptr);
    EXPECT_EQ(items::findItem("weapon_proxmine"), nullptr);
    EXPECT_EQ(items::findItem(""), nullptr);
    for (const items::ItemDef& item : items::itemList()) {
        EXPECT_EQ(items::findItem(item.classname), &item) << "duplicate " << item.classname;
        EXPECT_EQ(item.model.rfind("models/", 0), 0u) << item.classname;
    }
}

TEST(Placement, ItemsDropToTheFloorUnlessSuspended) {
    const auto r = items::placeEntities(parse(R"(
{ "classname" "worldspawn" }
{ "classname" "item_armor_shard" "origin" "10 20 100" }
{ "classname" "weapon_shotgun" "origin" "30 40 100" "spawnflags" "1" }
)"),
                                        floorAtZero);
    ASSERT_EQ(r.placements.size(), 2u);
    EXPECT_EQ(r.placements[0].origin, glm::vec3(10, 20, 15)); // the box's bottom on the floor
    EXPECT_EQ(r.placements[0].model, "models/powerups/armor/shard.md3");
    EXPECT_EQ(r.placements[0].item, items::findItem("item_armor_shard"));
    EXPECT_EQ(r.placements[1].origin, glm::vec3(30, 40, 100)); // suspended
    EXPECT_TRUE(r.warnings.empty());
}

TEST(Placement, ItemsTheGameDoesNotShowAreLeftOut) {
    const auto r = items::placeEntities(parse(R"(
{ "classname" "worldspawn" }
{ "classname" "item_health" "origin" "0 0 50" "targetname" "t1" }
{ "classname" "item_health" "origin" "0 0 50" "notfree" "1" }
{ "classname" "item_health" "origin" "0 0 50" "gametype" "ctf,tdm" }
{ "classname" "item_health" "origin" "0 0 50" "gametype" "ffa,tournament" }
{ "classname" "item_scout" "origin" "0 0 50" }
{ "classname" "team_CTF_neutralflag" "origin" "0 0 50" }
{ "classname" "weapon_proxmine" "origin" "0 0 50" }
{ "classname" "ammo_cells" "origin" "0 0 50" "team" "a" }
{ "classname" "ammo_slugs" "origin" "0 0 50" "team" "a" }
{ "classname" "item_armor_body" "origin" "-2000 0 -200" }
{ "classname" "item_armor_body" "origin" "nan 0 0" }
)"),
                                        floorAtZero);
    ASSERT_EQ(r.placements.size(), 2u);
    EXPECT_EQ(r.placements[0].item->classname, "item_health"); // the one whose gametype has ffa
    EXPECT_EQ(r.placements[1].item->classname, "ammo_cells");  // the team's first; the slave waits
    ASSERT_EQ(r.warnings.size(), 2u);
    EXPECT_NE(r.warnings[0].find("entity 10 (item_armor_body): starts in solid"), std::string::npos)
        << r.warnings[0];
    EXPECT_NE(r.warnings[1].find("entity 11 (item_armor_body): origin out of range"), std::string::npos)
        << r.warnings[1];
}

TEST(Placement, EntityNumbersCountWhatTheGameKeeps) {
    const auto r = items::placeEntities(parse(R"(
{ "classname" "worldspawn" }
{ "classname" "light" "origin" "0 0 0" }
{ "classname" "info_player_deathmatch" "origin" "0 0 0" }
{ "classname" "item_health" "origin" "0 0 50" "notfree" "1" }
{ "classname" "item_armor_shard" "origin" "0 0 50" }
{ "classname" "func_group" }
{ "classname" "item_quad" "origin" "0 0 50" }
)"),
                                        floorAtZero);
    ASSERT_EQ(r.placements.size(), 2u);
    // 64 is the spawn point; the light, the not-free health and the group take no number.
    EXPECT_EQ(r.placements[0].entityNumber, 65);
    EXPECT_EQ(r.placements[1].entityNumber, 66);
    EXPECT_FALSE(r.placements[0].appearsLater);
    EXPECT_TRUE(r.placements[1].appearsLater); // powerups come 30-60 s into a match
}

TEST(Placement, MiscModelsKeepTheirPlaceTurnAndScale) {
    const auto r = items::placeEntities(parse(R"(
{ "classname" "worldspawn" }
{ "classname" "misc_model" "model" "models/mapobjects/teleporter/teleporter.md3" "origin" "64 1408 384" "angle" "90" }
{ "classname" "misc_model" "model" "models/x.md3" "origin" "0 0 0" "modelscale" "2" }
{ "classname" "misc_model" "model" "models/y.md3" "origin" "0 0 0" "angles" "0 0 90" "modelscale_vec" "1 2 3" }
{ "classname" "misc_model" "origin" "0 0 0" }
)"),
                                        floorAtZero);
    ASSERT_EQ(r.placements.size(), 3u);
    const items::Placement& tele = r.placements[0];
    EXPECT_EQ(tele.item, nullptr);
    EXPECT_EQ(tele.origin, glm::vec3(64, 1408, 384)); // never dropped
    EXPECT_NEAR(tele.axis[0].y, 1.0f, 1e-6f);         // yaw 90: forward is +Y
    EXPECT_NEAR(tele.axis[1].x, -1.0f, 1e-6f);        // left is -X
    EXPECT_NEAR(tele.axis[2].z, 1.0f, 1e-6f);
    EXPECT_NEAR(r.placements[1].axis[0].x, 2.0f, 1e-6f);
    EXPECT_NEAR(r.placements[1].axis[2].z, 2.0f, 1e-6f);
    // Roll 90 turns left (+Y) to up, up to -Y; then each axis is scaled.
    EXPECT_NEAR(r.placements[2].axis[0].x, 1.0f, 1e-6f);
    EXPECT_NEAR(r.placements[2].axis[1].z, 2.0f, 1e-6f);
    EXPECT_NEAR(r.placements[2].axis[2].y, -3.0f, 1e-6f);
}

TEST(Placement, AnglesToAxisMatchesTheGame) {
    // Pitch 90 looks straight down: forward is -Z, up is +X.
    const auto a = items::anglesToAxis(glm::vec3(90, 0, 0));
    EXPECT_NEAR(a[0].z, -1.0f, 1e-6f);
    EXPECT_NEAR(a[2].x, 1.0f, 1e-6f);
    EXPECT_NEAR(a[1].y, 1.0f, 1e-6f);
    for (const glm::vec3 angles : {glm::vec3(10, 200, -30), glm::vec3(-45, 33, 170)}) {
        const auto b = items::anglesToAxis(angles);
        EXPECT_NEAR(glm::dot(b[0], b[1]), 0.0f, 1e-6f);
        EXPECT_NEAR(glm::dot(b[1], b[2]), 0.0f, 1e-6f);
        // Right-handed: forward x left = up.
        const glm::vec3 up = glm::cross(b[0], b[1]);
        EXPECT_NEAR(glm::length(up - b[2]), 0.0f, 1e-5f);
    }
}
