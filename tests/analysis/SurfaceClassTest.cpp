// Surface classes: the rules on single faces, each class on a map made for it, and oa_dm1's
// counts against a count made another way (the inspector's sides and bevel flags, the entity
// lump's owners).

#include "analysis/SurfaceClass.h"
#include "bsp/Entities.h"
#include "collision/Model.h"
#include "inspect/Inspector.h"
#include "mapc/MapTestUtil.h"
#include "support/ReferenceTraces.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <map>

using namespace cliplab;
using analysis::classBit;
using analysis::SurfaceClass;

namespace {

namespace c = bsp::contents;
namespace s = bsp::surf;

/// A box brush whose six sides carry `texture`.
std::string box(const glm::dvec3& lo, const glm::dvec3& hi, const std::string& texture) {
    return test::boxBrush(lo, hi, texture);
}

std::string entity(const std::string& classname, const std::string& brushes, const std::string& keys = {}) {
    return "{\n\"classname\" \"" + classname + "\"\n" + keys + brushes + "}\n";
}

struct Classified {
    bsp::BspData data;
    std::vector<analysis::ClassifiedFace> faces;
    analysis::SurfaceClassCounts counts;
};

Classified classify(const std::string& text) {
    Classified out;
    out.data = test::compileOk(text);
    auto entities = bsp::parseEntities(out.data.entities, "test");
    EXPECT_TRUE(entities.ok());
    const collision::Model model(out.data);
    const inspect::Inspector inspector(out.data,
                                       entities.ok() ? entities.value() : std::vector<bsp::Entity>{});
    out.faces = analysis::classifySurfaces(out.data, model, inspector);
    out.counts = analysis::countClasses(out.faces);
    return out;
}

size_t sides(const Classified& c, SurfaceClass cls) {
    return c.counts.sides[static_cast<size_t>(cls)];
}
size_t brushes(const Classified& c, SurfaceClass cls) {
    return c.counts.brushes[static_cast<size_t>(cls)];
}

} // namespace

TEST(SurfaceClass, RulesOnOneFace) {
    using analysis::classifyFace;
    const glm::vec3 up(0, 0, 1), wall(1, 0, 0);
    EXPECT_EQ(classifyFace({up, c::Solid, 0, "worldspawn"}), classBit(SurfaceClass::Walkable));
    EXPECT_EQ(classifyFace({glm::normalize(glm::vec3(1, 0, 1)), c::Solid, 0, "worldspawn"}),
              classBit(SurfaceClass::Walkable)); // z 0.707
    EXPECT_EQ(classifyFace({glm::vec3(0.71414f, 0, 0.7f), c::Solid, 0, "worldspawn"}),
              classBit(SurfaceClass::Walkable));
    EXPECT_EQ(classifyFace({glm::vec3(0.71414f, 0, 0.69999f), c::Solid, 0, "worldspawn"}),
              classBit(SurfaceClass::TooSteep));
    EXPECT_EQ(classifyFace({wall, c::Solid, 0, "worldspawn"}), 0u);
    EXPECT_EQ(classifyFace({-up, c::Solid, 0, "worldspawn"}), 0u);
    EXPECT_EQ(classifyFace({up, c::Solid, s::Slick | s::NoDamage | s::NoSteps, "worldspawn"}),
              classBit(SurfaceClass::Walkable) | classBit(SurfaceClass::Slick) |
                  classBit(SurfaceClass::NoDamage) | classBit(SurfaceClass::NoSteps));
    EXPECT_EQ(classifyFace({up, c::PlayerClip | c::Translucent, s::NoDraw, "worldspawn"}),
              classBit(SurfaceClass::PlayerClip) | classBit(SurfaceClass::Walkable));
    EXPECT_EQ(classifyFace({wall, c::Solid | c::Translucent, s::NoDraw, "worldspawn"}),
              classBit(SurfaceClass::WeaponClip));
    EXPECT_EQ(classifyFace({wall, c::Solid, s::NoDraw, "worldspawn"}), 0u); // caulk
    EXPECT_EQ(classifyFace({wall, c::MonsterClip, 0, "worldspawn"}), classBit(SurfaceClass::MonsterClip));
    // Liquids: lava wins over the water bit the game's lava shaders also carry.
    EXPECT_EQ(classifyFace({up, c::Lava | c::Water | c::Fog, 0, "worldspawn"}), classBit(SurfaceClass::Lava));
    EXPECT_EQ(classifyFace({up, c::Slime | c::Water, 0, "worldspawn"}), classBit(SurfaceClass::Slime));
    EXPECT_EQ(classifyFace({up, c::Water, s::Slick, "worldspawn"}), classBit(SurfaceClass::Water));
    // Trigger entities' brushes are triggers whatever their shader (q3map writes SOLID).
    EXPECT_EQ(classifyFace({up, c::Solid, 0, "trigger_push"}), classBit(SurfaceClass::JumpPad));
    EXPECT_EQ(classifyFace({up, c::Solid, 0, "trigger_teleport"}), classBit(SurfaceClass::Teleporter));
    EXPECT_EQ(classifyFace({up, c::Solid, 0, "trigger_hurt"}), classBit(SurfaceClass::Hurt));
    EXPECT_EQ(classifyFace({up, c::Trigger, 0, "trigger_multiple"}), classBit(SurfaceClass::Trigger));
    EXPECT_EQ(classifyFace({up, c::Solid, 0, "func_door"}), classBit(SurfaceClass::Walkable));
}

