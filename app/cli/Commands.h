#pragma once
/// \file Commands.h
/// The `cliplab` sub-commands. Each runs with the arguments after its name and returns the exit
/// code. Each has one table of the options it parses (OptionSpec, with their help), from which
/// its usage line, `cliplab COMMAND --help` and its usage errors are made.

#include "cli/CommandLine.h"

#include <span>
#include <string>
#include <vector>

namespace cliplab::cli {

using Args = std::vector<std::string>;

/// One sub-command.
struct Command {
    const char* name;     ///< e.g. "info".
    const char* synopsis; ///< Arguments before the options, e.g. "MAP" or "MAP --script FILE".
    const char* summary;  ///< One line for `cliplab --help`.
    int (*run)(const Args& args);
    std::vector<OptionSpec> (*options)(); ///< Every option `run` parses: the table it parses with.
    const char* details = nullptr;        ///< More for `cliplab COMMAND --help` (may be null).
    /// A command whose options this one takes too (bench-trace: "trace"): the usage line says
    /// "[trace options]" for them; --help still lists every one.
    const char* sharesOptionsOf = nullptr;
};

/// Every command of the command line, in the order `--help` lists them. The viewer's (view, shot)
/// are the viewer library's (viewer/commands/ViewerCommands.h): the program lists them after these.
std::span<const Command> commands();
/// The command called `name` among commands(), or null.
const Command* findCommand(const std::string& name);
/// "cliplab NAME SYNOPSIS [--option VALUES] ...": every option of the table that the synopsis
/// does not name already (repeatable ones followed by "...", --basepath last), those shared with
/// another command as "[NAME options]".
std::string usageLine(const Command& command);
/// `cliplab COMMAND --help`: the usage line, the summary, one line per option, the details.
std::string commandHelp(const Command& command);
/// Prints "cliplab NAME: message" and the usage line of `command` on stderr; returns kExitUsage.
int usageError(const Command& command, const std::string& message);
/// usageError for the command called `name` in commands() (the message alone for another name).
int usageError(const char* name, const std::string& message);

int runInfo(const Args& args);
int runCompile(const Args& args);
/// `cliplab bench-compile`: the map compiler's speed (MB/s, brushes/s) on .map sources.
int runBenchCompile(const Args& args);
int runTrace(const Args& args);
int runBenchTrace(const Args& args);
/// `cliplab bench-load`: the time to read a map, check it and build its collision model.
int runBenchLoad(const Args& args);
int runWalk(const Args& args);
int runBenchWalk(const Args& args);
int runCompareMethods(const Args& args);
/// `cliplab compare-runs`: one recording replayed under two settings; exit 1 when the runs part.
int runCompareRuns(const Args& args);
/// `cliplab soak`: random walkers on a map, counting ticks in solid and walkers out of the world.
int runSoak(const Args& args);
/// `cliplab hull`: the world's brushes grown by a box, as OBJ (analysis/Hull.h).
int runHull(const Args& args);
/// `cliplab surfaces`: faces per surface class (analysis/SurfaceClass.h).
int runSurfaces(const Args& args);
/// `cliplab pads`: each trigger_push's launch and simulated flight (analysis/JumpPads.h).
int runJumppads(const Args& args);
/// `cliplab snags`: soak walkers' snags, in-solid ticks and stuck places by cell (analysis/Snags.h).
int runSnags(const Args& args);
/// `cliplab reach`: the walkable floor cells the player can get to from the spawn points (analysis/Reach.h).
int runReach(const Args& args);
/// `cliplab demo`: a Quake 3 / OpenArena demo's players, jumps and positions, checked against its map.
int runDemo(const Args& args);
/// `cliplab bench-demo`: the demo reader's speed (MB/s, snapshots/s).
int runBenchDemo(const Args& args);
/// `cliplab strafe`: one tick's strafe angles and snap zones in closed form (movement/Strafe.h).
int runStrafe(const Args& args);
/// `cliplab strafe-fill`: a recording's ticks aimed at the optimal strafe angle (replay/EditSession.h).
int runStrafeFill(const Args& args);

/// The option tables, one per command (bench-trace and compare-methods extend trace's, bench-walk
/// walk's).
std::vector<OptionSpec> infoOptions();
std::vector<OptionSpec> compileOptions();
std::vector<OptionSpec> benchCompileOptions();
std::vector<OptionSpec> traceOptions();
std::vector<OptionSpec> benchTraceOptions();
std::vector<OptionSpec> benchLoadOptions();
std::vector<OptionSpec> compareMethodsOptions();
std::vector<OptionSpec> walkOptions();
std::vector<OptionSpec> benchWalkOptions();
std::vector<OptionSpec> compareRunsOptions();
std::vector<OptionSpec> soakOptions();
std::vector<OptionSpec> hullOptions();
std::vector<OptionSpec> surfacesOptions();
std::vector<OptionSpec> jumppadsOptions();
std::vector<OptionSpec> snagsOptions();
std::vector<OptionSpec> reachOptions();
std::vector<OptionSpec> demoOptions();
std::vector<OptionSpec> benchDemoOptions();
std::vector<OptionSpec> strafeOptions();
std::vector<OptionSpec> strafeFillOptions();

} // namespace cliplab::cli
