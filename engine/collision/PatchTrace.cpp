// Traces against patch facets (ioquake3's patch collide semantics): box, sphere and capsule
// sweeps, the special case for rays, and position tests. A facet is a thin convex "brush": its
// surface plane, its borders (bevels included) and its back plane.

#include "collision/TraceWork.h"

#include <cmath>

namespace cliplab::collision::detail {

namespace {

/// A plane as the trace uses it: normal and (shifted) distance.
struct ShiftedPlane {
    glm::vec3 normal;
    float dist;
};

/// The facet's surface plane moved out by the shape's support.
ShiftedPlane surfacePlane(const TraceWork& tw, const PatchPlane& p) {
    if (tw.sphere)
        return {p.normal, p.dist + tw.radius};
    return {p.normal, p.dist - dot3(tw.offsets[p.signBits], p.normal)};
}

/// A border plane facing away from the facet, moved out by the shape's support. The box support
/// is the same for the plane and its negation because the box is symmetric.
ShiftedPlane borderPlane(const TraceWork& tw, const PatchPlane& p, bool inward) {
    ShiftedPlane s = inward ? ShiftedPlane{-p.normal, -p.dist} : ShiftedPlane{p.normal, p.dist};
    if (tw.sphere)
        s.dist += tw.radius;
    else
        s.dist += std::fabs(dot3(tw.offsets[p.signBits], s.normal));
    return s;
}

/// One plane of a facet against the segment. False: the segment misses the facet. `hit` is set
/// when this plane became the entering plane.
bool checkFacetPlane(const TraceWork& tw, const ShiftedPlane& pl, float& enterFrac, float& leaveFrac,
                     bool& hit) {
    hit = false;
    glm::vec3 s = tw.start, e = tw.end;
    if (tw.sphere) {
        s = spherePoint(tw, pl.normal, tw.start);
        e = spherePoint(tw, pl.normal, tw.end);
    }
    const float d1 = dot3(s, pl.normal) - pl.dist;
    const float d2 = dot3(e, pl.normal) - pl.dist;
    const double eps = tw.epsilon;
    // In front and not coming closer than epsilon: the facet is missed.
    if (d1 > 0.0f && (d2 >= eps || d2 >= d1))
        return false;
    if (d1 <= 0.0f && d2 <= 0.0f)
        return true;
    if (d1 > d2) {
        float f = static_cast<float>((double(d1) - eps) / double(d1 - d2));
        if (f < 0.0f)
            f = 0.0f;
        if (f > enterFrac) { // ties keep the earlier plane, the surface plane first
            enterFrac = f;
            hit = true;
        }
    } else {
        float f = static_cast<float>((double(d1) + eps) / double(d1 - d2));
        if (f > 1.0f)
            f = 1.0f;
        if (f < leaveFrac)
            leaveFrac = f;
    }
    return true;
}

#if defined(__SSE2__)
/// The most lane groups a facet has: the surface plane and kMaxFacetBorders borders, four a group.
constexpr int kMaxFacetGroups = (1 + kMaxFacetBorders + 3) / 4;

/// A box sweep against one facet, four planes at a time: the same float and double operations as
/// checkFacetPlane() on surfacePlane() and borderPlane() for each plane, and the same state after
/// the last one. The facet is missed when any plane alone misses it, so all distances are taken
/// before any fraction. Returns the lane (0 the surface plane, j + 1 border j) that enters last,
/// first in order among equals, or -1 when the facet gives no hit before `fraction`; `enterFrac`
/// is its fraction.
int32_t sweepFacetLanes(const TraceWork& tw, const CollisionPatch& patch, const FacetLanes& lanes,
                        float fraction, float& enterFrac) {
    const FacetPlaneGroup* groups = patch.planeGroups.data() + lanes.firstGroup;
    const int numGroups = (lanes.numLanes + 3) / 4;
    const __m128 zero = _mm_setzero_ps();
    const __m128 eps = _mm_set1_ps(tw.epsilon);
    const __m128 signBit = _mm_castsi128_ps(_mm_set1_epi32(int(0x80000000)));
    const __m128i laneBit = _mm_set_epi32(8, 4, 2, 1);
    __m128 d1s[kMaxFacetGroups], d2s[kMaxFacetGroups];
    for (int g = 0; g < numGroups; ++g) {
        const FacetPlaneGroup& grp = groups[g];
        const __m128 nx = _mm_load_ps(grp.nx), ny = _mm_load_ps(grp.ny), nz = _mm_load_ps(grp.nz);
        const __m128 inward = _mm_castsi128_ps(
            _mm_cmpeq_epi32(_mm_and_si128(_mm_set1_epi32(int(lanes.inward >> (4 * g))), laneBit), laneBit));
        // The box corner the game takes, offsets[signBits of the stored plane]: size[1] on the axes
        // where the stored normal is negative (the lane's own normal for the surface plane and
        // outward borders, its negation for inward ones), size[0] elsewhere. Where a component
        // is zero the choice gives a zero product either way.
        auto corner = [&](__m128 n, int axis) {
            const __m128 useMax = _mm_xor_ps(_mm_cmplt_ps(n, zero), inward);
            return _mm_or_ps(_mm_and_ps(useMax, _mm_set1_ps(tw.size[1][axis])),
                             _mm_andnot_ps(useMax, _mm_set1_ps(tw.size[0][axis])));
        };
        const __m128 along =
            _mm_add_ps(_mm_add_ps(_mm_mul_ps(corner(nx, 0), nx), _mm_mul_ps(corner(ny, 1), ny)),
                       _mm_mul_ps(corner(nz, 2), nz));
        // Borders: dist + |along|; the surface plane (lane 0 of group 0): dist - along.
        __m128 moveBy = _mm_or_ps(along, signBit); // -|along|
        if (g == 0)
            moveBy = _mm_move_ss(moveBy, along);
        const __m128 dist = _mm_sub_ps(_mm_load_ps(grp.dist), moveBy);
        auto measure = [&](const glm::vec3& p) {
            return _mm_sub_ps(
                _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(p.x), nx), _mm_mul_ps(_mm_set1_ps(p.y), ny)),
                           _mm_mul_ps(_mm_set1_ps(p.z), nz)),
                dist);
        };
        const __m128 d1 = measure(tw.start), d2 = measure(tw.end);
        const __m128 miss =
            _mm_and_ps(_mm_cmpgt_ps(d1, zero), _mm_or_ps(_mm_cmpge_ps(d2, eps), _mm_cmpge_ps(d2, d1)));
        if (_mm_movemask_ps(miss) != 0)
            return -1;
        d1s[g] = d1;
        d2s[g] = d2;
    }
    // Fractions of the crossing planes (sideFractions, as the brush sides take them).
    const __m128d epsd = _mm_set1_pd(double(tw.epsilon));
    float latest = -1.0f, earliest = 1.0f;
    int32_t lead = -1;
    for (int g = 0; g < numGroups; ++g) {
        const __m128 d1 = d1s[g], d2 = d2s[g];
        const __m128 crossing = _mm_or_ps(_mm_cmpgt_ps(d1, zero), _mm_cmpgt_ps(d2, zero));
        const __m128 in = _mm_and_ps(crossing, _mm_cmpgt_ps(d1, d2));
        const unsigned entering = unsigned(_mm_movemask_ps(in));
        const unsigned leaving = unsigned(_mm_movemask_ps(_mm_andnot_ps(in, crossing)));
        if ((entering | leaving) == 0)
            continue;
        alignas(16) float f[4];
        _mm_store_ps(f, sideFractions(d1, d2, in, epsd));
        for (int l = 0; l < 4; ++l) {
            if (entering & (1u << l)) {
                const float e = f[l] < 0.0f ? 0.0f : f[l];
                if (e > latest) {
                    latest = e;
                    lead = 4 * g + l;
                }
            } else if (leaving & (1u << l)) {
                const float e = f[l] > 1.0f ? 1.0f : f[l];
                if (e < earliest)
                    earliest = e;
            }
        }
    }
    if (lead < 0 || lead == lanes.numLanes - 1) // never clip against the back side
        return -1;
    if (!(latest < earliest && latest >= 0.0f && latest < fraction))
        return -1;
    enterFrac = latest;
    return lead;
}
#endif

