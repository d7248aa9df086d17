// The hostile-number rules of the trace (TraceLimits.h): which inputs are refused, which clamped.

#include "collision/TraceLimits.h"

#include "core/Format.h"

#include <algorithm>
#include <cmath>

namespace cliplab::collision {

namespace {

bool finite3(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool usesBox(ShapeKind kind) {
    // The cylinder takes its centre from the middle of mins/maxs.
    return kind == ShapeKind::Box || kind == ShapeKind::Capsule || kind == ShapeKind::Cylinder;
}

bool usesRadius(ShapeKind kind) {
    return kind == ShapeKind::Sphere || kind == ShapeKind::Cylinder;
}

float clampExtent(float v) {
    return std::clamp(v, -kMaxExtent, kMaxExtent);
}

/// First bad component of a point for checkTraceInput, or nullopt.
std::optional<std::string> checkPoint(const char* name, const glm::vec3& p) {
    static const char* axes[3] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(p[i]))
            return core::format("%s %s is not finite (%g)", name, axes[i], double(p[i]));
        if (std::fabs(p[i]) > kMaxCoordinate)
            return core::format("%s %s = %g is beyond +/-%g", name, axes[i], double(p[i]),
                                double(kMaxCoordinate));
    }
    return std::nullopt;
}

std::optional<std::string> checkLength(const char* name, float v) {
    if (!std::isfinite(v))
        return core::format("%s is not finite (%g)", name, double(v));
    if (v < 0.0f)
        return core::format("%s = %g is negative", name, double(v));
    if (v > kMaxExtent)
        return core::format("%s = %g is beyond %g", name, double(v), double(kMaxExtent));
    return std::nullopt;
}

} // namespace

bool pointUsable(const glm::vec3& p) {
    // The negated comparison is also false for NaN.
    return std::fabs(p.x) <= kMaxCoordinate && std::fabs(p.y) <= kMaxCoordinate &&
           std::fabs(p.z) <= kMaxCoordinate;
}

bool traceInputUsable(const Shape& shape, const glm::vec3& start, const glm::vec3& end) {
    if (!pointUsable(start) || !pointUsable(end))
        return false;
    if (usesBox(shape.kind) && !(finite3(shape.mins) && finite3(shape.maxs)))
        return false;
    if (usesRadius(shape.kind) && !std::isfinite(shape.radius))
        return false;
    if (shape.kind == ShapeKind::Cylinder && !std::isfinite(shape.halfHeight))
        return false;
    return true;
}

Shape clampShape(const Shape& shape) {
    Shape s = shape;
    if (usesBox(s.kind))
        for (int i = 0; i < 3; ++i) {
            const float lo = clampExtent(std::min(shape.mins[i], shape.maxs[i]));
            const float hi = clampExtent(std::max(shape.mins[i], shape.maxs[i]));
            s.mins[i] = lo;
            s.maxs[i] = hi;
        }
    if (usesRadius(s.kind))
        s.radius = std::clamp(s.radius, 0.0f, kMaxExtent);
    if (s.kind == ShapeKind::Cylinder)
        s.halfHeight = std::clamp(s.halfHeight, 0.0f, kMaxExtent);
    return s;
}

float clampEpsilon(float epsilon) {
    if (std::isnan(epsilon))
        return kDefaultEpsilon;
    return std::clamp(epsilon, 0.0f, kMaxEpsilon);
}

glm::vec3 clampComponents(const glm::vec3& v, float limit) {
    glm::vec3 out;
    for (int i = 0; i < 3; ++i)
        out[i] = std::isnan(v[i]) ? 0.0f : std::clamp(v[i], -limit, limit);
    return out;
}

glm::vec3 clampPoint(const glm::vec3& p) {
    return clampComponents(p, kMaxCoordinate);
}

TraceResult refusedTrace(const glm::vec3& start) {
    TraceResult r;
    r.fraction = 0.0f;
    r.startSolid = true;
    r.allSolid = true;
    r.refused = true;
    r.endpos = clampPoint(start);
    return r;
}

std::optional<std::string> checkTraceInput(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                                           const TraceOptions& options) {
    if (auto e = checkPoint("start", start))
        return e;
    if (auto e = checkPoint("end", end))
        return e;
    if (usesBox(shape.kind)) {
        static const char* axes[3] = {"x", "y", "z"};
        for (int i = 0; i < 3; ++i) {
            for (const auto& [name, v] :
                 {std::pair{"mins", shape.mins[i]}, std::pair{"maxs", shape.maxs[i]}}) {
                if (!std::isfinite(v))
                    return core::format("%s %s is not finite (%g)", name, axes[i], double(v));
                if (std::fabs(v) > kMaxExtent)
                    return core::format("%s %s = %g is beyond +/-%g", name, axes[i], double(v),
                                        double(kMaxExtent));
            }
            if (shape.mins[i] > shape.maxs[i])
                return core::format("mins %s = %g is above maxs %s = %g", axes[i], double(shape.mins[i]),
                                    axes[i], double(shape.maxs[i]));
        }
    }
    if (usesRadius(shape.kind))
        if (auto e = checkLength("radius", shape.radius))
            return e;
    if (shape.kind == ShapeKind::Cylinder)
        if (auto e = checkLength("halfHeight", shape.halfHeight))
            return e;
    if (!(options.epsilon >= 0.0f && options.epsilon <= kMaxEpsilon))
        return core::format("epsilon = %g is not in [0, %g]", double(options.epsilon), double(kMaxEpsilon));
    return std::nullopt;
}

} // namespace cliplab::collision
