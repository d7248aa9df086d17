#include "scene/Material.h"

namespace cliplab::scene {

namespace {

MaterialPass fromStage(const shader::ShaderStage& stage) {
    MaterialPass p;
    p.source = stage.lightmap ? PassSource::Light : PassSource::Texture;
    if (!stage.lightmap)
        p.images = stage.maps;
    p.animFrequency = stage.animFrequency;
    p.clamp = stage.clamp;
    p.blend = stage.blend;
    p.src = stage.src;
    p.dst = stage.dst;
    p.alphaFunc = stage.alphaFunc;
    p.depthWrite = stage.depthWrite;
    p.rgbGen = stage.rgbGen;
    p.rgbWave = stage.rgbWave;
    for (int i = 0; i < 3; ++i)
        p.rgbConst[i] = stage.rgbConst[i];
    p.alphaGen = stage.alphaGen;
    p.alphaWave = stage.alphaWave;
    p.alphaConst = stage.alphaConst;
    p.tcMods = stage.tcMods;
    p.tcGen = stage.tcGen;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j)
            p.tcGenVectors[i][j] = stage.tcGenVectors[i][j];
    p.depthFuncEqual = stage.depthFuncEqual;
    return p;
}

/// A multiplying blend: the result is destination x source.
bool isFilter(const MaterialPass& p) {
    return p.blend && ((p.src == shader::BlendFactor::DstColor && p.dst == shader::BlendFactor::Zero) ||
                       (p.src == shader::BlendFactor::Zero && p.dst == shader::BlendFactor::SrcColor));
}

/// An opaque image x light pass that a multiplying stage can be folded into. Not alpha-tested:
/// the stage above would also darken what shows through the discarded pixels.
bool takesModulate(const MaterialPass& p) {
    return p.source == PassSource::TextureTimesLight && !p.blend && p.alphaFunc == shader::AlphaFunc::None &&
           plainColour(p) && p.tcGen == shader::TcGen::Base && p.modulate.image.empty();
}

/// How much a stage multiplies the colour under it, or 0 when it does something else.
float modulateScale(const MaterialPass& p) {
    if (p.source != PassSource::Texture || !p.blend || p.images.size() != 1 ||
        p.alphaFunc != shader::AlphaFunc::None || !plainColour(p) || p.tcGen != shader::TcGen::Base ||
        p.depthFuncEqual)
        return 0.0f;
    for (const shader::TcMod& mod : p.tcMods)
        if (mod.kind == shader::TcModKind::Turb)
            return 0.0f;
    if (isFilter(p))
        return 1.0f;
    return p.src == shader::BlendFactor::DstColor && p.dst == shader::BlendFactor::SrcColor ? 2.0f : 0.0f;
}

} // namespace

bool plainColour(const MaterialPass& p) {
    return (p.rgbGen == shader::RgbGen::Identity || p.rgbGen == shader::RgbGen::IdentityLighting) &&
           (p.alphaGen == shader::AlphaGen::Default || p.alphaGen == shader::AlphaGen::Identity ||
            p.alphaGen == shader::AlphaGen::Portal);
}

std::vector<std::string> imageCandidates(const std::string& image) {
    std::vector<std::string> out;
    const size_t slash = image.rfind('/');
    const size_t dot = image.rfind('.');
    std::string base = image;
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) {
        out.push_back(image);
        base = image.substr(0, dot);
    }
    for (const char* ext : {".tga", ".jpg", ".png"})
        if (out.empty() || out.front() != base + ext)
            out.push_back(base + ext);
    return out;
}

MaterialPlan planMaterial(const std::string& name, const shader::ShaderDef* def, MaterialUse use) {
    MaterialPlan m;
    m.name = name;
    if (!def) {
        MaterialPass p;
        p.images = {name};
        if (use == MaterialUse::Model) {
            p.source = PassSource::Texture;
            p.rgbGen = shader::RgbGen::LightingDiffuse;
        }
        m.passes.push_back(p);
        return m;
    }
    m.scripted = true;
    m.cull = def->cull;
    m.deforms = def->deforms;
    m.polygonOffset = def->polygonOffset;
    if (def->nodraw || (def->fog && def->stages.empty())) {
        m.draw = false;
        return m;
    }
    if (def->sky) {
        m.sky = true;
        m.sort = shader::sortkey::Sky;
        m.skyFarbox = def->skyFarbox;
        m.cloudHeight = def->cloudHeight;
        for (const auto& stage : def->stages)
            if (!stage.lightmap && !stage.maps.empty())
                m.passes.push_back(fromStage(stage));
        return m;
    }
    std::vector<MaterialPass> stages;
    for (const auto& stage : def->stages)
        if (stage.lightmap || !stage.maps.empty())
            stages.push_back(fromStage(stage));
    if (stages.empty()) {
        // Keywords but no stages: the game draws the image named like the shader, lit.
        MaterialPass p;
        p.images = {name};
        if (use == MaterialUse::Model) {
            p.source = PassSource::Texture;
            p.rgbGen = shader::RgbGen::LightingDiffuse;
        }
        stages.push_back(p);
    }
    // Texture + filtered lightmap (either order) is one pass: image x light.
    if (stages.size() >= 2 && !stages[0].blend && isFilter(stages[1]) &&
        (stages[0].source == PassSource::Light) != (stages[1].source == PassSource::Light)) {
        const bool textureFirst = stages[0].source == PassSource::Texture;
        MaterialPass combined = textureFirst ? stages[0] : stages[1];
        combined.source = PassSource::TextureTimesLight;
        combined.blend = false;
        combined.depthWrite = true;
        combined.alphaFunc =
            stages[0].alphaFunc != shader::AlphaFunc::None ? stages[0].alphaFunc : stages[1].alphaFunc;
        stages.erase(stages.begin(), stages.begin() + 2);
        stages.insert(stages.begin(), combined);
    }
    if (stages.size() >= 2 && takesModulate(stages[0])) {
        if (const float scale = modulateScale(stages[1]); scale > 0.0f) {
            ModulateLayer& layer = stages[0].modulate;
            layer.image = stages[1].images.front();
            layer.clamp = stages[1].clamp;
            layer.tcMods = stages[1].tcMods;
            layer.scale = scale;
            stages.erase(stages.begin() + 1);
        }
    }
    m.passes = std::move(stages);
    if (def->sort > 0.0f)
        m.sort = def->sort;
    else if (m.passes.front().blend)
        m.sort = shader::sortkey::Additive; // the game's first blend sort
    else
        m.sort = shader::sortkey::Opaque;
    return m;
}

} // namespace cliplab::scene
