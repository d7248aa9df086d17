// The sweep: walking the BSP tree with the segment, and clipping it against brushes
// (ioquake3's brush test, or the seed tutorial's when asked).

#include "collision/TraceWork.h"

#include <algorithm>
#include <cmath>

namespace cliplab::collision::detail {

namespace {

/// Clips the swept shape against one brush; updates tw.result when the brush is entered earlier
/// than anything before. Plane distances are shifted by the shape's support so the brush grows
/// and the shape shrinks to its centre point.
/// Kind (box, sphere/capsule, cylinder) and Quake3 are template parameters so the per-side loop
/// carries no mode branches.
enum SweepKind { kBox = 0, kSphere = 1, kCylinder = 2 };
template <int Kind, bool Quake3>
void traceThroughBrush(const Model& model, TraceWork& tw, int32_t brushIndex) {
    const CollisionBrush& brush = model.brushes()[static_cast<size_t>(brushIndex)];
    if (brush.numSides == 0) return;
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

    // One side's distances -> false when the segment misses the whole brush.
    auto clipSide = [&](int32_t i, float d1, float d2) -> bool {
        if (d2 > 0.0f) getOut = true;
        if (d1 > 0.0f) startOut = true;

        if constexpr (Quake3) {
            // Outside this plane and not getting closer than epsilon: misses the brush. Keeping
            // ends inside the (0, eps) band as hits is what keeps traces eps away from walls.
            if (d1 > 0.0f && (d2 >= eps || d2 >= d1)) return false;
        } else if (d1 > 0.0f && d2 > 0.0f) {
            return false; // the tutorial: both ends in front of one plane
        }
        if (d1 <= 0.0f && d2 <= 0.0f) return true;

        if (d1 > d2) { // entering
            float f = static_cast<float>((double(d1) - eps) / double(d1 - d2));
            if (Quake3 && f < 0.0f) f = 0.0f;
            if (f > enterFrac) {
                enterFrac = f;
                lead = i;
            }
        } else { // leaving
            float f = static_cast<float>((double(d1) + eps) / double(d1 - d2));
            if (Quake3 && f > 1.0f) f = 1.0f;
            if (f < leaveFrac) leaveFrac = f;
        }
        return true;
    };

    int32_t i = 0;
    if constexpr (Kind != kSphere) {
        // q3map's six axial sides first: n . x is +/-x[axis] and the box support is a half size on
        // that axis, bit for bit what the general formula gives, without the dot products.
        if (brush.axialFirst) {
            for (; i < 6; ++i) {
                const int axis = i >> 1;
                // -axis sides take the box's max corner, +axis sides its min corner (the two are
                // not always exact negatives in float, so use the one the game uses).
                const float dist = (i & 1) ? sides[i].dist - tw.size[0][axis] : sides[i].dist + tw.size[1][axis];
                const float d1 = (i & 1) ? tw.start[axis] - dist : -tw.start[axis] - dist;
                const float d2 = (i & 1) ? tw.end[axis] - dist : -tw.end[axis] - dist;
                if (!clipSide(i, d1, d2)) return;
            }
        }
    }
    for (; i < brush.numSides; ++i) {
        const CollisionSide& s = sides[i];
        float d1, d2;
        if constexpr (Kind == kSphere) {
            // Shift by the radius and measure from the capsule's sphere centre nearest the plane.
            const float dist = s.dist + tw.radius;
            const float t = dot3(s.normal, tw.sphereOffset);
            const glm::vec3 sp = t > 0.0f ? tw.start - tw.sphereOffset : tw.start + tw.sphereOffset;
            const glm::vec3 ep = t > 0.0f ? tw.end - tw.sphereOffset : tw.end + tw.sphereOffset;
            d1 = dot3(sp, s.normal) - dist;
            d2 = dot3(ep, s.normal) - dist;
        } else if constexpr (Kind == kCylinder) {
            const float dist = s.dist + cylinderSupport(s.normal, tw.radius, tw.size[1].z);
            d1 = dot3(tw.start, s.normal) - dist;
            d2 = dot3(tw.end, s.normal) - dist;
        } else {
            const float dist = s.dist - dot3(tw.offsets[s.signBits], s.normal);
            d1 = dot3(tw.start, s.normal) - dist;
            d2 = dot3(tw.end, s.normal) - dist;
        }
        if (!clipSide(i, d1, d2)) return;
    }

    TraceResult& r = tw.result;
    if (!startOut) {
        r.startSolid = true;
        if (!getOut) {
            r.allSolid = true;
            // The tutorial leaves the fraction alone here; the game stops the trace.
            if (Quake3) r.fraction = 0.0f;
            r.contents = brush.contents;
            r.brush = brushIndex;
            r.surface = r.facet = -1;
        }
        return;
    }
    if (enterFrac < leaveFrac && enterFrac > -1.0f) {
        if (tw.stats) ++tw.stats->brushesHit;
        if (enterFrac < r.fraction) {
            if (enterFrac < 0.0f) enterFrac = 0.0f;
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

/// The brush test's bounds check (margin epsilon) against a box of brushes and patches: false
/// only when it is false for each of them (float subtraction is monotonic).
bool boundsIntersect(const TraceWork& tw, const Bounds& b) {
    const float e = tw.epsilon;
    return !(tw.bounds[1].x < b.mins.x - e || tw.bounds[1].y < b.mins.y - e || tw.bounds[1].z < b.mins.z - e ||
             tw.bounds[0].x > b.maxs.x + e || tw.bounds[0].y > b.maxs.y + e || tw.bounds[0].z > b.maxs.z + e);
}

bool boundsIntersect(const TraceWork& tw, const CollisionBrush& b) {
    const float e = tw.epsilon;
    return !(tw.bounds[1].x < b.mins.x - e || tw.bounds[1].y < b.mins.y - e || tw.bounds[1].z < b.mins.z - e ||
             tw.bounds[0].x > b.maxs.x + e || tw.bounds[0].y > b.maxs.y + e || tw.bounds[0].z > b.maxs.z + e);
}

template <int Kind, bool Quake3>
void traceThroughLeafT(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    if (tw.stats) ++tw.stats->leavesVisited;
    const int32_t* list = model.leafBrushes().data() + leaf.firstLeafBrush;
    const CollisionBrush* brushes = model.brushes().data();
    const int32_t count = leafBrushCount(tw, leaf);
    for (int32_t k = 0; k < count; ++k) {
        const int32_t b = list[k];
        if (!firstVisit(tw, b)) continue; // brushes sit in many leafs; test each once
        const CollisionBrush& brush = brushes[b];
        if (!(brush.contents & tw.mask)) continue;
        if (!boundsIntersect(tw, brush)) continue;
        traceThroughBrush<Kind, Quake3>(model, tw, b);
        if (tw.result.fraction == 0.0f) return;
    }
    if (tw.curves) traceThroughLeafPatches(model, tw, leaf);
}

} // namespace

void traceThroughLeaf(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    if (tw.sphere)
        tw.quake3 ? traceThroughLeafT<kSphere, true>(model, tw, leaf) : traceThroughLeafT<kSphere, false>(model, tw, leaf);
    else if (tw.cylinder)
        tw.quake3 ? traceThroughLeafT<kCylinder, true>(model, tw, leaf)
                  : traceThroughLeafT<kCylinder, false>(model, tw, leaf);
    else
        tw.quake3 ? traceThroughLeafT<kBox, true>(model, tw, leaf) : traceThroughLeafT<kBox, false>(model, tw, leaf);
}

void traceThroughTree(const Model& model, TraceWork& tw, int32_t num, float p1f, float p2f, const glm::vec3& p1,
                      const glm::vec3& p2) {
    const CollisionNode* nodes = model.nodes().data();
    const float margin = tw.nodeMargin;
    // The far half of a split continues in this loop from `a`; only near halves recurse.
    glm::vec3 a = p1;
    const glm::vec3 b = p2;
    for (;;) {
        // Nothing beyond the nearest hit so far can matter (the tutorial walks on regardless).
        if (tw.quake3 && tw.result.fraction <= p1f) return;
        if (num < 0) {
            if (!boundsIntersect(tw, model.leafContentBounds()[static_cast<size_t>(-1 - num)])) return;
            traceThroughLeaf(model, tw, model.leafs()[static_cast<size_t>(-1 - num)]);
            return;
        }
        // Every brush and patch below misses the swept bounds: each would fail its own bounds
        // test, so skipping them changes nothing but the time.
        if (!boundsIntersect(tw, model.nodeContentBounds()[static_cast<size_t>(num)])) return;
        if (tw.stats) ++tw.stats->nodesVisited;
        const CollisionNode& node = nodes[num];
        float t1, t2, offset;
        if (node.type < 3) {
            t1 = a[node.type] - node.dist;
            t2 = b[node.type] - node.dist;
            offset = tw.extents[node.type];
        } else {
            t1 = dot3(node.normal, a) - node.dist;
            t2 = dot3(node.normal, b) - node.dist;
            // The game's loose 2048 for boxes, not the exact support sum |e_i n_i|: q3map lists a
            // brush only in the leaves its kept fragments reached and drops thin fragments, so a
            // brush can reach into a cell that does not list it. The wide walk visits enough
            // leaves to find such brushes anyway; the exact one let a 50x26x11 box on oa_dm1 from
            // (-99.8 824.6 164.6) to (-209.1 739.1 135.4) pass into brush 291, which the game
            // stops at 0.831 (TraceReference.WideNodeWalkFindsBrushesMissingFromLeafLists).
            // Completing the leaf lists at load in place of this changes the order brushes are
            // tested in, and with it the plane reported for all-solid traces, so the game's walk
            // is kept; the lists are completed too, but only after each leaf's own brushes
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
        const double eps = tw.epsilon;
        int side;
        float frac, frac2;
        if (t1 < t2) {
            const float idist = static_cast<float>(1.0 / double(t1 - t2));
            side = 1;
            frac2 = static_cast<float>((double(t1 + offset) + eps) * idist);
            // The game adds eps here too, which (idist < 0) ends the near half eps *before* the
            // box stops overlapping the back side, where the other three cases all reach eps
            // beyond. A box overlapping a brush's face plane by less than eps for the rest of the
            // sweep then never visits the brush's leaf and goes through its corner (a player
            // ended 0.227 units inside a wall on czest3ctf that way). Robust reaches eps beyond,
            // which only visits more leaves; quake3 keeps the game's sign.
            frac = static_cast<float>((double(t1 - offset) + (tw.robust ? -eps : eps)) * idist);
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
        for (int i = 0; i < 3; ++i) mid[i] = a[i] + frac * (b[i] - a[i]);
        traceThroughTree(model, tw, node.children[static_cast<size_t>(side)], p1f, midf, a, mid);

        frac2 = std::clamp(frac2, 0.0f, 1.0f);
        p1f = p1f + (p2f - p1f) * frac2;
        for (int i = 0; i < 3; ++i) a[i] = a[i] + frac2 * (b[i] - a[i]);
        num = node.children[static_cast<size_t>(side ^ 1)];
    }
}

} // namespace cliplab::collision::detail
