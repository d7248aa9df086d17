#pragma once
/// \file SharedOptions.h
/// Options more than one command takes, each in one place: its table entry (values, help with
/// range and default), its parsing and its bounds, so the commands taking it agree.
///   --size WxH   shot (the picture) and view (the window)
///   --hz N       walk, bench-walk and view (with --script)
///   a walk script FILE, read and parsed for walk, bench-walk and view --script
///   --grid G and --threads N   reach and demo --reach

#include "analysis/Reach.h"
#include "cli/CommandLine.h"
#include "collision/Trace.h"
#include "core/Result.h"
#include "movement/WalkScript.h"

#include <optional>
#include <string>
#include <vector>

namespace cliplab::cli {

/// Smallest and largest picture or window side for --size (pixels).
inline constexpr int kMinImageSide = 64;
inline constexpr int kMaxImageSide = 8192;

/// A width and height in pixels.
struct ImageSize {
    int width = 0;
    int height = 0;
};

/// The --size entry of an option table; `what` names the thing sized ("picture", "window").
OptionSpec sizeOption(const std::string& what);
/// --size when given (nullopt when absent): WIDTHxHEIGHT, each in [kMinImageSide,
/// kMaxImageSide]. The error names the option, the value and the range.
core::Result<std::optional<ImageSize>> parseSize(const CommandLine& cl);

/// The --hz entry of an option table; `context` prefixes the help (e.g. "with --script: ").
OptionSpec hzOption(const std::string& context = "");
/// --hz when given (nullopt when absent): ticks per second in [Simulation::kMinRate, kMaxRate].
core::Result<std::optional<double>> parseHz(const CommandLine& cl);

/// --curves (on|off, default on as in the game) and --semantics (a name of collision::kSemanticsNames,
/// default `defaultSemantics`) into `options`; the error names the option and the value, or nothing.
std::optional<std::string> readCollisionRules(const CommandLine& cl, collision::TraceOptions& options,
                                              collision::Semantics defaultSemantics);

/// --grid (cell size in units, [4, 256]) and --threads ([1, 64]) of the reach search into
/// `settings` when given; the error names the option, the value and the range, or nothing.
std::optional<std::string> readReachGrid(const CommandLine& cl, analysis::ReachSettings& settings);

/// A walk script loaded for a command: its steps, or what is wrong and the exit code for it.
struct ScriptLoad {
    std::vector<movement::ScriptStep> steps;
    std::string error;      ///< Empty on success; else names the file and what is wrong.
    int exitCode = kExitOk; ///< kExitOk; kExitFailure when it cannot be read; kExitUsage when malformed.
};

/// Reads and parses the walk script at `path` ("-": standard input; the format is
/// movement/WalkScript.h's).
ScriptLoad loadWalkScript(const std::string& path);

} // namespace cliplab::cli
