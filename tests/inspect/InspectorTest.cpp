// The inspector on maps compiled from small .map texts (names, sides, bevels, owners, markers),
// and on a real map's clip brushes.

#include "inspect/Inspector.h"
#include "bsp/FlagNames.h"
#include "fs/FileSystem.h"
#include "inspect/BrushKind.h"
#include "inspect/Markers.h"
#include "mapc/MapTestUtil.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cliplab;

namespace {

/// A world of a floor, a clip box and a wedge (a box cut by a diagonal: its edge needs bevels),
/// a func_door with a targetname, a trigger_teleport to a misc_teleporter_dest, a trigger_push
/// aimed at a target_position, two items, a spawn point and a light.
const std::string kMap = test::mapText(
    test::boxBrush({-256, -256, -16}, {256, 256, 0}) +
        test::boxBrush({0, 0, 0}, {64, 64, 128}, "common/clip") +
        test::planesBrush({{{-1, 0, 0}, 128},
                           {{0, -1, 0}, 128},
                           {{0, 0, -1}, 0},
                           {{0, 0, 1}, 64},
                           {{0.70710678, 0.70710678, 0}, -128}}),
    "{\n\"classname\" \"func_door\"\n\"targetname\" \"door1\"\n" +
        test::boxBrush({100, -200, 0}, {108, -100, 96}) + "}\n" +
        "{\n\"classname\" \"trigger_teleport\"\n\"target\" \"dest1\"\n" +
        test::boxBrush({-200, 100, 0}, {-150, 150, 64}, "common/trigger") + "}\n" +
        "{\n\"classname\" \"misc_teleporter_dest\"\n\"targetname\" \"dest1\"\n\"origin\" \"200 200 24\"\n"
        "\"angle\" \"90\"\n}\n"
        "{\n\"classname\" \"trigger_push\"\n\"target\" \"apex\"\n" +
        test::boxBrush({150, 150, 0}, {180, 180, 16}, "common/trigger") + "}\n" +
        "{\n\"classname\" \"target_position\"\n\"targetname\" \"apex\"\n\"origin\" \"0 0 300\"\n}\n"
        "{\n\"classname\" \"item_armor_body\"\n\"origin\" \"10 20 30\"\n}\n"
        "{\n\"classname\" \"weapon_rocketlauncher\"\n\"origin\" \"-10 -20 30\"\n}\n"
        "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"0 -100 40\"\n\"angle\" \"180\"\n}\n"
        "{\n\"classname\" \"light\"\n\"origin\" \"0 0 100\"\n}\n");

struct Compiled {
    bsp::BspData data;
    std::vector<bsp::Entity> entities;
};

Compiled compiled() {
    Compiled c;
    c.data = test::compileOk(kMap);
    auto e = bsp::parseEntities(c.data.entities, "test.map");
    EXPECT_TRUE(e.ok());
    if (e)
        c.entities = std::move(e.value());
    return c;
}

/// The world brush whose shader is `shader`.
int32_t brushWithShader(const bsp::BspData& d, const std::string& shader, int32_t model = 0) {
    const bsp::Model& m = d.models[static_cast<size_t>(model)];
    for (int32_t b = m.firstBrush; b < m.firstBrush + m.numBrushes; ++b)
        if (d.shaders[static_cast<size_t>(d.brushes[static_cast<size_t>(b)].shader)].name == shader)
            return b;
    return -1;
}

} // namespace

TEST(Inspector, ClipBrushNamesItsContentsShaderAndOwner) {
    const Compiled c = compiled();
    const inspect::Inspector in(c.data, c.entities);
    const int32_t clip = brushWithShader(c.data, "textures/common/clip");
    ASSERT_GE(clip, 0);
    const auto info = in.brush(clip);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->shader, "textures/common/clip");
    EXPECT_TRUE(info->contents & bsp::contents::PlayerClip);
    EXPECT_FALSE(info->contents & bsp::contents::Solid);
    EXPECT_NE(bsp::contentsNames(info->contents).find("PLAYERCLIP"), std::string::npos);
    EXPECT_EQ(info->owner.classname, "worldspawn");
    EXPECT_EQ(info->owner.model, 0);
    EXPECT_EQ(info->owner.entity, 0);
    EXPECT_EQ(info->mins, glm::vec3(0, 0, 0));
    EXPECT_EQ(info->maxs, glm::vec3(64, 64, 128));
    // An axial box: six sides, each a real face with the side's shader and the clip's flags.
    ASSERT_EQ(info->sides.size(), 6u);
    EXPECT_EQ(info->bevels, 0);
    for (const auto& s : info->sides) {
        EXPECT_FALSE(s.bevel);
        EXPECT_EQ(s.shader, "textures/common/clip");
        EXPECT_TRUE(s.surfaceFlags & bsp::surf::NoDraw);
        EXPECT_NEAR(s.area, std::abs(s.normal.z) > 0.5f ? 64.0 * 64.0 : 64.0 * 128.0, 1e-3);
        EXPECT_EQ(s.normal, c.data.planes[static_cast<size_t>(s.plane)].normal);
    }
    // What a trace reports for a hit on one of its sides.
    const auto hit = in.hitSurface(clip, info->sides[1].index, -1);
    EXPECT_EQ(hit.shader, "textures/common/clip");
    EXPECT_EQ(hit.contents, info->contents);
    EXPECT_EQ(bsp::surfaceFlagNames(hit.surfaceFlags).find("NODRAW") != std::string::npos, true);
}

