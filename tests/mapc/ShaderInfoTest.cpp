// What a texture name means to the compiler: q3map2's surfaceparm table, the shader scripts and
// their fallbacks, and the shaders lump written from them.

#include "mapc/ShaderInfo.h"
#include "bsp/BspData.h"
#include "mapc/ShaderTable.h"
#include "shader/ShaderScript.h"

#include <gtest/gtest.h>

using namespace cliplab;
using namespace cliplab::mapc;

namespace c = bsp::contents;
namespace s = bsp::surf;

namespace {

ShaderInfo withParms(std::initializer_list<const char*> parms) {
    ShaderInfo info = defaultShaderInfo("x");
    for (const char* p : parms)
        EXPECT_TRUE(applySurfaceParm(p, info)) << p;
    return info;
}

shader::ShaderLibrary parse(const char* text) {
    shader::ShaderLibrary lib;
    EXPECT_TRUE(shader::parseShaderScript(text, "t.shader", lib).ok());
    return lib;
}

} // namespace

TEST(ShaderInfo, DefaultIsSolidAndDrawn) {
    const ShaderInfo info = defaultShaderInfo("textures/a/b");
    EXPECT_EQ(info.contents, c::Solid);
    EXPECT_EQ(info.surfaceFlags, 0);
    EXPECT_EQ(info.compileFlags, cflags::Solid);
    EXPECT_FALSE(info.scripted);
}

TEST(ShaderInfo, SurfaceParmsClearAndSetAsQ3map2) {
    // nonsolid clears SOLID and marks the surface; trans only adds the translucent bit.
    const ShaderInfo glass = withParms({"trans", "nonsolid"});
    EXPECT_EQ(glass.contents, c::Translucent);
    EXPECT_EQ(glass.surfaceFlags, s::NonSolid);
    EXPECT_EQ(glass.compileFlags, cflags::Translucent);
    // Player clip is detail and translucent: clip brushes never seal a map.
    const ShaderInfo clip = withParms({"playerclip"});
    EXPECT_EQ(clip.contents, c::PlayerClip);
    EXPECT_EQ(clip.compileFlags, cflags::Detail | cflags::Translucent);
    // Liquids clear SOLID too; nolightmap sets both vertex-lit bits.
    const ShaderInfo lava = withParms({"lava", "nolightmap"});
    EXPECT_EQ(lava.contents, c::Lava);
    EXPECT_EQ(lava.surfaceFlags, s::NoLightmap | s::PointLight);
    EXPECT_EQ(lava.compileFlags, cflags::Liquid | cflags::Translucent | cflags::VertexLit);
    // The detail surfaceparm is the only way CONTENTS_DETAIL reaches the file.
    EXPECT_EQ(withParms({"detail"}).contents, c::Solid | c::Detail);
    EXPECT_EQ(withParms({"sky", "noimpact"}).surfaceFlags, s::Sky | s::NoImpact);
    EXPECT_EQ(withParms({"origin"}).contents, c::Origin);
    ShaderInfo unknown = defaultShaderInfo("x");
    EXPECT_FALSE(applySurfaceParm("wobbly", unknown));
    EXPECT_EQ(unknown.contents, c::Solid);
}

TEST(ShaderInfo, BuiltInToolShadersParseAndAreUsedWithoutGameData) {
    shader::ShaderLibrary lib;
    ASSERT_TRUE(shader::parseShaderScript(builtinToolShaders(), "builtin", lib).ok());
    EXPECT_TRUE(lib.warnings.empty());
    EXPECT_GE(lib.shaders.size(), 16u);
    ShaderCatalog none(nullptr);
    const ShaderInfo clip = none.lookup("textures/common/clip");
    EXPECT_TRUE(clip.scripted);
    EXPECT_EQ(clip.contents, c::PlayerClip | c::Translucent);
    EXPECT_EQ(clip.surfaceFlags,
              s::NoDraw | s::NoLightmap | s::PointLight | s::NoMarks | s::NonSolid | s::NoImpact);
    EXPECT_EQ(none.lookup("textures/common/caulk").contents, c::Solid);
    EXPECT_EQ(none.lookup("textures/common/trigger").contents, c::Solid); // nodraw only, as the game's
    // No name guessing: a "water" texture without a script is solid, as q3map2 makes it.
    EXPECT_EQ(none.lookup("textures/liquids/water").contents, c::Solid);
    EXPECT_FALSE(none.lookup("textures/liquids/water").scripted);
}

TEST(ShaderInfo, GameScriptsWinOverTheBuiltInOnes) {
    const auto lib = parse("textures/common/clip\n{\n surfaceparm nodraw\n surfaceparm playerclip\n}\n");
    ShaderCatalog cat(&lib);
    const ShaderInfo clip = cat.lookup("textures/common/clip");
    EXPECT_EQ(clip.contents, c::PlayerClip);
    EXPECT_EQ(clip.surfaceFlags, s::NoDraw);
    // The tool shaders the scripts do not define still come from the built-in ones.
    EXPECT_EQ(cat.lookup("textures/common/nodraw").contents, c::Translucent);
}