TEST(SurfaceClass, Names) {
    for (int i = 0; i < analysis::kSurfaceClassCount; ++i) {
        const auto cls = static_cast<SurfaceClass>(i);
        EXPECT_EQ(analysis::parseSurfaceClass(analysis::surfaceClassName(cls)), cls);
    }
    EXPECT_FALSE(analysis::parseSurfaceClass("walk"));
    EXPECT_EQ(analysis::leadingClass(classBit(SurfaceClass::Walkable) | classBit(SurfaceClass::Slick)),
              SurfaceClass::Slick);
    EXPECT_EQ(analysis::leadingClass(classBit(SurfaceClass::Walkable) | classBit(SurfaceClass::Slick),
                                     classBit(SurfaceClass::Walkable)),
              SurfaceClass::Walkable);
    EXPECT_FALSE(analysis::leadingClass(classBit(SurfaceClass::Walkable), classBit(SurfaceClass::Lava)));
    EXPECT_FALSE(analysis::leadingClass(0));
}

TEST(SurfaceClass, EachClassOnAMapMadeForIt) {
    // One brush per class, 256 units apart along x.
    auto at = [](int i, double h = 32) {
        return std::make_pair(glm::dvec3(256 * i, 0, 0), glm::dvec3(256 * i + 128, 128, h));
    };
    std::string world;
    auto [a0, b0] = at(0);
    world += box(a0, b0, "base/floor"); // walkable top
    auto [a1, b1] = at(1);
    // The flags come from the test scripts' surfaceparms (test::testScripts), as q3map2 takes them.
    world += box(a1, b1, "base/ice"); // slick (all 6 sides)
    auto [a2, b2] = at(2);
    world += box(a2, b2, "base/pad"); // no-damage, no-steps
    auto [a3, b3] = at(3);
    world += box(a3, b3, "common/clip"); // player clip
    auto [a4, b4] = at(4);
    world += box(a4, b4, "common/weapclip"); // weapon clip
    auto [a5, b5] = at(5);
    world += box(a5, b5, "base/monster"); // monster clip (not solid: surfaceparm monsterclip)
    auto [a6, b6] = at(6);
    world += box(a6, b6, "liquids/water");
    auto [a7, b7] = at(7);
    world += box(a7, b7, "liquids/slime");
    auto [a8, b8] = at(8);
    world += box(a8, b8, "liquids/lava");
    // A ramp too steep to stand on: its slope's normal z is 0.6.
    const glm::dvec3 slope = glm::normalize(glm::dvec3(0.8, 0, 0.6));
    world += test::planesBrush({{{-1, 0, 0}, -2304},
                                {{0, -1, 0}, 0},
                                {{0, 1, 0}, 128},
                                {{0, 0, -1}, 0},
                                {slope, glm::dot(slope, glm::dvec3(2304 + 96, 0, 0))}});
    std::string ents;
    auto [t0, u0] = at(10, 64);
    ents += entity("trigger_multiple", box(t0, u0, "common/trigger"));
    auto [t1, u1] = at(11, 64);
    ents += entity("trigger_push", box(t1, u1, "common/trigger"), "\"target\" \"apex\"\n");
    auto [t2, u2] = at(12, 64);
    ents += entity("trigger_teleport", box(t2, u2, "common/trigger"), "\"target\" \"dest\"\n");
    auto [t3, u3] = at(13, 64);
    ents += entity("trigger_hurt", box(t3, u3, "common/trigger"));
    auto [d0, e0] = at(14);
    ents += entity("func_door", box(d0, e0, "base/door"));
    ents += "{\n\"classname\" \"target_position\"\n\"targetname\" \"apex\"\n\"origin\" \"3000 64 300\"\n}\n";
    ents +=
        "{\n\"classname\" \"misc_teleporter_dest\"\n\"targetname\" \"dest\"\n\"origin\" \"0 64 100\"\n}\n";
    const Classified r = classify(test::mapText(world, ents));

    // Every box that blocks the player has a walkable top: floor, slick, pad, player clip,
    // weapon clip and door.
    EXPECT_EQ(sides(r, SurfaceClass::Walkable), 6u);
    EXPECT_EQ(brushes(r, SurfaceClass::Walkable), 6u);
    EXPECT_EQ(sides(r, SurfaceClass::TooSteep), 1u);
    EXPECT_EQ(sides(r, SurfaceClass::Slick), 6u);
    EXPECT_EQ(brushes(r, SurfaceClass::Slick), 1u);
    EXPECT_EQ(sides(r, SurfaceClass::NoDamage), 6u);
    EXPECT_EQ(sides(r, SurfaceClass::NoSteps), 6u);
    EXPECT_EQ(sides(r, SurfaceClass::PlayerClip), 6u);
    EXPECT_EQ(sides(r, SurfaceClass::WeaponClip), 6u);
    EXPECT_EQ(sides(r, SurfaceClass::MonsterClip), 6u);
    for (SurfaceClass cls :
         {SurfaceClass::Trigger, SurfaceClass::JumpPad, SurfaceClass::Teleporter, SurfaceClass::Hurt,
          SurfaceClass::Water, SurfaceClass::Slime, SurfaceClass::Lava}) {
        EXPECT_EQ(sides(r, cls), 6u) << analysis::surfaceClassName(cls);
        EXPECT_EQ(brushes(r, cls), 1u) << analysis::surfaceClassName(cls);
    }
    // The ramp has 5 faces; the boxes 6 each (14 boxes); bevels are no faces.
    EXPECT_EQ(r.counts.totalSides, 14u * 6u + 5u);
    // Each face carries its polygon and its side's own shader.
    for (const auto& f : r.faces) {
        ASSERT_GE(f.polygon.size(), 3u);
        const bsp::Plane& p =
            r.data.planes[static_cast<size_t>(r.data.brushSides[static_cast<size_t>(f.side)].plane)];
        EXPECT_NEAR(glm::dot(p.normal, f.normal), 1.0f, 1e-6f);
        for (const glm::vec3& v : f.polygon)
            EXPECT_NEAR(glm::dot(p.normal, v), p.dist, 1e-3f);
        if (f.classes & classBit(SurfaceClass::JumpPad)) {
            EXPECT_EQ(r.data.shaders[static_cast<size_t>(f.shader)].name, "textures/common/trigger");
        }
    }
}

