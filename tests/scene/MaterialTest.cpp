#include "scene/Material.h"
#include "shader/ShaderScript.h"

#include <gtest/gtest.h>

using namespace cliplab::scene;
using namespace cliplab::shader;

TEST(Material, TextureAndFilteredLightmapCollapseToOnePass) {
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript(
                    "t/wall { { map $lightmap } { map t/wall.tga blendFunc filter } "
                    "{ map t/glow.tga blendFunc add } }\n"
                    "t/grate { surfaceparm trans cull none { map t/grate.tga alphaFunc GE128 depthWrite } "
                    "{ map $lightmap blendFunc filter } }\n"
                    "t/hidden { surfaceparm nodraw }\n",
                    "m.shader", lib)
                    .ok());
    const MaterialPlan wall = planMaterial("t/wall", lib.find("t/wall"));
    ASSERT_EQ(wall.passes.size(), 2u);
    EXPECT_EQ(wall.passes[0].source, PassSource::TextureTimesLight);
    EXPECT_EQ(wall.passes[0].images.at(0), "t/wall.tga");
    EXPECT_FALSE(wall.passes[0].blend);
    EXPECT_EQ(wall.passes[1].source, PassSource::Texture);
    EXPECT_TRUE(wall.passes[1].blend);
    EXPECT_EQ(wall.sort, sortkey::Opaque);

    const MaterialPlan grate = planMaterial("t/grate", lib.find("t/grate"));
    ASSERT_EQ(grate.passes.size(), 1u);
    EXPECT_EQ(grate.passes[0].alphaFunc, AlphaFunc::Ge128);
    EXPECT_EQ(grate.cull, CullMode::None);

    EXPECT_FALSE(planMaterial("t/hidden", lib.find("t/hidden")).draw);
    const MaterialPlan implicit = planMaterial("t/plain", nullptr);
    ASSERT_EQ(implicit.passes.size(), 1u);
    EXPECT_EQ(implicit.passes[0].source, PassSource::TextureTimesLight);
    EXPECT_EQ(implicit.passes[0].images.at(0), "t/plain");
}

TEST(Material, MultiplyingStageFoldsIntoTheImageTimesLightPass) {
    ShaderLibrary lib;
    ASSERT_TRUE(
        parseShaderScript(
            // OpenArena's detail stages: 2 x destination x source, at 8 times the scale.
            "t/detail { { map t/rust.tga rgbGen identity } { map $lightmap blendFunc filter } "
            "{ map gfx/d_met.tga blendFunc GL_DST_COLOR GL_SRC_COLOR tcMod scale 8 8 detail } }\n"
            "t/filter { { map $lightmap } { map t/a.tga blendFunc filter } "
            "{ map t/dirt.tga blendFunc GL_ZERO GL_SRC_COLOR } }\n"
            // Not folded: a wavy layer, a turbulent one, an alpha-tested base (an added glow: t/wall).
            "t/wave { { map t/a.tga } { map $lightmap blendFunc filter } "
            "{ map t/b.tga blendFunc filter rgbGen wave sin 0.5 0.5 0 1 } }\n"
            "t/turb { { map t/a.tga } { map $lightmap blendFunc filter } "
            "{ map t/b.tga blendFunc filter tcMod turb 0 0.1 0 1 } }\n"
            "t/fence { { map t/a.tga alphaFunc GE128 } { map $lightmap blendFunc filter } "
            "{ map t/b.tga blendFunc filter } }\n",
            "m.shader", lib)
            .ok());
    const MaterialPlan detail = planMaterial("t/detail", lib.find("t/detail"));
    ASSERT_EQ(detail.passes.size(), 1u);
    const MaterialPass& pass = detail.passes[0];
    EXPECT_EQ(pass.source, PassSource::TextureTimesLight);
    EXPECT_EQ(pass.images.at(0), "t/rust.tga");
    EXPECT_EQ(pass.modulate.image, "gfx/d_met.tga");
    EXPECT_EQ(pass.modulate.scale, 2.0f);
    ASSERT_EQ(pass.modulate.tcMods.size(), 1u);
    EXPECT_EQ(pass.modulate.tcMods[0].kind, TcModKind::Scale);
    EXPECT_EQ(pass.modulate.tcMods[0].a, 8.0f);
    EXPECT_EQ(pass.modulate.tcMods[0].b, 8.0f);

    const MaterialPlan filter = planMaterial("t/filter", lib.find("t/filter"));
    ASSERT_EQ(filter.passes.size(), 1u);
    EXPECT_EQ(filter.passes[0].modulate.image, "t/dirt.tga");
    EXPECT_EQ(filter.passes[0].modulate.scale, 1.0f);

    for (const char* name : {"t/wave", "t/turb", "t/fence"}) {
        const MaterialPlan kept = planMaterial(name, lib.find(name));
        ASSERT_EQ(kept.passes.size(), 2u) << name;
        EXPECT_TRUE(kept.passes[0].modulate.image.empty()) << name;
        EXPECT_EQ(kept.passes[1].images.at(0), "t/b.tga") << name;
    }
}

TEST(Material, ImageCandidates) {
    EXPECT_EQ(imageCandidates("t/a.tga"), (std::vector<std::string>{"t/a.tga", "t/a.jpg", "t/a.png"}));
    EXPECT_EQ(imageCandidates("t/a.jpg"), (std::vector<std::string>{"t/a.jpg", "t/a.tga", "t/a.png"}));
    EXPECT_EQ(imageCandidates("t/a.png"), (std::vector<std::string>{"t/a.png", "t/a.tga", "t/a.jpg"}));
    EXPECT_EQ(imageCandidates("t/a"), (std::vector<std::string>{"t/a.tga", "t/a.jpg", "t/a.png"}));
    EXPECT_EQ(imageCandidates("t.d/a"), (std::vector<std::string>{"t.d/a.tga", "t.d/a.jpg", "t.d/a.png"}));
}

TEST(Material, ModelsAreLitFromTheGridAndStagesCarryTheirGenerators) {
    const MaterialPlan implicit = planMaterial("models/x/skin.jpg", nullptr, MaterialUse::Model);
    ASSERT_EQ(implicit.passes.size(), 1u);
    EXPECT_EQ(implicit.passes[0].source, PassSource::Texture);
    EXPECT_EQ(implicit.passes[0].rgbGen, RgbGen::LightingDiffuse);
    EXPECT_EQ(implicit.passes[0].images.at(0), "models/x/skin.jpg");

    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript("m/armor { deformVertexes wave 10 sin 0 1 0 1\n"
                                  "{ map a.tga\n rgbGen lightingDiffuse }\n"
                                  "{ map b.tga\n blendFunc gl_src_alpha gl_one\n tcGen environment\n"
                                  "  alphaGen lightingSpecular\n depthFunc equal } }\n",
                                  "m.shader", lib)
                    .ok());
    const MaterialPlan armor = planMaterial("m/armor", lib.find("m/armor"), MaterialUse::Model);
    ASSERT_EQ(armor.passes.size(), 2u);
    EXPECT_EQ(armor.deforms.size(), 1u);
    EXPECT_EQ(armor.passes[0].rgbGen, RgbGen::LightingDiffuse);
    EXPECT_EQ(armor.passes[1].tcGen, TcGen::Environment);
    EXPECT_EQ(armor.passes[1].alphaGen, AlphaGen::LightingSpecular);
    EXPECT_TRUE(armor.passes[1].depthFuncEqual);
}
