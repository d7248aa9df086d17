// `cliplab snags MAP [soak options] [--loss SHARE] [--min-speed V] [--cell UNITS] [--top N]
// [--json FILE]`: the soak's walkers, and the places where they lose speed on the floor for no
// visible reason, end a tick in solid or get stuck, gathered into cells (analysis/Snags.h).

#include "analysis/Snags.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/SoakOptions.h"
#include "collision/Model.h"
#include "core/Format.h"

#include <cstdio>
#include <fstream>

namespace cliplab::cli {

namespace {

int snagsUsage(const std::string& message) {
    return cli::usageError("snags", message);
}

/// The command that replays the cell's example tick as the soak ran it.
std::string replayLine(const analysis::SnagCell& cell, const SoakRequest& r, const std::string& map) {
    return core::format(
        "cliplab soak %s --seed %llu --walkers %d --walker %d --ticks %lld --preset %s --curves %s "
        "--semantics %s%s --verbose",
        map.c_str(), static_cast<unsigned long long>(r.config.seed), r.config.walkers, cell.example.walker,
        static_cast<long long>(cell.example.tick + 1), movement::presetName(r.config.settings.preset),
        r.curves.c_str(), r.semantics.c_str(), r.repeated.c_str());
}

} // namespace

std::vector<OptionSpec> snagsOptions() {
    std::vector<OptionSpec> options = soakRunOptions();
    options.pop_back(); // --basepath last
    options.insert(
        options.end(),
        {{"--loss", 1, false, "SHARE",
          "a snag loses more than this share of the speed in one tick beyond what friction and the keys "
          "take (default 0.2, 0-1)"},
         {"--min-speed", 1, false, "V",
          "only ticks starting at this speed or more (default 150 units/s, 0-10000)"},
         {"--cell", 1, false, "UNITS", "size of the cells events are gathered in (default 64, 1-4096)"},
         {"--top", 1, false, "N", "cells printed, most events first (default 50, 0 = all)"},
         {"--json", 1, false, "FILE", "also write every cell as JSON"},
         basepathOption()});
    return options;
}

int runSnags(const Args& args) {
    auto cl = CommandLine::parse(args, snagsOptions());
    if (!cl)
        return snagsUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return snagsUsage("expected one MAP argument");
    SoakRequest r;
    if (auto error = readSoakRequest(cl.value(), r))
        return snagsUsage(*error);
    analysis::SnagSettings snag;
    if (cl->has("--loss")) {
        const auto v = parseNumber(cl->value("--loss"));
        if (!v || *v < 0.0 || *v > 1.0)
            return snagsUsage("--loss: expected a share from 0 to 1, got '" + cl->value("--loss") + "'");
        snag.lossShare = float(*v);
    }
    if (cl->has("--min-speed")) {
        const auto v = parseNumber(cl->value("--min-speed"));
        if (!v || *v < 0.0 || *v > 10000.0)
            return snagsUsage("--min-speed: expected a speed from 0 to 10000, got '" +
                              cl->value("--min-speed") + "'");
        snag.minSpeed = float(*v);
    }
    float cellSize = 64.0f;
    if (cl->has("--cell")) {
        const auto v = parseNumber(cl->value("--cell"));
        if (!v || *v < 1.0 || *v > 4096.0)
            return snagsUsage("--cell: expected a size from 1 to 4096, got '" + cl->value("--cell") + "'");
        cellSize = float(*v);
    }
    long long top = 50;
    if (cl->has("--top")) {
        const auto v = parseInteger(cl->value("--top"));
        if (!v || *v < 0)
            return snagsUsage("--top: expected a count from 0 up, got '" + cl->value("--top") + "'");
        top = *v;
    }
    const std::string mapArgument = cl->positionals()[0];
    auto map = openMap(cl.value(), mapArgument);
    if (!map) {
        std::fprintf(stderr, "cliplab snags: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    movement::SoakConfig& config = r.config;
    if (auto status = movement::soakSetupFromMap(map->data, config); !status) {
        std::fprintf(stderr, "cliplab snags: %s\n", status.error().message.c_str());
        return kExitFailure;
    }
    if (auto error = movement::validateSoakConfig(config)) {
        std::fprintf(stderr, "cliplab snags: %s: %s\n", map->data.name.c_str(), error->c_str());
        return kExitFailure;
    }
    const collision::Model model(map->data);
    const analysis::SnagRun run = analysis::findSnags(model, r.options, config, snag, cellSize);
    const movement::SoakReport& report = run.report;
    const size_t snags = run.snags;
    const std::vector<analysis::SnagCell>& cells = run.cells;
    for (size_t i = 0; i < cells.size() && (top == 0 || static_cast<long long>(i) < top); ++i) {
        const analysis::SnagCell& c = cells[i];
        std::printf(
            "cell %.0f %.0f %.0f snags=%d in_solid=%d stuck=%d worst_loss=%.2f setviewpos %.0f %.0f %.0f\n"
            "  replay: %s\n",
            double(c.centre.x), double(c.centre.y), double(c.centre.z), c.snags, c.inSolid, c.stuck,
            double(c.worstLoss), double(c.example.position.x), double(c.example.position.y),
            double(c.example.position.z), replayLine(c, r, mapArgument).c_str());
    }
    if (cl->has("--json")) {
        std::string json = "{\n  \"map\": " + core::jsonString(map->data.name) +
                           ",\n  \"cell_size\": " + core::format("%g", double(cellSize)) +
                           ",\n  \"cells\": [";
        for (size_t i = 0; i < cells.size(); ++i) {
            const analysis::SnagCell& c = cells[i];
            json += core::format(
                "%s\n    {\"x\": %.1f, \"y\": %.1f, \"z\": %.1f, \"snags\": %d, \"in_solid\": %d, "
                "\"stuck\": %d, \"worst_loss\": %.3f, \"replay\": %s}",
                i ? "," : "", double(c.centre.x), double(c.centre.y), double(c.centre.z), c.snags, c.inSolid,
                c.stuck, double(c.worstLoss), core::jsonString(replayLine(c, r, mapArgument)).c_str());
        }
        json += cells.empty() ? "]\n}\n" : "\n  ]\n}\n";
        std::ofstream out(cl->value("--json"), std::ios::binary);
        out << json;
        out.close();
        if (!out) {
            std::fprintf(stderr, "cliplab snags: %s: cannot write file\n", cl->value("--json").c_str());
            return kExitFailure;
        }
    }
    std::printf("ticks=%lld snags=%zu in_solid=%lld stuck=%lld cells=%zu us_per_tick=%.3f\n",
                static_cast<long long>(report.ticks), snags, static_cast<long long>(report.inSolid),
                static_cast<long long>(report.stuck), cells.size(), report.microsecondsPerTick());
    return kExitOk;
}

} // namespace cliplab::cli
