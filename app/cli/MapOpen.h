#pragma once
/// \file MapOpen.h
/// Mounting game data and loading the MAP argument, shared by the commands that take a map.

#include "bsp/BspData.h"
#include "cli/CommandLine.h"
#include "core/Result.h"
#include "fs/FileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace cliplab::cli {

/// The option every map-taking command accepts: `--basepath DIR` (repeatable; later ones win).
OptionSpec basepathOption();

/// Mounts `--basepath` directories when given, else fs::defaultBaseDirectories(). A missing
/// --basepath directory is an error; finding no game data at all is not (paths still work).
core::Result<std::unique_ptr<fs::FileSystem>> mountGameData(const CommandLine& cl);

/// A map with the file system it was read from (kept mounted for textures and the like).
struct OpenedMap {
    std::unique_ptr<fs::FileSystem> vfs;
    bsp::BspData data;
};

/// Mounts game data per `cl` and loads `mapArgument` (see world::loadMap).
core::Result<OpenedMap> openMap(const CommandLine& cl, const std::string& mapArgument);

} // namespace cliplab::cli
