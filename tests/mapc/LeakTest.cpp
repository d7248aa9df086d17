// Leaks: the flood from the entities, the path from the void to the leaking entity, and the
// pointfile that carries it to editors.

#include "mapc/Compiler.h"
#include "mapc/MapTestUtil.h"
#include "mapc/Pointfile.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace cliplab;
using test::boxBrush;
using test::mapText;

namespace {

/// The room of tests/data/maps/leak.map (256 x 256 x 128 inside walls 16 thick) with `eastHole`
/// (brushes) in place of the hole's filling and `entities` after the world.
std::string room(const std::string& eastHole, const std::string& entities) {
    const std::string walls =
        boxBrush({-16, -16, -16}, {272, 272, 0}) + boxBrush({-16, -16, 128}, {272, 272, 144}) +
        boxBrush({-16, -16, 0}, {0, 272, 128}) + boxBrush({-16, -16, 0}, {272, 0, 128}) +
        boxBrush({-16, 256, 0}, {272, 272, 128}) + boxBrush({256, 0, 0}, {272, 96, 128}) +
        boxBrush({256, 160, 0}, {272, 256, 128}) + boxBrush({256, 96, 96}, {272, 160, 128});
    return mapText(walls + eastHole, entities);
}

std::string pointEntity(const std::string& classname, const std::string& origin) {
    return "{\n\"classname\" \"" + classname + "\"\n\"origin\" \"" + origin + "\"\n}\n";
}

mapc::CompileResult compileRoom(const std::string& text) {
    auto r = mapc::compileText(text, "room.map");
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? std::move(r.value()) : mapc::CompileResult{};
}

} // namespace

TEST(Leak, TheDataMapLeaksThroughItsHole) {
    auto r = world::compileMapFile(test::dataPath("maps/leak.map"), nullptr);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_TRUE(r->leak.has_value());
    const mapc::Leak& leak = *r->leak;
    // The light is two portals nearer the hole than the player start, so the path ends at it.
    EXPECT_EQ(leak.classname, "light");
    EXPECT_EQ(leak.entity, 2u);
    EXPECT_EQ(leak.origin, glm::dvec3(128, 128, 100));
    EXPECT_EQ(leak.pos.line, 74);
    ASSERT_GE(leak.path.size(), 3u);
    // From the void (on the tree's box, 8 units out of the brushes) to the entity.
    EXPECT_EQ(leak.path.front().x, 280.0);
    EXPECT_EQ(leak.path.back(), leak.origin);
    // It leaves the hull in the hole's outer face.
    EXPECT_EQ(leak.exit.x, 272.0);
    EXPECT_GT(leak.exit.y, 96.0);
    EXPECT_LT(leak.exit.y, 160.0);
    EXPECT_LT(leak.exit.z, 96.0);
    // The map is still complete.
    EXPECT_EQ(r->data.brushes.size(), 8u);
    EXPECT_TRUE(r->warnings.empty());
}

TEST(Leak, ASealedRoomDoesNotLeakAndDropsTheFacesNoOneSees) {
    const auto open = compileRoom(room("", pointEntity("info_player_start", "64 128 24")));
    ASSERT_TRUE(open.leak.has_value());
    const auto sealed = compileRoom(
        room(boxBrush({256, 96, 0}, {272, 160, 96}), pointEntity("info_player_start", "64 128 24")));
    EXPECT_FALSE(sealed.leak.has_value());
    // Only faces that face into the room are left: the void and the wall joints are never seen.
    const glm::vec3 centre(128, 128, 64);
    for (const auto& s : sealed.data.surfaces) {
        const glm::vec3 n(s.lightmapVecs[2]);
        const glm::vec3 p = sealed.data.drawVerts[static_cast<size_t>(s.firstVert)].xyz;
        EXPECT_GT(glm::dot(n, centre - p), 0.0f) << "a face at " << p.x << " " << p.y << " " << p.z
                                                 << " facing " << n.x << " " << n.y << " " << n.z;
    }
    // The leaking room's void is reached, so its outer faces are seen and kept.
    EXPECT_GT(open.data.surfaces.size(), sealed.data.surfaces.size() + 6);
}

TEST(Leak, DetailAndClipBrushesDoNotSealWhileStructuralOnesDo) {
    std::string detail = boxBrush({256, 96, 0}, {272, 160, 96});
    for (size_t at = detail.find(" 0 0 0 0.5 0.5 0 0 0"); at != std::string::npos;
         at = detail.find(" 0 0 0 0.5 0.5 0 0 0", at + 1))
        detail.replace(at, 20, " 0 0 0 0.5 0.5 134217728 0 0");
    const std::string start = pointEntity("info_player_start", "64 128 24");
    EXPECT_TRUE(compileRoom(room(detail, start)).leak.has_value());
    EXPECT_TRUE(
        compileRoom(room(boxBrush({256, 96, 0}, {272, 160, 96}, "common/clip"), start)).leak.has_value());
    EXPECT_FALSE(
        compileRoom(room(boxBrush({256, 96, 0}, {272, 160, 96}, "common/caulk"), start)).leak.has_value());
}

