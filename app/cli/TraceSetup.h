#pragma once
/// \file TraceSetup.h
/// What `cliplab trace` and `cliplab bench-trace` share: their options, the input line format
/// `sx sy sz ex ey ez minx miny minz maxx maxy maxz`, and the output line format.

#include "cli/CommandLine.h"
#include "collision/Trace.h"
#include "core/Result.h"
#include "tracing/Tracing.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::cli {

/// One input line: a segment and a box (all-zero box = ray), optionally with its own shape and
/// contents mask.
struct TraceRequest {
    glm::vec3 start{0.0f}, end{0.0f}, mins{0.0f}, maxs{0.0f};
    /// The line's shape word (`ray`, `box`, `capsule`, `sphere R`, `cylinder R H`; mins/maxs are
    /// the line's): it wins over --shape. Unset: the shape comes from --shape and the box.
    std::optional<collision::Shape> shape;
    std::optional<int32_t> mask; ///< The line's `mask N`: wins over --mask.
};

/// Trace settings parsed from the command line.
struct TraceSettings {
    int32_t mask = 1; ///< --mask N (default CONTENTS_SOLID).
    /// --shape box|capsule|sphere|cylinder. Box (the default) and capsule read mins/maxs from each
    /// line; sphere and cylinder ignore them and use --radius and --half-height.
    collision::ShapeKind shape = collision::ShapeKind::Box;
    float radius = 0.0f;     ///< --radius R (units, [0, 4096]) for sphere and cylinder.
    float halfHeight = 0.0f; ///< --half-height H (units, [0, 4096]) for the cylinder.
    collision::TraceOptions options;
    /// --method brush (Model::trace, the default) or planeshift (the tree built for --mask).
    tracing::TraceMethod method = tracing::TraceMethod::Brush;
    bool planeShiftBevels = true; ///< --bevels on|off: bevel planes at the plane-shift tree's solid cells.
};

/// Reads --mask, --curves (on, the default as in the game: patches collide too; off by default and
/// refused on with --method planeshift, whose tree has no patches), --epsilon, --semantics
/// (default `defaultSemantics`), --capsule, --model, --shape, --radius, --half-height, --method,
/// --bevels (planeshift only traces the world: --model N > 0 is an error).
core::Result<TraceSettings>
parseTraceSettings(const CommandLine& cl,
                   collision::Semantics defaultSemantics = collision::Semantics::Quake3);

/// Reads every line of `in`. Blank lines are skipped; any other line must hold 12 finite numbers
/// `sx sy sz ex ey ez minx miny minz maxx maxy maxz`, or 6 `sx sy sz ex ey ez` (a zero box: a
/// ray unless a shape word follows), with start/end components within +/-1e6, box
/// components within +/-131072 and mins <= maxs on every axis (collision::checkTraceInput),
/// optionally followed by a shape (`ray`, `box`, `capsule`, `sphere R` or `cylinder R H`, R and H
/// in [0, 4096]) and then `mask N`; else the error names the line number (1-based) and what is
/// wrong.
core::Result<std::vector<TraceRequest>> readTraceRequests(std::FILE* in);

/// One input line for readTraceRequests that reads back as exactly this trace: numbers with 9
/// significant digits (floats round-trip), the shape word unless the plain 12 numbers already
/// mean `shape` (a box with some extent, or a ray), and `mask N`.
std::string formatTraceRequest(const collision::Shape& shape, const glm::vec3& start, const glm::vec3& end,
                               int32_t mask);

/// The shape a request stands for under `settings`.
collision::Shape requestShape(const TraceRequest& request, const TraceSettings& settings);

/// Traces one request by the method `settings` chose, with the request's mask when it has one,
/// else settings.mask (plane shifting: the tracer's tree for it, built on first use).
collision::TraceResult traceRequest(tracing::Tracer& tracer, const TraceRequest& request,
                                    const collision::Shape& shape, const TraceSettings& settings);

/// `fraction endx endy endz nx ny nz dist startsolid allsolid contents` with the documented formats.
std::string formatTraceResult(const collision::TraceResult& r);

/// Everything trace and bench-trace start with: parses `args` with `options` (traceOptions() and
/// the command's own, see Commands.h), opens
/// the map, builds its collision model and reads stdin. Prints the error and returns kExitUsage or
/// kExitFailure on failure, kExitOk otherwise.
int prepareTraceCommand(const char* command, const std::vector<std::string>& args,
                        const std::vector<OptionSpec>& options, CommandLine& cl, TraceSettings& settings,
                        std::vector<TraceRequest>& requests, std::unique_ptr<collision::Model>& model);

} // namespace cliplab::cli
