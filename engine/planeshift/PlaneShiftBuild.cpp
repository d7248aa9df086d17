// Building the solid-leaf tree for plane shifting: cells are convex polytopes (faces with windings,
// in double) split by brush side planes until each lies inside one brush or outside all of them.

#include "planeshift/PlaneShiftTree.h"

#include "geometry/BrushFace.h"
#include "geometry/Support.h"
#include "geometry/Winding.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

namespace cliplab::collision {

namespace {

using dvec3 = glm::dvec3;

constexpr double kOnEpsilon = 0.01;   ///< Points this close to a plane count as on it (units).
constexpr double kHuge = 1.0e6;       ///< Half size of a plane's starting winding (units).
constexpr int kMaxDepth = 512;        ///< Guard against degenerate input; real maps stay far below.
constexpr size_t kMaxCandidates = 48; ///< Splitters scored per node (evenly sampled beyond that).

struct Face {
    dvec3 normal{0.0};
    double dist = 0.0;
    std::vector<dvec3> points;
};
using Cell = std::vector<Face>;

/// Cell faces are cut with this on-plane band (units), much finer than kOnEpsilon so that cells
/// keep their true shape.
constexpr double kClipEpsilon = kOnEpsilon * 0.01;

/// The part of `points` (a convex polygon) behind the plane n.x = d.
std::vector<dvec3> clipBehind(const std::vector<dvec3>& points, const dvec3& n, double d) {
    return geometry::clipBehind(points, geometry::DPlane{n, d}, kClipEpsilon);
}

/// The face a new plane adds to `cell`: its winding clipped by every face of the cell.
Face capFace(const Cell& cell, const dvec3& n, double d) {
    std::vector<geometry::DPlane> planes;
    planes.reserve(cell.size() + 1);
    for (const Face& c : cell)
        planes.push_back({c.normal, c.dist});
    planes.push_back({n, d});
    return {n, d, geometry::brushFace<double>(planes, cell.size(), kHuge, kClipEpsilon)};
}

/// The part of `cell` behind the plane n.x = d.
Cell clipCell(const Cell& cell, const dvec3& n, double d) {
    Cell out;
    out.reserve(cell.size() + 1);
    for (const Face& f : cell) {
        Face c{f.normal, f.dist, clipBehind(f.points, n, d)};
        if (c.points.size() >= 3)
            out.push_back(std::move(c));
    }
    Face cap = capFace(cell, n, d);
    if (cap.points.size() >= 3)
        out.push_back(std::move(cap));
    return out;
}

Cell boxCell(const dvec3& lo, const dvec3& hi) {
    Cell cell;
    for (int i = 0; i < 6; ++i) {
        dvec3 n(0.0);
        n[i / 2] = (i & 1) ? 1.0 : -1.0;
        const double d = (i & 1) ? hi[i / 2] : -lo[i / 2];
        Cell others;
        for (int j = 0; j < 6; ++j) {
            if (j == i)
                continue;
            dvec3 m(0.0);
            m[j / 2] = (j & 1) ? 1.0 : -1.0;
            others.push_back({m, (j & 1) ? hi[j / 2] : -lo[j / 2], {}});
        }
        cell.push_back(capFace(others, n, d));
    }
    return cell;
}

std::vector<dvec3> cellPoints(const Cell& cell) {
    std::vector<dvec3> pts;
    for (const Face& f : cell)
        pts.insert(pts.end(), f.points.begin(), f.points.end());
    return pts;
}

bool sameNormal(const dvec3& a, const dvec3& b) {
    return glm::dot(a, b) > 1.0 - 1e-9;
}

} // namespace

/// Builds the tree recursively; a friend of PlaneShiftTree so it can fill the node array.
class PlaneShiftBuilder {
public:
    PlaneShiftBuilder(const Model& model, PlaneShiftTree& tree, bool bevels)
        : m_model(model), m_tree(tree), m_bevels(bevels) {}

