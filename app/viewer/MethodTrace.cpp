#include "viewer/MethodTrace.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace cliplab::viewer {

const char* methodName(TraceMethod method) {
    switch (method) {
    case TraceMethod::Brush:
        return "brush";
    case TraceMethod::PlaneShift:
        return "planeshift";
    case TraceMethod::Both:
        return "both";
    }
    return "brush";
}

const char* planeShiftUnavailable(const collision::TraceOptions& options) {
    if (options.semantics == collision::Semantics::Tutorial)
        return "plane shifting clips cells with the game's epsilon rules only (semantics is tutorial)";
    if (options.model != 0)
        return "plane shifting traces the world only (an inline model is selected)";
    return nullptr;
}

TraceMethod effectiveMethod(TraceMethod chosen, const collision::TraceOptions& options) {
    return planeShiftUnavailable(options) ? TraceMethod::Brush : chosen;
}

const collision::PlaneShiftTree& PlaneShiftCache::tree(const collision::Model& model, int32_t mask,
                                                       bool bevels) {
    if (const collision::PlaneShiftTree* t = find(mask, bevels))
        return *t;
    if (m_trees.size() >= kMaxTrees)
        m_trees.erase(m_trees.begin());
    m_trees.push_back(
        std::make_unique<collision::PlaneShiftTree>(collision::PlaneShiftTree::build(model, mask, bevels)));
    ++m_builds;
    return *m_trees.back();
}

const collision::PlaneShiftTree* PlaneShiftCache::find(int32_t mask, bool bevels) const {
    for (const auto& t : m_trees)
        if (t->mask() == mask && t->bevels() == bevels)
            return t.get();
    return nullptr;
}

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

std::vector<MethodTrace> traceByMethod(TraceMethod method, const collision::Model& model,
                                       PlaneShiftCache& cache, bool bevels, const collision::Shape& shape,
                                       const glm::vec3& start, const glm::vec3& end, int32_t mask,
                                       const collision::TraceOptions& options,
                                       std::array<RecentTimes, 2>* times) {
    method = effectiveMethod(method, options);
    std::vector<MethodTrace> out;
    auto run = [&](TraceMethod m) {
        MethodTrace t;
        t.method = m;
        // Built before the clock starts: the first trace after a change must not count the build.
        const collision::PlaneShiftTree* tree =
            m == TraceMethod::PlaneShift ? &cache.tree(model, mask, bevels) : nullptr;
        const auto t0 = std::chrono::steady_clock::now();
        t.result = tree ? tree->trace(shape, start, end, options, &t.stats)
                        : model.trace(shape, start, end, mask, options, &t.stats);
        t.microseconds =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
        if (times)
            (*times)[tree ? 1 : 0].add(t.microseconds * 1000.0);
        out.push_back(std::move(t));
    };
    if (method != TraceMethod::PlaneShift)
        run(TraceMethod::Brush);
    if (method != TraceMethod::Brush)
        run(TraceMethod::PlaneShift);
    return out;
}

} // namespace cliplab::viewer
