// Portals and the flood. Portals are made top-down, as q3map2 makes them: the root cell is a box
// whose six faces are portals to the outside node; each node's plane, cut to the node's cell by
// the portals around it, becomes a portal between its children, and the portals around the node
// are split by its plane and handed to the children. Portals thinner than q3map2's tiny-winding
// limit are dropped, so a gap too thin to see through does not leak, as in q3map2. The flood is a
// breadth-first search from every entity's leaf at once: each leaf ends with its distance in
// portals from the nearest entity, which is what q3map2's flood leaves, so the leak path (always
// to a neighbour nearer to an entity) is as short as q3map2's.

#include "mapc/Flood.h"

#include "core/Format.h"
#include "mapc/FaceWinding.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <cctype>
#include <deque>

namespace cliplab::mapc {

namespace {

/// How far a portal's points may lie outside a cell's side and still count as on it (units).
constexpr double kPortalClipEpsilon = 0.1;
/// The band within which a portal's points count as on a splitting plane (units).
constexpr double kPortalSplitEpsilon = 0.001;
/// A portal needs three edges at least this long, or it is too thin to pass through (units).
constexpr double kMinPortalEdge = 0.2;

struct Portal {
    DPlane plane; ///< Faces `front`.
    Winding w;
    int32_t front = 0; ///< Graph ids (see PortalGraph).
    int32_t back = 0;
    bool live = true;
};

bool tiny(const Winding& w) {
    int edges = 0;
    for (size_t i = 0; i < w.size(); ++i)
        if (glm::length(w[(i + 1) % w.size()] - w[i]) > kMinPortalEdge && ++edges == 3)
            return false;
    return true;
}

/// The tree as a graph: nodes 0..N-1, leaves N..N+L-1, the outside node N+L.
class PortalGraph {
public:
    PortalGraph(const bsp::BspData& tree, const PlaneSet& planes)
        : m_tree(tree), m_planes(planes), m_nodes(static_cast<int32_t>(tree.nodes.size())),
          m_lists(tree.nodes.size() + tree.leafs.size() + 1) {}

    int32_t outside() const { return m_nodes + static_cast<int32_t>(m_tree.leafs.size()); }
    int32_t leafId(int32_t leaf) const { return m_nodes + leaf; }
    int32_t childId(int32_t child) const { return child >= 0 ? child : leafId(-(child + 1)); }
    const std::vector<Portal>& portals() const { return m_portals; }
    const std::vector<int32_t>& list(int32_t id) const { return m_lists[static_cast<size_t>(id)]; }

    void build(const TreeBox& box) {
        headPortals(box);
        std::vector<int32_t> stack{0};
        while (!stack.empty()) {
            const int32_t n = stack.back();
            stack.pop_back();
            const bsp::Node& node = m_tree.nodes[static_cast<size_t>(n)];
            nodePortal(n, node);
            splitPortals(n, node);
            for (int32_t child : node.children)
                if (child >= 0)
                    stack.push_back(child);
        }
    }

private:
    void add(Portal p) {
        const auto index = static_cast<int32_t>(m_portals.size());
        m_lists[static_cast<size_t>(p.front)].push_back(index);
        m_lists[static_cast<size_t>(p.back)].push_back(index);
        m_portals.push_back(std::move(p));
    }

    void headPortals(const TreeBox& box) {
        std::vector<DPlane> sides;
        for (int axis = 0; axis < 3; ++axis)
            for (int dir = -1; dir <= 1; dir += 2) {
                glm::dvec3 n(0.0);
                n[axis] = dir;
                sides.push_back({n, dir > 0 ? box.maxs[axis] : -box.mins[axis]});
            }
        for (size_t i = 0; i < sides.size(); ++i) {
            Winding w = faceBaseWinding(sides[i]);
            for (size_t j = 0; j < sides.size() && !w.empty(); ++j)
                if (j != i)
                    w = clipBehind(w, sides[j]);
            // Outward faces: the outside is in front, the root cell behind.
            add({sides[i], std::move(w), outside(), 0, true});
        }
    }

