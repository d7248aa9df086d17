#pragma once
/// \file ShaderInfo.h
/// What a texture name means to the compiler, by q3map2's rules: the contents and surface flags
/// the BSP stores (from the shader script's surfaceparms, or solid when no script defines it) and
/// the compile flags that decide how a brush is built (detail, translucent, liquid, origin...),
/// which never reach the file.

#include "shader/ShaderScript.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::mapc {

/// The compiler's own flags of a shader or brush (q3map2's "compile flags"; never written).
namespace cflags {
inline constexpr uint32_t Solid = 1u << 0;       ///< Blocks the flood and the tree's structure.
inline constexpr uint32_t Translucent = 1u << 1; ///< Not opaque: never seals the map (made detail).
inline constexpr uint32_t Structural = 1u << 2;  ///< Structural even when translucent.
inline constexpr uint32_t Hint = 1u << 3;        ///< A hint face (vis splitter).
inline constexpr uint32_t NoDraw = 1u << 4;      ///< No draw surface.
inline constexpr uint32_t LightGrid = 1u << 5;   ///< Bounds the light grid.
inline constexpr uint32_t AlphaShadow = 1u << 6; ///< Per-pixel shadows (lighting only).
inline constexpr uint32_t LightFilter = 1u << 7; ///< Filters light (lighting only).
inline constexpr uint32_t VertexLit = 1u << 8;   ///< No lightmap.
inline constexpr uint32_t Liquid = 1u << 9;      ///< Water, slime or lava.
inline constexpr uint32_t Fog = 1u << 10;        ///< A fog volume.
inline constexpr uint32_t Sky = 1u << 11;        ///< Sky.
inline constexpr uint32_t Origin = 1u << 12;     ///< An origin brush: sets its entity's origin, removed.
inline constexpr uint32_t AreaPortal = 1u << 13; ///< An area portal.
inline constexpr uint32_t AntiPortal = 1u << 14; ///< Like hint, without portals.
inline constexpr uint32_t Skip = 1u << 15;       ///< Skipped face.
inline constexpr uint32_t NoMarks = 1u << 16;    ///< No decals.
inline constexpr uint32_t Detail = 1u << 17;     ///< Left out of the structural tree and the flood.
} // namespace cflags

/// One shader as the compiler sees it.
struct ShaderInfo {
    std::string name;          ///< As written to the BSP: the script's name, or "textures/" + the .map's.
    int32_t contents = 0;      ///< bsp::contents bits stored in the shaders lump.
    int32_t surfaceFlags = 0;  ///< bsp::surf bits stored in the shaders lump.
    uint32_t compileFlags = 0; ///< cflags:: bits.
    bool scripted = false; ///< A script (the game data's, the map's or the built-in tool shaders) defines it.
};

/// The flags q3map2 gives a shader no script defines: solid, drawn.
ShaderInfo defaultShaderInfo(std::string name);

/// Applies one surfaceparm (e.g. "nonsolid", "playerclip") to `info` as q3map2's Quake 3 table
/// does: clears and sets contents, surface and compile bits. False for an unknown name (unchanged).
bool applySurfaceParm(std::string_view parm, ShaderInfo& info);

/// Shader scripts searched by name, with a fallback: Quake 3's tool shaders (common/clip, caulk,
/// trigger, hint...) built in, used when the given scripts do not define them (a map compiled
/// without game data still gets its clip brushes). Everything else without a script is solid.
class ShaderCatalog {
public:
    /// `scripts` may be null (no game data: only the built-in tool shaders). It must outlive this.
    explicit ShaderCatalog(const shader::ShaderLibrary* scripts);

    /// The shader for `name` ("textures/..." with or without an extension, any case), following
    /// q3map_deprecateShader and q3map_baseShader links (at most 16 deep).
    ShaderInfo lookup(std::string_view name);

    /// Surfaceparms no rule knows, "file: shader: parm" each once, in the order met.
    const std::vector<std::string>& warnings() const { return m_warnings; }

private:
    const shader::ShaderDef* find(const std::string& lowerName) const;
    ShaderInfo lookupDepth(std::string_view name, int depth);
    ShaderInfo build(const shader::ShaderDef& def, std::string name, int depth);

    const shader::ShaderLibrary* m_scripts;
    shader::ShaderLibrary m_builtin;
    std::vector<std::string> m_warnings;
};

/// The built-in tool shaders as script text (Quake 3's common.shader surfaceparms).
std::string_view builtinToolShaders();

} // namespace cliplab::mapc
