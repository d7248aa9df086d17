#include "shader/ShaderScript.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab::shader;

TEST(ShaderScript, QuotedNamesWithSpacesAndCommentsTouchingTokens) {
    const char* text = "// header comment\n"
                       "\"textures/my dir/odd name\"// a comment touching the name\n"
                       "{\n"
                       "  surfaceparm trans//touching\n"
                       "  cull none /* block\n comment */\n"
                       "  {\n"
                       "    map \"textures/my dir/img one.tga\"//touching\n"
                       "    blendFunc GL_ONE GL_ONE\n"
                       "  }\n"
                       "}\n";
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript(text, "scripts/t.shader", lib).ok());
    const ShaderDef* def = lib.find("TEXTURES/My Dir/Odd Name");
    ASSERT_NE(def, nullptr);
    EXPECT_TRUE(def->trans);
    EXPECT_EQ(def->cull, CullMode::None);
    ASSERT_EQ(def->stages.size(), 1u);
    EXPECT_EQ(def->stages[0].maps, std::vector<std::string>{"textures/my dir/img one.tga"});
    EXPECT_TRUE(def->stages[0].blend);
    EXPECT_EQ(def->stages[0].src, BlendFactor::One);
    EXPECT_EQ(def->stages[0].dst, BlendFactor::One);
    EXPECT_FALSE(def->stages[0].depthWrite); // blended stages do not write depth by default
    EXPECT_TRUE(lib.unknownKeywords.empty());
}

TEST(ShaderScript, UnknownKeywordsAreCollectedNotFatal) {
    const char* text = "textures/a/b\n{\n  fancyKeyword 1 2 3\n  q3map_lightimage x.tga\n"
                       "  {\n    map $lightmap\n    superTcMod 4\n    rgbGen lightingDiffuse\n  }\n"
                       "  {\n    map textures/a/b.tga\n    blendFunc filter\n  }\n}\n"
                       "textures/a/c { { map textures/a/c.jpg } }\n";
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript(text, "s.shader", lib).ok());
    EXPECT_EQ(lib.unknownKeywords, (std::set<std::string>{"fancykeyword", "supertcmod"}));
    const ShaderDef* b = lib.find("textures/a/b");
    ASSERT_NE(b, nullptr);
    ASSERT_EQ(b->stages.size(), 2u);
    EXPECT_TRUE(b->stages[0].lightmap);
    EXPECT_EQ(b->stages[1].src, BlendFactor::DstColor);
    EXPECT_EQ(b->stages[1].dst, BlendFactor::Zero);
    // The next shader, on one line with braces touching nothing, still parses.
    ASSERT_NE(lib.find("textures/a/c"), nullptr);
    EXPECT_EQ(lib.find("textures/a/c")->stages.at(0).maps.at(0), "textures/a/c.jpg");
}

TEST(ShaderScript, StageKeywords) {
    const char* text = "textures/x/y\n{\n  sort additive\n  skyparms env/space 256 -\n"
                       "  deformVertexes wave 100 sin 0 3 0 0.5\n"
                       "  {\n    animMap 4 a.tga b.tga c.tga\n    alphaFunc GE128\n    depthWrite\n"
                       "    blendFunc blend\n    rgbGen wave triangle 0.5 0.5 0 2\n"
                       "    tcMod scroll 0.1 -0.2\n    tcMod scale 2 3\n    tcMod rotate 30\n"
                       "    tcMod turb 0 0.25 0 0.5\n    clampMap z.tga\n  }\n}\n";
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript(text, "s.shader", lib).ok());
    const ShaderDef* d = lib.find("textures/x/y");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->sort, sortkey::Additive);
    EXPECT_TRUE(d->sky);
    EXPECT_EQ(d->skyFarbox, "env/space");
    EXPECT_EQ(d->cloudHeight, 256.0f);
    ASSERT_EQ(d->deforms.size(), 1u);
    EXPECT_EQ(d->deforms[0].kind, DeformKind::Wave);
    EXPECT_EQ(d->deforms[0].spread, 100.0f);
    EXPECT_EQ(d->deforms[0].wave.amplitude, 3.0f);
    const ShaderStage& s = d->stages.at(0);
    EXPECT_EQ(s.maps, (std::vector<std::string>{"z.tga"})); // the later map keyword wins
    EXPECT_TRUE(s.clamp);
    EXPECT_EQ(s.animFrequency, 4.0f);
    EXPECT_EQ(s.alphaFunc, AlphaFunc::Ge128);
    EXPECT_TRUE(s.depthWrite); // explicit depthWrite survives blendFunc
    EXPECT_EQ(s.rgbGen, RgbGen::Wave);
    EXPECT_EQ(s.rgbWave.func, WaveFunc::Triangle);
    ASSERT_EQ(s.tcMods.size(), 4u);
    EXPECT_EQ(s.tcMods[0].kind, TcModKind::Scroll);
    EXPECT_FLOAT_EQ(s.tcMods[0].b, -0.2f);
    EXPECT_EQ(s.tcMods[2].kind, TcModKind::Rotate);
    EXPECT_EQ(s.tcMods[3].kind, TcModKind::Turb);
    EXPECT_FLOAT_EQ(s.tcMods[3].wave.amplitude, 0.25f);
}