/// Box, sphere or capsule sweep against every facet; returns the facet hit nearest so far, or -1.
int32_t sweepFacets(TraceWork& tw, const CollisionPatch& patch) {
    const PatchCollide& pc = patch.collide;
    int32_t hitFacet = -1;
    for (size_t i = 0; i < pc.facets.size(); ++i) {
        const PatchFacet& f = pc.facets[i];
#if defined(__SSE2__)
        if (!tw.sphere) {
            float enterFrac = 0.0f;
            const int32_t lead =
                sweepFacetLanes(tw, patch, patch.facetLanes[i], tw.result.fraction, enterFrac);
            if (lead < 0)
                continue;
            const ShiftedPlane plane =
                lead == 0
                    ? surfacePlane(tw, pc.planes[size_t(f.surfacePlane)])
                    : borderPlane(tw, pc.planes[size_t(pc.borders[size_t(f.firstBorder + lead - 1)].plane)],
                                  pc.borders[size_t(f.firstBorder + lead - 1)].inward);
            tw.result.fraction = enterFrac;
            tw.result.plane.normal = plane.normal;
            tw.result.plane.dist = plane.dist; // the shifted distance, as the game reports it
            hitFacet = static_cast<int32_t>(i);
            continue;
        }
#endif
        float enterFrac = -1.0f, leaveFrac = 1.0f;
        int32_t hitBorder = -1;
        ShiftedPlane best = surfacePlane(tw, pc.planes[size_t(f.surfacePlane)]);
        bool hit = false;
        if (!checkFacetPlane(tw, best, enterFrac, leaveFrac, hit))
            continue;
        int32_t j = 0;
        for (; j < f.numBorders; ++j) {
            const PatchBorder& b = pc.borders[size_t(f.firstBorder + j)];
            const ShiftedPlane pl = borderPlane(tw, pc.planes[size_t(b.plane)], b.inward);
            if (!checkFacetPlane(tw, pl, enterFrac, leaveFrac, hit))
                break;
            if (hit) {
                hitBorder = j;
                best = pl;
            }
        }
        if (j < f.numBorders)
            continue;
        if (hitBorder == f.numBorders - 1)
            continue; // never clip against the back side
        // Starting inside (no entering plane) is not a hit: patches never start solid in a sweep.
        if (enterFrac < leaveFrac && enterFrac >= 0.0f && enterFrac < tw.result.fraction) {
            tw.result.fraction = enterFrac;
            tw.result.plane.normal = best.normal;
            tw.result.plane.dist = best.dist; // the shifted distance, as the game reports it
            hitFacet = static_cast<int32_t>(i);
        }
    }
    return hitFacet;
}

