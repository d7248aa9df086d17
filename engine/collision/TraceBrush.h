#pragma once
/// \file TraceBrush.h
/// Internal, for TraceSweep.cpp: the sweep's test of one brush (ioquake3's, Quake3e's or the
/// tutorial's), as templates on the shape and the rules so that the per-side loops carry no mode
/// branches.

#include "collision/TraceWork.h"

#include <cmath>
#include <type_traits>

namespace cliplab::collision::detail {

// Internal linkage: only TraceSweep.cpp includes this, and the compiler then inlines the test into
// each leaf loop, as it does functions of the file's own.
namespace {

/// Which brush test a sweep runs.
enum BrushRules {
    kTutorialRules = 0, ///< The tutorial's: missed when both ends are in front of one side; no clamps.
    kGameRules = 1,     ///< ioquake3's: missed when the start is in front of a side and the end does
                        ///< not come closer than epsilon; fractions clamped to [0, 1].
    kDoubleRules = 2,   ///< Quake3e's: ioquake3's tests on distances taken in double.
};

/// The type a brush test measures distances in: double for Quake3e, else float.
template <int Rules> using Distance = std::conditional_t<Rules == kDoubleRules, double, float>;

/// The brush test's state after the sides seen so far (the game's per-brush variables).
struct BrushClip {
    float enterFrac = -1.0f; ///< Latest entering fraction, or -1.
    float leaveFrac = 1.0f;  ///< Earliest leaving fraction, or 1.
    int32_t lead = -1;       ///< Side (index within the brush) giving enterFrac, or -1.
    bool startOut = false;   ///< Some side has the start in front (d1 > 0).
    bool getOut = false;     ///< Some side has the end in front (d2 > 0).

    /// With the start in front of some side, the brush can only be hit (it cannot start solid),
    /// and the sides still to come can only raise enterFrac and lower leaveFrac: once the segment
    /// leaves before it enters, nothing the brush does can change the result.
    bool cannotHit() const { return startOut && enterFrac >= leaveFrac; }

