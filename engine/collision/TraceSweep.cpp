// The sweep: walking the BSP tree with the segment, and clipping it against brushes
// (ioquake3's brush test, or the seed tutorial's when asked).

#include "collision/TraceWork.h"

#include <algorithm>
#include <cmath>

namespace cliplab::collision::detail {

namespace {

/// What the six axial sides of an axial-first brush say: the brush test's per-side state after
/// them, as if they had been clipped one at a time in order.
struct AxialSides {
    bool miss = false;       ///< Some side alone puts the segment outside the brush.
    bool startOut = false;   ///< Some side has the start in front (d1 > 0).
    bool getOut = false;     ///< Some side has the end in front (d2 > 0).
    float enterFrac = -1.0f; ///< Latest entering fraction, or -1.
    float leaveFrac = 1.0f;  ///< Earliest leaving fraction, or 1.
    int32_t lead = -1;       ///< First side (0-5) giving enterFrac, or -1.
};

/// The six axial sides for a box or cylinder sweep, all at once. Side 2k is -axis k, with distance
/// -mins[k] (an axial-first brush's bounds are its axial sides, and negation is exact); side
/// 2k+1 is +axis k, distance maxs[k]. Each lane does the scalar test's float and double operations
/// in its order (TraceWork::axialShift, axialStart and axialEnd hold the per-trace operands), and
/// the latest entering fraction goes to the first side that reaches it, as one side at a time.
template <bool Quake3> AxialSides axialSides(const TraceWork& tw, const LeafBrushRef& ref) {
    AxialSides out;
#if defined(__SSE2__)
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
    out.miss = (miss & 0x3f) != 0;
    if (out.miss)
        return out;
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
    const double eps = tw.epsilon;
    for (int i = 0; i < 6; ++i) {
        const float dist = (i & 1 ? ref.maxs[i >> 1] : -ref.mins[i >> 1]) + tw.axialShift[i];
        const float d1 = tw.axialStart[i] - dist, d2 = tw.axialEnd[i] - dist;
        if (d2 > 0.0f)
            out.getOut = true;
        if (d1 > 0.0f)
            out.startOut = true;
        if (Quake3 ? d1 > 0.0f && (d2 >= eps || d2 >= d1) : d1 > 0.0f && d2 > 0.0f) {
            out.miss = true;
            return out;
        }
        if (d1 <= 0.0f && d2 <= 0.0f)
            continue;
        if (d1 > d2) {
            float f = static_cast<float>((double(d1) - eps) / double(d1 - d2));
            if (Quake3 && f < 0.0f)
                f = 0.0f;
            if (f > out.enterFrac) {
                out.enterFrac = f;
                out.lead = i;
            }
        } else {
            float f = static_cast<float>((double(d1) + eps) / double(d1 - d2));
            if (Quake3 && f > 1.0f)
                f = 1.0f;
            if (f < out.leaveFrac)
                out.leaveFrac = f;
        }
    }
#endif
    return out;
}

/// Clips the swept shape against one brush; updates tw.result when the brush is entered earlier
/// than anything before. Plane distances are shifted by the shape's support so the brush grows
/// and the shape shrinks to its centre point.
/// Kind (box, sphere/capsule, cylinder) and Quake3 are template parameters so the per-side loop
/// carries no mode branches.
template <int Kind, bool Quake3>
void traceThroughBrush(const Model& model, TraceWork& tw, const LeafBrushRef& ref) {
    const int32_t brushIndex = ref.brush;
    const CollisionBrush& brush = model.brushes()[static_cast<size_t>(brushIndex)];
    if (brush.numSides == 0)
        return;
    if (tw.stats) {
        ++tw.stats->brushesTested;
        tw.stats->testedBrushes.push_back(brushIndex);
    }
    const CollisionSide* sides = model.sides().data() + brush.firstSide;
    const double eps = tw.epsilon;
    // The game computes the fractions in double (its epsilon is a double literal) and stores floats.
    float enterFrac = -1.0f, leaveFrac = 1.0f;
    int32_t lead = -1;
    bool startOut = false, getOut = false;

    // A side neither missing the brush nor wholly behind: the fraction where the segment enters
    // or leaves its plane.
    auto clipCrossing = [&](int32_t i, float d1, float d2) {
        if (d1 > d2) { // entering
            float f = static_cast<float>((double(d1) - eps) / double(d1 - d2));
            if (Quake3 && f < 0.0f)
                f = 0.0f;
            if (f > enterFrac) {
                enterFrac = f;
                lead = i;
            }
        } else { // leaving
            float f = static_cast<float>((double(d1) + eps) / double(d1 - d2));
            if (Quake3 && f > 1.0f)
                f = 1.0f;
            if (f < leaveFrac)
                leaveFrac = f;
        }
    };
    // One side's distances -> false when the segment misses the whole brush.
    auto clipSide = [&](int32_t i, float d1, float d2) -> bool {
        if (d2 > 0.0f)
            getOut = true;
        if (d1 > 0.0f)
            startOut = true;

        if constexpr (Quake3) {
            // Outside this plane and not getting closer than epsilon: misses the brush. Keeping
            // ends inside the (0, eps) band as hits is what keeps traces eps away from walls.
            if (d1 > 0.0f && (d2 >= eps || d2 >= d1))
                return false;
        } else if (d1 > 0.0f && d2 > 0.0f) {
            return false; // the tutorial: both ends in front of one plane
        }
        if (d1 <= 0.0f && d2 <= 0.0f)
            return true;
        clipCrossing(i, d1, d2);
        return true;
    };

    int32_t i = 0;
    if constexpr (Kind != kSphere) {
        // q3map's six axial sides first: n . x is +/-x[axis] and the box support is a half size on
        // that axis, bit for bit what the general formula gives, without the dot products. All
        // six are measured at once; a miss by any of them leaves nothing to do (the per-side
        // state only counts once every side has been seen), and the crossings are then taken in
        // side order, so ties go to the same side as one at a time.
        if (brush.axialFirst) {
            const AxialSides ax = axialSides<Quake3>(tw, ref);
            if (ax.miss)
                return;
            startOut = ax.startOut;
            getOut = ax.getOut;
            enterFrac = ax.enterFrac;
            leaveFrac = ax.leaveFrac;
            lead = ax.lead;
            i = 6;
        }
    }
    // With the start in front of some side, the brush can only be hit (it cannot start solid),
    // and the sides still to come can only raise enterFrac and lower leaveFrac: once the segment
    // leaves before it enters, nothing the brush does can change the result.
    auto cannotHit = [&] { return startOut && enterFrac >= leaveFrac; };
    if (cannotHit())
        return;
    for (; i < brush.numSides; ++i) {
        const CollisionSide& s = sides[i];
        const float dist = shiftedPlaneDist<Kind>(tw, s.normal, s.dist, s.signBits);
        glm::vec3 sp = tw.start, ep = tw.end;
        if constexpr (Kind == kSphere)
            spherePoints(tw, s.normal, sp, ep);
        const float d1 = dot3(sp, s.normal) - dist;
        const float d2 = dot3(ep, s.normal) - dist;
        if (!clipSide(i, d1, d2) || cannotHit())
            return;
    }

    TraceResult& r = tw.result;
    if (!startOut) {
        r.startSolid = true;
        if (!getOut) {
            r.allSolid = true;
            // The tutorial leaves the fraction alone here; the game stops the trace.
            if (Quake3)
                r.fraction = 0.0f;
            r.contents = brush.contents;
            r.brush = brushIndex;
            r.surface = r.facet = -1;
        }
        return;
    }
    if (enterFrac < leaveFrac && enterFrac > -1.0f) {
        if (tw.stats)
            ++tw.stats->brushesHit;
        if (enterFrac < r.fraction) {
            if (enterFrac < 0.0f)
                enterFrac = 0.0f;
            r.fraction = enterFrac;
            if (lead >= 0) {
                const CollisionSide& side = sides[lead];
                r.plane.normal = side.normal;
                r.plane.dist = side.dist;
                r.surfaceFlags = side.surfaceFlags;
                r.brushSide = brush.firstSide + lead;
            }
            r.contents = brush.contents;
            r.brush = brushIndex;
            r.surface = r.facet = -1;
        }
    }
}

/// Which rules the walk and the brush tests follow, as a template parameter.
enum WalkMode { kTutorial = 0, kQuake3 = 1, kRobust = 2 };

template <int Kind, int Mode>
void traceThroughLeafT(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    if (tw.stats)
        ++tw.stats->leavesVisited;
    const LeafBrushRef* list = model.traceLayout().leafBrushes.data() + leaf.firstLeafBrush;
    // q3map's own list, or the completed one (robust).
    const int32_t count = Mode == kRobust ? leaf.numLeafBrushes : leaf.numGameBrushes;
    for (int32_t k = 0; k < count; ++k) {
        const LeafBrushRef& ref = list[k];
        // The game marks a brush visited before its contents and bounds checks; checking them
        // first gives the same tests in the same order, since a brush failing either fails it in
        // every leaf of this trace.
        if (!sweptOverlaps(tw, ref.mins, ref.maxs))
            continue;
        if (!(ref.contents & tw.mask))
            continue;
        if (!firstVisit(tw, ref.brush))
            continue; // brushes sit in many leafs; test each once
        traceThroughBrush<Kind, Mode != kTutorial>(model, tw, ref);
        if (tw.result.fraction == 0.0f)
            return;
    }
    if (tw.curves)
        traceThroughLeafPatches(model, tw, leaf);
}

/// The far half of a node split, waiting while the walk goes down the near half.
struct WalkFrame {
    int32_t num;
    float p1f, p2f;
    glm::vec3 a, b;
};
/// Far halves kept on the walk's own stack; a deeper tree recurses for the near halves beyond.
constexpr int kWalkFrames = 64;

/// The game's walk from node `num` with the sub-segment a..b at fractions p1f..p2f: near half of a
/// split first, then the far half, each leaf reached tested at once.
template <int Kind, int Mode>
void walkTree(const Model& model, TraceWork& tw, int32_t num, float p1f, float p2f, glm::vec3 a,
              glm::vec3 b) {
    const WalkNode* nodes = model.traceLayout().nodes.data();
    const WalkLeaf* leafs = model.traceLayout().leafs.data();
    const float margin = tw.nodeMargin;
    const double eps = tw.epsilon;
    WalkFrame stack[kWalkFrames];
    int depth = 0;
    for (;;) {
        // Nothing beyond the nearest hit so far can matter (the tutorial walks on regardless).
        if ((Mode == kTutorial || tw.result.fraction > p1f)) {
            if (num < 0) {
                const size_t leaf = static_cast<size_t>(-1 - num);
                if (sweptOverlaps(tw, leafs[leaf].mins, leafs[leaf].maxs))
                    traceThroughLeafT<Kind, Mode>(model, tw, model.leafs()[leaf]);
            } else if (const WalkNode& node = nodes[num]; sweptOverlaps(tw, node.mins, node.maxs)) {
                // (Otherwise every brush and patch below misses the swept bounds: each would fail
                // its own bounds test, so skipping them changes nothing but the time.)
                if (tw.stats)
                    ++tw.stats->nodesVisited;
                // The walk goes on to one or both children: start loading them now.
                for (const int32_t child : node.children) {
                    if (child >= 0)
                        __builtin_prefetch(&nodes[child]);
                    else
                        __builtin_prefetch(&leafs[static_cast<size_t>(-1 - child)]);
                }
                float t1, t2, offset;
                if (node.type < 3) {
                    t1 = a[node.type] - node.dist;
                    t2 = b[node.type] - node.dist;
                    offset = tw.extents[node.type];
                } else {
                    t1 = node.normal[0] * a.x + node.normal[1] * a.y + node.normal[2] * a.z - node.dist;
                    t2 = node.normal[0] * b.x + node.normal[1] * b.y + node.normal[2] * b.z - node.dist;
                    // The game's loose 2048 for boxes, not the exact support sum |e_i n_i|: q3map
                    // lists a brush only in the leaves its kept fragments reached and drops thin
                    // fragments, so a brush can reach into a cell that does not list it. The wide
                    // walk visits enough leaves to find such brushes anyway; the exact one let a
                    // 50x26x11 box on oa_dm1 from (-99.8 824.6 164.6) to (-209.1 739.1 135.4) pass
                    // into brush 291, which the game stops at 0.831
                    // (TraceReference.WideNodeWalkFindsBrushesMissingFromLeafLists). Completing the
                    // leaf lists at load in place of this changes the order brushes are tested in,
                    // and with it the plane reported for all-solid traces, so the game's walk is
                    // kept; the lists are completed too, but only after each leaf's own brushes
                    // (ModelBuild.cpp, completeLeafBrushLists), for brushes this walk cannot reach.
                    offset = tw.isPoint ? 0.0f : 2048.0f;
                }
                if (t1 >= offset + margin && t2 >= offset + margin) {
                    num = node.children[0];
                    continue;
                }
                if (t1 < -offset - margin && t2 < -offset - margin) {
                    num = node.children[1];
                    continue;
                }

                // Split with the cross point epsilon on the near side; near child first, then far.
                int side;
                float frac, frac2;
                if (t1 < t2) {
                    const float idist = static_cast<float>(1.0 / double(t1 - t2));
                    side = 1;
                    frac2 = static_cast<float>((double(t1 + offset) + eps) * idist);
                    // The game adds eps here too, which (idist < 0) ends the near half eps *before*
                    // the box stops overlapping the back side, where the other three cases all
                    // reach eps beyond. A box overlapping a brush's face plane by less than eps for
                    // the rest of the sweep then never visits the brush's leaf and goes through its
                    // corner (a player ended 0.227 units inside a wall on czest3ctf that way).
                    // Robust reaches eps beyond, which only visits more leaves; quake3 keeps the
                    // game's sign.
                    frac = static_cast<float>((double(t1 - offset) + (Mode == kRobust ? -eps : eps)) * idist);
                } else if (t1 > t2) {
                    const float idist = static_cast<float>(1.0 / double(t1 - t2));
                    side = 0;
                    frac2 = static_cast<float>((double(t1 - offset) - eps) * idist);
                    frac = static_cast<float>((double(t1 + offset) + eps) * idist);
                } else {
                    side = 0;
                    frac = 1.0f;
                    frac2 = 0.0f;
                }

                frac = std::clamp(frac, 0.0f, 1.0f);
                const float midf = p1f + (p2f - p1f) * frac;
                glm::vec3 mid;
                for (int i = 0; i < 3; ++i)
                    mid[i] = a[i] + frac * (b[i] - a[i]);
                frac2 = std::clamp(frac2, 0.0f, 1.0f);
                const float farf = p1f + (p2f - p1f) * frac2;
                glm::vec3 far;
                for (int i = 0; i < 3; ++i)
                    far[i] = a[i] + frac2 * (b[i] - a[i]);
                if (depth < kWalkFrames) {
                    stack[depth++] = {node.children[side ^ 1], farf, p2f, far, b};
                    num = node.children[side];
                    p2f = midf;
                    b = mid;
                } else {
                    walkTree<Kind, Mode>(model, tw, node.children[side], p1f, midf, a, mid);
                    num = node.children[side ^ 1];
                    p1f = farf;
                    a = far;
                }
                continue;
            }
        }
        if (depth == 0)
            return;
        const WalkFrame& f = stack[--depth];
        num = f.num;
        p1f = f.p1f;
        p2f = f.p2f;
        a = f.a;
        b = f.b;
    }
}

template <int Mode> void traceThroughLeafMode(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    if (tw.sphere)
        traceThroughLeafT<kSphere, Mode>(model, tw, leaf);
    else if (tw.cylinder)
        traceThroughLeafT<kCylinder, Mode>(model, tw, leaf);
    else
        traceThroughLeafT<kBox, Mode>(model, tw, leaf);
}

template <int Mode>
void walkTreeMode(const Model& model, TraceWork& tw, int32_t num, float p1f, float p2f, const glm::vec3& a,
                  const glm::vec3& b) {
    if (tw.sphere)
        walkTree<kSphere, Mode>(model, tw, num, p1f, p2f, a, b);
    else if (tw.cylinder)
        walkTree<kCylinder, Mode>(model, tw, num, p1f, p2f, a, b);
    else
        walkTree<kBox, Mode>(model, tw, num, p1f, p2f, a, b);
}

} // namespace

void traceThroughLeaf(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    if (tw.robust)
        traceThroughLeafMode<kRobust>(model, tw, leaf);
    else if (tw.quake3)
        traceThroughLeafMode<kQuake3>(model, tw, leaf);
    else
        traceThroughLeafMode<kTutorial>(model, tw, leaf);
}

void traceThroughTree(const Model& model, TraceWork& tw, int32_t num, float p1f, float p2f,
                      const glm::vec3& p1, const glm::vec3& p2) {
    if (tw.robust)
        walkTreeMode<kRobust>(model, tw, num, p1f, p2f, p1, p2);
    else if (tw.quake3)
        walkTreeMode<kQuake3>(model, tw, num, p1f, p2f, p1, p2);
    else
        walkTreeMode<kTutorial>(model, tw, num, p1f, p2f, p1, p2);
}

} // namespace cliplab::collision::detail