TEST(Inspector, WedgeHasBevelsAndFacesOfTheRightArea) {
    const Compiled c = compiled();
    const inspect::Inspector in(c.data, c.entities);
    // The wedge: x >= -128, y >= -128, x + y <= -181.02 (the diagonal), 0 <= z <= 64.
    int32_t wedge = -1;
    for (int32_t b = 0; b < c.data.models[0].numBrushes; ++b)
        if (in.brush(b)->sides.size() > 6)
            wedge = b;
    ASSERT_GE(wedge, 0);
    const auto info = in.brush(wedge);
    int faces = 0;
    for (const auto& s : info->sides) {
        faces += s.bevel ? 0 : 1;
        if (s.bevel) {
            EXPECT_EQ(s.area, 0.0);
        }
    }
    // A triangular prism has five faces; the compiler adds the axial +x and +y planes (through the
    // corners) as bevels at least.
    EXPECT_EQ(faces, 5);
    EXPECT_GE(info->bevels, 2);
    EXPECT_EQ(static_cast<size_t>(info->bevels + faces), info->sides.size());
    // The bottom face is a right triangle: x and y from -128 up to the diagonal x + y = -128 sqrt 2,
    // legs of 256 - 128 sqrt 2 units, area leg^2 / 2.
    const double leg = 256.0 - 181.019336;
    for (const auto& s : info->sides) {
        if (!s.bevel && s.normal.z < -0.5f) {
            EXPECT_NEAR(s.area, leg * leg / 2.0, 0.05);
        }
    }
    EXPECT_NEAR(info->mins.x, -128.0f, 1e-3f);
    EXPECT_NEAR(info->maxs.x, -128.0f + float(leg), 1e-2f);
}

TEST(Inspector, InlineModelBrushesBelongToTheirEntity) {
    const Compiled c = compiled();
    const inspect::Inspector in(c.data, c.entities);
    ASSERT_GE(c.data.models.size(), 4u); // world, door, teleporter, push
    const bsp::Model& door = c.data.models[1];
    ASSERT_EQ(door.numBrushes, 1);
    const inspect::Owner o = in.ownerOfBrush(door.firstBrush);
    EXPECT_EQ(o.classname, "func_door");
    EXPECT_EQ(o.targetname, "door1");
    EXPECT_EQ(o.model, 1);
    EXPECT_EQ(*c.entities[static_cast<size_t>(o.entity)].get("model"), "*1");
    EXPECT_EQ(in.ownerOfBrush(c.data.models[2].firstBrush).classname, "trigger_teleport");
    EXPECT_EQ(in.ownerOfBrush(c.data.models[2].firstBrush).targetname, "");
    EXPECT_EQ(in.modelOfBrush(c.data.models[3].firstBrush), 3);
    EXPECT_EQ(in.entityOfModel(0), 0);
}

TEST(Inspector, OutOfRangeAndUnknownOwners) {
    const Compiled c = compiled();
    const inspect::Inspector in(c.data, c.entities);
    const int32_t n = static_cast<int32_t>(c.data.brushes.size());
    EXPECT_FALSE(in.brush(-1));
    EXPECT_FALSE(in.brush(n));
    EXPECT_EQ(in.modelOfBrush(n), -1);
    EXPECT_EQ(in.ownerOfBrush(-5).entity, -1);
    EXPECT_EQ(in.ownerOfBrush(-5).model, -1);
    EXPECT_EQ(in.hitSurface(-1, -1, -1).shader, "");
    EXPECT_EQ(in.hitSurface(0, static_cast<int32_t>(c.data.brushSides.size()), -1).shader, "");
    EXPECT_EQ(in.hitSurface(-1, -1, static_cast<int32_t>(c.data.surfaces.size())).shader, "");
    EXPECT_EQ(in.entityOfModel(99), -1);
    // Without entities (a lump that did not parse) owners keep their model number.
    const inspect::Inspector bare(c.data, {});
    const inspect::Owner o = bare.ownerOfBrush(c.data.models[1].firstBrush);
    EXPECT_EQ(o.model, 1);
    EXPECT_EQ(o.entity, -1);
    EXPECT_EQ(o.classname, "");
}

