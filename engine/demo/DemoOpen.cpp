#include "demo/DemoOpen.h"

#include "bsp/BspFile.h"
#include "core/Format.h"
#include "demo/GameText.h"
#include "world/MapLoader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace cliplab::demo {

std::vector<std::string> demoLookupPaths(const std::string& arg) {
    std::vector<std::string> paths;
    const std::string base = arg.find('/') != std::string::npos ? arg : "demos/" + arg;
    paths.push_back(base);
    if (demoFileProtocol(base) == 0)
        for (int protocol : {71, 70, 68, 67, 66})
            paths.push_back(base + ".dm_" + std::to_string(protocol));
    return paths;
}

core::Result<Demo> openDemo(const std::string& arg, const fs::FileSystem* vfs) {
    auto file = readDemoFile(arg, vfs);
    if (!file)
        return file.error();
    return readDemo(file->bytes, file->name);
}

core::Result<DemoBytes> readDemoFile(const std::string& arg, const fs::FileSystem* vfs) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(arg, ec)) {
        auto bytes = world::readDiskFile(arg);
        if (!bytes)
            return bytes.error();
        return DemoBytes{arg, std::move(bytes.value())};
    }
    const std::vector<std::string> paths = demoLookupPaths(arg);
    if (vfs) {
        if (core::Status mounted = vfs->ensureMounted(); !mounted)
            return mounted.error();
        for (const std::string& path : paths) {
            if (!vfs->exists(path))
                continue;
            auto bytes = vfs->readFile(path);
            if (!bytes)
                return bytes.error();
            return DemoBytes{path, std::move(bytes.value())};
        }
    }
    std::string tried;
    for (const std::string& path : paths)
        tried += (tried.empty() ? "" : ", ") + path;
    if (!vfs)
        return core::makeError(core::format("%s: no such file, and no game data is mounted to look up %s",
                                            arg.c_str(), tried.c_str()));
    return core::makeError(
        core::format("%s: no such file or demo (looked for %s in %zu mounted archives and folders)",
                     arg.c_str(), tried.c_str(), vfs->mounts().size()));
}

core::Result<bsp::BspData> loadDemoMap(const Demo& demo, const fs::FileSystem* vfs) {
    if (demo.mapName.empty())
        return core::makeError(core::format("%s: the server info names no map", demo.name.c_str()));
    std::string lower = demo.mapName;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    std::vector<std::string> paths{"maps/" + demo.mapName + ".bsp"};
    if (lower != demo.mapName)
        paths.push_back("maps/" + lower + ".bsp");
    if (vfs) {
        if (core::Status mounted = vfs->ensureMounted(); !mounted)
            return mounted.error();
        for (const std::string& path : paths) {
            if (!vfs->exists(path))
                continue;
            auto bytes = vfs->readFile(path);
            if (!bytes)
                return bytes.error();
            return bsp::load(bytes.value(), path);
        }
    }
    return core::makeError(
        core::format("%s: its map %s is not in the game data (looked for %s in %zu mounted "
                     "archives and folders)",
                     demo.name.c_str(), demo.mapName.c_str(), paths.back().c_str(),
                     vfs ? vfs->mounts().size() : size_t(0)));
}

} // namespace cliplab::demo