TEST(Leak, AGapTooThinToPassDoesNotLeak) {
    // The hole filled but for 0.125 units: q3map2 drops portals that thin, and so do we.
    const auto r = compileRoom(
        room(boxBrush({256, 96, 0}, {272, 159.875, 96}), pointEntity("info_player_start", "64 128 24")));
    EXPECT_FALSE(r.leak.has_value());
    const auto wide = compileRoom(
        room(boxBrush({256, 96, 0}, {272, 158, 96}), pointEntity("info_player_start", "64 128 24")));
    EXPECT_TRUE(wide.leak.has_value());
}

TEST(Leak, OnlyPointEntitiesWithAnOriginFlood) {
    // A door and an entity at the origin stand outside; neither floods (as q3map2: movers may
    // travel in, and "no origin" entities are let be), so the sealed room does not leak.
    const std::string sealedHole = boxBrush({256, 96, 0}, {272, 160, 96});
    const std::string outside = "{\n\"classname\" \"func_door\"\n" + boxBrush({400, 0, 0}, {416, 64, 64}) +
                                "}\n" + pointEntity("target_position", "0 0 0") +
                                pointEntity("info_player_start", "64 128 24");
    EXPECT_FALSE(compileRoom(room(sealedHole, outside)).leak.has_value());
    // A point entity outside leaks.
    const auto r = compileRoom(room(sealedHole, pointEntity("light", "600 128 64")));
    ASSERT_TRUE(r.leak.has_value());
    EXPECT_EQ(r.leak->classname, "light");
}

TEST(Leak, AnEntityInsideABrushIsAWarningNotALeak) {
    const auto r = compileRoom(
        room(boxBrush({256, 96, 0}, {272, 160, 96}),
             pointEntity("info_player_start", "64 128 24") + pointEntity("item_armor_shard", "-8 128 24")));
    EXPECT_FALSE(r.leak.has_value());
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings[0].find("room.map:"), std::string::npos) << r.warnings[0];
    EXPECT_NE(r.warnings[0].find("(item_armor_shard) is inside a brush"), std::string::npos) << r.warnings[0];
}

TEST(Pointfile, WritesQ3map2sFormatAndReadsItBack) {
    const std::vector<glm::dvec3> path = {{280, 128, 64}, {272.5, -128, 48.25}, {128, 128, 100}};
    const std::string text = mapc::pointfileText(path);
    EXPECT_EQ(text, "280.000000 128.000000 64.000000\n272.500000 -128.000000 48.250000\n"
                    "128.000000 128.000000 100.000000\n");
    auto back = mapc::parsePointfile(text, "x.lin");
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back.value(), path);
    // Blank lines, tabs and CR line ends are fine.
    auto loose = mapc::parsePointfile("\n1 2 3\r\n\t4\t5  6\n\n", "y.lin");
    ASSERT_TRUE(loose.ok()) << loose.error().message;
    EXPECT_EQ(loose->size(), 2u);
    EXPECT_EQ(mapc::pointfilePath("maps/x.bsp"), "maps/x.lin");
    EXPECT_EQ(mapc::pointfilePath("out"), "out.lin");
    EXPECT_EQ(mapc::pointfilePath("a.dir/out"), "a.dir/out.lin");
}

TEST(Pointfile, MalformedFilesNameTheLineAndColumn) {
    auto error = [](const char* text) {
        auto r = mapc::parsePointfile(text, "bad.lin");
        EXPECT_FALSE(r.ok());
        return r.ok() ? std::string() : r.error().message;
    };
    EXPECT_EQ(error("1 2 3\n4 5\n"), "bad.lin:2:4: expected three numbers on the line, found 2");
    EXPECT_EQ(error("1 2 3 4\n"), "bad.lin:1:7: expected three numbers on the line, found more");
    EXPECT_EQ(error("1 2 x\n"), "bad.lin:1:5: expected a number");
    EXPECT_EQ(error("1 2 3x\n"), "bad.lin:1:5: expected a number");
    EXPECT_EQ(error("1 nan 3\n"), "bad.lin:1:3: expected a number");
    EXPECT_EQ(error("1 2 1e999\n"), "bad.lin:1:5: expected a number");
    EXPECT_EQ(error("\n\n"), "bad.lin:3:1: no points: a pointfile lists the leak's path, one point a line");
    auto r = mapc::parsePointfile("1 2\n", "bad.lin");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().file, "bad.lin");
    EXPECT_EQ(r.error().line, 1);
    EXPECT_EQ(r.error().column, 4);
}
