// The shaders lump. q3map2 writes one entry per shader name with the flags its script gives (a
// name is looked up without regard to case, and every use of it gets the same flags), so entries
// are keyed by the lower-case name.

#include "mapc/ShaderTable.h"

#include "shader/ShaderScript.h"

namespace cliplab::mapc {

int32_t ShaderTable::add(std::string_view texture) {
    std::string name(texture);
    if (texture != kNoShader && shader::normalizeShaderName(name).rfind("textures/", 0) != 0)
        name = "textures/" + name;
    std::string key = shader::normalizeShaderName(name);
    if (auto it = m_byTexture.find(key); it != m_byTexture.end())
        return it->second;
    ShaderInfo info = m_catalog.lookup(name);
    // Two names may end at one shader (q3map_deprecateShader): one entry, as q3map2 writes.
    std::string infoKey = shader::normalizeShaderName(info.name);
    int32_t index = -1;
    if (auto it = m_byName.find(infoKey); it != m_byName.end()) {
        index = it->second;
    } else {
        bsp::Shader out;
        out.name = info.name;
        out.contents = info.contents;
        out.surfaceFlags = info.surfaceFlags;
        index = static_cast<int32_t>(m_shaders.size());
        m_shaders.push_back(std::move(out));
        m_infos.push_back(std::move(info));
        m_byName.emplace(std::move(infoKey), index);
    }
    m_byTexture.emplace(std::move(key), index);
    return index;
}

} // namespace cliplab::mapc
