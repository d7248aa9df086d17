#pragma once
/// \file Trace.h
/// The public vocabulary of collision: shapes, options, results and statistics of a trace.
/// Movement and the viewer depend on these types only; collision::Model (Model.h) implements them.

#include "bsp/BspData.h"
#include "core/EnumNames.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::collision {

/// What is swept along the trace segment.
enum class ShapeKind {
    Ray,      ///< A point.
    Box,      ///< An axis-aligned box given by mins/maxs relative to the trace origin.
    Sphere,   ///< A sphere of `radius` centred on the trace origin (brush planes shifted by the radius).
    Capsule,  ///< ioquake3's capsule, derived from mins/maxs: radius = min(half x, half z), sphere
              ///< centres at +/-(half z - radius) from the box centre.
    Cylinder, ///< An upright (z axis) cylinder of `radius` and `halfHeight` centred on the trace origin
              ///< plus the middle of mins/maxs (zero unless set, e.g. a player box's middle):
              ///< planes shifted by its support radius * sqrt(nx^2 + ny^2) + halfHeight * |nz|.
};

/// Every shape kind and its name, in enum order: the one list the movement settings, the viewer's
/// choices, its console and its settings file read.
inline constexpr std::array<core::EnumName<ShapeKind>, 5> kShapeNames{{
    {ShapeKind::Ray, "ray"},
    {ShapeKind::Box, "box"},
    {ShapeKind::Sphere, "sphere"},
    {ShapeKind::Capsule, "capsule"},
    {ShapeKind::Cylinder, "cylinder"},
}};
static_assert(core::inEnumOrder(kShapeNames));

/// A swept shape. Build with the named constructors. Traces swap inverted mins/maxs, clamp extents
/// to +/-131072 and refuse NaN or infinite numbers (TraceLimits.h).
struct Shape {
    ShapeKind kind = ShapeKind::Ray;
    glm::vec3 mins{0.0f};    ///< Box/capsule lower corner relative to the origin (units).
    glm::vec3 maxs{0.0f};    ///< Box/capsule upper corner relative to the origin (units).
    float radius = 0.0f;     ///< Sphere or cylinder radius (units, >= 0).
    float halfHeight = 0.0f; ///< Cylinder half height along z (units, >= 0).

    static Shape ray() { return {}; }
    static Shape box(const glm::vec3& mins, const glm::vec3& maxs) {
        return {ShapeKind::Box, mins, maxs, 0.0f};
    }
    static Shape sphere(float radius) {
        return {ShapeKind::Sphere, glm::vec3(0.0f), glm::vec3(0.0f), radius};
    }
    static Shape capsule(const glm::vec3& mins, const glm::vec3& maxs) {
        return {ShapeKind::Capsule, mins, maxs, 0.0f};
    }
    /// Upright cylinder, `radius` and `halfHeight` in units (negative values count as 0).
    static Shape cylinder(float radius, float halfHeight) {
        return {ShapeKind::Cylinder, glm::vec3(0.0f), glm::vec3(0.0f), radius, halfHeight};
    }
};

/// Which rules a trace follows (docs/collision-modes.md compares them). The values are stored as
/// numbers in viewer.cfg: new semantics go at the end.
enum class Semantics {
    Quake3,   ///< ioquake3's CM_BoxTrace to the last bit: its brush test (a brush is skipped when
              ///< d1 > 0 && (d2 >= eps || d2 >= d1)), its node split, and q3map's leaf lists.
    Tutorial, ///< The BSP collision tutorial: skipped when d1 > 0 && d2 > 0, with its node split (no
              ///< 1-unit margin, no pruning beyond the nearest hit), no per-side fraction clamps, and
              ///< an all-solid brush does not zero the fraction.
    Robust,   ///< The game's brush and patch tests with two fixes that keep a box out of solid: the
              ///< near half of a node split reaches epsilon beyond the box (the game stops epsilon
              ///< short of it), and every brush and patch is tested in every leaf its bounds reach
              ///< (q3map leaves thin fragments and coarse patch chords out of its leaf lists).
    Quake3e,  ///< Quake3e's CM_BoxTrace (the engine of oDFe, which defrag runs on) to the last bit:
              ///< ioquake3's rules, with the distances to brush sides and node planes taken in double,
              ///< brush and patch bounds checked with a 0.25 margin, and patch facets built in double.
};

/// One row of the semantics' name table.
struct SemanticsName {
    Semantics value;       ///< The semantics.
    std::string_view name; ///< How the command line, recordings, ghosts and the viewer write it.
};

