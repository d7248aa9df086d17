// BSP construction by brush fragments. Each node's cell is a convex polyhedron; the brushes in it
// are kept as convex fragments clipped to the cell. As in q3map2, a cell is first cut at every
// multiple of 1024 units its box crosses, then by a side plane of a structural brush in the cell
// that really cuts it (q3map2's score: many faces on it, few fragments across it, axial first);
// a cell with none left is a leaf, and the fragments in it name the brushes it must list. Detail
// brushes split nothing, so leaves are as big as q3map2's and list the same neighbours, which
// decides ties in a trace. Because fragments are exact polyhedra, a brush lands in a leaf exactly
// when its volume overlaps the cell (points within kOnEpsilon of a plane count on both sides, so a
// brush is never lost to rounding).

#include "mapc/BspTree.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::mapc {

namespace {

struct Face {
    DPlane plane;
    Winding w;
};

/// A convex polyhedron: a brush fragment (brush >= 0) or a node cell (brush -1).
struct Poly {
    int32_t brush = -1;
    std::vector<Face> faces;
    glm::dvec3 mins{0.0}, maxs{0.0};
};

void computeBounds(Poly& p) {
    p.mins = glm::dvec3(1e30);
    p.maxs = glm::dvec3(-1e30);
    for (const Face& f : p.faces)
        for (const auto& v : f.w) {
            p.mins = glm::min(p.mins, v);
            p.maxs = glm::max(p.maxs, v);
        }
}

Poly boxPoly(const glm::dvec3& mins, const glm::dvec3& maxs) {
    Poly p;
    for (int axis = 0; axis < 3; ++axis)
        for (int dir = -1; dir <= 1; dir += 2) {
            glm::dvec3 n(0.0);
            n[axis] = dir;
            p.faces.push_back({DPlane{n, dir > 0 ? maxs[axis] : -mins[axis]}, {}});
        }
    for (size_t i = 0; i < p.faces.size(); ++i) {
        Winding w = baseWinding(p.faces[i].plane);
        for (size_t j = 0; j < p.faces.size(); ++j)
            if (j != i)
                w = clipBehind(w, p.faces[j].plane);
        p.faces[i].w = std::move(w);
    }
    computeBounds(p);
    return p;
}

enum class Side { Front, Back, Both };

/// Above this many fragments in a node only axial splitters are scored (see chooseSplitter).
constexpr size_t kAxialOnlyFragments = 128;
/// q3map2 cuts the world into cubes this big before it looks at faces (its default blocksize).
constexpr double kBlockSize = 1024.0;

Side classify(const Poly& p, const DPlane& plane) {
    // Bounding box first: cheap, and decides most cases.
    double lo = -plane.dist, hi = -plane.dist;
    for (int k = 0; k < 3; ++k) {
        const double a = plane.normal[k] * p.mins[k], b = plane.normal[k] * p.maxs[k];
        lo += std::min(a, b);
        hi += std::max(a, b);
    }
    if (hi <= kOnEpsilon)
        return Side::Back;
    if (lo >= -kOnEpsilon)
        return Side::Front;
    bool front = false, back = false;
    for (const Face& f : p.faces)
        for (const auto& v : f.w) {
            const double d = plane.distance(v);
            front = front || d > kOnEpsilon;
            back = back || d < -kOnEpsilon;
            if (front && back)
                return Side::Both;
        }
    return front ? Side::Front : Side::Back;
}

/// Splits a polyhedron that straddles `plane`. A piece that comes out degenerate is replaced by the
/// whole polyhedron, so a brush is listed too often rather than too rarely.
void splitPoly(const Poly& p, const DPlane& plane, Poly& front, Poly& back) {
    front = Poly{p.brush, {}, {}, {}};
    back = Poly{p.brush, {}, {}, {}};
    for (const Face& f : p.faces) {
        Winding fw, bw;
        splitWinding(f.w, plane, fw, bw);
        if (!fw.empty())
            front.faces.push_back({f.plane, std::move(fw)});
        if (!bw.empty())
            back.faces.push_back({f.plane, std::move(bw)});
    }
    Winding cap = baseWinding(plane);
    for (const Face& f : p.faces) {
        if (cap.empty())
            break;
        cap = clipBehind(cap, f.plane);
    }
    if (!cap.empty()) {
        back.faces.push_back({plane, cap});
        std::reverse(cap.begin(), cap.end());
        front.faces.push_back({plane.flipped(), std::move(cap)});
    }
    if (front.faces.size() < 4)
        front = p;
    if (back.faces.size() < 4)
        back = p;
    computeBounds(front);
    computeBounds(back);
}

glm::ivec3 floorVec(const glm::dvec3& v) {
    return {static_cast<int>(std::floor(v.x)), static_cast<int>(std::floor(v.y)),
            static_cast<int>(std::floor(v.z))};
}
glm::ivec3 ceilVec(const glm::dvec3& v) {
    return {static_cast<int>(std::ceil(v.x)), static_cast<int>(std::ceil(v.y)),
            static_cast<int>(std::ceil(v.z))};
}

class TreeBuilder {
public:
    TreeBuilder(const std::vector<BuiltBrush>& brushes, PlaneSet& planes, bsp::BspData& out)
        : m_brushes(brushes), m_planes(planes), m_out(out), m_used(static_cast<size_t>(planes.size() / 2), 0),
          m_seen(m_used.size(), 0), m_facing(m_used.size(), 0) {}