    void nodePortal(int32_t n, const bsp::Node& node) {
        const DPlane& plane = m_planes[node.plane];
        Winding w = faceBaseWinding(plane);
        for (int32_t pi : m_lists[static_cast<size_t>(n)]) {
            const Portal& p = m_portals[static_cast<size_t>(pi)];
            if (!p.live || w.empty())
                continue;
            // Keep the side of the portal's plane the node is on.
            w = geometry::clipBehind(w, p.front == n ? p.plane.flipped() : p.plane, kPortalClipEpsilon);
        }
        if (w.size() >= 3 && !tiny(w))
            add({plane, std::move(w), childId(node.children[0]), childId(node.children[1]), true});
    }

    void splitPortals(int32_t n, const bsp::Node& node) {
        const DPlane& plane = m_planes[node.plane];
        const std::vector<int32_t> around = std::move(m_lists[static_cast<size_t>(n)]);
        m_lists[static_cast<size_t>(n)].clear();
        const int32_t front = childId(node.children[0]), back = childId(node.children[1]);
        for (int32_t pi : around) {
            if (!m_portals[static_cast<size_t>(pi)].live)
                continue;
            Portal p = m_portals[static_cast<size_t>(pi)];
            m_portals[static_cast<size_t>(pi)].live = false;
            Winding fw, bw;
            geometry::splitWinding(p.w, plane, kPortalSplitEpsilon, fw, bw);
            for (int part = 0; part < 2; ++part) {
                Winding& w = part == 0 ? fw : bw;
                if (w.size() < 3 || tiny(w))
                    continue;
                Portal q = p;
                q.w = std::move(w);
                (q.front == n ? q.front : q.back) = part == 0 ? front : back;
                add(std::move(q));
            }
        }
    }

    const bsp::BspData& m_tree;
    const PlaneSet& m_planes;
    int32_t m_nodes;
    std::vector<Portal> m_portals;
    std::vector<std::vector<int32_t>> m_lists;
};

int32_t leafOf(const bsp::BspData& tree, const PlaneSet& planes, const glm::dvec3& p) {
    int32_t n = 0;
    while (n >= 0) {
        const bsp::Node& node = tree.nodes[static_cast<size_t>(n)];
        n = node.children[planes[node.plane].distance(p) >= 0.0 ? 0 : 1];
    }
    return -(n + 1);
}

bool isGroup(std::string_view classname) {
    auto same = [&](const char* name) {
        const std::string_view b(name);
        if (classname.size() != b.size())
            return false;
        for (size_t i = 0; i < b.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(classname[i])) != b[i])
                return false;
        return true;
    };
    return same("func_group") || same("group_info");
}

glm::dvec3 centre(const Winding& w) {
    glm::dvec3 c(0.0);
    for (const glm::dvec3& p : w)
        c += p;
    return c / static_cast<double>(w.size());
}

} // namespace

namespace {

/// The path from the outside node to the nearest entity, stepping to the nearest neighbour.
Leak tracePath(const PortalGraph& g, const std::vector<int32_t>& dist, const std::vector<int32_t>& occupant,
               const MapSource& source, int32_t nodes) {
    Leak leak;
    int32_t cur = g.outside();
    while (dist[static_cast<size_t>(cur)] > 1) {
        int32_t best = dist[static_cast<size_t>(cur)], next = -1;
        const Portal* through = nullptr;
        for (int32_t pi : g.list(cur)) {
            const Portal& p = g.portals()[static_cast<size_t>(pi)];
            if (!p.live)
                continue;
            const int32_t other = p.front == cur ? p.back : p.front;
            const int32_t d = dist[static_cast<size_t>(other)];
            if (d > 0 && d < best) {
                best = d;
                next = other;
                through = &p;
            }
        }
        if (!through)
            break; // cannot happen: a reached node has a neighbour one nearer
        leak.path.push_back(centre(through->w));
        cur = next;
    }
    const int32_t e = occupant[static_cast<size_t>(cur - nodes)];
    const MapEntity& ent = source.entities[static_cast<size_t>(e)];
    leak.entity = static_cast<size_t>(e);
    leak.classname = std::string(ent.classname());
    leak.pos = ent.pos;
    const std::string* o = ent.get("origin");
    leak.origin = o ? parseOrigin(*o) : glm::dvec3(0.0);
    leak.path.push_back(leak.origin);
    return leak;
}

void findExit(Leak& leak, const std::vector<BuiltBrush>& brushes, size_t worldBrushes) {
    glm::dvec3 mins(1e30), maxs(-1e30);
    for (size_t i = 0; i < worldBrushes; ++i)
        if (brushes[i].seals()) {
            mins = glm::min(mins, brushes[i].mins);
            maxs = glm::max(maxs, brushes[i].maxs);
        }
    auto inside = [&](const glm::dvec3& p) {
        return glm::all(glm::greaterThanEqual(p, mins)) && glm::all(glm::lessThanEqual(p, maxs));
    };
    leak.exit = leak.path.back();
    for (size_t i = leak.path.size(); i-- > 0;) {
        if (!inside(leak.path[i]))
            break;
        leak.exit = leak.path[i];
    }
}

} // namespace

