#pragma once
/// \file TraceWork.h
/// Internal: the per-trace state shared by the sweep and the position test. Lives on the caller's
/// stack for the duration of one trace; nothing in it is ever written into the Model.

#include "collision/Model.h"
#include "geometry/Support.h"
#include "geometry/Vector.h"

#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cliplab::collision::detail {

/// Everything one trace reads and writes while it walks the model. The arrays without an
/// initializer are filled by Model::trace before anything reads them (the sweep's only in a
/// sweep): a trace is short, and clearing them first would cost a noticeable part of it.
struct TraceWork {
    glm::vec3 start{0.0f}, end{0.0f}; ///< Segment of the shape's centre (box made symmetric).
    glm::vec3 size[2];                ///< Symmetric half box: size[0] = -size[1].
    glm::vec3 offsets[8];             ///< Box corner for each plane sign-bits value.
    glm::vec3 extents{0.0f};          ///< Half size per axis used to widen node planes.
    glm::vec3 bounds[2];              ///< Box swept over the whole segment, for brush culling.
    /// bounds[0] and bounds[1] as x y z 0, for the four-wide bounds checks (sweptOverlaps).
    alignas(16) float swept[2][4];
    /// Per axial side (-x +x -y +y -z +z, then two zeros): what the box adds to the side's
    /// distance (size[1][k] for -axis k, -size[0][k] for +axis k) and the segment's ends measured
    /// along the side's normal (-start[k] or start[k], -end[k] or end[k]). Sweeps only.
    alignas(16) float axialShift[8];
    alignas(16) float axialStart[8];
    alignas(16) float axialEnd[8];
    bool isPoint = false;         ///< Ray: node planes are not widened.
    bool sphere = false;          ///< Sphere or capsule: planes shifted by `radius`.
    float radius = 0.0f;          ///< Sphere or cylinder radius (units).
    bool cylinder = false;        ///< Upright cylinder: size[1] = (radius, radius, half height).
    glm::vec3 sphereOffset{0.0f}; ///< Capsule: offset of the upper sphere centre from the middle.
    int32_t mask = 0;
    float epsilon = 0.125f;
    bool quake3 = true;  ///< The game's brush tests (quake3 and robust); false = the tutorial's.
    bool robust = false; ///< Completed leaf lists and the node split reaching eps beyond.
    /// Quake3e: distances to brush sides and node planes in double, and its patch facets.
    bool quake3e = false;
    /// How far brush and patch bounds are grown before the swept bounds are checked against them
    /// (units): the epsilon, as ioquake3; Quake3e's 0.25, or the epsilon when larger.
    float boundsMargin = 0.125f;
    /// Margin beyond the shape's support before a sub-segment counts as wholly on one side of a
    /// node plane: the game's 1 unit; robust widens it for epsilons that would reach past it; 0
    /// for the tutorial.
    float nodeMargin = 1.0f;
    bool curves = false;      ///< Collide with patches too.
    bool rayCurveClip = true; ///< Points collide with patches (TraceOptions::rayCurveClip).
    TraceResult result;
    uint32_t* stamps = nullptr; ///< Per-thread visited marks: brushes, then patches.
    size_t patchStampBase = 0;  ///< Index in `stamps` of patch 0's mark (= brush count).
    uint32_t generation = 0;    ///< Mark value meaning "visited in this trace".
    TraceStats* stats = nullptr;
};