/// Every semantics and its name, in enum order (row i is Semantics(i)). The one list of the names:
/// parsers, printers, help texts and the viewer's choices all read it.
inline constexpr std::array<SemanticsName, 4> kSemanticsNames{{
    {Semantics::Quake3, "quake3"},
    {Semantics::Tutorial, "tutorial"},
    {Semantics::Robust, "robust"},
    {Semantics::Quake3e, "quake3e"},
}};

/// The name of `s` from kSemanticsNames ("quake3" for a number outside the enum).
const char* semanticsName(Semantics s);
/// The semantics named `name` in kSemanticsNames; nullopt for anything else.
std::optional<Semantics> parseSemantics(std::string_view name);
/// The names of kSemanticsNames joined by `separator`, in table order (help texts:
/// "quake3|tutorial|robust|quake3e").
std::string semanticsNames(std::string_view separator = "|");
/// The names as a choice for error messages: "quake3, tutorial, robust or quake3e".
std::string semanticsChoice();

/// Per-trace settings. Plain values; the defaults are ioquake3's.
struct TraceOptions {
    float epsilon = 0.125f; ///< Distance kept from surfaces (units); ioquake3's SURFACE_CLIP_EPSILON.
                            ///< Used clamped to [0, 16], NaN as 0.125 (TraceLimits.h).
    Semantics semantics = Semantics::Quake3; ///< The game's rules; movement defaults to Robust.
    bool curves = false; ///< Also collide with patches (curved surfaces), as the game does by default.
    /// With `curves`: point traces (rays and zero-size boxes) collide with patches too, as the
    /// game's cm_playerCurveClip 1 (its default); false lets them pass through patches, as
    /// cm_playerCurveClip 0 does.
    bool rayCurveClip = true;
    int32_t model = 0; ///< 0 = world, N = inline model *N at its rest position.

    /// Every field equal.
    bool operator==(const TraceOptions&) const = default;
};

/// Where and how a trace stopped.
struct TraceResult {
    float fraction = 1.0f;    ///< [0, 1]: how far along start->end the shape got.
    glm::vec3 endpos{0.0f};   ///< start + fraction * (end - start).
    bool startSolid = false;  ///< The start position is inside a brush.
    bool allSolid = false;    ///< The whole segment is inside one brush (fraction is then 0).
    bsp::Plane plane;         ///< Hit plane: the unshifted brush plane, or for a patch hit the facet plane
                              ///< with its distance shifted by the shape (as the game reports it); all
                              ///< zeros when nothing was hit.
    int32_t surfaceFlags = 0; ///< surf:: flags of the hit side's shader.
    int32_t contents = 0;     ///< contents:: of the hit brush.
    int32_t brush = -1;       ///< Index of the hit brush in BspData::brushes, -1 = none.
    int32_t brushSide = -1;   ///< Index of the hit side in BspData::brushSides, -1 = none.
    int32_t surface = -1;     ///< Patch surface index when a patch was hit, else -1.
    int32_t facet = -1;       ///< Facet of that patch (index in its PatchCollide::facets), else -1.
    bool refused = false;     ///< The input was unusable (NaN, infinite or beyond +/-1e6; see
                              ///< TraceLimits.h): nothing was traced, fraction 0 and all solid.
};

/// The point `fraction` of the way from `start` to `end` (units), as the game computes a trace's
/// end: `end` itself at fraction 1, else start + fraction * (end - start) axis by axis in float.
inline glm::vec3 traceEndPoint(const glm::vec3& start, const glm::vec3& end, float fraction) {
    if (fraction == 1.0f)
        return end;
    glm::vec3 p;
    for (int i = 0; i < 3; ++i)
        p[i] = start[i] + fraction * (end[i] - start[i]);
    return p;
}

/// Optional counters of one trace, for the debugger panel and benchmarks.
struct TraceStats {
    int32_t nodesVisited = 0;
    int32_t leavesVisited = 0;
    int32_t brushesTested = 0;
    int32_t brushesHit = 0; ///< Brushes that cut the segment (entered before leaving).
    /// Patches (curved surfaces) tested, with curves on: for a sweep, those its swept bounds reach.
    int32_t patchesTested = 0;
    std::vector<int32_t> testedBrushes; ///< Indices of the brushes tested, in order.
};

/// A trace as seen by movement code: shape, start, end (units) and contents mask.
using TraceFunction = std::function<TraceResult(const Shape& shape, const glm::vec3& start,
                                                const glm::vec3& end, int32_t mask)>;

} // namespace cliplab::collision
