#pragma once
/// \file Commands.h
/// The `cliplab` sub-commands. Each runs with the arguments after its name and returns the exit code.

#include <span>
#include <string>
#include <vector>

namespace cliplab::cli {

using Args = std::vector<std::string>;

/// One sub-command.
struct Command {
    const char* name;    ///< e.g. "info".
    const char* usage;   ///< Arguments, e.g. "MAP [--json]".
    const char* summary; ///< One line for `cliplab --help`.
    int (*run)(const Args& args);
};

/// Every command, in the order `--help` lists them.
std::span<const Command> commands();

int runInfo(const Args& args);
int runCompile(const Args& args);
int runTrace(const Args& args);
int runBenchTrace(const Args& args);
int runWalk(const Args& args);
int runBenchWalk(const Args& args);
int runCompareMethods(const Args& args);
/// `cliplab compare-runs`: one recording replayed under two settings; exit 1 when the runs part.
int runCompareRuns(const Args& args);
/// `cliplab soak`: random walkers on a map, counting ticks in solid and walkers out of the world.
int runSoak(const Args& args);
/// `cliplab shot`: render a view of a map to a PNG (built with the viewer only).
int runShot(const Args& args);
/// `cliplab view` (and `cliplab [MAP]`): the interactive viewer (built with the viewer only).
int runView(const Args& args);
/// `cliplab MAP ...`: as runView (args start with MAP), but a bare name that is no map in the game
/// data is reported as an unknown command (exit 2).
int runViewMapFirst(const Args& args);

} // namespace cliplab::cli
