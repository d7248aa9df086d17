// Building collision::Model from map data: planes with type and sign bits, the tree with its
// planes inlined, brushes with bounds and sides with their shader flags, inline models as leafs.

#include "collision/Model.h"

#include "core/Format.h"
#include "geometry/Corners.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <utility>

namespace cliplab::collision {

uint8_t planeTypeForNormal(const glm::vec3& normal) {
    // Only exact +1 normals take the axial path: node planes are stored facing +axis by q3map,
    // and the fast path reads p[type] - dist, which is only right for a positive axis.
    if (normal.x == 1.0f)
        return 0;
    if (normal.y == 1.0f)
        return 1;
    if (normal.z == 1.0f)
        return 2;
    return 3;
}

uint8_t planeSignBits(const glm::vec3& normal) {
    uint8_t bits = 0;
    for (int i = 0; i < 3; ++i)
        if (normal[i] < 0.0f)
            bits = static_cast<uint8_t>(bits | (1 << i));
    return bits;
}

namespace {

/// Calls `visit(leaf)` for every leaf the box mins..maxs reaches (as the position test walks);
/// each leaf at most once, since every node has one parent.
template <typename Visit>
void forLeafsInBox(const std::vector<CollisionNode>& nodes, const glm::vec3& mins, const glm::vec3& maxs,
                   std::vector<int32_t>& stack, Visit&& visit) {
    stack.assign(1, 0);
    while (!stack.empty()) {
        const int32_t num = stack.back();
        stack.pop_back();
        if (num < 0) {
            visit(static_cast<size_t>(-1 - num));
            continue;
        }
        const CollisionNode& node = nodes[static_cast<size_t>(num)];
        bool front, back;
        if (node.type < 3) { // axial: the dot products below reduce to one coordinate, exactly
            front = maxs[node.type] > node.dist;
            back = mins[node.type] < node.dist;
        } else {
            glm::vec3 hi, lo;
            for (int i = 0; i < 3; ++i) {
                hi[i] = node.normal[i] < 0.0f ? mins[i] : maxs[i];
                lo[i] = node.normal[i] < 0.0f ? maxs[i] : mins[i];
            }
            front = glm::dot(node.normal, hi) > node.dist;
            back = glm::dot(node.normal, lo) < node.dist;
        }
        if (front)
            stack.push_back(node.children[0]);
        if (back)
            stack.push_back(node.children[1]);
    }
}

/// Items to add to leaf lists: (leaf, item) in the order found.
using LeafExtras = std::vector<std::pair<uint32_t, int32_t>>;

/// True when leaf `leaf`'s own list (from the file) has `item`.
bool inOwnList(const std::vector<CollisionLeaf>& leafs, const std::vector<int32_t>& lists, bool brushes,
               size_t leaf, int32_t item) {
    const CollisionLeaf& l = leafs[leaf];
    const auto begin = lists.begin() + (brushes ? l.firstLeafBrush : l.firstLeafSurface);
    const auto end = begin + (brushes ? l.numLeafBrushes : l.numLeafSurfaces);
    return std::find(begin, end, item) != end;
}

/// Rebuilds `lists` so that leaf i lists its own items (first, in the file's order, which keeps
/// the game's test order for them) and then its extras, in the order they were found.
void appendToLeafLists(std::vector<CollisionLeaf>& leafs, std::vector<int32_t>& lists,
                       const LeafExtras& extras, bool brushes) {
    // A stable counting sort of the extras by leaf.
    std::vector<int32_t> start(leafs.size() + 1, 0);
    for (const auto& e : extras)
        ++start[e.first + 1];
    for (size_t i = 1; i < start.size(); ++i)
        start[i] += start[i - 1];
    std::vector<int32_t> sorted(extras.size());
    {
        std::vector<int32_t> next(start.begin(), start.end() - 1);
        for (const auto& e : extras)
            sorted[static_cast<size_t>(next[e.first]++)] = e.second;
    }
    std::vector<int32_t> out;
    out.reserve(lists.size() + extras.size());
    for (size_t i = 0; i < leafs.size(); ++i) {
        int32_t& first = brushes ? leafs[i].firstLeafBrush : leafs[i].firstLeafSurface;
        int32_t& count = brushes ? leafs[i].numLeafBrushes : leafs[i].numLeafSurfaces;
        const int32_t begin = static_cast<int32_t>(out.size());
        out.insert(out.end(), lists.begin() + first, lists.begin() + first + count);
        out.insert(out.end(), sorted.begin() + start[i], sorted.begin() + start[i + 1]);
        first = begin;
        count = static_cast<int32_t>(out.size()) - begin;
    }
    lists = std::move(out);
}

/// Adds every world brush to the leafs its bounds reach but whose list lacks it, after the
/// leaf's own brushes. q3map lists a brush only in the leafs its kept fragments reached and
/// drops thin fragments, so a 0.125-thick clip brush on oa_dm6 (brush 705) was listed in one of
/// the leafs it lies in: a box on it was in solid or not depending on which leafs it reached,
/// and the soak's walkers ended ticks inside it
/// (`cliplab soak oa_dm6 --seed 2 --walkers 16 --walker 6 --ticks 8725`).
void completeLeafBrushLists(const std::vector<CollisionNode>& nodes,
                            const std::vector<CollisionBrush>& brushes, int32_t firstBrush,
                            int32_t numBrushes, std::vector<CollisionLeaf>& leafs,
                            std::vector<int32_t>& leafBrushes) {
    if (nodes.empty() || leafs.empty())
        return;
    // Which leafs list each brush already, so that a leaf reached is checked in constant time:
    // listedBy[listedStart[b - firstBrush] ...] are the leafs whose own list has brush b.
    const size_t count = static_cast<size_t>(std::max(numBrushes, 0));
    std::vector<int32_t> listedStart(count + 1, 0), listedBy;
    auto ownBrushes = [&](size_t leaf, auto&& each) {
        const CollisionLeaf& l = leafs[leaf];
        for (int32_t k = 0; k < l.numLeafBrushes; ++k) {
            const int32_t b = leafBrushes[static_cast<size_t>(l.firstLeafBrush + k)];
            if (b >= firstBrush && b < firstBrush + numBrushes)
                each(static_cast<size_t>(b - firstBrush));
        }
    };
    for (size_t leaf = 0; leaf < leafs.size(); ++leaf)
        ownBrushes(leaf, [&](size_t b) { ++listedStart[b + 1]; });
    for (size_t b = 1; b <= count; ++b)
        listedStart[b] += listedStart[b - 1];
    listedBy.resize(static_cast<size_t>(listedStart[count]));
    {
        std::vector<int32_t> next(listedStart.begin(), listedStart.end() - 1);
        for (size_t leaf = 0; leaf < leafs.size(); ++leaf)
            ownBrushes(leaf, [&](size_t b) {
                listedBy[static_cast<size_t>(next[b]++)] = static_cast<int32_t>(leaf);
            });
    }
    std::vector<int32_t> listsIt(leafs.size(), -1); // the brush whose own leafs are marked
    LeafExtras extras;
    std::vector<int32_t> stack;
    for (int32_t b = firstBrush; b < firstBrush + numBrushes; ++b) {
        const CollisionBrush& brush = brushes[static_cast<size_t>(b)];
        if (brush.numSides == 0)
            continue;
        const size_t i = static_cast<size_t>(b - firstBrush);
        for (int32_t k = listedStart[i]; k < listedStart[i + 1]; ++k)
            listsIt[static_cast<size_t>(listedBy[static_cast<size_t>(k)])] = b;
        // One walk per brush reaches each leaf once: no leaf gets the brush twice.
        forLeafsInBox(nodes, brush.mins, brush.maxs, stack, [&](size_t leaf) {
            if (listsIt[leaf] != b)
                extras.emplace_back(uint32_t(leaf), b);
        });
    }
    appendToLeafLists(leafs, leafBrushes, extras, true);
}

/// The same for the world's patches: each cell of a patch's collision grid (grown by 1 unit,
/// as the collide's bounds) adds the patch to the leafs it reaches. q3map lists a patch in the
/// leafs of its drawn surface, but collision uses a coarser grid whose chords stand up to 16
/// units in front of the drawn curve: on oa_minia (pak6 version) a player sliding along such a
/// chord ended in it where no visited leaf listed the patch
/// (`cliplab soak oa_minia --seed 2 --walkers 16 --walker 13 --ticks 9652 --preset quake3`).
void completeLeafSurfaceLists(const std::vector<CollisionNode>& nodes,
                              const std::vector<CollisionPatch>& patches, int32_t firstSurface,
                              int32_t numSurfaces, std::vector<CollisionLeaf>& leafs,
                              std::vector<int32_t>& leafSurfaces) {
    if (nodes.empty() || leafs.empty())
        return;
    LeafExtras extras;
    std::vector<int32_t> stack;
    // The grid cells of one patch overlap in leafs: the patch last added to each leaf, so that
    // it is added once (patches are taken one after the other).
    std::vector<int32_t> lastAdded(leafs.size(), -1);
    for (const CollisionPatch& patch : patches) {
        if (patch.surface < firstSurface || patch.surface >= firstSurface + numSurfaces)
            continue;
        const PatchCollide& pc = patch.collide;
        for (int32_t y = 0; y + 1 < pc.gridHeight; ++y) {
            for (int32_t x = 0; x + 1 < pc.gridWidth; ++x) {
                glm::vec3 mins(std::numeric_limits<float>::max()), maxs(-std::numeric_limits<float>::max());
                for (int32_t k = 0; k < 4; ++k) {
                    const glm::vec3& p =
                        pc.grid[static_cast<size_t>((y + (k >> 1)) * pc.gridWidth + x + (k & 1))];
                    mins = glm::min(mins, p);
                    maxs = glm::max(maxs, p);
                }
                forLeafsInBox(nodes, mins - glm::vec3(1.0f), maxs + glm::vec3(1.0f), stack, [&](size_t leaf) {
                    if (lastAdded[leaf] == patch.surface)
                        return;
                    lastAdded[leaf] = patch.surface;
                    if (!inOwnList(leafs, leafSurfaces, false, leaf, patch.surface))
                        extras.emplace_back(uint32_t(leaf), patch.surface);
                });
            }
        }
    }
    appendToLeafLists(leafs, leafSurfaces, extras, false);
}

/// True when the first six sides are -x +x -y +y -z +z in that order (q3map's layout).
bool hasAxialFirst(const bsp::BspData& data, const bsp::Brush& brush) {
    if (brush.numSides < 6)
        return false;
    for (int i = 0; i < 6; ++i) {
        const glm::vec3& n =
            data.planes[static_cast<size_t>(data.brushSides[static_cast<size_t>(brush.firstSide + i)].plane)]
                .normal;
        glm::vec3 want(0.0f);
        want[i / 2] = (i & 1) ? 1.0f : -1.0f;
        if (n != want)
            return false;
    }
    return true;
}

/// Bounds of a brush from the corners where three of its planes meet inside all the others.
/// Used for brushes not written by q3map (hand-built test maps, our own compiler's output
/// before bevels). An unbounded or empty brush gets bounds that cover any map.
void boundsFromVertices(const bsp::BspData& data, const bsp::Brush& brush, glm::vec3& mins, glm::vec3& maxs) {
    const float big = std::numeric_limits<float>::max();
    mins = glm::vec3(big);
    maxs = glm::vec3(-big);
    std::vector<geometry::Plane> planes;
    planes.reserve(static_cast<size_t>(std::max(brush.numSides, 0)));
    for (int i = 0; i < brush.numSides; ++i) {
        const bsp::Plane& p =
            data.planes[static_cast<size_t>(data.brushSides[static_cast<size_t>(brush.firstSide + i)].plane)];
        planes.push_back({p.normal, p.dist});
    }
    const std::vector<glm::dvec3> corners = geometry::brushCorners(planes);
    for (const glm::dvec3& p : corners) {
        mins = glm::min(mins, glm::vec3(p));
        maxs = glm::max(maxs, glm::vec3(p));
    }
    if (corners.empty()) {
        mins = glm::vec3(-1e9f);
        maxs = glm::vec3(1e9f);
    }
}

} // namespace

Model::Model(const bsp::BspData& data) {
    m_planes.reserve(data.planes.size());
    for (const auto& p : data.planes)
        m_planes.push_back({p.normal, p.dist, planeTypeForNormal(p.normal), planeSignBits(p.normal)});

    m_nodes.reserve(data.nodes.size());
    for (const auto& n : data.nodes) {
        const CollisionPlane& p = m_planes[static_cast<size_t>(n.plane)];
        CollisionNode c;
        c.normal = p.normal;
        c.dist = p.dist;
        c.type = p.type;
        c.children = n.children;
        c.plane = n.plane;
        m_nodes.push_back(c);
    }

    m_leafs.reserve(data.leafs.size());
    for (const auto& l : data.leafs)
        m_leafs.push_back({l.firstLeafBrush, l.numLeafBrushes, l.firstLeafSurface, l.numLeafSurfaces,
                           l.numLeafBrushes, l.numLeafSurfaces});
    m_leafBrushes = data.leafBrushes;

    m_sides.reserve(data.brushSides.size());
    for (const auto& s : data.brushSides) {
        const CollisionPlane& p = m_planes[static_cast<size_t>(s.plane)];
        const int32_t flags = s.shader >= 0 && static_cast<size_t>(s.shader) < data.shaders.size()
                                  ? data.shaders[static_cast<size_t>(s.shader)].surfaceFlags
                                  : 0;
        m_sides.push_back({p.normal, p.dist, p.signBits, flags});
    }

    m_brushes.reserve(data.brushes.size());
    for (const auto& b : data.brushes) {
        CollisionBrush c;
        c.firstSide = b.firstSide;
        c.numSides = b.numSides;
        c.contents = data.shaders[static_cast<size_t>(b.shader)].contents;
        c.axialFirst = hasAxialFirst(data, b);
        if (c.axialFirst) {
            // Exactly as the game derives them, so brush culling agrees bit for bit.
            const auto& s = m_sides;
            const size_t f = static_cast<size_t>(b.firstSide);
            c.mins = {-s[f + 0].dist, -s[f + 2].dist, -s[f + 4].dist};
            c.maxs = {s[f + 1].dist, s[f + 3].dist, s[f + 5].dist};
        } else {
            boundsFromVertices(data, b, c.mins, c.maxs);
        }
        m_brushes.push_back(c);
    }

    if (!data.models.empty())
        completeLeafBrushLists(m_nodes, m_brushes, data.models[0].firstBrush, data.models[0].numBrushes,
                               m_leafs, m_leafBrushes);

    m_models.resize(std::max<size_t>(data.models.size(), 1));
    for (size_t i = 1; i < data.models.size(); ++i) {
        const auto& m = data.models[i];
        m_models[i].leaf.firstLeafBrush = static_cast<int32_t>(m_leafBrushes.size());
        m_models[i].leaf.numLeafBrushes = m.numBrushes;
        m_models[i].leaf.numGameBrushes = m.numBrushes;
        for (int32_t b = 0; b < m.numBrushes; ++b)
            m_leafBrushes.push_back(m.firstBrush + b);
    }
    buildPatches(data);
    m_leafSurfaces = data.leafSurfaces;
    if (!data.models.empty())
        completeLeafSurfaceLists(m_nodes, m_patches, data.models[0].firstSurface, data.models[0].numSurfaces,
                                 m_leafs, m_leafSurfaces);
    for (size_t i = 1; i < data.models.size(); ++i) {
        const auto& m = data.models[i];
        m_models[i].leaf.firstLeafSurface = static_cast<int32_t>(m_leafSurfaces.size());
        m_models[i].leaf.numLeafSurfaces = m.numSurfaces;
        m_models[i].leaf.numGameSurfaces = m.numSurfaces;
        for (int32_t s = 0; s < m.numSurfaces; ++s)
            m_leafSurfaces.push_back(m.firstSurface + s);
    }
    buildContentBounds();
    buildTraceLayout();
}

TraceFunction Model::traceFunction(const TraceOptions& options) const {
    return [this, options](const Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t mask) {
        return trace(shape, start, end, mask, options);
    };
}

void Model::buildContentBounds() {
    auto grow = [](Bounds& b, const glm::vec3& mins, const glm::vec3& maxs) {
        b.mins = glm::min(b.mins, mins);
        b.maxs = glm::max(b.maxs, maxs);
    };
    m_leafBounds.assign(m_leafs.size(), Bounds{});
    for (size_t i = 0; i < m_leafs.size(); ++i) {
        const CollisionLeaf& leaf = m_leafs[i];
        for (int32_t k = 0; k < leaf.numLeafBrushes; ++k) {
            const CollisionBrush& b =
                m_brushes[static_cast<size_t>(m_leafBrushes[static_cast<size_t>(leaf.firstLeafBrush + k)])];
            grow(m_leafBounds[i], b.mins, b.maxs);
        }
        for (int32_t k = 0; k < leaf.numLeafSurfaces; ++k) {
            const int32_t p = patchForSurface(m_leafSurfaces[static_cast<size_t>(leaf.firstLeafSurface + k)]);
            if (p >= 0)
                grow(m_leafBounds[i], m_patches[static_cast<size_t>(p)].collide.mins,
                     m_patches[static_cast<size_t>(p)].collide.maxs);
        }
    }
    // Children before parents: a node's bounds are its children's. Nodes are visited from the
    // root with an explicit stack (post order); the depth bound guards against a cyclic tree.
    m_nodeBounds.assign(m_nodes.size(), Bounds{});
    if (m_nodes.empty())
        return;
    std::vector<std::pair<int32_t, bool>> stack{{0, false}};
    size_t steps = 0;
    while (!stack.empty() && steps++ < 4 * m_nodes.size() + 4) {
        auto [node, childrenDone] = stack.back();
        stack.pop_back();
        const CollisionNode& n = m_nodes[static_cast<size_t>(node)];
        if (!childrenDone) {
            stack.push_back({node, true});
            for (int32_t child : n.children)
                if (child >= 0)
                    stack.push_back({child, false});
            continue;
        }
        Bounds& b = m_nodeBounds[static_cast<size_t>(node)];
        for (int32_t child : n.children) {
            const Bounds& c = child >= 0 ? m_nodeBounds[static_cast<size_t>(child)]
                                         : m_leafBounds[static_cast<size_t>(-1 - child)];
            grow(b, c.mins, c.maxs);
        }
    }
}

void Model::buildTraceLayout() {
    auto copyBounds = [](float* mins, float* maxs, const Bounds& b) {
        for (int i = 0; i < 3; ++i) {
            mins[i] = b.mins[i];
            maxs[i] = b.maxs[i];
        }
    };
    m_layout.nodes.resize(m_nodes.size());
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const CollisionNode& n = m_nodes[i];
        WalkNode& w = m_layout.nodes[i];
        copyBounds(w.mins, w.maxs, m_nodeBounds[i]);
        for (int k = 0; k < 3; ++k)
            w.normal[k] = n.normal[k];
        w.dist = n.dist;
        w.type = n.type;
        w.children[0] = n.children[0];
        w.children[1] = n.children[1];
    }
    m_layout.leafs.resize(m_leafs.size());
    for (size_t i = 0; i < m_leafs.size(); ++i)
        copyBounds(m_layout.leafs[i].mins, m_layout.leafs[i].maxs, m_leafBounds[i]);
    m_layout.leafBrushes.resize(m_leafBrushes.size());
    for (size_t i = 0; i < m_leafBrushes.size(); ++i) {
        const CollisionBrush& b = m_brushes[static_cast<size_t>(m_leafBrushes[i])];
        LeafBrushRef& r = m_layout.leafBrushes[i];
        for (int k = 0; k < 3; ++k) {
            r.mins[k] = b.mins[k];
            r.maxs[k] = b.maxs[k];
        }
        r.contents = b.contents;
        r.brush = m_leafBrushes[i];
    }
    // Each leaf's patches, world leafs and inline models alike, in surface list order.
    auto listPatches = [&](CollisionLeaf& leaf) {
        leaf.firstLeafPatch = static_cast<int32_t>(m_layout.leafPatches.size());
        for (int32_t k = 0; k < leaf.numLeafSurfaces; ++k) {
            if (k == leaf.numGameSurfaces)
                leaf.numGamePatches = static_cast<int32_t>(m_layout.leafPatches.size()) - leaf.firstLeafPatch;
            const int32_t p = patchForSurface(m_leafSurfaces[static_cast<size_t>(leaf.firstLeafSurface + k)]);
            if (p < 0)
                continue;
            const CollisionPatch& patch = m_patches[static_cast<size_t>(p)];
            LeafPatchRef r;
            for (int i = 0; i < 3; ++i) {
                r.mins[i] = patch.collide.mins[i];
                r.maxs[i] = patch.collide.maxs[i];
            }
            r.contents = patch.contents;
            r.patch = p;
            m_layout.leafPatches.push_back(r);
        }
        leaf.numLeafPatches = static_cast<int32_t>(m_layout.leafPatches.size()) - leaf.firstLeafPatch;
        if (leaf.numGameSurfaces >= leaf.numLeafSurfaces)
            leaf.numGamePatches = leaf.numLeafPatches;
    };
    for (CollisionLeaf& leaf : m_leafs)
        listPatches(leaf);
    for (SubModel& model : m_models)
        listPatches(model.leaf);
}

} // namespace cliplab::collision