    /// Side `i`, the segment's ends at `d1` and `d2` from its moved plane (units): false when the
    /// segment misses the whole brush. The fractions are taken as the game takes them: the
    /// numerator in double (its epsilon is a double literal), d1 - d2 in the distances' own type,
    /// the quotient rounded to float.
    template <int Rules, class Real> bool clip(int32_t i, Real d1, Real d2, double eps) {
        if (d2 > Real(0))
            getOut = true;
        if (d1 > Real(0))
            startOut = true;
        if constexpr (Rules == kTutorialRules) {
            if (d1 > Real(0) && d2 > Real(0))
                return false; // both ends in front of one plane
        } else if (d1 > Real(0) && (d2 >= eps || d2 >= d1)) {
            // Outside this plane and not getting closer than epsilon: misses the brush. Keeping
            // ends inside the (0, eps) band as hits is what keeps traces eps away from walls.
            return false;
        }
        if (d1 <= Real(0) && d2 <= Real(0))
            return true; // wholly behind: this side says nothing
        const double den = double(d1 - d2);
        if (d1 > d2) { // entering
            float f = static_cast<float>((double(d1) - eps) / den);
            if (Rules != kTutorialRules && f < 0.0f)
                f = 0.0f;
            if (f > enterFrac) {
                enterFrac = f;
                lead = i;
            }
        } else { // leaving
            float f = static_cast<float>((double(d1) + eps) / den);
            if (Rules != kTutorialRules && f > 1.0f)
                f = 1.0f;
            if (f < leaveFrac)
                leaveFrac = f;
        }
        return true;
    }
};

#if defined(__SSE2__)
/// Two floats at `p` as two doubles.
inline __m128d loadTwoAsDouble(const float* p) {
    return _mm_cvtps_pd(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(p)));
}
#endif

/// The six axial sides in Quake3e's arithmetic: each side's distance moved by the box (its bound
/// plus TraceWork::axialShift, the product exact) and the ends' distances from it in double, two
/// sides at a time; the fraction of a crossing side rounded to float once. Fills `out` as clipping
/// the six one at a time would (ties to the first side); false when some side alone misses.
inline bool clipAxialSidesDouble(const TraceWork& tw, const LeafBrushRef& ref, BrushClip& out) {
#if defined(__SSE2__)
    const __m128d eps = _mm_set1_pd(double(tw.epsilon)), zero = _mm_setzero_pd();
    unsigned miss = 0, startOut = 0, getOut = 0, entering = 0, leaving = 0;
    alignas(16) float f[8];
    for (int k = 0; k < 3; ++k) {
        // Lane 0 is side 2k (-axis k, distance -mins[k]), lane 1 side 2k+1 (+axis k, maxs[k]).
        const __m128d bound = _mm_set_pd(double(ref.maxs[k]), -double(ref.mins[k]));
        const __m128d dist = _mm_add_pd(bound, loadTwoAsDouble(tw.axialShift + 2 * k));
        const __m128d d1 = _mm_sub_pd(loadTwoAsDouble(tw.axialStart + 2 * k), dist);
        const __m128d d2 = _mm_sub_pd(loadTwoAsDouble(tw.axialEnd + 2 * k), dist);
        const __m128d out1 = _mm_cmpgt_pd(d1, zero), out2 = _mm_cmpgt_pd(d2, zero);
        const __m128d m = _mm_and_pd(out1, _mm_or_pd(_mm_cmpge_pd(d2, eps), _mm_cmpge_pd(d2, d1)));
        const __m128d crossing = _mm_or_pd(out1, out2);
        const __m128d in = _mm_and_pd(crossing, _mm_cmpgt_pd(d1, d2));
        const unsigned shift = 2u * unsigned(k);
        miss |= unsigned(_mm_movemask_pd(m)) << shift;
        startOut |= unsigned(_mm_movemask_pd(out1)) << shift;
        getOut |= unsigned(_mm_movemask_pd(out2)) << shift;
        entering |= unsigned(_mm_movemask_pd(in)) << shift;
        leaving |= unsigned(_mm_movemask_pd(_mm_andnot_pd(in, crossing))) << shift;
        // Entering lanes take d1 - eps, the others d1 + eps: one division per lane.
        const __m128d num =
            _mm_or_pd(_mm_and_pd(in, _mm_sub_pd(d1, eps)), _mm_andnot_pd(in, _mm_add_pd(d1, eps)));
        _mm_storel_pi(reinterpret_cast<__m64*>(f + 2 * k), _mm_cvtpd_ps(_mm_div_pd(num, _mm_sub_pd(d1, d2))));
    }
    if (miss != 0)
        return false;
    out.startOut = startOut != 0;
    out.getOut = getOut != 0;
    for (int i = 0; i < 6; ++i) {
        if (entering >> i & 1u) {
            const float e = f[i] < 0.0f ? 0.0f : f[i];
            if (e > out.enterFrac) {
                out.enterFrac = e;
                out.lead = i;
            }
        } else if (leaving >> i & 1u) {
            const float e = f[i] > 1.0f ? 1.0f : f[i];
            if (e < out.leaveFrac)
                out.leaveFrac = e;
        }
    }
    return true;
#else
    const double eps = tw.epsilon;
    for (int i = 0; i < 6; ++i) {
        const double dist = double(i & 1 ? ref.maxs[i >> 1] : -ref.mins[i >> 1]) + double(tw.axialShift[i]);
        if (!out.clip<kDoubleRules>(i, double(tw.axialStart[i]) - dist, double(tw.axialEnd[i]) - dist, eps))
            return false;
    }
    return true;
#endif
}

/// The six axial sides for a box or cylinder sweep, all at once. Side 2k is -axis k, with distance
/// -mins[k] (an axial-first brush's bounds are its axial sides, and negation is exact); side
/// 2k+1 is +axis k, distance maxs[k]. Each lane does the scalar test's float and double operations
/// in its order (TraceWork::axialShift, axialStart and axialEnd hold the per-trace operands), and
/// the latest entering fraction goes to the first side that reaches it, as one side at a time.
/// Fills `out` as clipping the six one at a time would; false when some side alone misses the
/// brush (the state is then of no use).
template <int Rules> bool clipAxialSides(const TraceWork& tw, const LeafBrushRef& ref, BrushClip& out) {
    if constexpr (Rules == kDoubleRules)
        return clipAxialSidesDouble(tw, ref, out);
#if defined(__SSE2__)
    constexpr bool Quake3 = Rules != kTutorialRules;
    const __m128 lanes01 = _mm_castsi128_ps(_mm_set_epi32(0, 0, -1, -1));
    const __m128 mins = _mm_xor_ps(_mm_loadu_ps(ref.mins), _mm_castsi128_ps(_mm_set1_epi32(int(0x80000000))));
    const __m128 maxs = _mm_loadu_ps(ref.maxs);
    const __m128 dist[2] = {
        _mm_add_ps(_mm_unpacklo_ps(mins, maxs), _mm_load_ps(tw.axialShift)),
        _mm_add_ps(_mm_and_ps(_mm_unpackhi_ps(mins, maxs), lanes01), _mm_load_ps(tw.axialShift + 4))};
    const __m128 eps = _mm_set1_ps(tw.epsilon);
    const __m128d epsd = _mm_set1_pd(double(tw.epsilon));
    const __m128 zero = _mm_setzero_ps();
    const __m128 one = _mm_set1_ps(1.0f);
    const __m128 minusInf = _mm_set1_ps(-INFINITY), plusInf = _mm_set1_ps(INFINITY);
    __m128 enter[2], leave[2];
    unsigned miss = 0, startOut = 0, getOut = 0, entering = 0;
    for (int h = 0; h < 2; ++h) {
        const __m128 d1 = _mm_sub_ps(_mm_load_ps(tw.axialStart + 4 * h), dist[h]);
        const __m128 d2 = _mm_sub_ps(_mm_load_ps(tw.axialEnd + 4 * h), dist[h]);
        const __m128 out1 = _mm_cmpgt_ps(d1, zero);
        const __m128 out2 = _mm_cmpgt_ps(d2, zero);
        // The game's "outside and not coming closer than epsilon"; the tutorial's "both outside".
        const __m128 m = Quake3 ? _mm_and_ps(out1, _mm_or_ps(_mm_cmpge_ps(d2, eps), _mm_cmpge_ps(d2, d1)))
                                : _mm_and_ps(out1, out2);
        miss |= unsigned(_mm_movemask_ps(m)) << (4 * h);
        startOut |= unsigned(_mm_movemask_ps(out1)) << (4 * h);
        getOut |= unsigned(_mm_movemask_ps(out2)) << (4 * h);
        // Crossing sides (not wholly behind): entering when d1 > d2, else leaving. The fraction is
        // (d1 -/+ eps) / (d1 - d2) in double, d1 - d2 taken in float, rounded to float.
        const __m128 crossing = _mm_or_ps(out1, out2);
        const __m128 in = _mm_and_ps(crossing, _mm_cmpgt_ps(d1, d2));
        const __m128 outgoing = _mm_andnot_ps(in, crossing);
        entering |= unsigned(_mm_movemask_ps(in)) << (4 * h);
        // Entering lanes take d1 - eps, the others d1 + eps: one division per lane.
        const __m128 f = sideFractions(d1, d2, in, epsd);
        __m128 fin = f, fout = f;
        if (Quake3) {
            fin = _mm_andnot_ps(_mm_cmplt_ps(f, zero), f); // entering: below 0 becomes 0
            const __m128 over = _mm_cmpgt_ps(f, one);      // leaving: above 1 becomes 1
            fout = _mm_or_ps(_mm_and_ps(over, one), _mm_andnot_ps(over, f));
        }
        enter[h] = _mm_or_ps(_mm_and_ps(in, fin), _mm_andnot_ps(in, minusInf));
        leave[h] = _mm_or_ps(_mm_and_ps(outgoing, fout), _mm_andnot_ps(outgoing, plusInf));
        if (h == 1) { // lanes 6 and 7 are not sides
            enter[1] = _mm_or_ps(_mm_and_ps(lanes01, enter[1]), _mm_andnot_ps(lanes01, minusInf));
            leave[1] = _mm_or_ps(_mm_and_ps(lanes01, leave[1]), _mm_andnot_ps(lanes01, plusInf));
        }
    }
    if ((miss & 0x3f) != 0)
        return false;
    out.startOut = (startOut & 0x3f) != 0;
    out.getOut = (getOut & 0x3f) != 0;
    __m128 hi = _mm_max_ps(enter[0], enter[1]);
    hi = _mm_max_ps(hi, _mm_shuffle_ps(hi, hi, _MM_SHUFFLE(1, 0, 3, 2)));
    hi = _mm_max_ps(hi, _mm_shuffle_ps(hi, hi, _MM_SHUFFLE(2, 3, 0, 1)));
    const float latest = _mm_cvtss_f32(hi);
    if (latest > -1.0f) { // entering fractions are never -0, so equal means the same number
        const unsigned at = (unsigned(_mm_movemask_ps(_mm_cmpeq_ps(enter[0], hi))) |
                             unsigned(_mm_movemask_ps(_mm_cmpeq_ps(enter[1], hi))) << 4) &
                            entering & 0x3f;
        out.enterFrac = latest;
        out.lead = __builtin_ctz(at);
    }
    __m128 lo = _mm_min_ps(leave[0], leave[1]);
    lo = _mm_min_ps(lo, _mm_shuffle_ps(lo, lo, _MM_SHUFFLE(1, 0, 3, 2)));
    lo = _mm_min_ps(lo, _mm_shuffle_ps(lo, lo, _MM_SHUFFLE(2, 3, 0, 1)));
    const float earliest = _mm_cvtss_f32(lo);
    if (earliest < 1.0f)
        out.leaveFrac = earliest;
#else
    for (int i = 0; i < 6; ++i) {
        const float dist = (i & 1 ? ref.maxs[i >> 1] : -ref.mins[i >> 1]) + tw.axialShift[i];
        if (!out.clip<Rules>(i, tw.axialStart[i] - dist, tw.axialEnd[i] - dist, double(tw.epsilon)))
            return false;
    }
#endif
    return true;
}

/// The segment's ends measured from side `s` moved out by the shape (shiftedPlaneDist): `d1` for
/// the start, `d2` for the end (units). In the game's float operations, or in Quake3e's: the dot
/// products in double (dot3d); a box moves the side by its corner's product in double, a sphere or
/// capsule by the radius added in float (both as Quake3e), the capsule's sphere centres taken in
/// float; a cylinder (ours) by its support added in double, which the axial sides agree with.
template <int Kind, class Real>
void sideDistances(const TraceWork& tw, const CollisionSide& s, Real& d1, Real& d2) {
    glm::vec3 sp = tw.start, ep = tw.end;
    if constexpr (Kind == kSphere)
        spherePoints(tw, s.normal, sp, ep);
    if constexpr (std::is_same_v<Real, double>) {
        double dist;
        if constexpr (Kind == kBox)
            dist = double(s.dist) - dot3d(tw.offsets[s.signBits], s.normal);
        else if constexpr (Kind == kCylinder)
            dist = double(s.dist) + double(geometry::cylinderSupport(s.normal, tw.radius, tw.size[1].z));
        else
            dist = double(s.dist + tw.radius);
        d1 = dot3d(sp, s.normal) - dist;
        d2 = dot3d(ep, s.normal) - dist;
    } else {
        const float dist = shiftedPlaneDist<Kind>(tw, s.normal, s.dist, s.signBits);
        d1 = dot3(sp, s.normal) - dist;
        d2 = dot3(ep, s.normal) - dist;
    }
}

/// Clips sides [first, count) of a brush into `clip`: false as soon as the segment misses the
/// brush or can no longer hit it.
template <int Kind, int Rules>
bool clipSides(const TraceWork& tw, const CollisionSide* sides, int32_t first, int32_t count,
               BrushClip& clip) {
    if (clip.cannotHit())
        return false;
    const double eps = tw.epsilon;
    for (int32_t i = first; i < count; ++i) {
        Distance<Rules> d1, d2;
        sideDistances<Kind>(tw, sides[i], d1, d2);
        if (!clip.clip<Rules>(i, d1, d2, eps) || clip.cannotHit())
            return false;
    }
    return true;
}

/// What a brush whose every side has been clipped does to the trace: start or all solid, or a
/// hit nearer than the best so far (the unshifted plane of the lead side reported).
template <int Rules>
void applyBrushClip(TraceWork& tw, const CollisionBrush& brush, int32_t brushIndex,
                    const CollisionSide* sides, const BrushClip& clip) {
    TraceResult& r = tw.result;
    if (!clip.startOut) {
        r.startSolid = true;
        if (!clip.getOut) {
            r.allSolid = true;
            // The tutorial leaves the fraction alone here; the game stops the trace.
            if (Rules != kTutorialRules)
                r.fraction = 0.0f;
            r.contents = brush.contents;
            r.brush = brushIndex;
            r.surface = r.facet = -1;
        }
        return;
    }
    if (!(clip.enterFrac < clip.leaveFrac && clip.enterFrac > -1.0f))
        return;
    if (tw.stats)
        ++tw.stats->brushesHit;
    if (clip.enterFrac >= r.fraction)
        return;
    r.fraction = clip.enterFrac < 0.0f ? 0.0f : clip.enterFrac;
    if (clip.lead >= 0) {
        const CollisionSide& side = sides[clip.lead];
        r.plane.normal = side.normal;
        r.plane.dist = side.dist;
        r.surfaceFlags = side.surfaceFlags;
        r.brushSide = brush.firstSide + clip.lead;
    }
    r.contents = brush.contents;
    r.brush = brushIndex;
    r.surface = r.facet = -1;
}

/// Clips the swept shape against one brush; updates tw.result when the brush is entered earlier
/// than anything before. Plane distances are shifted by the shape's support so the brush grows
/// and the shape shrinks to its centre point.
template <int Kind, int Rules>
void traceThroughBrush(const Model& model, TraceWork& tw, const LeafBrushRef& ref) {
    const CollisionBrush& brush = model.brushes()[static_cast<size_t>(ref.brush)];
    if (brush.numSides == 0)
        return;
    if (tw.stats) {
        ++tw.stats->brushesTested;
        tw.stats->testedBrushes.push_back(ref.brush);
    }
    const CollisionSide* sides = model.sides().data() + brush.firstSide;
    BrushClip clip;
    int32_t first = 0;
    if constexpr (Kind != kSphere) {
        // q3map's six axial sides first: n . x is +/-x[axis] and the box support is a half size on
        // that axis, bit for bit what the general formula gives, without the dot products. All
        // six are measured at once; a miss by any of them leaves nothing to do (the per-side
        // state only counts once every side has been seen), and the crossings are then taken in
        // side order, so ties go to the same side as one at a time.
        if (brush.axialFirst) {
            if (!clipAxialSides<Rules>(tw, ref, clip))
                return;
            first = 6;
        }
    }
    if (!clipSides<Kind, Rules>(tw, sides, first, brush.numSides, clip))
        return;
    applyBrushClip<Rules>(tw, brush, ref.brush, sides, clip);
}

} // namespace

} // namespace cliplab::collision::detail