TEST(Inspector, ModelKeysThatAreNotInlineModelsNameNoModel) {
    const Compiled c = compiled();
    std::vector<bsp::Entity> entities = c.entities;
    // Only the first entity naming a model owns it; "*x", "*" and paths name none.
    for (const char* key : {"*1", "*x", "*", "models/mapobjects/tree.md3", "*99999999999"}) {
        bsp::Entity e;
        e.pairs = {{"classname", "func_bobbing"}, {"model", key}};
        entities.push_back(e);
    }
    const inspect::Inspector in(c.data, entities);
    EXPECT_EQ(in.ownerOfBrush(c.data.models[1].firstBrush).classname, "func_door");
    EXPECT_EQ(in.entityOfModel(1), 1);
}

TEST(Markers, KindsLabelsVolumesAndTargets) {
    const Compiled c = compiled();
    const auto markers = inspect::entityMarkers(c.data, c.entities);
    auto find = [&](const std::string& cls) {
        const auto it =
            std::find_if(markers.begin(), markers.end(), [&](const auto& m) { return m.classname == cls; });
        return it == markers.end() ? nullptr : &*it;
    };
    ASSERT_EQ(markers.size(), 6u); // no worldspawn, door, light or target_position
    EXPECT_EQ(find("func_door"), nullptr);
    EXPECT_EQ(find("light"), nullptr);
    EXPECT_EQ(find("target_position"), nullptr); // a push target is not a teleporter destination

    const auto* spawn = find("info_player_deathmatch");
    ASSERT_TRUE(spawn);
    EXPECT_EQ(spawn->kind, inspect::MarkerKind::Spawn);
    EXPECT_EQ(spawn->origin, glm::vec3(0, -100, 40));
    EXPECT_EQ(spawn->yaw, 180.0f);
    EXPECT_EQ(find("item_armor_body")->kind, inspect::MarkerKind::Item);
    EXPECT_EQ(find("weapon_rocketlauncher")->kind, inspect::MarkerKind::Item);

    const auto* dest = find("misc_teleporter_dest");
    ASSERT_TRUE(dest);
    EXPECT_EQ(dest->kind, inspect::MarkerKind::TeleportDestination);
    EXPECT_EQ(dest->label, "misc_teleporter_dest (dest1)");

    const auto* tele = find("trigger_teleport");
    ASSERT_TRUE(tele);
    EXPECT_EQ(tele->kind, inspect::MarkerKind::Trigger);
    EXPECT_EQ(tele->label, "trigger_teleport -> dest1");
    EXPECT_EQ(tele->mins, glm::vec3(-200, 100, 0));
    EXPECT_EQ(tele->maxs, glm::vec3(-150, 150, 64));
    EXPECT_EQ(tele->origin, glm::vec3(-175, 125, 32));
    ASSERT_TRUE(tele->target);
    EXPECT_EQ(*tele->target, glm::vec3(200, 200, 24));

    const auto* push = find("trigger_push");
    ASSERT_TRUE(push);
    ASSERT_TRUE(push->target);
    EXPECT_EQ(*push->target, glm::vec3(0, 0, 300));
}

TEST(Markers, AnyTeleportTargetIsADestinationAndBadTriggersAreSkipped) {
    auto e =
        bsp::parseEntities("{ \"classname\" \"trigger_teleport\" \"model\" \"*1\" \"target\" \"t\" }\n"
                           "{ \"classname\" \"target_position\" \"targetname\" \"t\" \"origin\" \"1 2 3\" }\n"
                           "{ \"classname\" \"trigger_multiple\" \"model\" \"*7\" }\n"
                           "{ \"classname\" \"trigger_hurt\" \"model\" \"*0\" }\n"
                           "{ \"classname\" \"trigger_once\" }\n"
                           "{ \"classname\" \"item_health\" }\n"
                           "{ \"classname\" \"trigger_push\" \"model\" \"*1\" \"origin\" \"0 0 100\" "
                           "\"target\" \"nowhere\" }\n",
                           "e");
    ASSERT_TRUE(e.ok());
    bsp::BspData d;
    d.models.resize(2);
    d.models[1].mins = glm::vec3(-8);
    d.models[1].maxs = glm::vec3(8);
    const auto markers = inspect::entityMarkers(d, e.value());
    ASSERT_EQ(markers.size(), 3u);
    EXPECT_EQ(markers[0].kind, inspect::MarkerKind::Trigger);
    EXPECT_EQ(*markers[0].target, glm::vec3(1, 2, 3));
    EXPECT_EQ(markers[1].kind, inspect::MarkerKind::TeleportDestination);
    EXPECT_EQ(markers[1].classname, "target_position");
    // The push trigger is moved by its origin; its target names nothing.
    EXPECT_EQ(markers[2].mins, glm::vec3(-8, -8, 92));
    EXPECT_FALSE(markers[2].target);
    EXPECT_STREQ(inspect::markerKindName(inspect::MarkerKind::TeleportDestination),
                 "teleporter destinations");
}

