// `cliplab bench-load MAP [--repeat R]`: times what loading a map for collision costs, R times: the
// file read, bsp::load (every lump checked) and the collision model (leaf lists completed, patch
// collides built). The figure to set beside the game's `CM_LoadMap` (q3ref load).

#include "bsp/BspFile.h"
#include "cli/BenchTiming.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "collision/Model.h"
#include "world/MapLoader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace cliplab::cli {

std::vector<OptionSpec> benchLoadOptions() {
    return {{"--repeat", 1, false, "R", "load the map R times (default 20, 1-100000)"}, basepathOption()};
}

int runBenchLoad(const Args& args) {
    auto cl = CommandLine::parse(args, benchLoadOptions());
    if (!cl)
        return usageError("bench-load", cl.error().message);
    if (cl->positionals().size() != 1)
        return usageError("bench-load", "expected one MAP");
    const std::string arg = cl->positionals()[0];
    long long repeat = 20;
    if (cl->has("--repeat")) {
        auto v = parseInteger(cl->value("--repeat"));
        if (!v || *v < 1 || *v > 100000)
            return usageError("bench-load",
                              "--repeat: '" + cl->value("--repeat") + "' is not a count in [1, 100000]");
        repeat = *v;
    }
    const world::MapSourceKind kind = world::classifyMapArgument(arg);
    if (kind == world::MapSourceKind::MapFile)
        return usageError("bench-load",
                          "'" + arg + "' is a .map source: give a compiled .bsp (see `cliplab compile`)");
    auto vfs = mountGameData(*cl);
    if (!vfs) {
        std::fprintf(stderr, "cliplab bench-load: %s\n", vfs.error().message.c_str());
        return kExitFailure;
    }
    // The same reading path as every command, once each round: a file on disk, or maps/NAME.bsp
    // in the mounted game data (its pk3s mounted before the first round).
    const std::string vfsPath = "maps/" + arg + ".bsp";
    auto readBytes = [&]() -> core::Result<std::vector<uint8_t>> {
        return kind == world::MapSourceKind::BspFile ? world::readDiskFile(arg)
                                                     : vfs.value()->readFile(vfsPath);
    };
    if (kind == world::MapSourceKind::VfsName)
        if (core::Status mounted = vfs.value()->ensureMounted(); !mounted) {
            std::fprintf(stderr, "cliplab bench-load: %s\n", mounted.error().message.c_str());
            return kExitFailure;
        }
    std::vector<double> readMs, parseMs, modelMs, totalMs;
    size_t brushes = 0, patches = 0;
    for (long long k = 0; k < repeat; ++k) {
        const auto t0 = BenchClock::now();
        auto bytes = readBytes();
        if (!bytes) {
            std::fprintf(stderr, "cliplab bench-load: %s\n", bytes.error().message.c_str());
            return kExitFailure;
        }
        const double read = msSince(t0);
        const auto t1 = BenchClock::now();
        auto data = bsp::load(bytes.value(), kind == world::MapSourceKind::BspFile ? arg : vfsPath);
        if (!data) {
            std::fprintf(stderr, "cliplab bench-load: %s\n", data.error().message.c_str());
            return kExitFailure;
        }
        const double parse = msSince(t1);
        const auto t2 = BenchClock::now();
        const collision::Model model(data.value());
        const double build = msSince(t2);
        readMs.push_back(read);
        parseMs.push_back(parse);
        modelMs.push_back(build);
        totalMs.push_back(read + parse + build);
        brushes = data.value().brushes.size();
        patches = size_t(model.patchStats().patches);
    }
    std::printf("loads=%lld brushes=%zu patches=%zu\n", repeat, brushes, patches);
    std::printf("median_ms read=%.3f parse_and_check=%.3f collision_model=%.3f total=%.3f\n", median(readMs),
                median(parseMs), median(modelMs), median(totalMs));
    std::printf("ms_per_load=%.3f\n", *std::min_element(totalMs.begin(), totalMs.end()));
    return kExitOk;
}

} // namespace cliplab::cli
