#pragma once
/// \file DemoOpen.h
/// Finding a demo and its map: a DEMO argument is a file on disk or a file in the game data, the
/// way MAP arguments are (world/MapLoader.h), and a demo's map is looked up by its name.

#include "bsp/BspData.h"
#include "core/Result.h"
#include "demo/Demo.h"
#include "fs/FileSystem.h"

#include <string>
#include <vector>

namespace cliplab::demo {

/// Where `arg` may be in the game data, in the order tried: `arg` itself when it has a folder
/// ("demos/flyby_oa_dm3.dm_70"), else demos/ARG; an argument without a .dm_N ending also as
/// demos/ARG.dm_71, .dm_70, .dm_68, .dm_67 and .dm_66 (as the game's `demo` command tries them).
std::vector<std::string> demoLookupPaths(const std::string& arg);

/// A demo file's bytes and the name it was found under.
struct DemoBytes {
    std::string name; ///< The disk path, or the path in the game data.
    std::vector<uint8_t> bytes;
};

/// Finds and reads the file of demo `arg` (as openDemo() does) without parsing it.
core::Result<DemoBytes> readDemoFile(const std::string& arg, const fs::FileSystem* vfs);

/// Reads the demo `arg`: a file on disk when one exists there, else the first of
/// demoLookupPaths(arg) in `vfs` (may be null: then only files on disk). Errors name the file
/// (and for a missing one every path tried).
core::Result<Demo> openDemo(const std::string& arg, const fs::FileSystem* vfs);

/// Loads the map a demo was recorded on: maps/NAME.bsp in `vfs` for the server info's map name,
/// also in lower case (old demos name their maps in capitals; the game's lookups ignore case).
core::Result<bsp::BspData> loadDemoMap(const Demo& demo, const fs::FileSystem* vfs);

} // namespace cliplab::demo
