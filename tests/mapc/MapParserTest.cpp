#include "mapc/Compiler.h"
#include "mapc/MapSource.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <gtest/gtest.h>

using namespace cliplab;

TEST(MapParser, ClassicBrushWithAndWithoutFlags) {
    const char* text = "// comment\n{\n\"classname\" \"worldspawn\"\n\"message\" \"hi there\"\n{\n"
                       "( 1 2 3 ) ( 4 5 6.5 ) ( -7 8 9 ) base/wall 16 -8 45 0.25 1 134217728 1 0\n"
                       "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) common/caulk 0 0 0 0.5 0.5\n}\n}\n";
    auto m = mapc::parseMap(text, "t.map");
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->entities.size(), 1u);
    const auto& e = m->entities[0];
    EXPECT_EQ(e.classname(), "worldspawn");
    ASSERT_NE(e.get("message"), nullptr);
    EXPECT_EQ(*e.get("message"), "hi there");
    ASSERT_EQ(e.brushes.size(), 1u);
    const auto& s = e.brushes[0].sides;
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].points[1], glm::dvec3(4, 5, 6.5));
    EXPECT_EQ(s[0].texture, "base/wall");
    EXPECT_EQ(s[0].shift, glm::dvec2(16, -8));
    EXPECT_EQ(s[0].rotation, 45.0);
    EXPECT_EQ(s[0].scale, glm::dvec2(0.25, 1));
    EXPECT_TRUE(s[0].hasFlags);
    EXPECT_EQ(s[0].contents, 134217728);
    EXPECT_EQ(s[0].surfaceFlags, 1);
    EXPECT_FALSE(s[1].hasFlags);
    EXPECT_EQ(s[1].pos.line, 7);
    EXPECT_EQ(s[1].pos.column, 1);
    EXPECT_EQ(e.brushes[0].pos.line, 5);
}

TEST(MapParser, BrushDefAndPatchDef2) {
    const char* text =
        "{\n\"classname\" \"worldspawn\"\n{\nbrushDef\n{\n"
        "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) ( ( 0.0078125 0 0.5 ) ( 0 0.0078125 0 ) ) base/wall 0 0 0\n"
        "}\n}\n{\npatchDef2\n{\nbase/curve\n( 3 5 0 0 0 )\n(\n"
        "( ( 0 0 0 0 0 ) ( 0 1 0 0 1 ) ( 0 2 0 0 2 ) ( 0 3 0 0 3 ) ( 0 4 0 0 4 ) )\n"
        "( ( 1 0 0 1 0 ) ( 1 1 0 1 1 ) ( 1 2 0 1 2 ) ( 1 3 0 1 3 ) ( 1 4 0 1 4 ) )\n"
        "( ( 2 0 0 2 0 ) ( 2 1 0 2 1 ) ( 2 2 0 2 2 ) ( 2 3 0 2 3 ) ( 2 4 0 2 4 ) )\n"
        ")\n}\n}\n}\n";
    auto m = mapc::parseMap(text, "t.map");
    ASSERT_TRUE(m.ok()) << m.error().message;
    const auto& e = m->entities[0];
    ASSERT_EQ(e.brushes.size(), 1u);
    const auto& side = e.brushes[0].sides.at(0);
    EXPECT_EQ(side.mode, mapc::TexMode::BrushPrimitive);
    EXPECT_EQ(side.matrix[0], glm::dvec3(0.0078125, 0, 0.5));
    EXPECT_EQ(side.texture, "base/wall");
    ASSERT_EQ(e.patches.size(), 1u);
    const auto& p = e.patches[0];
    EXPECT_EQ(p.texture, "base/curve");
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 5);
    ASSERT_EQ(p.points.size(), 15u);
    // Group j of the file is column j; point i of a group is row i.
    EXPECT_EQ(p.points[4 * 3 + 2].xyz, glm::dvec3(2, 4, 0));
    EXPECT_EQ(p.points[1 * 3 + 0].st, glm::dvec2(0, 1));
}

