// `cliplab reach MAP [--grid G] [--threads N] [--preset melax|quake3] [--curves on|off]
// [--semantics S] [--set NAME=VALUE] [--no-jumps] [--top N] [--json FILE]`: which walkable floor
// cells the player can get to from the spawn points (analysis/Reach.h), and which it never does.

#include "analysis/Reach.h"
#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/MovementOptions.h"
#include "cli/SharedOptions.h"
#include "collision/Model.h"
#include "core/Format.h"

#include <array>
#include <cstdio>
#include <fstream>

namespace cliplab::cli {

namespace {

int reachUsage(const std::string& message) {
    return cli::usageError("reach", message);
}

/// The options' settings, or an error text.
std::optional<std::string> readSettings(const CommandLine& cl, analysis::ReachSettings& s) {
    if (auto error = readReachGrid(cl, s))
        return error;
    if (cl.has("--preset")) {
        const auto p = movement::parsePreset(cl.value("--preset"));
        if (!p)
            return "--preset: expected melax or quake3, got '" + cl.value("--preset") + "'";
        s.movement.preset = *p;
    }
    if (auto error = readCollisionRules(cl, s.trace, collision::Semantics::Robust))
        return error;
    if (auto error = applySetOptions(cl, s.movement))
        return error;
    s.jumps = !cl.has("--no-jumps");
    return std::nullopt;
}

std::string cellJson(const analysis::ReachCell& c) {
    return core::format(
        "{\"x\": %.1f, \"y\": %.1f, \"z\": %.1f, \"listed\": %s, \"via\": \"%s\", \"from\": %d, "
        "\"deadly\": %s}",
        double(c.origin.x), double(c.origin.y), double(c.origin.z), c.listed ? "true" : "false",
        analysis::reachViaName(c.via), c.from, c.deadly ? "true" : "false");
}

} // namespace

std::vector<OptionSpec> reachOptions() {
    return {
        {"--grid", 1, false, "G", "cell size (default 16 units, 4-256): one floor sample per cell and level"},
        {"--threads", 1, false, "N", "worker threads (default 1, 1-64); the result is the same for any N"},
        {"--preset", 1, false, "melax|quake3", "the controller (default quake3, the game's movement)"},
        {"--curves", 1, false, "on|off", "patches collide (default on, as in the game)"},
        {"--semantics", 1, false, collision::semanticsNames(),
         "the collision rules (default robust: a player never ends a tick in solid)"},
        {"--set", 1, true, "NAME=VALUE", "a movement setting as in walk, e.g. gravity=600"},
        {"--no-jumps", 0, false, "", "walk and fall only (no running jumps)"},
        {"--top", 1, false, "N", "unreachable cells printed (default 200, 0 = all)"},
        {"--json", 1, false, "FILE", "also write every cell (reached or not, and how) and region as JSON"},
        basepathOption()};
}

int runReach(const Args& args) {
    auto cl = CommandLine::parse(args, reachOptions());
    if (!cl)
        return reachUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return reachUsage("expected one MAP argument");
    analysis::ReachSettings settings;
    if (auto error = readSettings(cl.value(), settings))
        return reachUsage(*error);
    long long top = 200;
    if (cl->has("--top")) {
        const auto v = parseInteger(cl->value("--top"));
        if (!v || *v < 0)
            return reachUsage("--top: expected a count from 0 up, got '" + cl->value("--top") + "'");
        top = *v;
    }
    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab reach: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    auto entities = bsp::parseEntities(map->data.entities, map->data.name);
    if (!entities) {
        std::fprintf(stderr, "cliplab reach: %s\n", entities.error().message.c_str());
        return kExitFailure;
    }
    const collision::Model model(map->data);
    auto found = analysis::findReach(map->data, model, entities.value(), settings);
    if (!found) {
        std::fprintf(stderr, "cliplab reach: %s\n", found.error().message.c_str());
        return kExitFailure;
    }
    const analysis::ReachMap& reach = found.value();
    const auto regions = analysis::unreachableRegions(reach, settings.movement.stepHeight);
    long long printed = 0;
    for (size_t r = 0; r < regions.size(); ++r) {
        if (top != 0 && printed >= top)
            break;
        const analysis::ReachCell& first = reach.cells[size_t(regions[r].front())];
        std::printf("region %zu cells=%zu setviewpos %.0f %.0f %.0f\n", r + 1, regions[r].size(),
                    double(first.origin.x), double(first.origin.y), double(first.origin.z));
        for (int32_t i : regions[r]) {
            if (top != 0 && printed >= top)
                break;
            const glm::vec3& o = reach.cells[size_t(i)].origin;
            std::printf("  unreachable %.1f %.1f %.1f setviewpos %.0f %.0f %.0f\n", double(o.x), double(o.y),
                        double(o.z), double(o.x), double(o.y), double(o.z));
            ++printed;
        }
    }
    std::array<size_t, 7> via{};
    for (size_t i = 0; i < reach.listed; ++i)
        ++via[size_t(reach.cells[i].via)];
    std::printf(
        "via spawn=%zu walk=%zu fall=%zu jump=%zu pad=%zu teleport=%zu regions=%zu spawns=%zu moves=%lld "
        "ticks=%lld\n",
        via[size_t(analysis::ReachVia::Spawn)], via[size_t(analysis::ReachVia::Walk)],
        via[size_t(analysis::ReachVia::Fall)], via[size_t(analysis::ReachVia::Jump)],
        via[size_t(analysis::ReachVia::Pad)], via[size_t(analysis::ReachVia::Teleport)], regions.size(),
        reach.spawns, static_cast<long long>(reach.moves), static_cast<long long>(reach.ticks));
    if (cl->has("--json")) {
        std::string json = "{\n  \"map\": " + core::jsonString(map->data.name) +
                           ",\n  \"grid\": " + core::format("%g", double(reach.grid)) + ",\n  \"cells\": [";
        for (size_t i = 0; i < reach.cells.size(); ++i)
            json += (i ? ",\n    " : "\n    ") + cellJson(reach.cells[i]);
        json += reach.cells.empty() ? "],\n  \"regions\": [" : "\n  ],\n  \"regions\": [";
        for (size_t r = 0; r < regions.size(); ++r) {
            json += r ? ",\n    [" : "\n    [";
            for (size_t k = 0; k < regions[r].size(); ++k)
                json += (k ? ", " : "") + std::to_string(regions[r][k]);
            json += "]";
        }
        json += regions.empty() ? "]\n}\n" : "\n  ]\n}\n";
        std::ofstream out(cl->value("--json"), std::ios::binary);
        out << json;
        out.close();
        if (!out) {
            std::fprintf(stderr, "cliplab reach: %s: cannot write file\n", cl->value("--json").c_str());
            return kExitFailure;
        }
    }
    std::printf("cells=%zu reachable=%zu unreachable=%zu deadly=%zu seconds=%.2f\n", reach.listed,
                reach.reachable, reach.unreachable(), reach.deadly, reach.seconds);
    return kExitOk;
}

} // namespace cliplab::cli
