#pragma once
/// \file Material.h
/// How one BSP shader is drawn: the passes derived from its script (or the game's implicit
/// "texture times lightmap" when it has none). Pure data, no graphics API.

#include "shader/ShaderScript.h"

#include <string>
#include <vector>

namespace cliplab::scene {

/// What a pass multiplies together.
enum class PassSource {
    Texture,           ///< The stage image only.
    Light,             ///< The surface's light only ($lightmap stage): lightmap or vertex colour.
    TextureTimesLight, ///< Image x light in one pass (implicit shaders and collapsed stage pairs).
};

/// A second image multiplied into a pass in the same draw: a stage the script blends with
/// `blendFunc filter` (destination x source) or `blendFunc GL_DST_COLOR GL_SRC_COLOR`
/// (2 x destination x source, as OpenArena's detail stages are), folded into the opaque
/// image x light pass below it. One draw instead of two; the colour differs from the two draws
/// only by the 8-bit rounding the framebuffer gave the first one.
struct ModulateLayer {
    std::string image; ///< Empty: no layer.
    bool clamp = false;
    std::vector<shader::TcMod> tcMods; ///< Affine mods only (no turb), applied to the base coordinates.
    float scale = 1.0f;                ///< 1 for a filter, 2 for GL_DST_COLOR GL_SRC_COLOR.
};

/// One draw pass.
struct MaterialPass {
    PassSource source = PassSource::TextureTimesLight;
    std::vector<std::string> images; ///< One, or animMap frames. Empty for Light.
    float animFrequency = 0.0f;
    bool clamp = false;
    bool blend = false;
    shader::BlendFactor src = shader::BlendFactor::One, dst = shader::BlendFactor::Zero;
    shader::AlphaFunc alphaFunc = shader::AlphaFunc::None;
    bool depthWrite = true;
    shader::RgbGen rgbGen = shader::RgbGen::Identity;
    shader::Wave rgbWave;
    float rgbConst[3] = {1.0f, 1.0f, 1.0f};
    shader::AlphaGen alphaGen = shader::AlphaGen::Default;
    shader::Wave alphaWave;
    float alphaConst = 1.0f;
    std::vector<shader::TcMod> tcMods;
    shader::TcGen tcGen = shader::TcGen::Base;
    float tcGenVectors[2][3] = {{0, 0, 0}, {0, 0, 0}};
    bool depthFuncEqual = false;
    ModulateLayer modulate; ///< Only on opaque image x light passes (see ModulateLayer).
};

/// A planned material.
struct MaterialPlan {
    std::string name;
    bool draw = true;      ///< False for nodraw and fog-only shaders.
    bool sky = false;      ///< Drawn by the sky pass.
    bool scripted = false; ///< Came from a shader script.
    shader::CullMode cull = shader::CullMode::Front;
    float sort = shader::sortkey::Opaque;
    std::vector<shader::Deform> deforms; ///< Applied in order to the vertices before drawing.
    bool polygonOffset = false;
    std::vector<MaterialPass> passes; ///< For sky materials: the cloud layers.
    std::string skyFarbox;            ///< Sky images base name ("" = none).
    float cloudHeight = 128.0f;
};

/// What a material is drawn on: map surfaces have lightmaps (or vertex light), models are lit
/// from the light grid per vertex.
enum class MaterialUse { World, Model };

/// Plans the material of shader `name`; `def` is its script definition or nullptr. Without a
/// script the game draws the image of that name times the light: the lightmap on the world, the
/// grid's diffuse light (rgbGen lightingDiffuse) on models.
MaterialPlan planMaterial(const std::string& name, const shader::ShaderDef* def,
                          MaterialUse use = MaterialUse::World);

/// True when no generator changes the colour or alpha a pass's images give (rgbGen identity or
/// identityLighting; alphaGen none, identity, or portal, which is drawn as a constant 1).
bool plainColour(const MaterialPass& p);

/// Candidate files for an image named in a script, BSP or model (with or without extension): the
/// name as given when it has one, then NAME.tga, NAME.jpg and NAME.png.
std::vector<std::string> imageCandidates(const std::string& image);

} // namespace cliplab::scene