namespace {

std::string errorFor(const std::string& file) {
    const std::string path = test::dataPath("maps/" + file);
    auto m = world::loadMap(path, nullptr);
    EXPECT_FALSE(m.ok());
    return m.ok() ? "" : m.error().message.substr(path.size());
}

} // namespace

TEST(MapParser, MalformedFilesGiveLineAndColumn) {
    EXPECT_EQ(errorFor("bad_unclosed_entity.map"),
              ":3:1: unbalanced braces: this '{' (brush) is never closed");
    EXPECT_EQ(errorFor("bad_extra_brace.map"), ":4:1: unmatched '}' (no entity is open)");
    EXPECT_EQ(errorFor("bad_two_point_plane.map"),
              ":5:27: plane has only 2 points; a plane needs three '( x y z )' points");
    EXPECT_EQ(errorFor("bad_number.map"), ":5:19: bad number '6x4' for a plane point");
    EXPECT_EQ(errorFor("bad_unknown_block.map"),
              ":4:1: unknown block 'brushDef3' (expected a brush, brushDef or patchDef2)");
    EXPECT_EQ(errorFor("bad_patch_size.map"), ":7:1: bad patch size 4x3 (each must be odd, 3 to 129)");
    EXPECT_EQ(errorFor("bad_unclosed_quote.map"), ":2:13: quoted string is not closed");
}

TEST(MapParser, MalformedBrushesGiveLineAndColumn) {
    EXPECT_EQ(errorFor("bad_collinear_plane.map"),
              ":4:1: brush 0 of entity 0: degenerate plane: its three points are in a line");
    EXPECT_EQ(errorFor("bad_open_brush.map"),
              ":4:1: brush 0 of entity 0: open brush: its planes do not enclose a volume (it extends without "
              "bound)");
    // The flat brush's top faces the opposite way of its bottom: the error names that plane's line.
    EXPECT_EQ(errorFor("bad_flat_brush.map"),
              ":10:1: brush 0 of entity 0: degenerate brush: this plane is the opposite of an earlier one");
}

TEST(MapParser, MoreErrors) {
    auto err = [](const char* text) {
        auto m = mapc::parseMap(text, "x.map");
        return m.ok() ? std::string("ok") : m.error().message;
    };
    EXPECT_EQ(err("{\n\"classname\"\n}\n"),
              "x.map:3:1: expected a quoted value for key \"classname\", found '}'");
    EXPECT_EQ(err("hello"), "x.map:1:1: expected '{' to start an entity, found 'hello'");
    EXPECT_EQ(err("{\n{\n( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) tex 0 0 0 0.5\n}\n}\n"),
              "x.map:4:1: expected the texture y scale (a number), found '}'");
    EXPECT_EQ(err("{\n{\n( 0 0 0 ) ( 1 0 ) ( 0 1 0 ) tex 0 0 0 0.5 0.5\n}\n}\n"),
              "x.map:3:17: expected a plane point (a number), found ')'");
    EXPECT_EQ(err("{\n{\n( 0 0 1e999 ) ( 1 0 0 ) ( 0 1 0 ) t 0 0 0 1 1\n}\n}\n"),
              "x.map:3:7: bad number '1e999' for a plane point");
    EXPECT_EQ(err(""), "ok");
}

TEST(MapParser, HugeCoordinatesAreAnErrorNotNaN) {
    const std::string text = "{\n\"classname\" \"worldspawn\"\n{\n"
                             "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) t 0 0 0 1 1\n"
                             "( 0 0 1e300 ) ( 0 1 1e300 ) ( 1 0 1e300 ) t 0 0 0 1 1\n}\n}\n";
    auto r = mapc::compileMap(text, "h.map");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(
        r.error().message,
        "h.map:5:1: brush 0 of entity 0: plane point coordinate 1e+300 is out of range (at most 1.04858e+06 "
        "from the origin)");
}
