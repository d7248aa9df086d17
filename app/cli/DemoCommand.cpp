// `cliplab demo FILE [--positions] [--map MAP] [--json FILE] [--reach [--grid G] [--threads N]]`: a Quake 3 /
// OpenArena demo's map, protocol, length and players; per player the distance, top speed and
// jumps; optionally every position; the player state's positions tested against the map; with
// --reach the floor cells players stood on that the reach analysis calls unreachable.

#include "analysis/Reach.h"
#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/DemoReport.h"
#include "cli/MapOpen.h"
#include "cli/SharedOptions.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "demo/DemoOpen.h"
#include "world/MapLoader.h"

#include <cstdio>
#include <fstream>
#include <memory>

namespace cliplab::cli {

namespace {

int demoUsage(const std::string& message) {
    return cli::usageError("demo", message);
}

int demoFailure(const std::string& message) {
    std::fprintf(stderr, "cliplab demo: %s\n", message.c_str());
    return kExitFailure;
}

/// The reach options, or an error text.
std::optional<std::string> readReachSettings(const CommandLine& cl, analysis::ReachSettings& s) {
    if (!cl.has("--reach") && (cl.has("--grid") || cl.has("--threads")))
        return std::string("--grid and --threads set up --reach; give --reach too");
    return readReachGrid(cl, s);
}

/// The map's checks: in-solid player states and, when asked, the reach comparison.
struct MapChecks {
    bool haveMap = false;
    std::string mapProblem; ///< Why there is no map.
    std::vector<demo::SolidSample> solid;
    std::vector<demo::SolidSample> solidEntities;
    std::optional<analysis::ReachMap> reach;
    demo::ReachComparison comparison;
};

/// Loads the demo's map (or `mapArgument` when given) and runs the checks. An error only when
/// --reach cannot run or --map does not load.
core::Result<MapChecks> checkAgainstMap(const demo::Demo& d, const fs::FileSystem* vfs,
                                        const std::string& mapArgument, bool reach,
                                        const analysis::ReachSettings& settings) {
    MapChecks checks;
    auto map = mapArgument.empty() ? demo::loadDemoMap(d, vfs) : world::loadMap(mapArgument, vfs);
    if (!map && !mapArgument.empty())
        return map.error();
    if (!map) {
        if (reach)
            return map.error();
        checks.mapProblem = map.error().message;
        return checks;
    }
    checks.haveMap = true;
    const collision::Model model(map.value());
    checks.solid = demo::solidPlayerStates(d, model);
    checks.solidEntities = demo::solidEntities(d, model);
    if (!reach)
        return checks;
    auto entities = bsp::parseEntities(map->entities, map->name);
    if (!entities)
        return entities.error();
    auto found = analysis::findReach(map.value(), model, entities.value(), settings);
    if (!found)
        return found.error();
    checks.comparison = demo::compareWithReach(d, found.value(), model, settings.movement.stepHeight);
    checks.reach = std::move(found.value());
    return checks;
}

} // namespace

std::vector<OptionSpec> demoOptions() {
    return {
        {"--positions", 0, false, "",
         "also one 'pos' line per snapshot per player (time, client, origin, velocity, ground, ducked, type, "
         "source)"},
        {"--map", 1, false, "MAP",
         "check against this map (a .bsp path or a name in the game data) instead of the one the demo names, "
         "e.g. another version of it"},
        {"--json", 1, false, "FILE", "also write the report (and with --positions every position) as JSON"},
        {"--reach", 0, false, "",
         "flood the map's floor from its spawn points (as cliplab reach, quake3 preset) and list the cells "
         "players stood on that the flood never gets to"},
        {"--grid", 1, false, "G", "with --reach: cell size (default 16 units, 4-256), as cliplab reach"},
        {"--threads", 1, false, "N", "with --reach: worker threads (default 1, 1-64)"},
        basepathOption()};
}

int runDemo(const Args& args) {
    auto cl = CommandLine::parse(args, demoOptions());
    if (!cl)
        return demoUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return demoUsage(
            "expected one demo FILE (a path, or a name in the game data such as demos/NAME.dm_71)");
    analysis::ReachSettings reachSettings;
    if (auto error = readReachSettings(cl.value(), reachSettings))
        return demoUsage(*error);
    auto vfs = mountGameData(cl.value());
    if (!vfs)
        return demoFailure(vfs.error().message);
    auto d = demo::openDemo(cl->positionals()[0], vfs.value().get());
    if (!d)
        return demoFailure(d.error().message);
    auto checks =
        checkAgainstMap(d.value(), vfs.value().get(), cl->value("--map"), cl->has("--reach"), reachSettings);
    if (!checks)
        return demoFailure(checks.error().message);
    DemoReport report(d.value());
    if (checks->haveMap)
        report.setSolid(checks->solid, checks->solidEntities);
    else
        std::fprintf(stderr, "cliplab demo: %s: in_solid not checked\n", checks->mapProblem.c_str());
    if (checks->reach)
        report.setReach(*checks->reach, checks->comparison);
    std::string text = report.text(cl->has("--positions"));
    std::fputs(text.c_str(), stdout);
    if (cl->has("--json")) {
        std::ofstream out(cl->value("--json"), std::ios::binary);
        out << report.json(cl->has("--positions"));
        out.close();
        if (!out)
            return demoFailure(cl->value("--json") + ": cannot write file");
    }
    return kExitOk;
}

} // namespace cliplab::cli
