#include "viewer/MethodTrace.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace cliplab::viewer {

void RecentTimes::add(double ns) {
    if (!std::isfinite(ns) || ns < 0.0)
        return;
    m_values.push_back(ns);
    m_sum += ns;
    if (m_values.size() > kWindow) {
        m_sum -= m_values.front();
        m_values.pop_front();
    }
    // Rounding drift of the running sum stays tiny over a window this short, but never negative.
    m_sum = std::max(m_sum, 0.0);
}

void RecentTimes::clear() {
    m_values.clear();
    m_sum = 0.0;
}

std::vector<MethodTrace> traceByMethod(TraceMethod method, tracing::Tracer& tracer, bool bevels,
                                       const collision::Shape& shape, const glm::vec3& start,
                                       const glm::vec3& end, int32_t mask,
                                       const collision::TraceOptions& options,
                                       std::array<RecentTimes, 2>* times) {
    method = tracing::effectiveMethod(method, options);
    std::vector<MethodTrace> out;
    auto run = [&](TraceMethod m) {
        MethodTrace t;
        t.method = m;
        const bool shifted = m == TraceMethod::PlaneShift;
        // Built before the clock starts: the first trace after a change must not count the build.
        if (shifted)
            (void)tracer.planeShiftTree(mask, bevels);
        const auto t0 = std::chrono::steady_clock::now();
        t.result = tracer.trace(m, bevels, shape, start, end, mask, options, &t.stats);
        t.microseconds =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        if (times)
            (*times)[shifted ? 1 : 0].add(t.microseconds * 1000.0);
        out.push_back(std::move(t));
    };
    if (method != TraceMethod::PlaneShift)
        run(TraceMethod::Brush);
    if (method != TraceMethod::Brush)
        run(TraceMethod::PlaneShift);
    return out;
}

} // namespace cliplab::viewer