    /// Returns the child code of the subtree for `cell`, which overlaps `brushes` (a superset).
    int32_t build(const Cell& cell, const std::vector<int32_t>& brushes, int depth) {
        const std::vector<dvec3> pts = cellPoints(cell);
        dvec3 lo(1e30), hi(-1e30);
        for (const dvec3& p : pts) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
        std::vector<int32_t> kept;
        std::vector<int32_t> cutting; // side indices whose planes cut the cell
        for (int32_t b : brushes) {
            const CollisionBrush& brush = m_model.brushes()[static_cast<size_t>(b)];
            if (brush.mins.x > hi.x - kOnEpsilon || brush.mins.y > hi.y - kOnEpsilon ||
                brush.mins.z > hi.z - kOnEpsilon || brush.maxs.x < lo.x + kOnEpsilon ||
                brush.maxs.y < lo.y + kOnEpsilon || brush.maxs.z < lo.z + kOnEpsilon)
                continue;
            bool disjoint = false, contains = true;
            const size_t firstCut = cutting.size();
            for (int32_t s = brush.firstSide; s < brush.firstSide + brush.numSides && !disjoint; ++s) {
                const CollisionSide& side = m_model.sides()[static_cast<size_t>(s)];
                const dvec3 n(side.normal);
                bool front = false, back = false;
                for (const dvec3& p : pts) {
                    const double dd = glm::dot(n, p) - double(side.dist);
                    front = front || dd > kOnEpsilon;
                    back = back || dd < -kOnEpsilon;
                }
                if (!back)
                    disjoint = true; // the cell is wholly in front of one side
                if (front)
                    contains = false;
                if (front && back)
                    cutting.push_back(s);
            }
            if (disjoint) {
                cutting.resize(firstCut);
                continue;
            }
            if (contains)
                return solidLeaf(b, brushes, pts);
            kept.push_back(b);
        }
        if (kept.empty())
            return -1;
        if (cutting.empty() || depth >= kMaxDepth) {
            // Cannot happen for convex brushes (a kept brush that neither contains nor misses the
            // cell has a side cutting it); decide by the cell's centre so the tree stays finite.
            const dvec3 c = (lo + hi) * 0.5;
            for (int32_t b : kept)
                if (insideBrush(b, c))
                    return newLeaf(b, m_model.brushes()[static_cast<size_t>(b)].contents);
            return -1;
        }

        const int32_t splitter = chooseSplitter(cutting, kept);
        const CollisionSide& side = m_model.sides()[static_cast<size_t>(splitter)];
        const dvec3 n(side.normal);
        const double d = side.dist;
        const Cell front = clipCell(cell, -n, -d);
        const Cell back = clipCell(cell, n, d);
        const int32_t f = build(front, kept, depth + 1);
        const int32_t k = build(back, kept, depth + 1);
        // Siblings of the same kind merge: their union is the (convex) parent cell.
        if (f == -1 && k == -1)
            return -1;
        if (f <= -2 && k <= -2 && leafOf(f).contents == leafOf(k).contents) {
            m_tree.m_leaves.pop_back(); // k was made last; f stands for both
            return f;
        }

        const int32_t index = static_cast<int32_t>(m_tree.m_nodes.size());
        m_tree.m_nodes.push_back({});
        PlaneShiftNode node;
        node.normal = side.normal;
        node.dist = side.dist;
        node.side = splitter;
        node.brush = m_sideBrush[static_cast<size_t>(splitter)];
        node.children = {f <= -2 ? bevelChain(front, f) : f, k <= -2 ? bevelChain(back, k) : k};
        m_tree.m_nodes[static_cast<size_t>(index)] = node;
        return index;
    }

    /// Root: the cell is the brushes' bounds grown by 64 units.
    void run(const std::vector<int32_t>& brushes) {
        m_sideBrush.assign(m_model.sides().size(), -1);
        for (size_t b = 0; b < m_model.brushes().size(); ++b) {
            const CollisionBrush& brush = m_model.brushes()[b];
            for (int32_t s = brush.firstSide; s < brush.firstSide + brush.numSides; ++s)
                m_sideBrush[static_cast<size_t>(s)] = static_cast<int32_t>(b);
        }
        dvec3 lo(1e30), hi(-1e30);
        for (int32_t b : brushes) {
            lo = glm::min(lo, dvec3(m_model.brushes()[static_cast<size_t>(b)].mins));
            hi = glm::max(hi, dvec3(m_model.brushes()[static_cast<size_t>(b)].maxs));
        }
        if (brushes.empty()) {
            m_tree.m_root = -1;
            return;
        }
        const Cell root = boxCell(glm::max(lo - 64.0, dvec3(-1e5)), glm::min(hi + 64.0, dvec3(1e5)));
        const int32_t r = build(root, brushes, 0);
        m_tree.m_root = r <= -2 ? bevelChain(root, r) : r;
    }

private:
    const PlaneShiftLeaf& leafOf(int32_t code) const {
        return m_tree.m_leaves[static_cast<size_t>(-2 - code)];
    }

