#pragma once
/// \file MethodTrace.h
/// The viewer's side of the trace method switch (tracing::TraceMethod): timed traces by one method
/// or by both on the same segment, and recent trace times per method for the Stats panel. Which
/// method answers, the plane-shift trees and the rule for when plane shifting applies are the
/// tracing module's. No GL or ImGui here: the panels and the main loop call it, tests use it directly.

#include "collision/Trace.h"
#include "tracing/Tracing.h"

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

namespace cliplab::viewer {

/// The one trace method enum (tracing/Tracing.h), by its short name in the viewer.
using tracing::TraceMethod;

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

/// One trace by one method (`method` is Brush or PlaneShift).
struct MethodTrace {
    TraceMethod method = TraceMethod::Brush;
    collision::TraceResult result;
    collision::TraceStats stats;
    double microseconds = 0.0; ///< Wall time of the trace call.
};

/// Traces `shape` from `start` to `end` (units) through `tracer`'s model by `method`: Brush and
/// PlaneShift give one result, Both two (brush first, then plane shifting). Plane shifting falls
/// back to the brush trace when tracing::planeShiftUnavailable(options); its tree (for `mask` and
/// `bevels`) is built before the clock starts. Times are added to `times` ([0] brush,
/// [1] planeshift) when given.
std::vector<MethodTrace> traceByMethod(TraceMethod method, tracing::Tracer& tracer, bool bevels,
                                       const collision::Shape& shape, const glm::vec3& start,
                                       const glm::vec3& end, int32_t mask,
                                       const collision::TraceOptions& options,
                                       std::array<RecentTimes, 2>* times = nullptr);

} // namespace cliplab::viewer
