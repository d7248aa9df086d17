// Shader flags by q3map2's rules. Its Quake 3 game table lists, per surfaceparm, which contents,
// surface and compile bits it clears and then sets; "default" (every shader's start) clears all and
// makes the shader solid. The table below holds the same facts in our own form.

#include "mapc/ShaderInfo.h"

#include "bsp/BspData.h"

#include <array>

namespace cliplab::mapc {

namespace c = bsp::contents;
namespace s = bsp::surf;

namespace {

struct ParmRule {
    const char* name;
    int32_t contents, contentsClear;
    int32_t surface;
    uint32_t compile, compileClear;
};

// Surface bits are never cleared by a surfaceparm, only by "default".
constexpr int32_t kVertexLit = s::PointLight | s::NoLightmap;
constexpr std::array<ParmRule, 37> kRules{{
    {"lightgrid", 0, 0, 0, cflags::LightGrid, 0},
    {"antiportal", 0, 0, 0, cflags::AntiPortal, 0},
    {"skip", 0, 0, 0, cflags::Skip, 0},
    {"origin", c::Origin, c::Solid, 0, cflags::Origin | cflags::Translucent, cflags::Solid},
    {"areaportal", c::AreaPortal, c::Solid, 0, cflags::AreaPortal | cflags::Translucent, cflags::Solid},
    {"trans", c::Translucent, 0, 0, cflags::Translucent, 0},
    {"detail", c::Detail, 0, 0, cflags::Detail, 0},
    {"structural", c::Structural, 0, 0, cflags::Structural, 0},
    {"hint", 0, 0, s::Hint, cflags::Hint, 0},
    {"nodraw", 0, 0, s::NoDraw, cflags::NoDraw, 0},
    {"alphashadow", 0, 0, s::AlphaShadow, cflags::AlphaShadow | cflags::Translucent, 0},
    {"lightfilter", 0, 0, s::LightFilter, cflags::LightFilter | cflags::Translucent, 0},
    {"nolightmap", 0, 0, kVertexLit, cflags::VertexLit, 0},
    {"pointlight", 0, 0, kVertexLit, cflags::VertexLit, 0},
    {"nonsolid", 0, c::Solid, s::NonSolid, 0, cflags::Solid},
    {"trigger", c::Trigger, c::Solid, 0, cflags::Translucent, cflags::Solid},
    {"water", c::Water, c::Solid, 0, cflags::Liquid | cflags::Translucent, cflags::Solid},
    {"slime", c::Slime, c::Solid, 0, cflags::Liquid | cflags::Translucent, cflags::Solid},
    {"lava", c::Lava, c::Solid, 0, cflags::Liquid | cflags::Translucent, cflags::Solid},
    // Clip brushes are detail: they never seal the map.
    {"playerclip", c::PlayerClip, c::Solid, 0, cflags::Detail | cflags::Translucent, cflags::Solid},
    {"monsterclip", c::MonsterClip, c::Solid, 0, cflags::Detail | cflags::Translucent, cflags::Solid},
    {"nodrop", c::NoDrop, c::Solid, 0, cflags::Translucent, cflags::Solid},
    {"clusterportal", c::ClusterPortal, c::Solid, 0, cflags::Translucent, cflags::Solid},
    {"donotenter", c::DoNotEnter, c::Solid, 0, cflags::Translucent, cflags::Solid},
    {"botclip", c::BotClip, c::Solid, 0, cflags::Translucent, cflags::Solid},
    {"fog", c::Fog, c::Solid, 0, cflags::Fog, cflags::Solid},
    {"sky", 0, 0, s::Sky, cflags::Sky, 0},
    {"slick", 0, 0, s::Slick, 0, 0},
    {"noimpact", 0, 0, s::NoImpact, 0, 0},
    {"nomarks", 0, 0, s::NoMarks, cflags::NoMarks, 0},
    {"ladder", 0, 0, s::Ladder, 0, 0},
    {"nodamage", 0, 0, s::NoDamage, 0, 0},
    {"metalsteps", 0, 0, s::MetalSteps, 0, 0},
    {"flesh", 0, 0, s::Flesh, 0, 0},
    {"nosteps", 0, 0, s::NoSteps, 0, 0},
    {"nodlight", 0, 0, s::NoDlight, 0, 0},
    {"dust", 0, 0, s::Dust, 0, 0},
}};

/// Longest chain of q3map_deprecateShader / q3map_baseShader links followed (q3map2's limit).
constexpr int kMaxLinkDepth = 16;

std::string lowerName(std::string_view name) {
    std::string out = shader::normalizeShaderName(name);
    // Shader names never carry an extension; a .map may name an image ("x/y.tga").
    const size_t slash = out.rfind('/');
    const size_t dot = out.rfind('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
        out.erase(dot);
    return out;
}

std::string stripExtension(std::string_view name) {
    std::string out(name);
    const size_t slash = out.find_last_of("/\\");
    const size_t dot = out.rfind('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
        out.erase(dot);
    return out;
}

} // namespace

ShaderInfo defaultShaderInfo(std::string name) {
    ShaderInfo info;
    info.name = std::move(name);
    info.contents = c::Solid;
    info.compileFlags = cflags::Solid;
    return info;
}

bool applySurfaceParm(std::string_view parm, ShaderInfo& info) {
    for (const ParmRule& r : kRules) {
        if (parm != r.name)
            continue;
        info.contents = (info.contents & ~r.contentsClear) | r.contents;
        info.surfaceFlags |= r.surface;
        info.compileFlags = (info.compileFlags & ~r.compileClear) | r.compile;
        return true;
    }
    return false;
}

ShaderCatalog::ShaderCatalog(const shader::ShaderLibrary* scripts) : m_scripts(scripts) {
    // Our own text, parsed by the same parser: it cannot fail (a test parses it too).
    (void)shader::parseShaderScript(builtinToolShaders(), "(built-in tool shaders)", m_builtin);
}

const shader::ShaderDef* ShaderCatalog::find(const std::string& lowerName) const {
    if (m_scripts)
        if (const shader::ShaderDef* def = m_scripts->find(lowerName))
            return def;
    return m_builtin.find(lowerName);
}

ShaderInfo ShaderCatalog::lookup(std::string_view name) {
    return lookupDepth(name, 0);
}

ShaderInfo ShaderCatalog::lookupDepth(std::string_view name, int depth) {
    const shader::ShaderDef* def = find(lowerName(name));
    if (!def)
        return defaultShaderInfo(stripExtension(name));
    if (!def->deprecatedBy.empty() && depth < kMaxLinkDepth)
        return lookupDepth(def->deprecatedBy, depth + 1);
    return build(*def, stripExtension(name), depth);
}

ShaderInfo ShaderCatalog::build(const shader::ShaderDef& def, std::string name, int depth) {
    ShaderInfo info = defaultShaderInfo(name);
    if (!def.baseShader.empty() && depth < kMaxLinkDepth) {
        info = lookupDepth(def.baseShader, depth + 1);
        info.name = std::move(name);
    }
    info.scripted = true;
    for (const std::string& parm : def.surfaceParms)
        if (!applySurfaceParm(parm, info)) {
            std::string w = def.file + ": " + def.name + ": unknown surfaceparm '" + parm + "'";
            bool seen = false;
            for (const std::string& old : m_warnings)
                seen = seen || old == w;
            if (!seen)
                m_warnings.push_back(std::move(w));
        }
    // Keywords q3map2 reads as surfaceparms: a sun lights from the sky, sprites are detail.
    if (def.sun)
        applySurfaceParm("sky", info);
    if (def.autosprite)
        applySurfaceParm("detail", info);
    if (def.vertexLitOnly)
        applySurfaceParm("pointlight", info);
    return info;
}

std::string_view builtinToolShaders() {
    // Quake 3's tool textures (the surfaceparms of its scripts/common.shader): used only when the
    // game data does not define them.
    return R"(textures/common/caulk { surfaceparm nodraw surfaceparm nomarks surfaceparm nolightmap }
textures/common/clip { surfaceparm nodraw surfaceparm nolightmap surfaceparm nonsolid surfaceparm trans
  surfaceparm nomarks surfaceparm noimpact surfaceparm playerclip }
textures/common/full_clip { surfaceparm nodraw surfaceparm playerclip }
textures/common/weapclip { surfaceparm nodraw surfaceparm trans surfaceparm nomarks }
textures/common/botclip { surfaceparm nodraw surfaceparm nolightmap surfaceparm nonsolid surfaceparm trans
  surfaceparm nomarks surfaceparm noimpact surfaceparm botclip }
textures/common/nodraw { surfaceparm nodraw surfaceparm nonsolid surfaceparm trans surfaceparm nomarks }
textures/common/nodrawnonsolid { surfaceparm nodraw surfaceparm nonsolid }
textures/common/trigger { surfaceparm nodraw }
textures/common/hint { surfaceparm nodraw surfaceparm nonsolid surfaceparm structural surfaceparm trans
  surfaceparm noimpact surfaceparm hint }
textures/common/skip { surfaceparm nodraw surfaceparm nonsolid surfaceparm structural surfaceparm trans
  surfaceparm noimpact surfaceparm skip }
textures/common/areaportal { surfaceparm nodraw surfaceparm nolightmap surfaceparm nonsolid
  surfaceparm structural surfaceparm trans surfaceparm nomarks surfaceparm areaportal }
textures/common/clusterportal { surfaceparm nodraw surfaceparm nonsolid surfaceparm trans surfaceparm nomarks
  surfaceparm clusterportal }
textures/common/donotenter { surfaceparm nodraw surfaceparm nonsolid surfaceparm trans surfaceparm nomarks
  surfaceparm donotenter }
textures/common/origin { surfaceparm nodraw surfaceparm nonsolid surfaceparm origin }
textures/common/nodrop { surfaceparm trans surfaceparm nonsolid surfaceparm nomarks surfaceparm nodrop
  surfaceparm nolightmap surfaceparm nodraw }
textures/common/slick { surfaceparm nodraw surfaceparm nomarks surfaceparm trans surfaceparm slick }
)";
}

} // namespace cliplab::mapc