    int32_t newLeaf(int32_t brush, int32_t contents) {
        m_tree.m_leaves.push_back({brush, contents & m_tree.m_mask});
        return -1 - static_cast<int32_t>(m_tree.m_leaves.size());
    }

    /// A solid leaf for a cell (corners `pts`) inside `brush`: its contents are those of every
    /// candidate brush containing the cell too (coincident clip and solid brushes, say).
    int32_t solidLeaf(int32_t brush, const std::vector<int32_t>& candidates, const std::vector<dvec3>& pts) {
        int32_t contents = 0;
        for (int32_t b : candidates) {
            const CollisionBrush& cb = m_model.brushes()[static_cast<size_t>(b)];
            bool contains = true;
            for (int32_t s = cb.firstSide; s < cb.firstSide + cb.numSides && contains; ++s) {
                const CollisionSide& side = m_model.sides()[static_cast<size_t>(s)];
                for (const dvec3& p : pts)
                    if (glm::dot(dvec3(side.normal), p) - double(side.dist) > kOnEpsilon) {
                        contains = false;
                        break;
                    }
            }
            if (contains) {
                contents |= cb.contents;
                brush = std::min(brush, b);
            }
        }
        return newLeaf(brush, contents);
    }

    bool insideBrush(int32_t b, const dvec3& p) const {
        const CollisionBrush& brush = m_model.brushes()[static_cast<size_t>(b)];
        for (int32_t s = brush.firstSide; s < brush.firstSide + brush.numSides; ++s) {
            const CollisionSide& side = m_model.sides()[static_cast<size_t>(s)];
            if (glm::dot(dvec3(side.normal), p) - double(side.dist) > 0.0)
                return false;
        }
        return true;
    }

    /// The cutting side whose plane splits the fewest brush bounds and balances the rest best;
    /// axial planes win ties (cells stay box-like and the trace's dot products cheap).
    int32_t chooseSplitter(const std::vector<int32_t>& cutting, const std::vector<int32_t>& brushes) const {
        const size_t step = cutting.size() > kMaxCandidates ? cutting.size() / kMaxCandidates : 1;
        int32_t best = cutting[0];
        long bestScore = -1;
        for (size_t c = 0; c < cutting.size(); c += step) {
            const CollisionSide& side = m_model.sides()[static_cast<size_t>(cutting[c])];
            long front = 0, back = 0, split = 0;
            for (int32_t b : brushes) {
                const CollisionBrush& brush = m_model.brushes()[static_cast<size_t>(b)];
                const glm::vec3 centre = (brush.mins + brush.maxs) * 0.5f,
                                half = (brush.maxs - brush.mins) * 0.5f;
                const float r = std::fabs(half.x * side.normal.x) + std::fabs(half.y * side.normal.y) +
                                std::fabs(half.z * side.normal.z);
                const float dd = glm::dot(side.normal, centre) - side.dist;
                if (dd > r - 0.01f)
                    ++front;
                else if (dd < -r + 0.01f)
                    ++back;
                else
                    ++split;
            }
            const bool axial = std::fabs(side.normal.x) == 1.0f || std::fabs(side.normal.y) == 1.0f ||
                               std::fabs(side.normal.z) == 1.0f;
            const long score = 8 * split + std::labs(front - back) + (axial ? 0 : 2);
            if (bestScore < 0 || score < bestScore) {
                bestScore = score;
                best = cutting[c];
            }
        }
        return best;
    }

