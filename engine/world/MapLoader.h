#pragma once
/// \file MapLoader.h
/// Turns a MAP argument into BspData: a path to a .bsp file, a path to a .map source (compiled on
/// load), or a bare map name ("oa_dm1") resolved as maps/NAME.bsp through the virtual file system.

#include "bsp/BspData.h"
#include "core/Result.h"
#include "fs/FileSystem.h"
#include "mapc/Compiler.h"
#include "shader/ShaderScript.h"

#include <string>
#include <vector>

namespace cliplab::world {

/// How a MAP argument was understood.
enum class MapSourceKind { BspFile, MapFile, VfsName };

/// Which kind of argument `arg` is: ends in .map -> MapFile; ends in .bsp and exists on disk, or
/// contains a '/' and exists on disk -> BspFile; otherwise a name looked up in the VFS.
MapSourceKind classifyMapArgument(const std::string& arg);

/// Reads a whole file from the real file system. Errors name the path.
core::Result<std::vector<uint8_t>> readDiskFile(const std::string& path);

/// The shader scripts a .map source is compiled with.
struct ShaderScripts {
    shader::ShaderLibrary library;     ///< Every definition (the first of a name wins).
    std::vector<std::string> files;    ///< The scripts read, in the order read.
    std::vector<std::string> warnings; ///< Scripts that could not be read or parsed whole (file:line: ...).
    double ms = 0.0;                   ///< Time taken to read and parse them (milliseconds).
};

/// The scripts for a map at `mapPath`: first DIR/scripts/*.shader when the map is DIR/maps/NAME.map
/// on disk (a mapper's own game folder, whose definitions win), then every scripts/*.shader of the
/// game data `vfs` (may be null), which holds the pk3 the map comes in when it is in the game data.
/// A script that does not parse keeps the shaders before the error and adds a warning.
ShaderScripts loadShaderScripts(const std::string& mapPath, const fs::FileSystem* vfs);

/// The bytes of the .map source at `path`: a file on disk, else a path in `vfs` (may be null), e.g.
/// "sources/maps/oacmpdm4.map". Errors name the path.
core::Result<std::vector<uint8_t>> readMapSource(const std::string& path, const fs::FileSystem* vfs);

/// Reads the .map source at `path` (a file on disk, else a path in `vfs`, e.g.
/// "sources/maps/oacmpdm4.map") and compiles it with the scripts loadShaderScripts() finds (unless
/// `options.scripts` is already set). Errors name the file and, for bad source, line and column.
core::Result<mapc::CompileResult> compileMapFile(const std::string& path, const fs::FileSystem* vfs,
                                                 mapc::CompileOptions options = {});

/// Loads the map named by `arg`. `vfs` may be null when no game data is mounted (then only paths
/// work). Errors name the file and what is wrong.
core::Result<bsp::BspData> loadMap(const std::string& arg, const fs::FileSystem* vfs);

} // namespace cliplab::world