TEST(ShaderScript, UnterminatedShaderIsAnErrorNamingFileAndLine) {
    ShaderLibrary lib;
    auto s = parseShaderScript("textures/ok { { map a.tga } }\ntextures/bad\n{\n  { map b.tga }\n",
                               "scripts/broken.shader", lib);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("scripts/broken.shader:"), std::string::npos) << s.error().message;
    EXPECT_NE(s.error().message.find("textures/bad"), std::string::npos) << s.error().message;
    EXPECT_NE(lib.find("textures/ok"), nullptr); // what came before is kept
    ShaderLibrary lib2;
    EXPECT_FALSE(parseShaderScript("name { \"unterminated\n }", "q.shader", lib2).ok());
    EXPECT_FALSE(parseShaderScript("{ }", "q.shader", lib2).ok());
}

TEST(ShaderScript, FirstDefinitionWins) {
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript("t/a { cull none }\nt/a { cull back }\n", "x.shader", lib).ok());
    EXPECT_EQ(lib.find("t/a")->cull, CullMode::None);
}

TEST(ShaderScript, WaveFunctions) {
    Wave w{WaveFunc::Sin, 1.0f, 2.0f, 0.0f, 1.0f};
    EXPECT_NEAR(w.evaluate(0.25), 3.0f, 1e-4f);
    w.func = WaveFunc::Square;
    EXPECT_NEAR(w.evaluate(0.75), -1.0f, 1e-4f);
    w.func = WaveFunc::Sawtooth;
    EXPECT_NEAR(w.evaluate(1.5), 2.0f, 1e-4f);
    w.func = WaveFunc::Triangle;
    EXPECT_NEAR(w.evaluate(0.5), 1.0f, 1e-4f);
}

TEST(ShaderScript, EveryDeformKind) {
    const char* text = "t/d\n{\n"
                       "  deformVertexes wave 0 sin 1 2 0.25 0\n"
                       "  deformVertexes bulge 3 4 5\n"
                       "  deformVertexes move 0 0 8 triangle 0 1 0 0.5\n"
                       "  deformVertexes normal 0.5 2\n" // a fourth: the game keeps three
                       "  deformVertexes projectionShadow\n"
                       "  { map t/d.tga }\n}\n"
                       "t/s { deformVertexes autosprite { map a.tga } }\n"
                       "t/s2 { deformVertexes autosprite2\n deformVertexes normal 0.1 3 { map a.tga } }\n";
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript(text, "d.shader", lib).ok());
    const ShaderDef* d = lib.find("t/d");
    ASSERT_EQ(d->deforms.size(), 3u);
    EXPECT_EQ(d->deforms[0].kind, DeformKind::Wave);
    EXPECT_FLOAT_EQ(d->deforms[0].spread, 0.01f); // the game's fallback for a zero divisor
    EXPECT_FLOAT_EQ(d->deforms[0].wave.phase, 0.25f);
    EXPECT_EQ(d->deforms[1].kind, DeformKind::Bulge);
    EXPECT_FLOAT_EQ(d->deforms[1].bulgeWidth, 3.0f);
    EXPECT_FLOAT_EQ(d->deforms[1].bulgeHeight, 4.0f);
    EXPECT_FLOAT_EQ(d->deforms[1].bulgeSpeed, 5.0f);
    EXPECT_EQ(d->deforms[2].kind, DeformKind::Move);
    EXPECT_FLOAT_EQ(d->deforms[2].moveVector[2], 8.0f);
    EXPECT_EQ(d->deforms[2].wave.func, WaveFunc::Triangle);
    EXPECT_EQ(lib.find("t/s")->deforms.at(0).kind, DeformKind::Autosprite);
    const ShaderDef* s2 = lib.find("t/s2");
    ASSERT_EQ(s2->deforms.size(), 2u);
    EXPECT_EQ(s2->deforms[0].kind, DeformKind::Autosprite2);
    EXPECT_EQ(s2->deforms[1].kind, DeformKind::Normal);
    EXPECT_FLOAT_EQ(s2->deforms[1].wave.amplitude, 0.1f);
    EXPECT_FLOAT_EQ(s2->deforms[1].wave.frequency, 3.0f);
    EXPECT_EQ(lib.unknownKeywords, (std::set<std::string>{"deformVertexes projectionshadow"}));
    ASSERT_EQ(lib.warnings.size(), 2u);
    EXPECT_NE(lib.warnings[0].find("d.shader:3: deformVertexes wave with a div of 0"), std::string::npos)
        << lib.warnings[0];
    EXPECT_NE(lib.warnings[1].find("d.shader:6: more than 3 deformVertexes"), std::string::npos)
        << lib.warnings[1];
}