/// The brush test's bounds check (margin TraceWork::boundsMargin) against a box given as x y z in the first
/// three floats of `mins` and `maxs` (the fourth of each is read and ignored): false when the swept bounds
/// miss it on some axis. The same float operations as the game's check, four wide.
#if defined(__SSE2__)
/// The game's side fractions for four planes at once: (d1 - eps) / (d1 - d2) where `entering` is
/// set, (d1 + eps) / (d1 - d2) elsewhere, the numerator in double, d1 - d2 taken in float, the
/// quotient rounded to float; the same operations as one plane at a time. No clamping.
inline __m128 sideFractions(__m128 d1, __m128 d2, __m128 entering, __m128d eps) {
    const __m128 den = _mm_sub_ps(d1, d2);
    const __m128d d1lo = _mm_cvtps_pd(d1), d1hi = _mm_cvtps_pd(_mm_movehl_ps(d1, d1));
    const __m128d denlo = _mm_cvtps_pd(den), denhi = _mm_cvtps_pd(_mm_movehl_ps(den, den));
    const __m128 inlo = _mm_unpacklo_ps(entering, entering), inhi = _mm_unpackhi_ps(entering, entering);
    const __m128d numlo = _mm_or_pd(_mm_and_pd(_mm_castps_pd(inlo), _mm_sub_pd(d1lo, eps)),
                                    _mm_andnot_pd(_mm_castps_pd(inlo), _mm_add_pd(d1lo, eps)));
    const __m128d numhi = _mm_or_pd(_mm_and_pd(_mm_castps_pd(inhi), _mm_sub_pd(d1hi, eps)),
                                    _mm_andnot_pd(_mm_castps_pd(inhi), _mm_add_pd(d1hi, eps)));
    return _mm_movelh_ps(_mm_cvtpd_ps(_mm_div_pd(numlo, denlo)), _mm_cvtpd_ps(_mm_div_pd(numhi, denhi)));
}
#endif

inline bool sweptOverlaps(const TraceWork& tw, const float* mins, const float* maxs) {
#if defined(__SSE2__)
    const __m128 e = _mm_set1_ps(tw.boundsMargin);
    const __m128 lo = _mm_sub_ps(_mm_loadu_ps(mins), e);
    const __m128 hi = _mm_add_ps(_mm_loadu_ps(maxs), e);
    const __m128 out =
        _mm_or_ps(_mm_cmplt_ps(_mm_load_ps(tw.swept[1]), lo), _mm_cmpgt_ps(_mm_load_ps(tw.swept[0]), hi));
    return (_mm_movemask_ps(out) & 7) == 0;
#else
    const float e = tw.boundsMargin;
    for (int i = 0; i < 3; ++i)
        if (tw.swept[1][i] < mins[i] - e || tw.swept[0][i] > maxs[i] + e)
            return false;
    return true;
#endif
}

/// Float dot product in the game's evaluation order (x, then y, then z), so results round alike.
using geometry::dot3;
/// The same in double (Quake3e's).
using geometry::dot3d;

/// Fills tw.offsets from tw.size: entry `bits` (a plane's signBits) takes on each axis i
/// size[1][i] when bit i is set (normal[i] < 0) and size[0][i] otherwise, the box corner deepest
/// behind the plane.
inline void setBoxOffsets(TraceWork& tw) {
    for (int bits = 0; bits < 8; ++bits)
        for (int i = 0; i < 3; ++i)
            tw.offsets[bits][i] = tw.size[(bits >> i) & 1][i];
}

/// Which shape a brush test sweeps, as a template parameter of the per-side loops.
enum SweepKind {
    kBox = 0,      ///< Boxes and rays: planes moved by the box corner deepest behind them.
    kSphere = 1,   ///< Spheres and capsules: planes moved by the radius, measured from a sphere centre.
    kCylinder = 2, ///< Upright cylinders: planes moved by geometry::cylinderSupport.
};

/// The capsule's sphere centre lying farther along -normal (the one that meets a plane with this
/// normal first, coming from its front), for the segment point `p`; a sphere's offset is zero: `p`
/// itself. With the plane moved out by the radius, the distance from this point is the capsule's,
/// as the game measures it.
inline glm::vec3 spherePoint(const TraceWork& tw, const glm::vec3& normal, const glm::vec3& p) {
    return dot3(normal, tw.sphereOffset) > 0.0f ? p - tw.sphereOffset : p + tw.sphereOffset;
}

