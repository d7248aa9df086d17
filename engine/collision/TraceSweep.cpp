// The sweep: walking the BSP tree with the segment, and clipping it against brushes
// (ioquake3's brush test, Quake3e's in double, or the seed tutorial's when asked).

#include "collision/TraceBrush.h"

#include <algorithm>
#include <cmath>

namespace cliplab::collision::detail {

namespace {

/// Which rules the walk and the brush tests follow, as a template parameter.
enum WalkMode { kTutorial = 0, kQuake3 = 1, kRobust = 2, kQuake3e = 3 };

/// The brush test each walk runs.
constexpr int brushRules(int mode) {
    return mode == kTutorial ? kTutorialRules : mode == kQuake3e ? kDoubleRules : kGameRules;
}

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
        traceThroughBrush<Kind, brushRules(Mode)>(model, tw, ref);
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
                // The ends' distances from the node plane: in float, or in double for Quake3e (an axial
                // plane's difference still taken in float, as Quake3e takes it).
                using Real = Distance<brushRules(Mode)>;
                Real t1, t2, offset;
                if (node.type < 3) {
                    t1 = Real(a[node.type] - node.dist);
                    t2 = Real(b[node.type] - node.dist);
                    offset = Real(tw.extents[node.type]);
                } else {
                    t1 = Real(node.normal[0]) * Real(a.x) + Real(node.normal[1]) * Real(a.y) +
                         Real(node.normal[2]) * Real(a.z) - Real(node.dist);
                    t2 = Real(node.normal[0]) * Real(b.x) + Real(node.normal[1]) * Real(b.y) +
                         Real(node.normal[2]) * Real(b.z) - Real(node.dist);
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
                    offset = tw.isPoint ? Real(0) : Real(2048);
                }
                if (t1 >= offset + Real(margin) && t2 >= offset + Real(margin)) {
                    num = node.children[0];
                    continue;
                }
                if (t1 < -offset - Real(margin) && t2 < -offset - Real(margin)) {
                    num = node.children[1];
                    continue;
                }

                // Split with the cross point epsilon on the near side; near child first, then far. The
                // fractions in double from the distances' own sums, rounded to float.
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
    if (tw.quake3e)
        traceThroughLeafMode<kQuake3e>(model, tw, leaf);
    else if (tw.robust)
        traceThroughLeafMode<kRobust>(model, tw, leaf);
    else if (tw.quake3)
        traceThroughLeafMode<kQuake3>(model, tw, leaf);
    else
        traceThroughLeafMode<kTutorial>(model, tw, leaf);
}

void traceThroughTree(const Model& model, TraceWork& tw, int32_t num, float p1f, float p2f,
                      const glm::vec3& p1, const glm::vec3& p2) {
    if (tw.quake3e)
        walkTreeMode<kQuake3e>(model, tw, num, p1f, p2f, p1, p2);
    else if (tw.robust)
        walkTreeMode<kRobust>(model, tw, num, p1f, p2f, p1, p2);
    else if (tw.quake3)
        walkTreeMode<kQuake3>(model, tw, num, p1f, p2f, p1, p2);
    else
        walkTreeMode<kTutorial>(model, tw, num, p1f, p2f, p1, p2);
}

} // namespace cliplab::collision::detail