TEST(ShaderScript, ColourAlphaAndCoordinateGenerators) {
    const char* text =
        "t/g\n{\n  portal\n  entityMergable\n  surfaceparm detail\n"
        "  { map a.tga\n rgbGen vertex }\n"
        "  { map b.tga\n alphaGen const 0.25\n rgbGen vertex }\n"
        "  { map c.tga\n rgbGen oneMinusVertex\n alphaGen oneMinusVertex\n tcGen environment }\n"
        "  { map d.tga\n rgbGen lightingDiffuse\n alphaGen lightingSpecular\n tcGen lightmap\n detail }\n"
        "  { map e.tga\n rgbGen entity\n alphaGen wave sin 0.5 0.5 0 1\n"
        "    tcGen vector ( 0.01 0 0 ) ( 0 0.02 0 )\n depthFunc equal }\n"
        "  { map f.tga\n rgbGen oneMinusEntity\n alphaGen portal 512\n"
        "    tcMod transform 1 0.5 0.25 2 0.1 0.2\n tcMod entityTranslate\n rgbGen const ( 0.5 0.25 1 ) }\n"
        "}\n";
    ShaderLibrary lib;
    ASSERT_TRUE(parseShaderScript(text, "g.shader", lib).ok());
    EXPECT_TRUE(lib.unknownKeywords.empty()) << unsupportedSummary(lib);
    const ShaderDef* d = lib.find("t/g");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->sort, sortkey::Portal);
    ASSERT_EQ(d->stages.size(), 6u);
    // rgbGen vertex brings the vertex alpha, unless an alphaGen came first.
    EXPECT_EQ(d->stages[0].rgbGen, RgbGen::Vertex);
    EXPECT_EQ(d->stages[0].alphaGen, AlphaGen::Vertex);
    EXPECT_EQ(d->stages[1].alphaGen, AlphaGen::Const);
    EXPECT_FLOAT_EQ(d->stages[1].alphaConst, 0.25f);
    EXPECT_EQ(d->stages[2].rgbGen, RgbGen::OneMinusVertex);
    EXPECT_EQ(d->stages[2].alphaGen, AlphaGen::OneMinusVertex);
    EXPECT_EQ(d->stages[2].tcGen, TcGen::Environment);
    EXPECT_EQ(d->stages[3].rgbGen, RgbGen::LightingDiffuse);
    EXPECT_EQ(d->stages[3].alphaGen, AlphaGen::LightingSpecular);
    EXPECT_EQ(d->stages[3].tcGen, TcGen::Lightmap);
    EXPECT_FALSE(d->stages[3].lightmap); // tcGen lightmap only changes the coordinates
    EXPECT_TRUE(d->stages[3].detail);
    EXPECT_EQ(d->stages[4].rgbGen, RgbGen::Entity);
    EXPECT_EQ(d->stages[4].alphaGen, AlphaGen::Wave);
    EXPECT_EQ(d->stages[4].tcGen, TcGen::Vector);
    EXPECT_FLOAT_EQ(d->stages[4].tcGenVectors[0][0], 0.01f);
    EXPECT_FLOAT_EQ(d->stages[4].tcGenVectors[1][1], 0.02f);
    EXPECT_TRUE(d->stages[4].depthFuncEqual);
    const ShaderStage& f = d->stages[5];
    EXPECT_EQ(f.rgbGen, RgbGen::Const); // the last rgbGen wins
    EXPECT_FLOAT_EQ(f.rgbConst[1], 0.25f);
    EXPECT_EQ(f.alphaGen, AlphaGen::Portal);
    ASSERT_EQ(f.tcMods.size(), 2u);
    EXPECT_EQ(f.tcMods[0].kind, TcModKind::Transform);
    EXPECT_FLOAT_EQ(f.tcMods[0].matrix[0][1], 0.5f);
    EXPECT_FLOAT_EQ(f.tcMods[0].matrix[1][0], 0.25f);
    EXPECT_FLOAT_EQ(f.tcMods[0].translate[1], 0.2f);
    EXPECT_EQ(f.tcMods[1].kind, TcModKind::EntityTranslate);
}