    /// Bevel planes the solid `cell` lacks, as a chain of nodes ending in the solid leaf `code`.
    int32_t bevelChain(const Cell& cell, int32_t code) {
        if (!m_bevels)
            return code;
        const std::vector<dvec3> pts = cellPoints(cell);
        std::vector<std::pair<dvec3, double>> planes;
        auto known = [&](const dvec3& n) {
            for (const Face& f : cell)
                if (sameNormal(f.normal, n))
                    return true;
            for (const auto& p : planes)
                if (sameNormal(p.first, n))
                    return true;
            return false;
        };
        auto support = [&](const dvec3& n) { return geometry::pointsSupport(pts, n); };
        for (int i = 0; i < 6; ++i) {
            dvec3 n(0.0);
            n[i / 2] = (i & 1) ? 1.0 : -1.0;
            if (!known(n))
                planes.push_back({n, support(n)});
        }
        for (const Face& f : cell) {
            for (size_t i = 0; i < f.points.size(); ++i) {
                const dvec3 a = f.points[i], b = f.points[(i + 1) % f.points.size()];
                dvec3 e = b - a;
                if (glm::length(e) < 0.5)
                    continue;
                e = glm::normalize(e);
                int axialParts = 0;
                for (int k = 0; k < 3; ++k)
                    axialParts += std::fabs(e[k]) > 1e-6;
                if (axialParts < 2)
                    continue; // axial edges are covered by the axial planes
                for (int axis = 0; axis < 3; ++axis)
                    for (double sign : {-1.0, 1.0}) {
                        dvec3 ax(0.0);
                        ax[axis] = sign;
                        dvec3 n = glm::cross(e, ax);
                        if (glm::length(n) < 1e-3)
                            continue;
                        n = glm::normalize(n);
                        const double d = glm::dot(n, a);
                        if (support(n) > d + kOnEpsilon)
                            continue; // not a supporting plane
                        if (known(n))
                            continue;
                        planes.push_back({n, d});
                    }
            }
        }
        int32_t next = code;
        const int32_t brush = leafOf(code).brush;
        for (auto it = planes.rbegin(); it != planes.rend(); ++it) {
            PlaneShiftNode node;
            node.normal = glm::vec3(it->first);
            node.dist = static_cast<float>(it->second);
            node.children = {-1, next};
            node.side = -1;
            node.brush = brush;
            m_tree.m_nodes.push_back(node);
            ++m_tree.m_info.bevelNodes;
            next = static_cast<int32_t>(m_tree.m_nodes.size() - 1);
        }
        return next;
    }

    const Model& m_model;
    PlaneShiftTree& m_tree;
    bool m_bevels;
    std::vector<int32_t> m_sideBrush;
};

namespace {

/// Counts leaves and depth of the finished tree.
void countTree(const std::vector<PlaneShiftNode>& nodes, int32_t code, int depth, PlaneShiftBuildInfo& info) {
    if (code == -1) {
        ++info.emptyLeaves;
        return;
    }
    if (code <= -2) {
        ++info.solidLeaves;
        return;
    }
    info.maxDepth = std::max(info.maxDepth, depth);
    const PlaneShiftNode& n = nodes[static_cast<size_t>(code)];
    countTree(nodes, n.children[0], depth + 1, info);
    countTree(nodes, n.children[1], depth + 1, info);
}

} // namespace

PlaneShiftTree PlaneShiftTree::build(const Model& model, int32_t mask, bool bevels) {
    const auto t0 = std::chrono::steady_clock::now();
    PlaneShiftTree tree;
    tree.m_model = &model;
    tree.m_mask = mask;
    tree.m_bevels = bevels;
    // World brushes are the ones in the leafs the world tree reaches (a map may list other leafs,
    // e.g. for inline models, whose brushes the world trace never meets).
    std::vector<char> seen(model.brushes().size(), 0);
    std::vector<int32_t> brushes;
    std::vector<int32_t> stack;
    if (!model.nodes().empty())
        stack.push_back(0);
    while (!stack.empty()) {
        const int32_t num = stack.back();
        stack.pop_back();
        if (num >= 0) {
            for (int32_t child : model.nodes()[static_cast<size_t>(num)].children)
                stack.push_back(child);
            continue;
        }
        const CollisionLeaf& leaf = model.leafs()[static_cast<size_t>(-1 - num)];
        for (int32_t k = 0; k < leaf.numLeafBrushes; ++k) {
            const int32_t b = model.leafBrushes()[static_cast<size_t>(leaf.firstLeafBrush + k)];
            const CollisionBrush& brush = model.brushes()[static_cast<size_t>(b)];
            if (seen[static_cast<size_t>(b)] || !(brush.contents & mask) || brush.numSides == 0)
                continue;
            seen[static_cast<size_t>(b)] = 1;
            brushes.push_back(b);
        }
    }
    std::sort(brushes.begin(), brushes.end());
    PlaneShiftBuilder builder(model, tree, bevels);
    builder.run(brushes);
    tree.m_info.brushes = static_cast<int32_t>(brushes.size());
    tree.m_info.nodes = static_cast<int32_t>(tree.m_nodes.size());
    countTree(tree.m_nodes, tree.m_root, 1, tree.m_info);
    tree.m_info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return tree;
}

} // namespace cliplab::collision