/// A ray against the facets: the facets have no volume, so the ray must cross the surface plane
/// from its front inside every border. Fractions are computed per plane on demand (the game
/// tabulates them for all planes first; the values are the same).
int32_t rayFacets(TraceWork& tw, const PatchCollide& pc) {
    auto distances = [&](const PatchPlane& p, float& d1, float& d2) {
        const float offset = dot3(tw.offsets[p.signBits], p.normal);
        d1 = dot3(tw.start, p.normal) - p.dist + offset;
        d2 = dot3(tw.end, p.normal) - p.dist + offset;
    };
    auto crossing = [&](const PatchPlane& p, bool& front) {
        float d1, d2;
        distances(p, d1, d2);
        front = d1 > 0.0f;
        if (d1 == d2)
            return 99999.0f;
        const float t = d1 / (d1 - d2);
        return t <= 0.0f ? 99999.0f : t;
    };
    int32_t hitFacet = -1;
    for (size_t i = 0; i < pc.facets.size(); ++i) {
        const PatchFacet& f = pc.facets[i];
        const PatchPlane& sp = pc.planes[size_t(f.surfacePlane)];
        bool front = false;
        const float intersect = crossing(sp, front);
        if (!front || intersect < 0.0f || intersect > tw.result.fraction)
            continue;
        int32_t j = 0;
        for (; j < f.numBorders; ++j) {
            const PatchBorder& b = pc.borders[size_t(f.firstBorder + j)];
            bool bfront = false;
            const float t = crossing(pc.planes[size_t(b.plane)], bfront);
            if (bfront != b.inward) {
                if (t > intersect)
                    break;
            } else if (t < intersect) {
                break;
            }
        }
        if (j < f.numBorders)
            continue;
        float d1, d2;
        distances(sp, d1, d2);
        float frac = static_cast<float>((double(d1) - double(tw.epsilon)) / double(d1 - d2));
        if (frac < 0.0f)
            frac = 0.0f;
        tw.result.fraction = frac;
        tw.result.plane.normal = sp.normal;
        tw.result.plane.dist = sp.dist;
        hitFacet = static_cast<int32_t>(i);
    }
    return hitFacet;
}