TEST(ShaderScript, UnsupportedSummaryIsOneLine) {
    ShaderLibrary lib;
    EXPECT_EQ(unsupportedSummary(lib), "");
    ASSERT_TRUE(parseShaderScript("a { fogparms ( 1 1 1 ) 128\n { videoMap x.roq } }\n"
                                  "b { deformVertexes text0 { map x.tga } }\n",
                                  "u.shader", lib)
                    .ok());
    EXPECT_EQ(unsupportedSummary(lib),
              "shader scripts: not supported (ignored): deformVertexes text0, fogparms, videomap");
}

TEST(ShaderScript, NoiseWaveIsSmoothAndBounded) {
    Wave w{WaveFunc::Noise, 0.5f, 0.5f, 0.0f, 2.0f};
    float lo = 10, hi = -10, prev = w.evaluate(0.0);
    for (int i = 1; i < 2000; ++i) {
        const float v = w.evaluate(i * 0.005);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        EXPECT_LT(std::fabs(v - prev), 0.1f) << i; // no jumps between nearby times
        prev = v;
    }
    EXPECT_GE(lo, 0.0f);
    EXPECT_LE(hi, 1.0f);
    EXPECT_GT(hi - lo, 0.3f);                      // it does move
    EXPECT_EQ(w.evaluate(1.25), w.evaluate(1.25)); // deterministic
}

TEST(ShaderScript, CompilerKeywordsAreKept) {
    ShaderLibrary lib;
    ASSERT_TRUE(
        parseShaderScript("textures/a/sky\n{\n  surfaceparm noimpact\n  surfaceparm SKY\n"
                          "  q3map_sunExt 1 1 1 100 45 60 2 16\n}\n"
                          "textures/a/old { q3map_deprecateShader textures/a/New }\n"
                          "textures/a/kid\n{\n  surfaceparm slick\n  q3map_baseShader textures/a/Base\n"
                          "  surfaceparm nomarks\n  q3map_onlyVertexLighting\n}\n"
                          "textures/a/spr\n{\n  deformVertexes autosprite2\n  { map x.tga }\n}\n",
                          "c.shader", lib)
            .ok());
    const ShaderDef* sky = lib.find("textures/a/sky");
    ASSERT_NE(sky, nullptr);
    EXPECT_EQ(sky->surfaceParms, (std::vector<std::string>{"noimpact", "sky"}));
    EXPECT_TRUE(sky->sun);
    EXPECT_EQ(lib.find("textures/a/old")->deprecatedBy, "textures/a/new");
    const ShaderDef* kid = lib.find("textures/a/kid");
    EXPECT_EQ(kid->baseShader, "textures/a/base");
    EXPECT_EQ(kid->surfaceParms,
              std::vector<std::string>{"nomarks"}); // what came before the base is replaced
    EXPECT_TRUE(kid->vertexLitOnly);
    EXPECT_TRUE(lib.find("textures/a/spr")->autosprite);
    EXPECT_FALSE(sky->autosprite);
    // None of these is a keyword the renderer reports as unknown.
    EXPECT_TRUE(lib.unknownKeywords.empty());
}
