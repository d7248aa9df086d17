#pragma once
/// \file TraceLimits.h
/// What the trace does with hostile numbers (NaN, infinities, far coordinates, inverted or huge
/// shapes, bad epsilon). Model::trace, PlaneShiftTree::trace and stepAndCorrect apply these rules
/// themselves; the CLI uses checkTraceInput to turn the same cases into an error instead.
///
/// | input                                            | what the trace does                     |
/// |--------------------------------------------------|-----------------------------------------|
/// | start/end component NaN, +/-inf or beyond 1e6    | refused: refusedTrace(start)            |
/// | a shape number the kind uses is NaN or inf       | refused: refusedTrace(start)            |
/// | box/capsule/cylinder mins > maxs on an axis      | that axis swapped                       |
/// | mins/maxs component beyond +/-131072             | clamped to +/-kMaxExtent                |
/// | radius/halfHeight negative / beyond 131072       | 0 / kMaxExtent                          |
/// | epsilon NaN                                      | kDefaultEpsilon (0.125)                 |
/// | epsilon < 0 / > 16                               | 0 / kMaxEpsilon                         |
///
/// Epsilon 0 is allowed: the trace then stops exactly on surfaces (useful to see exact contacts),
/// and a following trace from that point starts solid in the touched brush, as the game would.

#include "collision/Trace.h"

#include <optional>
#include <string>

namespace cliplab::collision {

/// Largest |component| of a trace start or end (units). Quake 3 worlds span +/-65536 (the game's
/// MAX_WORLD_COORD is 131072); beyond a million units float spacing exceeds 1/16 unit.
inline constexpr float kMaxCoordinate = 1.0e6f;
/// Largest |component| of shape mins/maxs and largest radius or half height (units): twice the
/// game's world coordinate limit, so any shape that fits a map is untouched.
inline constexpr float kMaxExtent = 131072.0f;
/// Largest distance kept from surfaces (units); the CLI's --epsilon range is [0, 16] too.
inline constexpr float kMaxEpsilon = 16.0f;
/// What a NaN epsilon becomes (ioquake3's SURFACE_CLIP_EPSILON, TraceOptions' default).
inline constexpr float kDefaultEpsilon = 0.125f;

/// True when every component of `p` is finite and within +/-kMaxCoordinate.
bool pointUsable(const glm::vec3& p);

/// True when start, end and the numbers `shape.kind` uses are finite and the points within
/// +/-kMaxCoordinate: the trace runs (with clampShape and clampEpsilon applied), else it is refused.
bool traceInputUsable(const Shape& shape, const glm::vec3& start, const glm::vec3& end);

/// Fast check used before the others: true when the input is usable and clampShape and
/// clampEpsilon would change nothing (points within +/-kMaxCoordinate; for the fields the kind
/// uses: mins <= maxs within +/-kMaxExtent, radius and halfHeight in [0, kMaxExtent]; epsilon in
/// [0, kMaxEpsilon]). Inline: every trace pays it. NaN fails every comparison.
inline bool traceInputInRange(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                              float epsilon) {
    auto within = [](float v, float limit) { return v >= -limit && v <= limit; };
    bool ok = within(start.x, kMaxCoordinate) && within(start.y, kMaxCoordinate) &&
              within(start.z, kMaxCoordinate) && within(end.x, kMaxCoordinate) &&
              within(end.y, kMaxCoordinate) && within(end.z, kMaxCoordinate) && epsilon >= 0.0f &&
              epsilon <= kMaxEpsilon;
    switch (shape.kind) {
    case ShapeKind::Ray:
        break;
    case ShapeKind::Cylinder:
        ok = ok && shape.halfHeight >= 0.0f && shape.halfHeight <= kMaxExtent;
        [[fallthrough]];
    case ShapeKind::Box:
    case ShapeKind::Capsule:
        for (int i = 0; i < 3; ++i)
            ok = ok && shape.mins[i] >= -kMaxExtent && shape.mins[i] <= shape.maxs[i] &&
                 shape.maxs[i] <= kMaxExtent;
        if (shape.kind != ShapeKind::Cylinder)
            break;
        [[fallthrough]];
    case ShapeKind::Sphere:
        ok = ok && shape.radius >= 0.0f && shape.radius <= kMaxExtent;
        break;
    }
    return ok;
}

/// The shape actually traced for a usable input: inverted axes swapped, mins/maxs clamped to
/// +/-kMaxExtent, radius and halfHeight clamped to [0, kMaxExtent]. Unused fields are left alone.
Shape clampShape(const Shape& shape);

/// The epsilon actually used: NaN -> kDefaultEpsilon, else clamped to [0, kMaxEpsilon] (units).
float clampEpsilon(float epsilon);

/// `p` with NaN components replaced by 0 and the rest clamped to +/-kMaxCoordinate.
glm::vec3 clampPoint(const glm::vec3& p);

/// The result of a refused trace: fraction 0, startSolid and allSolid set (callers that ignore
/// `refused` treat it as blocked and do not move), refused set, endpos = clampPoint(start).
TraceResult refusedTrace(const glm::vec3& start);

/// Applies the rules above for a trace entry point: `traceInRange(shape, options)` is called with
/// the request as given when it is in range (the usual case: one inline check), with clampShape
/// and clampEpsilon applied when it is usable but not in range, and not at all when it is refused
/// (then refusedTrace(start)). Model::trace and PlaneShiftTree::trace both go through it.
template <class TraceInRange>
TraceResult traceWithinLimits(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                              const TraceOptions& options, TraceInRange&& traceInRange) {
    if (traceInputInRange(shape, start, end, options.epsilon))
        return traceInRange(shape, options);
    if (!traceInputUsable(shape, start, end))
        return refusedTrace(start);
    TraceOptions clamped = options;
    clamped.epsilon = clampEpsilon(options.epsilon);
    return traceInRange(clampShape(shape), clamped);
}

/// `v` with NaN components replaced by 0 and the rest clamped to +/-`limit`.
glm::vec3 clampComponents(const glm::vec3& v, float limit);

/// Strict check for front ends (CLI input lines): nullopt when the trace would run unchanged,
/// else one sentence naming the argument (start, end, mins, maxs, radius, halfHeight, epsilon)
/// and what is wrong: not finite, beyond the limit, mins above maxs, negative.
std::optional<std::string> checkTraceInput(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                                           const TraceOptions& options = {});

} // namespace cliplab::collision
