#include "tracing/Tracing.h"

namespace cliplab::tracing {

const char* traceMethodName(TraceMethod method) {
    return core::nameOf(kTraceMethodNames, method, kTraceMethodNames[0].name).data(); // literals
}

std::optional<TraceMethod> parseTraceMethod(std::string_view name) {
    return core::valueOf(kTraceMethodNames, name);
}

std::optional<TraceMethod> parseSingleMethod(std::string_view name) {
    const auto m = parseTraceMethod(name);
    return m && *m != TraceMethod::Both ? m : std::nullopt;
}

std::string singleMethodChoice() {
    return std::string(traceMethodName(TraceMethod::Brush)) + " or " +
           traceMethodName(TraceMethod::PlaneShift);
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

TraceMethod answeringMethod(TraceMethod chosen, const collision::TraceOptions& options) {
    return chosen == TraceMethod::PlaneShift ? effectiveMethod(chosen, options) : TraceMethod::Brush;
}

Tracer::Tracer(const collision::Model& model) : m_model(model) {}

const collision::PlaneShiftTree& Tracer::planeShiftTree(int32_t mask, bool bevels) {
    if (const collision::PlaneShiftTree* t = findPlaneShiftTree(mask, bevels))
        return *t;
    if (m_trees.size() >= kMaxTrees)
        m_trees.erase(m_trees.begin());
    m_trees.push_back(
        std::make_unique<collision::PlaneShiftTree>(collision::PlaneShiftTree::build(m_model, mask, bevels)));
    ++m_builds;
    return *m_trees.back();
}

const collision::PlaneShiftTree* Tracer::findPlaneShiftTree(int32_t mask, bool bevels) const {
    for (const auto& t : m_trees)
        if (t->mask() == mask && t->bevels() == bevels)
            return t.get();
    return nullptr;
}

collision::TraceResult Tracer::trace(TraceMethod method, bool bevels, const collision::Shape& shape,
                                     const glm::vec3& start, const glm::vec3& end, int32_t mask,
                                     const collision::TraceOptions& options, collision::TraceStats* stats) {
    if (answeringMethod(method, options) == TraceMethod::PlaneShift)
        return planeShiftTree(mask, bevels).trace(shape, start, end, options, stats);
    return m_model.trace(shape, start, end, mask, options, stats);
}

collision::TraceFunction Tracer::function(const Rules& rules) {
    if (answeringMethod(rules.method, rules.options) == TraceMethod::Brush)
        return m_model.traceFunction(rules.options);
    return [this, options = rules.options, bevels = rules.bevels](
               const collision::Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t mask) {
        return planeShiftTree(mask, bevels).trace(shape, start, end, options);
    };
}

} // namespace cliplab::tracing
