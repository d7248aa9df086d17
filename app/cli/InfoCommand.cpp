// `cliplab info MAP [--json]`: what a map holds.

#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "core/Format.h"

#include <cstdio>
#include <string>

namespace cliplab::cli {

namespace {

struct MapSummary {
    std::string name;
    std::array<bsp::LumpSize, bsp::kLumpCount> lumps;
    glm::vec3 mins, maxs;
    size_t brushes, patches, shaders, entities;
    std::vector<bsp::SpawnPoint> spawns;
};

void printText(const MapSummary& s) {
    std::printf("map: %s\n", s.name.c_str());
    std::printf("lumps:\n");
    for (int i = 0; i < bsp::kLumpCount; ++i) {
        const auto& l = s.lumps[static_cast<size_t>(i)];
        std::printf("  %-14s %8zu records %10zu bytes\n", bsp::lumpName(static_cast<bsp::Lump>(i)), l.count,
                    l.bytes);
    }
    std::printf("world bounds: (%.1f %.1f %.1f) - (%.1f %.1f %.1f)\n", s.mins.x, s.mins.y, s.mins.z, s.maxs.x,
                s.maxs.y, s.maxs.z);
    std::printf("brushes: %zu\npatches: %zu\nshaders: %zu\nentities: %zu\n", s.brushes, s.patches, s.shaders,
                s.entities);
    std::printf("spawn points: %zu\n", s.spawns.size());
    for (const auto& sp : s.spawns)
        std::printf("  %s (%.1f %.1f %.1f) angle %.1f\n", sp.classname.c_str(), sp.origin.x, sp.origin.y,
                    sp.origin.z, sp.angle);
}

void printJson(const MapSummary& s) {
    std::printf("{\n  \"map\": %s,\n  \"lumps\": {\n", core::jsonString(s.name).c_str());
    for (int i = 0; i < bsp::kLumpCount; ++i) {
        const auto& l = s.lumps[static_cast<size_t>(i)];
        std::printf("    %s: {\"count\": %zu, \"bytes\": %zu}%s\n",
                    core::jsonString(bsp::lumpName(static_cast<bsp::Lump>(i))).c_str(), l.count, l.bytes,
                    i + 1 < bsp::kLumpCount ? "," : "");
    }
    std::printf("  },\n  \"world_bounds\": {\"mins\": [%g, %g, %g], \"maxs\": [%g, %g, %g]},\n", s.mins.x,
                s.mins.y, s.mins.z, s.maxs.x, s.maxs.y, s.maxs.z);
    std::printf("  \"brushes\": %zu,\n  \"patches\": %zu,\n  \"shaders\": %zu,\n  \"entities\": %zu,\n",
                s.brushes, s.patches, s.shaders, s.entities);
    std::printf("  \"spawn_points\": [");
    for (size_t i = 0; i < s.spawns.size(); ++i) {
        const auto& sp = s.spawns[i];
        std::printf("%s\n    {\"classname\": %s, \"origin\": [%g, %g, %g], \"angle\": %g}", i ? "," : "",
                    core::jsonString(sp.classname).c_str(), sp.origin.x, sp.origin.y, sp.origin.z, sp.angle);
    }
    std::printf("%s]\n}\n", s.spawns.empty() ? "" : "\n  ");
}

} // namespace

std::vector<OptionSpec> infoOptions() {
    return {{"--json", 0, false, "", "print JSON instead of text"}, basepathOption()};
}

int runInfo(const Args& args) {
    auto cl = CommandLine::parse(args, infoOptions());
    if (!cl)
        return usageError("info", cl.error().message);
    if (cl->positionals().size() != 1)
        return usageError("info", "expected one MAP argument");
    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab info: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const bsp::BspData& d = map->data;
    auto entities = bsp::parseEntities(d.entities, d.name);
    if (!entities) {
        std::fprintf(stderr, "cliplab info: %s\n", entities.error().message.c_str());
        return kExitFailure;
    }
    MapSummary s;
    s.name = d.name;
    s.lumps = bsp::lumpSizes(d);
    s.lumps[static_cast<size_t>(bsp::Lump::Entities)].count = entities->size();
    s.mins = d.models[0].mins;
    s.maxs = d.models[0].maxs;
    s.brushes = d.brushes.size();
    s.patches = 0;
    for (const auto& surface : d.surfaces)
        s.patches += surface.type == bsp::SurfaceType::Patch;
    s.shaders = d.shaders.size();
    s.entities = entities->size();
    s.spawns = bsp::spawnPoints(entities.value());
    if (cl->has("--json"))
        printJson(s);
    else
        printText(s);
    return kExitOk;
}

} // namespace cliplab::cli
