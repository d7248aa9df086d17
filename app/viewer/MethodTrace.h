#pragma once
/// \file MethodTrace.h
/// The viewer's trace method switch: the Quake 3 brush trace (collision::Model::trace),
/// Melax's dynamic plane shifting (collision::PlaneShiftTree), or both on the same segment; the
/// plane-shift trees the switch needs, built on first use; recent trace times per method.
/// No GL or ImGui here: the panels and the main loop call it, tests use it directly.

#include "collision/Model.h"
#include "collision/Trace.h"
#include "planeshift/PlaneShiftTree.h"

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

namespace cliplab::viewer {

/// Which trace the Trace panel's settings use.
enum class TraceMethod {
    Brush,      ///< The Quake 3 brush trace through the map's own tree.
    PlaneShift, ///< Melax's plane-shifted walk of a solid-leaf tree (world, the game's epsilon rules only).
    Both,       ///< Probe and sweep traced by both (drawn in two colours); the player moves by Brush.
};

/// "brush", "planeshift" or "both".
const char* methodName(TraceMethod method);

/// Why plane shifting cannot trace with `options` (a sentence for the panel), or nullptr when it
/// can: the tree holds the world's brushes only and clips cells with the game's epsilon rules (not the
/// tutorial's).
const char* planeShiftUnavailable(const collision::TraceOptions& options);

/// The method actually used: `chosen`, except Brush when plane shifting is unavailable.
TraceMethod effectiveMethod(TraceMethod chosen, const collision::TraceOptions& options);

/// The plane-shift trees of one map, built on first use: one per (contents mask, bevels) asked
/// for, the most recent kMaxTrees kept (the player and the probes normally share one mask).
/// Lives with the map it was built from (LoadedMap), so a new map starts with no trees.
class PlaneShiftCache {
public:
    static constexpr size_t kMaxTrees = 4;

    /// The tree of `model`'s world brushes for `mask` with or without bevels; builds it (and
    /// drops the oldest beyond kMaxTrees) when it is not there. `model` must outlive the cache.
    const collision::PlaneShiftTree& tree(const collision::Model& model, int32_t mask, bool bevels);
    /// The tree for `mask` and `bevels` if it was built, else nullptr. Never builds.
    const collision::PlaneShiftTree* find(int32_t mask, bool bevels) const;
    /// Trees built since the cache was made (rebuilds of an evicted tree count again).
    int builds() const { return m_builds; }

private:
    std::vector<std::unique_ptr<collision::PlaneShiftTree>> m_trees; ///< Oldest first.
    int m_builds = 0;
};

/// The last kWindow trace times of one method, for a cheap rolling mean.
class RecentTimes {
public:
    static constexpr size_t kWindow = 1024;
    /// Adds one trace's wall time (nanoseconds, >= 0; negative or non-finite values are ignored).
    void add(double ns);
    /// Mean of the kept times (nanoseconds); 0 when none.
    double meanNs() const { return m_values.empty() ? 0.0 : m_sum / double(m_values.size()); }
    size_t count() const { return m_values.size(); }
    void clear();

private:
    std::deque<double> m_values;
    double m_sum = 0.0;
};

/// One trace by one method (`method` is Brush or PlaneShift; Both counts as Brush).
struct MethodTrace {
    TraceMethod method = TraceMethod::Brush;
    collision::TraceResult result;
    collision::TraceStats stats;
    double microseconds = 0.0; ///< Wall time of the trace call.
};

/// Traces `shape` from `start` to `end` (units) through `model` by `method`: Brush and PlaneShift
/// give one result, Both two (brush first, then plane shifting). Plane shifting falls back to the
/// brush trace when planeShiftUnavailable(options); its tree comes from `cache` for `mask` and
/// `bevels` (built on first use). Times are added to `times` ([0] brush, [1] planeshift) when given.
std::vector<MethodTrace> traceByMethod(TraceMethod method, const collision::Model& model,
                                       PlaneShiftCache& cache, bool bevels, const collision::Shape& shape,
                                       const glm::vec3& start, const glm::vec3& end, int32_t mask,
                                       const collision::TraceOptions& options,
                                       std::array<RecentTimes, 2>* times = nullptr);

} // namespace cliplab::viewer
