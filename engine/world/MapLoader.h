#pragma once
/// \file MapLoader.h
/// Turns a MAP argument into BspData: a path to a .bsp file, a path to a .map source (compiled on
/// load), or a bare map name ("oa_dm1") resolved as maps/NAME.bsp through the virtual file system.

#include "bsp/BspData.h"
#include "core/Result.h"
#include "fs/FileSystem.h"

#include <string>

namespace cliplab::world {

/// How a MAP argument was understood.
enum class MapSourceKind { BspFile, MapFile, VfsName };

/// Which kind of argument `arg` is: ends in .map -> MapFile; ends in .bsp and exists on disk, or
/// contains a '/' and exists on disk -> BspFile; otherwise a name looked up in the VFS.
MapSourceKind classifyMapArgument(const std::string& arg);

/// Reads a whole file from the real file system. Errors name the path.
core::Result<std::vector<uint8_t>> readDiskFile(const std::string& path);

/// Loads the map named by `arg`. `vfs` may be null when no game data is mounted (then only paths
/// work). Errors name the file and what is wrong.
core::Result<bsp::BspData> loadMap(const std::string& arg, const fs::FileSystem* vfs);

} // namespace cliplab::world
