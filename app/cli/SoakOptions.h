#pragma once
/// \file SoakOptions.h
/// The options of a soak run that `soak` and `snags` share: walkers, ticks, seed, preset, curves,
/// semantics and movement settings.

#include "cli/CommandLine.h"
#include "collision/Trace.h"
#include "movement/Soak.h"

#include <optional>
#include <string>
#include <vector>

namespace cliplab::cli {

/// What soak was asked for, beyond the movement::SoakConfig.
struct SoakRequest {
    movement::SoakConfig config;
    collision::TraceOptions options;
    std::string curves = "on";
    std::string semantics = collision::semanticsName(collision::Semantics::Robust);
    std::string repeated; ///< --set and --basepath items, repeated in the replay lines
    bool verbose = false, traces = false;
};

/// The shared options: --walkers, --ticks, --seed, --preset, --curves, --semantics, --set and
/// --basepath, with their help.
std::vector<OptionSpec> soakRunOptions();

/// Reads every option of `cl` that soak knows (the shared ones and --walker, --verbose, --traces
/// when present); an error text or nothing.
std::optional<std::string> readSoakRequest(const CommandLine& cl, SoakRequest& r);

} // namespace cliplab::cli
