#pragma once
/// \file ShaderTable.h
/// The shaders lump: one entry per (texture, contents, surface flags) combination, with the
/// collision properties Quake 3's tool textures give (common/clip, common/caulk, ...).

#include "bsp/BspData.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace cliplab::mapc {

/// Contents and surface flags of a texture.
struct ShaderFlags {
    int32_t contents = bsp::contents::Solid; ///< bsp::contents bits.
    int32_t surfaceFlags = 0;                ///< bsp::surf bits.
};

/// Flags for a texture name as written in a .map ("common/clip", "base_wall/concrete"), following
/// the surfaceparms of Quake 3's common.shader: clip -> playerclip (non-solid, not drawn), caulk ->
/// solid but not drawn, nodraw -> not drawn and non-solid, trigger -> trigger, hint/skip -> nothing
/// solid, names containing water/slime/lava/fog -> those liquids, sky -> sky; everything else solid.
ShaderFlags toolTextureFlags(std::string_view texture);

/// True when a side with these flags gets no draw surface.
bool isInvisible(const ShaderFlags& flags);

/// Deduplicating shader list in first-use order.
class ShaderTable {
public:
    /// Index of the shader for `texture` with the tool flags plus `extraContents` / `extraSurface`
    /// (the optional flags on a brush line). The name gets a "textures/" prefix when it has none.
    int32_t add(std::string_view texture, int32_t extraContents = 0, int32_t extraSurface = 0);
    /// Every shader.
    const std::vector<bsp::Shader>& shaders() const { return m_shaders; }
    /// Flags of shader `i`.
    ShaderFlags flags(int32_t i) const;

private:
    std::vector<bsp::Shader> m_shaders;
    std::map<std::tuple<std::string, int32_t, int32_t>, int32_t> m_index;
};

} // namespace cliplab::mapc
