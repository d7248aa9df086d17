#pragma once
/// \file Tracing.h
/// Which trace answers and what it runs against: the game's brush trace (collision::Model::trace)
/// or Melax's dynamic plane shifting (collision::PlaneShiftTree); the one rule for when plane
/// shifting can answer; the plane-shift trees of a map, built on first use; and "the trace
/// function for these rules". Replays, the viewer and the command line choose their traces here.

#include "collision/Model.h"
#include "collision/Trace.h"
#include "core/EnumNames.h"
#include "planeshift/PlaneShiftTree.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::tracing {

/// Which trace answers.
enum class TraceMethod {
    Brush,      ///< collision::Model::trace, the game's brush trace (default).
    PlaneShift, ///< Melax's plane shifting of a solid-leaf tree of the world's brushes: no patches,
                ///< no inline models, the game's epsilon rules (see planeShiftUnavailable).
    Both,       ///< Both on the same segment, side by side (the viewer's probe and sweep); the brush
                ///< trace answers wherever one answer is needed (the player's moves, recordings).
};

/// Every method and its name, in enum order: the command line's --method, recordings (which hold
/// brush or planeshift), ghosts' `trace=`, the viewer's Trace panel, console and settings file.
inline constexpr std::array<core::EnumName<TraceMethod>, 3> kTraceMethodNames{{
    {TraceMethod::Brush, "brush"},
    {TraceMethod::PlaneShift, "planeshift"},
    {TraceMethod::Both, "both"},
}};
static_assert(core::inEnumOrder(kTraceMethodNames));

/// The name of `method` in kTraceMethodNames ("brush" for a number outside the enum).
const char* traceMethodName(TraceMethod method);
/// The method named `name` in kTraceMethodNames; nullopt for anything else.
std::optional<TraceMethod> parseTraceMethod(std::string_view name);

/// A method that answers alone (Brush or PlaneShift: what a recording or a `trace=` override
/// holds) named `name`; nullopt for "both" and anything else.
std::optional<TraceMethod> parseSingleMethod(std::string_view name);
/// The names parseSingleMethod takes, as a choice for messages: "brush or planeshift".
std::string singleMethodChoice();

/// Why plane shifting cannot answer a trace with `options`, as a sentence, or nullptr when it can.
/// Its tree holds the world's brushes and clips its cells with the game's epsilon rules, so the
/// tutorial's semantics and inline models (options.model != 0) are the brush trace's alone.
/// Patches are never in the tree: with options.curves plane shifting still answers, without them.
const char* planeShiftUnavailable(const collision::TraceOptions& options);

/// `chosen`, or Brush when plane shifting is asked for (PlaneShift or Both) and cannot answer a
/// trace with `options`.
TraceMethod effectiveMethod(TraceMethod chosen, const collision::TraceOptions& options);

/// The one method that answers a trace with `options` when `chosen` is asked for: Brush for Both,
/// then effectiveMethod. Never Both.
TraceMethod answeringMethod(TraceMethod chosen, const collision::TraceOptions& options);

/// The rules a run or a tool traces by.
struct Rules {
    collision::TraceOptions options;         ///< Epsilon, semantics, curves, model.
    TraceMethod method = TraceMethod::Brush; ///< Asked for (answeringMethod decides).
    bool bevels = true;                      ///< Plane shifting: bevel planes at the tree's solid cells.
    bool operator==(const Rules&) const = default;
};

/// A collision model with its plane-shift trees, built on first use: one per (contents mask,
/// bevels) asked for, the most recent kMaxTrees kept (the player and the probes normally share one
/// mask; a tree is rebuilt identically when asked for again). Not thread-safe: the trees are built
/// lazily, also from inside the trace functions it gives out; one Tracer per thread.
class Tracer {
public:
    static constexpr size_t kMaxTrees = 4;

    /// `model` must outlive the tracer.
    explicit Tracer(const collision::Model& model);

    const collision::Model& model() const { return m_model; }

    /// The tree of the model's world brushes for `mask`, with or without bevels; built now (and the
    /// oldest dropped beyond kMaxTrees) when it is not there. Valid until the next tree is built.
    const collision::PlaneShiftTree& planeShiftTree(int32_t mask, bool bevels);
    /// The tree for `mask` and `bevels` if it was built, else nullptr. Never builds.
    const collision::PlaneShiftTree* findPlaneShiftTree(int32_t mask, bool bevels) const;
    /// Trees built since the tracer was made (rebuilds of a dropped tree count again).
    int treesBuilt() const { return m_builds; }

    /// One trace of `shape` from `start` to `end` (units) by `method` (Both traces by Brush;
    /// PlaneShift falls back to Brush when planeShiftUnavailable(options)), with `mask` (the
    /// plane-shift tree's mask) and `bevels`; counters into `stats` when given.
    collision::TraceResult trace(TraceMethod method, bool bevels, const collision::Shape& shape,
                                 const glm::vec3& start, const glm::vec3& end, int32_t mask,
                                 const collision::TraceOptions& options,
                                 collision::TraceStats* stats = nullptr);

    /// The trace function for `rules`: the brush trace with rules.options, or, when
    /// answeringMethod is PlaneShift, the plane-shift tree of the world for each contents mask asked
    /// for (the controller traces liquids with other masks than its own). The tracer must outlive
    /// the function.
    collision::TraceFunction function(const Rules& rules);

private:
    const collision::Model& m_model;
    std::vector<std::unique_ptr<collision::PlaneShiftTree>> m_trees; ///< Oldest first.
    int m_builds = 0;
};

} // namespace cliplab::tracing