    /// Returns the child reference: a node index, or -(leaf + 1). [boxMins, boxMaxs] is the node's
    /// box as q3map2 keeps it (the structural faces' bounds, narrowed by axial splits only).
    int32_t build(const Poly& cell, std::vector<Poly> frags, const glm::dvec3& boxMins,
                  const glm::dvec3& boxMaxs) {
        // q3map2 first cuts its box at every multiple of the block size it crosses, x, y, then z.
        for (int axis = 0; axis < 3; ++axis) {
            const double dist = kBlockSize * (std::floor(boxMins[axis] / kBlockSize) + 1.0);
            if (!(boxMaxs[axis] > dist))
                continue;
            glm::dvec3 n(0.0);
            n[axis] = 1.0;
            const int32_t plane = m_planes.add(DPlane{n, dist});
            grow();
            switch (classify(cell, m_planes[plane])) {
            case Side::Front: { // the other side is outside this cell: no node for it
                glm::dvec3 lo = boxMins;
                lo[axis] = dist;
                return build(cell, std::move(frags), lo, boxMaxs);
            }
            case Side::Back: {
                glm::dvec3 hi = boxMaxs;
                hi[axis] = dist;
                return build(cell, std::move(frags), boxMins, hi);
            }
            case Side::Both:
                return splitNode(cell, std::move(frags), plane, boxMins, boxMaxs);
            }
        }
        const int32_t best = chooseSplitter(cell, frags);
        if (best < 0)
            return makeLeaf(cell, frags);
        return splitNode(cell, std::move(frags), best, boxMins, boxMaxs);
    }

    /// Leaves' brush lists, in leaf order.
    std::vector<std::vector<int32_t>> leafBrushes;

private:
    /// Keeps the per-plane-pair arrays as long as the plane set (block splits add planes).
    void grow() {
        const auto pairs = static_cast<size_t>(m_planes.size() / 2);
        if (m_used.size() < pairs) {
            m_used.resize(pairs, 0);
            m_seen.resize(pairs, 0);
            m_facing.resize(pairs, 0);
        }
    }

    int32_t splitNode(const Poly& cell, std::vector<Poly> frags, int32_t best, const glm::dvec3& boxMins,
                      const glm::dvec3& boxMaxs) {
        const DPlane& plane = m_planes[best];
        std::vector<Poly> front, back;
        for (Poly& f : frags) {
            switch (classify(f, plane)) {
            case Side::Front:
                front.push_back(std::move(f));
                break;
            case Side::Back:
                back.push_back(std::move(f));
                break;
            case Side::Both: {
                Poly a, b;
                splitPoly(f, plane, a, b);
                front.push_back(std::move(a));
                back.push_back(std::move(b));
                break;
            }
            }
        }
        frags.clear();
        Poly frontCell, backCell;
        splitPoly(cell, plane, frontCell, backCell);
        // An axial split narrows the boxes the block splits look at, as q3map2's node bounds.
        glm::dvec3 frontMins = boxMins, frontMaxs = boxMaxs, backMins = boxMins, backMaxs = boxMaxs;
        for (int k = 0; k < 3; ++k) {
            if (plane.normal[k] == 1.0) {
                frontMins[k] = plane.dist;
                backMaxs[k] = plane.dist;
            } else if (plane.normal[k] == -1.0) {
                frontMaxs[k] = -plane.dist;
                backMins[k] = -plane.dist;
            }
        }
        const auto index = static_cast<int32_t>(m_out.nodes.size());
        m_out.nodes.push_back({});
        m_out.nodes.back().plane = best;
        m_out.nodes.back().mins = floorVec(cell.mins);
        m_out.nodes.back().maxs = ceilVec(cell.maxs);
        const size_t pair = static_cast<size_t>(best / 2);
        m_used[pair] = 1;
        const int32_t f = build(frontCell, std::move(front), frontMins, frontMaxs);
        const int32_t b = build(backCell, std::move(back), backMins, backMaxs);
        m_used[pair] = 0;
        m_out.nodes[static_cast<size_t>(index)].children = {f, b};
        return index;
    }