/// Sweeps against one patch whose bounds the swept bounds reach.
void traceThroughPatch(const Model& model, TraceWork& tw, int32_t patchIndex) {
    const CollisionPatch* form =
        model.patchFor(patchIndex, tw.quake3e ? Semantics::Quake3e : Semantics::Quake3);
    if (!form)
        return;
    const CollisionPatch& patch = *form;
    const PatchCollide& pc = patch.collide;
    if (tw.stats)
        ++tw.stats->patchesTested;
    if (tw.isPoint && !tw.rayCurveClip)
        return; // the game's cm_playerCurveClip 0
    const int32_t facet = tw.isPoint ? rayFacets(tw, pc) : sweepFacets(tw, patch);
    if (facet < 0)
        return;
    TraceResult& r = tw.result;
    r.surfaceFlags = patch.surfaceFlags;
    r.contents = patch.contents;
    r.surface = patch.surface;
    r.facet = facet;
    r.brush = r.brushSide = -1;
}

/// True when the shape at tw.start is inside a facet (in front of no plane, back plane included).
/// The game skips this for points; in a position test its point flag is never set, so a point
/// counts only when it lies exactly on a facet, which we keep.
int32_t facetContaining(const TraceWork& tw, const PatchCollide& pc) {
    if (tw.isPoint)
        return -1;
    auto outside = [&](const ShiftedPlane& pl) {
        const glm::vec3 p = tw.sphere ? spherePoint(tw, pl.normal, tw.start) : tw.start;
        return dot3(pl.normal, p) - pl.dist > 0.0f;
    };
    for (size_t i = 0; i < pc.facets.size(); ++i) {
        const PatchFacet& f = pc.facets[i];
        if (outside(surfacePlane(tw, pc.planes[size_t(f.surfacePlane)])))
            continue;
        int32_t j = 0;
        for (; j < f.numBorders; ++j) {
            const PatchBorder& b = pc.borders[size_t(f.firstBorder + j)];
            if (outside(borderPlane(tw, pc.planes[size_t(b.plane)], b.inward)))
                break;
        }
        if (j == f.numBorders)
            return static_cast<int32_t>(i);
    }
    return -1;
}

} // namespace

void traceThroughLeafPatches(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    const LeafPatchRef* list = model.traceLayout().leafPatches.data() + leaf.firstLeafPatch;
    const int32_t count = leafPatchCount(tw, leaf);
    for (int32_t k = 0; k < count; ++k) {
        const LeafPatchRef& ref = list[k];
        // The game marks a patch visited before its contents and bounds checks; as for brushes,
        // checking them first gives the same tests, since a patch failing either fails it in
        // every leaf of this trace.
        if (!sweptOverlaps(tw, ref.mins, ref.maxs) || !(ref.contents & tw.mask))
            continue;
        if (!firstPatchVisit(tw, ref.patch))
            continue; // patches sit in many leafs; test each once
        traceThroughPatch(model, tw, ref.patch);
        if (tw.result.fraction == 0.0f)
            return;
    }
}

void testInLeafPatches(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    const LeafPatchRef* list = model.traceLayout().leafPatches.data() + leaf.firstLeafPatch;
    const int32_t count = leafPatchCount(tw, leaf);
    for (int32_t k = 0; k < count; ++k) {
        const LeafPatchRef& ref = list[k];
        if (!(ref.contents & tw.mask) || !firstPatchVisit(tw, ref.patch))
            continue;
        const CollisionPatch* form =
            model.patchFor(ref.patch, tw.quake3e ? Semantics::Quake3e : Semantics::Quake3);
        if (!form)
            continue;
        const CollisionPatch& patch = *form;
        if (tw.stats)
            ++tw.stats->patchesTested;
        const int32_t facet = facetContaining(tw, patch.collide);
        if (facet < 0)
            continue;
        TraceResult& r = tw.result;
        r.startSolid = r.allSolid = true;
        r.fraction = 0.0f;
        r.contents = patch.contents;
        r.surface = patch.surface;
        r.facet = facet;
        r.brush = r.brushSide = -1;
        return;
    }
}

} // namespace cliplab::collision::detail
