#include "viewer/Probes.h"

#include "viewer/Limits.h"

#include <algorithm>
#include <cmath>

namespace cliplab::viewer {

collision::Shape ProbeSettings::probeShape() const {
    switch (shape) {
    case collision::ShapeKind::Ray:
        return collision::Shape::ray();
    case collision::ShapeKind::Box:
        return collision::Shape::box(mins, maxs);
    case collision::ShapeKind::Sphere:
        return collision::Shape::sphere(radius);
    case collision::ShapeKind::Capsule:
        return collision::Shape::capsule(mins, maxs);
    case collision::ShapeKind::Cylinder:
        return collision::Shape::cylinder(radius, halfHeight);
    }
    return collision::Shape::ray();
}

std::optional<collision::Semantics> comparedSemantics(bool compare, collision::Semantics semantics) {
    if (!compare)
        return std::nullopt;
    switch (semantics) {
    case collision::Semantics::Quake3:
        return collision::Semantics::Robust;
    case collision::Semantics::Robust:
        return collision::Semantics::Quake3;
    case collision::Semantics::Quake3e: // where Quake3e parts from ioquake3
        return collision::Semantics::Quake3;
    case collision::Semantics::Tutorial:
        return std::nullopt;
    }
    return std::nullopt;
}

void Probes::setProbe(std::vector<LoggedTrace> traces) {
    m_probe.reset();
    m_probeCompare.reset();
    if (!traces.empty())
        m_probe = std::move(traces.front());
    if (traces.size() > 1)
        m_probeCompare = std::move(traces[1]);
}

void Probes::clearProbe() {
    m_probe.reset();
    m_probeCompare.reset();
}

void Probes::setSweep(const SweepTool& s) {
    m_sweep.enabled = s.enabled;
    const float far = limits::kSweepCoordinate;
    for (int i = 0; i < 3; ++i) {
        m_sweep.start[i] = std::isnan(s.start[i]) ? 0.0f : std::clamp(s.start[i], -far, far);
        m_sweep.end[i] = std::isnan(s.end[i]) ? 0.0f : std::clamp(s.end[i], -far, far);
    }
}

void Probes::inspectTrace(const LoggedTrace& logged, const std::string& source) {
    Inspection in;
    in.source = source;
    const collision::TraceResult& r = logged.result;
    in.hit = r.fraction < 1.0f || r.startSolid;
    in.brush = r.brush;
    in.brushSide = r.brushSide;
    in.surface = r.surface;
    in.facet = r.facet;
    in.point = r.endpos;
    m_inspection = in;
}

void Probes::inspectBrush(int32_t brush, const std::string& source) {
    Inspection in;
    in.source = source;
    in.brush = brush;
    m_inspection = in;
}

void Probes::clearResults() {
    clearProbe();
    m_sweepTrace.clear();
    m_selected = m_shownBrush = -1;
    m_inspection.reset();
}

} // namespace cliplab::viewer