TEST(SurfaceClass, Oa_dm1CountsAgreeWithAnIndependentCount) {
    auto loaded = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const bsp::BspData& d = loaded.value();
    auto entities = bsp::parseEntities(d.entities, d.name);
    ASSERT_TRUE(entities.ok());
    const collision::Model model(d);
    const inspect::Inspector inspector(d, entities.value());
    const auto counts = analysis::countClasses(analysis::classifySurfaces(d, model, inspector));

    // The same count from the inspector's brushes: its non-bevel sides, owners and contents.
    std::map<std::string, size_t> expected;
    size_t faces = 0;
    for (int32_t b = 0; b < static_cast<int32_t>(d.brushes.size()); ++b) {
        const auto info = inspector.brush(b);
        ASSERT_TRUE(info);
        const std::string& owner = info->owner.classname;
        for (const auto& side : info->sides) {
            if (side.bevel)
                continue;
            ++faces;
            if (owner == "trigger_teleport")
                ++expected["teleporter"];
            else if (owner == "trigger_hurt")
                ++expected["hurt"];
            else if (owner == "trigger_push")
                ++expected["jump-pad"];
            else if (info->contents & c::Lava)
                ++expected["lava"];
            else if ((info->contents & (c::Solid | c::PlayerClip)) && side.normal.z >= 0.7f)
                ++expected["walkable"];
            else if ((info->contents & (c::Solid | c::PlayerClip)) && side.normal.z > 0.0f)
                ++expected["too-steep"];
            if ((info->contents & c::PlayerClip) && !(info->contents & c::Solid) &&
                owner.rfind("trigger_", 0) != 0)
                ++expected["player-clip"];
        }
    }
    EXPECT_EQ(counts.totalSides, faces);
    EXPECT_EQ(counts.totalFacets, 0u); // oa_dm1 has no patches
    for (int i = 0; i < analysis::kSurfaceClassCount; ++i) {
        const char* name = analysis::surfaceClassName(static_cast<SurfaceClass>(i));
        EXPECT_EQ(counts.sides[static_cast<size_t>(i)], expected[name]) << name;
    }
    // What the map is known to hold: one teleporter, one hurt volume, lava, player clip.
    EXPECT_EQ(counts.brushes[static_cast<size_t>(SurfaceClass::Teleporter)], 1u);
    EXPECT_EQ(counts.brushes[static_cast<size_t>(SurfaceClass::Hurt)], 1u);
    EXPECT_GT(counts.sides[static_cast<size_t>(SurfaceClass::Lava)], 0u);
    EXPECT_GT(counts.sides[static_cast<size_t>(SurfaceClass::PlayerClip)], 0u);
    EXPECT_GT(counts.sides[static_cast<size_t>(SurfaceClass::Walkable)], 300u);
}