FloodResult floodEntities(const bsp::BspData& out, const PlaneSet& planes,
                          const std::vector<BuiltBrush>& brushes, size_t worldBrushes, const TreeBox& box,
                          const MapSource& source, const EntityModels& models) {
    FloodResult r;
    const size_t leafs = out.leafs.size();
    r.opaque.assign(leafs, 0);
    r.reached.assign(leafs, 0);
    for (size_t l = 0; l < leafs; ++l) {
        const bsp::Leaf& leaf = out.leafs[l];
        for (int32_t k = 0; k < leaf.numLeafBrushes; ++k) {
            const int32_t b = out.leafBrushes[static_cast<size_t>(leaf.firstLeafBrush + k)];
            r.opaque[l] = r.opaque[l] || brushes[static_cast<size_t>(b)].seals();
        }
    }
    PortalGraph g(out, planes);
    g.build(box);
    r.portals = g.portals().size();
    const auto nodes = static_cast<int32_t>(out.nodes.size());
    std::vector<int32_t> dist(out.nodes.size() + leafs + 1, 0);
    std::vector<int32_t> occupant(leafs, -1);
    std::deque<int32_t> queue;
    for (size_t e = 1; e < source.entities.size(); ++e) {
        const MapEntity& ent = source.entities[e];
        const std::string* o = ent.get("origin");
        if (!o || models.modelOfEntity[e] >= 0 || isGroup(ent.classname()))
            continue;
        const glm::dvec3 origin = parseOrigin(*o);
        if (origin == glm::dvec3(0.0))
            continue; // q3map2 lets entities without an origin be
        const int32_t leaf = leafOf(out, planes, origin + glm::dvec3(0.0, 0.0, 1.0)); // off the floor
        if (r.opaque[static_cast<size_t>(leaf)]) {
            r.warnings.push_back(sourceError(source.name, ent.pos,
                                             core::format("entity %zu (%s) is inside a brush", e,
                                                          std::string(ent.classname()).c_str()))
                                     .message);
            continue;
        }
        r.anyEntity = true;
        occupant[static_cast<size_t>(leaf)] = static_cast<int32_t>(e);
        if (dist[static_cast<size_t>(g.leafId(leaf))] != 1) {
            dist[static_cast<size_t>(g.leafId(leaf))] = 1;
            queue.push_back(g.leafId(leaf));
        }
    }
    while (!queue.empty()) {
        const int32_t cur = queue.front();
        queue.pop_front();
        for (int32_t pi : g.list(cur)) {
            const Portal& p = g.portals()[static_cast<size_t>(pi)];
            const int32_t other = p.front == cur ? p.back : p.front;
            const bool opaque =
                other >= nodes && other < g.outside() && r.opaque[static_cast<size_t>(other - nodes)];
            if (!p.live || opaque || dist[static_cast<size_t>(other)] != 0)
                continue;
            dist[static_cast<size_t>(other)] = dist[static_cast<size_t>(cur)] + 1;
            queue.push_back(other);
        }
    }
    for (size_t l = 0; l < leafs; ++l)
        r.reached[l] = dist[static_cast<size_t>(g.leafId(static_cast<int32_t>(l)))] != 0;
    if (dist[static_cast<size_t>(g.outside())] != 0) {
        r.leak = tracePath(g, dist, occupant, source, nodes);
        findExit(*r.leak, brushes, worldBrushes);
    }
    return r;
}

} // namespace cliplab::mapc
