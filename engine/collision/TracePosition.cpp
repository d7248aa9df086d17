// Position tests (zero-length traces) and point contents.

#include "collision/TraceWork.h"

namespace cliplab::collision::detail {

namespace {

/// True when the shape at tw.start is wholly in front of side `s` (outside the brush). The side is
/// moved by the shape in float, as both games do here; the point's distance from it is taken in
/// float, or in double for Quake3e.
bool inFrontAtStart(const TraceWork& tw, const CollisionSide& s) {
    glm::vec3 p = tw.start;
    float dist;
    if (tw.sphere) {
        p = spherePoint(tw, s.normal, tw.start);
        dist = shiftedPlaneDist<kSphere>(tw, s.normal, s.dist, s.signBits);
    } else if (tw.cylinder) {
        dist = shiftedPlaneDist<kCylinder>(tw, s.normal, s.dist, s.signBits);
    } else {
        dist = shiftedPlaneDist<kBox>(tw, s.normal, s.dist, s.signBits);
    }
    if (tw.quake3e)
        return dot3d(p, s.normal) - double(dist) > 0.0;
    return dot3(p, s.normal) - dist > 0.0f;
}

/// Marks tw.result start/all solid when the shape at tw.start overlaps `brush`.
void testInBrush(const Model& model, TraceWork& tw, int32_t brushIndex) {
    const CollisionBrush& brush = model.brushes()[static_cast<size_t>(brushIndex)];
    if (brush.numSides == 0)
        return;
    if (tw.stats) {
        ++tw.stats->brushesTested;
        tw.stats->testedBrushes.push_back(brushIndex);
    }
    // Bounds first: for q3map brushes this is exactly the test against the six axial sides,
    // which the loop below may then skip.
    if (tw.bounds[0].x > brush.maxs.x || tw.bounds[0].y > brush.maxs.y || tw.bounds[0].z > brush.maxs.z ||
        tw.bounds[1].x < brush.mins.x || tw.bounds[1].y < brush.mins.y || tw.bounds[1].z < brush.mins.z)
        return;
    const CollisionSide* sides = model.sides().data() + brush.firstSide;
    for (int32_t i = brush.axialFirst ? 6 : 0; i < brush.numSides; ++i) {
        if (inFrontAtStart(tw, sides[i]))
            return; // in front of one side: outside the brush
    }
    if (tw.stats)
        ++tw.stats->brushesHit;
    tw.result.startSolid = tw.result.allSolid = true;
    tw.result.fraction = 0.0f;
    tw.result.contents = brush.contents;
    tw.result.brush = brushIndex;
}

/// 1 = box wholly in front, 2 = wholly behind, 3 = both sides.
int boxOnPlaneSide(const glm::vec3& mins, const glm::vec3& maxs, const CollisionNode& node) {
    if (node.type < 3) {
        if (node.dist <= mins[node.type])
            return 1;
        if (node.dist >= maxs[node.type])
            return 2;
        return 3;
    }
    glm::vec3 hi, lo;
    for (int i = 0; i < 3; ++i) {
        hi[i] = node.normal[i] < 0.0f ? mins[i] : maxs[i];
        lo[i] = node.normal[i] < 0.0f ? maxs[i] : mins[i];
    }
    int sides = 0;
    if (dot3(node.normal, hi) >= node.dist)
        sides = 1;
    if (dot3(node.normal, lo) < node.dist)
        sides |= 2;
    return sides;
}

/// Visits the leafs the box touches, front first, testing each as it is reached.
void positionTestNode(const Model& model, TraceWork& tw, const glm::vec3& mins, const glm::vec3& maxs,
                      int32_t num) {
    for (;;) {
        if (tw.result.allSolid)
            return;
        if (num < 0) {
            testInLeaf(model, tw, model.leafs()[static_cast<size_t>(-1 - num)]);
            return;
        }
        if (tw.stats)
            ++tw.stats->nodesVisited;
        const CollisionNode& node = model.nodes()[static_cast<size_t>(num)];
        const int s = boxOnPlaneSide(mins, maxs, node);
        if (s == 1) {
            num = node.children[0];
        } else if (s == 2) {
            num = node.children[1];
        } else {
            positionTestNode(model, tw, mins, maxs, node.children[0]);
            num = node.children[1];
        }
    }
}

} // namespace

void testInLeaf(const Model& model, TraceWork& tw, const CollisionLeaf& leaf) {
    if (tw.stats)
        ++tw.stats->leavesVisited;
    const int32_t* list = model.leafBrushes().data() + leaf.firstLeafBrush;
    const int32_t count = leafBrushCount(tw, leaf);
    for (int32_t k = 0; k < count; ++k) {
        const int32_t b = list[k];
        if (!firstVisit(tw, b))
            continue;
        if (!(model.brushes()[static_cast<size_t>(b)].contents & tw.mask))
            continue;
        testInBrush(model, tw, b);
        if (tw.result.allSolid)
            return;
    }
    if (tw.curves)
        testInLeafPatches(model, tw, leaf);
}

void positionTest(const Model& model, TraceWork& tw) {
    // The leafs touched by the box grown by one unit, as the game gathers them.
    const glm::vec3 mins = tw.start + tw.size[0] - glm::vec3(1.0f);
    const glm::vec3 maxs = tw.start + tw.size[1] + glm::vec3(1.0f);
    positionTestNode(model, tw, mins, maxs, 0);
}

} // namespace cliplab::collision::detail

namespace cliplab::collision {

int32_t Model::pointContents(const glm::vec3& p, int32_t mask) const {
    if (m_nodes.empty())
        return 0;
    int32_t num = 0;
    while (num >= 0) {
        const CollisionNode& node = m_nodes[static_cast<size_t>(num)];
        const float d = node.type < 3 ? p[node.type] - node.dist : detail::dot3(node.normal, p) - node.dist;
        num = node.children[d < 0.0f ? 1 : 0];
    }
    const CollisionLeaf& leaf = m_leafs[static_cast<size_t>(-1 - num)];
    int32_t contents = 0;
    const float e = 0.125f; // the game's bounds slack for this test
    for (int32_t k = 0; k < leaf.numLeafBrushes; ++k) {
        const CollisionBrush& b =
            m_brushes[static_cast<size_t>(m_leafBrushes[static_cast<size_t>(leaf.firstLeafBrush + k)])];
        if (p.x > b.maxs.x + e || p.y > b.maxs.y + e || p.z > b.maxs.z + e || p.x < b.mins.x - e ||
            p.y < b.mins.y - e || p.z < b.mins.z - e)
            continue;
        bool inside = true;
        for (int32_t i = 0; i < b.numSides && inside; ++i) {
            const CollisionSide& s = m_sides[static_cast<size_t>(b.firstSide + i)];
            inside = detail::dot3(p, s.normal) <= s.dist;
        }
        if (inside)
            contents |= b.contents;
    }
    return contents & mask;
}

} // namespace cliplab::collision