TEST(ShaderInfo, LookupIgnoresCaseAndImageExtensions) {
    const auto lib = parse("textures/base/Glass\n{\n surfaceparm trans\n}\n");
    ShaderCatalog cat(&lib);
    const ShaderInfo info = cat.lookup("textures/BASE/glass.tga");
    EXPECT_TRUE(info.scripted);
    EXPECT_EQ(info.contents, c::Solid | c::Translucent);
    EXPECT_EQ(info.name, "textures/BASE/glass"); // the name as the map writes it, without extension
}

TEST(ShaderInfo, SunAutospriteAndVertexLightImplySurfaceParms) {
    const auto lib = parse("textures/s/sky\n{\n q3map_sun 1 1 1 100 45 60\n surfaceparm noimpact\n}\n"
                           "textures/s/flare\n{\n deformVertexes autosprite\n {\n map x.tga\n }\n}\n"
                           "textures/s/vl\n{\n q3map_onlyVertexLighting\n}\n");
    ShaderCatalog cat(&lib);
    EXPECT_EQ(cat.lookup("textures/s/sky").surfaceFlags, s::Sky | s::NoImpact);
    EXPECT_EQ(cat.lookup("textures/s/flare").contents, c::Solid | c::Detail);
    EXPECT_EQ(cat.lookup("textures/s/vl").surfaceFlags, s::NoLightmap | s::PointLight);
}

TEST(ShaderInfo, DeprecatedAndBaseShadersAreFollowed) {
    const auto lib = parse("textures/a/old\n{\n q3map_deprecateShader textures/a/new\n}\n"
                           "textures/a/new\n{\n surfaceparm nonsolid\n}\n"
                           "textures/a/child\n{\n surfaceparm slick\n q3map_baseShader textures/a/new\n"
                           " surfaceparm nomarks\n}\n"
                           "textures/a/loop\n{\n q3map_deprecateShader textures/a/loop\n}\n");
    ShaderCatalog cat(&lib);
    const ShaderInfo old = cat.lookup("textures/a/old");
    EXPECT_EQ(old.name, "textures/a/new");
    EXPECT_EQ(old.surfaceFlags, s::NonSolid);
    // The base's parameters replace the lines before q3map_baseShader; the lines after add to them.
    const ShaderInfo child = cat.lookup("textures/a/child");
    EXPECT_EQ(child.name, "textures/a/child");
    EXPECT_EQ(child.surfaceFlags, s::NonSolid | s::NoMarks);
    EXPECT_EQ(child.contents, 0);
    // A link to itself ends after q3map2's 16 steps instead of looping.
    EXPECT_EQ(cat.lookup("textures/a/loop").name, "textures/a/loop");
}

TEST(ShaderInfo, UnknownSurfaceParmsAreWarnedOnceWithTheirScript) {
    const auto lib = parse("textures/a/b\n{\n surfaceparm wobbly\n surfaceparm trans\n}\n");
    ShaderCatalog cat(&lib);
    EXPECT_EQ(cat.lookup("textures/a/b").contents, c::Solid | c::Translucent);
    (void)cat.lookup("textures/a/b");
    ASSERT_EQ(cat.warnings().size(), 1u);
    EXPECT_EQ(cat.warnings()[0], "t.shader: textures/a/b: unknown surfaceparm 'wobbly'");
}

TEST(ShaderTable, OneEntryPerShaderInFirstUseOrder) {
    const auto lib = parse("textures/a/old\n{\n q3map_deprecateShader textures/a/new\n}\n"
                           "textures/a/new\n{\n surfaceparm nonsolid\n}\n");
    ShaderCatalog cat(&lib);
    ShaderTable table(cat);
    EXPECT_EQ(table.add("base/wall"), 0);
    EXPECT_EQ(table.add("textures/BASE/WALL"), 0);
    EXPECT_EQ(table.add(kNoShader), 1);
    EXPECT_EQ(table.add("a/new"), 2);
    EXPECT_EQ(table.add("a/old"), 2); // deprecated into the same shader: one entry
    ASSERT_EQ(table.shaders().size(), 3u);
    EXPECT_EQ(table.shaders()[0].name, "textures/base/wall");
    EXPECT_EQ(table.shaders()[1].name, "noshader");
    EXPECT_EQ(table.shaders()[1].contents, c::Solid);
    EXPECT_EQ(table.shaders()[2].surfaceFlags, s::NonSolid);
    EXPECT_EQ(table.info(2).compileFlags, 0u);
}
