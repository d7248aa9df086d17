#include "cli/MapOpen.h"

#include "world/MapLoader.h"

namespace cliplab::cli {

OptionSpec basepathOption() {
    return {
        "--basepath", 1, true, "DIR",
        "game data folder with pk3 files (repeatable, later ones win; default $CLIPLAB_BASEPATH, else the "
        "installed OpenArena)"};
}

core::Result<std::unique_ptr<fs::FileSystem>> mountGameData(const CommandLine& cl) {
    auto vfs = fs::FileSystem::create();
    if (!vfs)
        return vfs.error();
    std::vector<std::string> bases;
    for (const auto& occurrence : cl.occurrences("--basepath"))
        bases.push_back(occurrence.front());
    if (bases.empty())
        bases = fs::defaultBaseDirectories();
    for (const std::string& base : bases) {
        // Mounted when a lookup first needs them: a map given as a file path never reads the pk3s.
        core::Status s = vfs.value()->mountBaseDirectoryOnDemand(base);
        if (!s)
            return s.error();
    }
    return std::move(vfs.value());
}

core::Result<OpenedMap> openMap(const CommandLine& cl, const std::string& mapArgument) {
    auto vfs = mountGameData(cl);
    if (!vfs)
        return vfs.error();
    auto data = world::loadMap(mapArgument, vfs.value().get());
    if (!data)
        return data.error();
    return OpenedMap{std::move(vfs.value()), std::move(data.value())};
}

} // namespace cliplab::cli