TEST(InspectorRealMap, ClipBrushesOfOaDm1) {
    const std::string pk3 = test::openArenaMapsPk3();
    ASSERT_FALSE(pk3.empty()) << "OpenArena maps are not installed: apt-get install openarena-081-maps";
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(vfs.value()->mountArchive(pk3).ok());
    auto data = world::loadMap("oa_dm1", vfs.value().get());
    ASSERT_TRUE(data.ok()) << data.error().message;
    auto entities = bsp::parseEntities(data->entities, data->name);
    ASSERT_TRUE(entities.ok());
    const inspect::Inspector in(data.value(), entities.value());
    int clips = 0, bevels = 0, faces = 0;
    for (int32_t b = 0; b < static_cast<int32_t>(data->brushes.size()); ++b) {
        const auto info = in.brush(b);
        ASSERT_TRUE(info);
        // Every brush has at least four faces (the smallest convex solid), whatever its bevels.
        int own = 0;
        for (const auto& s : info->sides)
            own += s.bevel ? 0 : 1;
        EXPECT_GE(own, 4) << "brush " << b;
        EXPECT_LE(info->mins.x, info->maxs.x);
        bevels += info->bevels;
        faces += own;
        if (info->contents & bsp::contents::PlayerClip) {
            ++clips;
            EXPECT_EQ(info->shader, "textures/common/clip");
            EXPECT_EQ(bsp::contentsNames(info->contents).find("PLAYERCLIP") != std::string::npos, true);
            EXPECT_EQ(info->owner.classname, "worldspawn");
        }
    }
    EXPECT_EQ(clips, 13);
    EXPECT_GT(bevels, 0);
    EXPECT_GT(faces, bevels);
    // Spawn points and items are marked.
    const auto markers = inspect::entityMarkers(data.value(), entities.value());
    EXPECT_GT(std::count_if(markers.begin(), markers.end(),
                            [](const auto& m) { return m.kind == inspect::MarkerKind::Spawn; }),
              5);
    EXPECT_GT(std::count_if(markers.begin(), markers.end(),
                            [](const auto& m) { return m.kind == inspect::MarkerKind::Item; }),
              5);
}

TEST(BrushKind, FirstMatchingKindWins) {
    namespace c = bsp::contents;
    using inspect::BrushKind;
    EXPECT_EQ(inspect::brushKind(c::Solid | c::Detail), BrushKind::Solid);
    EXPECT_EQ(inspect::brushKind(c::Solid | c::PlayerClip), BrushKind::Solid);
    EXPECT_EQ(inspect::brushKind(c::PlayerClip | c::Translucent), BrushKind::PlayerClip);
    EXPECT_EQ(inspect::brushKind(c::PlayerClip | c::MonsterClip), BrushKind::PlayerClip);
    EXPECT_EQ(inspect::brushKind(c::MonsterClip), BrushKind::MonsterClip);
    EXPECT_EQ(inspect::brushKind(c::Water | c::Lava), BrushKind::Lava);
    EXPECT_EQ(inspect::brushKind(c::Slime | c::Translucent), BrushKind::Slime);
    EXPECT_EQ(inspect::brushKind(c::Water), BrushKind::Water);
    EXPECT_EQ(inspect::brushKind(c::Fog), BrushKind::Fog);
    EXPECT_EQ(inspect::brushKind(c::Trigger | c::Translucent), BrushKind::Trigger);
    EXPECT_EQ(inspect::brushKind(c::DoNotEnter), BrushKind::BotClip);
    EXPECT_EQ(inspect::brushKind(c::AreaPortal), BrushKind::Other);
    EXPECT_EQ(inspect::brushKind(0), BrushKind::Other);
    EXPECT_STREQ(inspect::brushKindName(BrushKind::PlayerClip), "player clip");
    EXPECT_STREQ(inspect::brushKindName(BrushKind::Other), "other");
}