/// A brush side's or patch plane's distance (normal . x = dist, `signBits` its
/// CollisionPlane::signBits) moved out by the shape, so that the shape touches the plane when the
/// point spherePoint() gives (spheres and capsules) or the segment point itself (the others) is on
/// the moved plane. The game's operations for each kind, since
/// quake3 results must match ioquake3's bit for bit:
/// - box: moved by -dot3(offsets[signBits], normal), the box corner deepest behind the plane.
///   When size[0] == -size[1] exactly, that is dist + geometry::boxSupport(normal, size[1]) to the
///   bit (tests/collision/TraceSupportTest.cpp); the game's form is kept because it needs no
///   absolute values and stays the game's answer when centring the box rounds (size[0] then
///   differs from -size[1] in the last bit);
/// - sphere and capsule: moved by the radius, measured from spherePoint(); together the same as
///   geometry::capsuleSupport up to rounding, which would change answers by an ulp now and then;
/// - cylinder (ours, no game form): moved by geometry::cylinderSupport.
template <int Kind>
inline float shiftedPlaneDist(const TraceWork& tw, const glm::vec3& normal, float dist, int32_t signBits) {
    if constexpr (Kind == kSphere)
        return dist + tw.radius;
    else if constexpr (Kind == kCylinder)
        return dist + geometry::cylinderSupport(normal, tw.radius, tw.size[1].z);
    else
        return dist - dot3(tw.offsets[signBits], normal);
}

/// spherePoint() of the segment's start and end at once (one choice of sphere centre for both):
/// `start` and `end` become the points measured for a sphere or capsule.
inline void spherePoints(const TraceWork& tw, const glm::vec3& normal, glm::vec3& start, glm::vec3& end) {
    const float t = dot3(normal, tw.sphereOffset);
    start = t > 0.0f ? start - tw.sphereOffset : start + tw.sphereOffset;
    end = t > 0.0f ? end - tw.sphereOffset : end + tw.sphereOffset;
}

/// How many of `leaf`'s brushes this trace tests: q3map's own list, or the completed one (robust).
inline int32_t leafBrushCount(const TraceWork& tw, const CollisionLeaf& leaf) {
    return tw.robust ? leaf.numLeafBrushes : leaf.numGameBrushes;
}
/// The same for the leaf's patches.
inline int32_t leafPatchCount(const TraceWork& tw, const CollisionLeaf& leaf) {
    return tw.robust ? leaf.numLeafPatches : leaf.numGamePatches;
}

/// True the first time `brush` is seen in this trace (marks it).
inline bool firstVisit(TraceWork& tw, int32_t brush) {
    uint32_t& s = tw.stamps[brush];
    if (s == tw.generation)
        return false;
    s = tw.generation;
    return true;
}

/// True the first time patch `patch` is seen in this trace (marks it).
inline bool firstPatchVisit(TraceWork& tw, int32_t patch) {
    uint32_t& s = tw.stamps[tw.patchStampBase + static_cast<size_t>(patch)];
    if (s == tw.generation)
        return false;
    s = tw.generation;
    return true;
}

/// Sweeps the shape against the patches of one leaf (PatchTrace.cpp).
void traceThroughLeafPatches(const Model& model, TraceWork& tw, const CollisionLeaf& leaf);
/// Position test against the patches of one leaf (PatchTrace.cpp).
void testInLeafPatches(const Model& model, TraceWork& tw, const CollisionLeaf& leaf);

/// Sweeps through the world tree from node `num` (sub-segment p1..p2 at fractions p1f..p2f).
void traceThroughTree(const Model& model, TraceWork& tw, int32_t num, float p1f, float p2f,
                      const glm::vec3& p1, const glm::vec3& p2);
/// Sweeps against every brush of one leaf.
void traceThroughLeaf(const Model& model, TraceWork& tw, const CollisionLeaf& leaf);
/// Position test of the shape at tw.start against the world tree.
void positionTest(const Model& model, TraceWork& tw);
/// Position test against every brush of one leaf.
void testInLeaf(const Model& model, TraceWork& tw, const CollisionLeaf& leaf);

} // namespace cliplab::collision::detail