    int32_t chooseSplitter(const Poly& cell, const std::vector<Poly>& frags) {
        // Candidate planes (as even pair members), each once, in a fixed order.
        std::vector<int32_t> candidates;
        ++m_stamp;
        for (const Poly& f : frags) {
            if (m_brushes[static_cast<size_t>(f.brush)].detail)
                continue; // detail brushes never split, as in q3map2: they are listed where they reach
            for (const BuiltSide& s : m_brushes[static_cast<size_t>(f.brush)].sides) {
                const size_t pair = static_cast<size_t>(s.plane / 2);
                if (s.bevel || m_used[pair])
                    continue;
                if (m_seen[pair] != m_stamp) {
                    m_seen[pair] = m_stamp;
                    m_facing[pair] = 0;
                    candidates.push_back(static_cast<int32_t>(pair * 2));
                }
                ++m_facing[pair]; // fragments with a face on this plane
            }
        }
        std::sort(candidates.begin(), candidates.end());
        // Scoring costs candidates x fragments. Near the root of a big map, axial planes alone make
        // good splits (q3map starts with axial blocks too), so only they are scored there.
        if (frags.size() > kAxialOnlyFragments) {
            std::vector<int32_t> axial;
            for (int32_t c : candidates)
                if (isAxial(m_planes[c].normal) && classify(cell, m_planes[c]) == Side::Both)
                    axial.push_back(c);
            if (!axial.empty())
                candidates = std::move(axial);
        }
        int32_t best = -1;
        long bestValue = 0;
        for (int32_t c : candidates) {
            const DPlane& plane = m_planes[c];
            if (classify(cell, plane) != Side::Both)
                continue; // does not cut this cell
            long front = 0, back = 0, splits = 0;
            const long facing = m_facing[static_cast<size_t>(c / 2)];
            for (const Poly& f : frags) {
                switch (classify(f, plane)) {
                case Side::Front:
                    ++front;
                    break;
                case Side::Back:
                    ++back;
                    break;
                case Side::Both:
                    ++splits;
                    break;
                }
            }
            // q3map2's taste: planes that many faces lie on, few splits, axial first.
            const long value = 5 * facing - 5 * splits + (isAxial(plane.normal) ? 5 : 0);
            if (best < 0 || value > bestValue) {
                best = c;
                bestValue = value;
            }
        }
        return best;
    }

    int32_t makeLeaf(const Poly& cell, const std::vector<Poly>& frags) {
        std::vector<int32_t> list;
        for (const Poly& f : frags)
            list.push_back(f.brush);
        // q3map2's order: detail brushes first, then structural ones, each from the last to the first.
        std::sort(list.begin(), list.end(), [&](int32_t a, int32_t b) {
            const bool da = m_brushes[static_cast<size_t>(a)].detail,
                       db = m_brushes[static_cast<size_t>(b)].detail;
            return da != db ? da : a > b;
        });
        list.erase(std::unique(list.begin(), list.end()), list.end());
        bsp::Leaf leaf;
        leaf.cluster = 0;
        leaf.area = 0;
        leaf.mins = floorVec(cell.mins);
        leaf.maxs = ceilVec(cell.maxs);
        const auto index = static_cast<int32_t>(m_out.leafs.size());
        m_out.leafs.push_back(leaf);
        leafBrushes.push_back(std::move(list));
        return -(index + 1);
    }

    const std::vector<BuiltBrush>& m_brushes;
    PlaneSet& m_planes;
    bsp::BspData& m_out;
    std::vector<uint8_t> m_used;
    std::vector<uint32_t> m_seen;
    std::vector<int32_t> m_facing; ///< Per plane pair, valid where m_seen == m_stamp.
    uint32_t m_stamp = 0;
};

} // namespace

