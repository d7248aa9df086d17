#pragma once
/// \file Material.h
/// How one BSP shader is drawn: the passes derived from its script (or the game's implicit
/// "texture times lightmap" when it has none). Pure data, no graphics API.

#include "render/ShaderScript.h"

#include <string>
#include <vector>

namespace cliplab::render {

/// What a pass multiplies together.
enum class PassSource {
    Texture,             ///< The stage image only.
    Light,               ///< The surface's light only ($lightmap stage): lightmap or vertex colour.
    TextureTimesLight,   ///< Image x light in one pass (implicit shaders and collapsed stage pairs).
};

/// One draw pass.
struct MaterialPass {
    PassSource source = PassSource::TextureTimesLight;
    std::vector<std::string> images; ///< One, or animMap frames. Empty for Light.
    float animFrequency = 0.0f;
    bool clamp = false;
    bool blend = false;
    BlendFactor src = BlendFactor::One, dst = BlendFactor::Zero;
    AlphaFunc alphaFunc = AlphaFunc::None;
    bool depthWrite = true;
    RgbGen rgbGen = RgbGen::Identity;
    Wave rgbWave;
    float rgbConst[3] = {1.0f, 1.0f, 1.0f};
    std::vector<TcMod> tcMods;
};

/// A planned material.
struct MaterialPlan {
    std::string name;
    bool draw = true;          ///< False for nodraw and fog-only shaders.
    bool sky = false;          ///< Drawn by the sky pass.
    bool scripted = false;     ///< Came from a shader script.
    CullMode cull = CullMode::Front;
    float sort = sortkey::Opaque;
    Deform deform;
    bool polygonOffset = false;
    std::vector<MaterialPass> passes; ///< For sky materials: the cloud layers.
    std::string skyFarbox;     ///< Sky images base name ("" = none).
    float cloudHeight = 128.0f;
};

/// Plans the material of BSP shader `name`; `def` is its script definition or nullptr.
MaterialPlan planMaterial(const std::string& name, const ShaderDef* def);

/// Candidate files for an image named in a script or BSP (with or without extension): the
/// name as given when it has one, then NAME.tga and NAME.jpg.
std::vector<std::string> imageCandidates(const std::string& image);

} // namespace cliplab::render
