#pragma once
/// \file ShaderTable.h
/// The shaders lump: one entry per shader a brush, brush side or surface uses, in first-use order,
/// each with the contents and surface flags its script gives (ShaderInfo.h).

#include "bsp/BspData.h"
#include "mapc/ShaderInfo.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::mapc {

/// The shader q3map2 gives bevel sides: no script, so solid and without surface flags.
inline constexpr std::string_view kNoShader = "noshader";

/// Deduplicating shader list in first-use order.
class ShaderTable {
public:
    /// `catalog` answers what each name means; it must outlive the table.
    explicit ShaderTable(ShaderCatalog& catalog) : m_catalog(catalog) {}

    /// Index of the shader for `texture` as a .map names it ("common/caulk": "textures/" is
    /// prepended unless present; an image extension is dropped). kNoShader is taken as it is.
    int32_t add(std::string_view texture);
    /// Every shader.
    const std::vector<bsp::Shader>& shaders() const { return m_shaders; }
    /// What shader `i` means to the compiler.
    const ShaderInfo& info(int32_t i) const { return m_infos[static_cast<size_t>(i)]; }

private:
    ShaderCatalog& m_catalog;
    std::vector<bsp::Shader> m_shaders;
    std::vector<ShaderInfo> m_infos;
    std::map<std::string, int32_t> m_byTexture; ///< By lower-case name as the map writes it.
    std::map<std::string, int32_t> m_byName;    ///< By lower-case name as the shaders lump writes it.
};

} // namespace cliplab::mapc
