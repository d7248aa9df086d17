// Tool texture flags. Without the game's shader scripts we cannot read surfaceparms, so the tool
// textures every Quake 3 map uses are known by name; the values follow common.shader.

#include "mapc/ShaderTable.h"

#include <algorithm>
#include <cctype>

namespace cliplab::mapc {

namespace c = bsp::contents;
namespace s = bsp::surf;

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& ch : out)
        ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

bool contains(const std::string& haystack, const char* needle) {
    return haystack.find(needle) != std::string::npos;
}

} // namespace

ShaderFlags toolTextureFlags(std::string_view texture) {
    std::string name = lower(texture);
    if (name.rfind("textures/", 0) == 0)
        name.erase(0, 9);
    // "nonsolid" + "trans" in common.shader: no SOLID bit, translucent for vis.
    constexpr int32_t kNonSolidTrans = c::Translucent;
    constexpr int32_t kToolSurf = s::NoDraw | s::NoLightmap | s::NoMarks;
    if (name == "common/clip" || name == "common/full_clip")
        return {c::PlayerClip | kNonSolidTrans, kToolSurf | s::NonSolid | s::NoImpact};
    if (name == "common/weapclip")
        return {c::Solid | kNonSolidTrans, kToolSurf};
    if (name == "common/botclip")
        return {c::BotClip | kNonSolidTrans, kToolSurf | s::NonSolid | s::NoImpact};
    if (name == "common/caulk" || name == "common/caulkshadow")
        return {c::Solid, kToolSurf};
    if (name == "common/nodraw" || name == "common/nodrawnonsolid")
        return {kNonSolidTrans, kToolSurf | s::NonSolid};
    if (name == "common/trigger")
        return {c::Trigger | kNonSolidTrans, kToolSurf | s::NonSolid};
    if (name == "common/hint" || name == "common/hintskip")
        return {kNonSolidTrans, kToolSurf | s::NonSolid | s::Hint | s::NoImpact};
    if (name == "common/skip")
        return {kNonSolidTrans, kToolSurf | s::NonSolid | s::Skip | s::NoImpact};
    if (name == "common/areaportal")
        return {c::AreaPortal | kNonSolidTrans, kToolSurf | s::NonSolid};
    if (name == "common/clusterportal")
        return {c::ClusterPortal | kNonSolidTrans, kToolSurf | s::NonSolid};
    if (name == "common/donotenter")
        return {c::DoNotEnter | kNonSolidTrans, kToolSurf | s::NonSolid};
    if (name == "common/origin")
        return {c::Origin | kNonSolidTrans, kToolSurf | s::NonSolid};
    if (name == "common/nodrop")
        return {static_cast<int32_t>(c::NoDrop | kNonSolidTrans), kToolSurf | s::NonSolid};
    if (contains(name, "lava"))
        return {c::Lava | kNonSolidTrans, s::NonSolid | s::NoMarks};
    if (contains(name, "slime"))
        return {c::Slime | kNonSolidTrans, s::NonSolid | s::NoMarks};
    if (contains(name, "water"))
        return {c::Water | kNonSolidTrans, s::NonSolid | s::NoMarks};
    if (contains(name, "fog"))
        return {c::Fog | kNonSolidTrans, s::NonSolid | s::NoMarks | s::NoLightmap};
    if (contains(name, "sky"))
        return {c::Solid, s::Sky | s::NoImpact | s::NoMarks | s::NoLightmap};
    return {c::Solid, 0};
}

bool isInvisible(const ShaderFlags& flags) {
    return (flags.surfaceFlags & (s::NoDraw | s::Hint | s::Skip)) != 0;
}

int32_t ShaderTable::add(std::string_view texture, int32_t extraContents, int32_t extraSurface) {
    std::string name(texture);
    if (lower(name).rfind("textures/", 0) != 0)
        name = "textures/" + name;
    auto key = std::make_tuple(name, extraContents, extraSurface);
    auto it = m_index.find(key);
    if (it != m_index.end())
        return it->second;
    const ShaderFlags f = toolTextureFlags(name);
    bsp::Shader shader;
    shader.name = name;
    shader.contents = f.contents | extraContents;
    shader.surfaceFlags = f.surfaceFlags | extraSurface;
    const auto index = static_cast<int32_t>(m_shaders.size());
    m_shaders.push_back(std::move(shader));
    m_index.emplace(std::move(key), index);
    return index;
}

ShaderFlags ShaderTable::flags(int32_t i) const {
    const bsp::Shader& sh = m_shaders[static_cast<size_t>(i)];
    return {sh.contents, sh.surfaceFlags};
}

} // namespace cliplab::mapc