TreeBox buildTree(const std::vector<BuiltBrush>& brushes, size_t worldBrushes,
                  const std::vector<SurfaceBounds>& surfaces, PlaneSet& planes, bsp::BspData& out) {
    glm::dvec3 mins(1e30), maxs(-1e30);
    std::vector<Poly> frags;
    for (size_t i = 0; i < worldBrushes; ++i) {
        const BuiltBrush& b = brushes[i];
        Poly p;
        p.brush = static_cast<int32_t>(i);
        for (const BuiltSide& s : b.sides)
            if (!s.bevel && !s.exact.empty())
                p.faces.push_back({planes[s.plane], s.exact});
        computeBounds(p);
        mins = glm::min(mins, p.mins);
        maxs = glm::max(maxs, p.maxs);
        frags.push_back(std::move(p));
    }
    for (const SurfaceBounds& s : surfaces) {
        mins = glm::min(mins, s.mins);
        maxs = glm::max(maxs, s.maxs);
    }
    if (mins.x > maxs.x) {
        mins = glm::dvec3(-8.0);
        maxs = glm::dvec3(8.0);
    }
    const TreeBox box{mins - 8.0, maxs + 8.0};
    const Poly root = boxPoly(box.mins, box.maxs);

    out.nodes.clear();
    out.leafs.clear();
    // q3map2's box: the bounds of the structural brushes' faces.
    glm::dvec3 boxMins(1e30), boxMaxs(-1e30);
    for (const Poly& f : frags)
        if (!brushes[static_cast<size_t>(f.brush)].detail) {
            boxMins = glm::min(boxMins, f.mins);
            boxMaxs = glm::max(boxMaxs, f.maxs);
        }
    // Without structural brushes the box stays empty and no block is cut, as in q3map2.
    TreeBuilder builder(brushes, planes, out);
    const int32_t top = builder.build(root, std::move(frags), boxMins, boxMaxs);
    std::vector<std::vector<int32_t>> leafBrushLists = std::move(builder.leafBrushes);
    if (top < 0) {
        // No splitter at all (no world brushes): the format needs a node, so split the single
        // cell on a plane through its middle; both halves list the same brushes.
        const int32_t plane = planes.add(DPlane{{0.0, 0.0, 1.0}, std::floor((mins.z + maxs.z) / 2)});
        bsp::Node node;
        node.plane = plane & ~1;
        node.children = {-1, -2};
        node.mins = out.leafs[0].mins;
        node.maxs = out.leafs[0].maxs;
        out.nodes.push_back(node);
        out.leafs.push_back(out.leafs[0]);
        leafBrushLists.push_back(leafBrushLists[0]);
    }

    out.leafBrushes.clear();
    for (size_t i = 0; i < out.leafs.size(); ++i) {
        out.leafs[i].firstLeafBrush = static_cast<int32_t>(out.leafBrushes.size());
        out.leafs[i].numLeafBrushes = static_cast<int32_t>(leafBrushLists[i].size());
        out.leafBrushes.insert(out.leafBrushes.end(), leafBrushLists[i].begin(), leafBrushLists[i].end());
    }
    return box;
}

void hullLeaves(const bsp::BspData& out, const PlaneSet& planes, const std::vector<glm::dvec3>& points,
                std::vector<int32_t>& leaves, double onPlane) {
    std::vector<int32_t> stack{0};
    while (!stack.empty()) {
        const int32_t n = stack.back();
        stack.pop_back();
        if (n < 0) {
            leaves.push_back(-(n + 1));
            continue;
        }
        const bsp::Node& node = out.nodes[static_cast<size_t>(n)];
        const DPlane& plane = planes[node.plane];
        double lo = 1e30, hi = -1e30;
        for (const glm::dvec3& p : points) {
            const double d = plane.distance(p);
            lo = std::min(lo, d);
            hi = std::max(hi, d);
        }
        if (lo <= onPlane)
            stack.push_back(node.children[1]);
        if (hi >= -onPlane)
            stack.push_back(node.children[0]);
    }
}

void listLeafSurfaces(const std::vector<SurfaceBounds>& surfaces, const PlaneSet& planes,
                      const std::vector<uint8_t>& filled, bsp::BspData& out) {
    std::vector<std::vector<int32_t>> perLeaf(out.leafs.size());
    std::vector<int32_t> leaves;
    for (const SurfaceBounds& s : surfaces) {
        leaves.clear();
        for (const std::vector<glm::dvec3>& hull : s.hulls)
            hullLeaves(out, planes, hull, leaves);
        std::sort(leaves.begin(), leaves.end());
        leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
        for (int32_t l : leaves)
            if (!filled[static_cast<size_t>(l)])
                perLeaf[static_cast<size_t>(l)].push_back(s.surface);
    }
    out.leafSurfaces.clear();
    for (size_t i = 0; i < out.leafs.size(); ++i) {
        out.leafs[i].firstLeafSurface = static_cast<int32_t>(out.leafSurfaces.size());
        out.leafs[i].numLeafSurfaces = static_cast<int32_t>(perLeaf[i].size());
        out.leafSurfaces.insert(out.leafSurfaces.end(), perLeaf[i].begin(), perLeaf[i].end());
    }
}

} // namespace cliplab::mapc
