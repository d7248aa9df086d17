#pragma once
/// \file Compiler.h
/// The map compiler: Quake 3 .map source -> BspData (a valid IBSP 46 map). Brushes get deduplicated
/// plane pairs, bevels as q3map adds them, a BSP tree whose leaves list every brush they overlap,
/// one visibility cluster ("all visible"), draw surfaces with vertex lighting, inline models for
/// brush entities and a rebuilt entity lump. The output depends only on the input text and options.

#include "bsp/BspData.h"
#include "core/Result.h"
#include "mapc/MapSource.h"

#include <string>
#include <string_view>

namespace cliplab::mapc {

/// Compiler settings.
struct CompileOptions {
    /// Add q3map's bevel sides (axial and edge bevels). Off shows what box traces do without them.
    /// Without bevels a brush's first six sides are not its axial ones, and ioquake3 reads brush
    /// bounds from exactly those six: such maps are for our collision model (which bounds brushes
    /// by their vertices), not for the game.
    bool bevels = true;
};

/// Compiles parsed source. Errors name the file, line and column (e.g. an open brush).
core::Result<bsp::BspData> compile(const MapSource& source, const CompileOptions& options = {});

/// Parses and compiles .map text; `name` is used in messages and as BspData::name.
core::Result<bsp::BspData> compileMap(std::string_view text, const std::string& name,
                                      const CompileOptions& options = {});

} // namespace cliplab::mapc
