#pragma once
/// \file Compiler.h
/// The map compiler: Quake 3 .map source -> BspData (a valid IBSP 46 map), built for collision as
/// q3map2 builds it: shaders' contents and surface flags from the shader scripts, brushes with
/// their sides and bevels in q3map2's order, the world with its func_groups, inline models for
/// brush entities, the entity lump q3map2 leaves; leaks found by flooding from the entities. Ours:
/// a BSP tree whose leaves list every brush they overlap, one visibility cluster ("all visible"),
/// draw surfaces with vertex lighting. The output depends only on the input text, the scripts and
/// the options.

#include "bsp/BspData.h"
#include "core/Result.h"
#include "mapc/Flood.h"
#include "mapc/MapSource.h"
#include "shader/ShaderScript.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::mapc {

/// Compiler settings.
struct CompileOptions {
    /// Add q3map's bevel sides (axial and edge bevels). Off shows what box traces do without them.
    /// Without bevels a brush's first six sides are not its axial ones, and ioquake3 reads brush
    /// bounds from exactly those six: such maps are for our collision model (which bounds brushes
    /// by their vertices), not for the game.
    bool bevels = true;
    /// The shader scripts that give each texture its contents and surface flags (the game data's
    /// and those of the pk3 the map comes in). Null: only the built-in tool shaders (common/clip,
    /// caulk, trigger...); every other texture is solid, as q3map2 makes a shader no script defines.
    const shader::ShaderLibrary* scripts = nullptr;
};

/// Milliseconds each phase of a compile took (wall clock).
struct CompileTimes {
    double parse = 0.0;    ///< Reading the .map text (0 when compiled from parsed source).
    double brushes = 0.0;  ///< Planes, brush sides, bevels, entities to models.
    double tree = 0.0;     ///< The world's BSP tree.
    double flood = 0.0;    ///< Portals and the flood from the entities (leak finding).
    double surfaces = 0.0; ///< Draw surfaces, leaf surfaces, entity lump, checks.
    double total = 0.0;    ///< All of it.
};

/// A compiled map and what the compiler found on the way.
struct CompileResult {
    bsp::BspData data;        ///< The map, complete also when it leaks.
    std::optional<Leak> leak; ///< Set when the flood from an entity reached the void.
    CompileTimes times;
    std::vector<std::string> warnings; ///< Entities inside brushes, origin brushes in the world,
                                       ///< degenerate patches, unknown surfaceparms ("FILE:LINE:COL: ...").
    size_t portals = 0;                ///< Portals made for the flood.
};

/// Compiles parsed source. Errors name the file, line and column (core::Error::file, line and
/// column are set), e.g. an open brush.
core::Result<CompileResult> compileSource(const MapSource& source, const CompileOptions& options = {});

/// Parses and compiles .map text; `name` is used in messages and as BspData::name.
core::Result<CompileResult> compileText(std::string_view text, const std::string& name,
                                        const CompileOptions& options = {});

/// compileSource() without what was found on the way.
core::Result<bsp::BspData> compile(const MapSource& source, const CompileOptions& options = {});

/// compileText() without what was found on the way.
core::Result<bsp::BspData> compileMap(std::string_view text, const std::string& name,
                                      const CompileOptions& options = {});

} // namespace cliplab::mapc
