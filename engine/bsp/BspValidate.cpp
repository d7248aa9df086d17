// Cross-reference validation: after this passes, every index in BspData is in range and the node
// children form a tree, so the collision model, renderer and tools can index without checks.

#include "bsp/BspFile.h"
#include "core/Format.h"

#include <cmath>

namespace cliplab::bsp {

using core::Error;
using core::format;

namespace {

/// Upper bounds on record counts. Far above what q3map2 produces for real maps, low enough that a
/// corrupt count cannot make us allocate absurd amounts of memory.
struct Limits {
    static constexpr size_t shaders = 1u << 16;
    static constexpr size_t planes = 1u << 21;
    static constexpr size_t nodes = 1u << 21;
    static constexpr size_t leafs = 1u << 21;
    static constexpr size_t leafSurfaces = 1u << 22;
    static constexpr size_t leafBrushes = 1u << 22;
    static constexpr size_t models = 1u << 12;
    static constexpr size_t brushes = 1u << 20;
    static constexpr size_t brushSides = 1u << 22;
    static constexpr size_t drawVerts = 1u << 23;
    static constexpr size_t drawIndexes = 1u << 24;
    static constexpr size_t fogs = 1u << 10;
    static constexpr size_t surfaces = 1u << 21;
    static constexpr size_t lightmaps = 1u << 12;
    static constexpr size_t clusters = 1u << 16;
    static constexpr int32_t patchSide = 129; ///< Quake 3's largest patch grid (MAX_GRID_SIZE).
};

class Validator {
public:
    explicit Validator(const BspData& d) : m_d(d) {}

    core::Status run() {
        if (!counts() || !shaders() || !planes() || !nodes() || !leafs() || !models() || !brushes() ||
            !fogs() || !surfaces() || !tree())
            return m_error;
        return core::Ok{};
    }

private:
    bool fail(Lump lump, const std::string& what) {
        m_error = Error{format("%s: %s lump: %s", m_d.name.c_str(), lumpName(lump), what.c_str())};
        return false;
    }

    /// `first`..`first+count` must lie inside an array of `size` records.
    bool range(Lump lump, size_t index, const char* what, int64_t first, int64_t count, size_t size,
               const char* target) {
        if (first < 0 || count < 0 || first + count > static_cast<int64_t>(size))
            return fail(lump, format("%zu: %s range %lld+%lld is outside the %s (%zu entries)", index, what,
                                     (long long)first, (long long)count, target, size));
        return true;
    }

    bool index(Lump lump, size_t i, const char* what, int64_t value, size_t size, const char* target) {
        if (value < 0 || value >= static_cast<int64_t>(size))
            return fail(lump, format("%zu: %s %lld is out of range (%zu %s)", i, what, (long long)value, size,
                                     target));
        return true;
    }

    bool limit(Lump lump, size_t count, size_t max) {
        if (count > max)
            return fail(lump, format("%zu records exceed the limit of %zu", count, max));
        return true;
    }

    bool counts() {
        return limit(Lump::Shaders, m_d.shaders.size(), Limits::shaders) &&
               limit(Lump::Planes, m_d.planes.size(), Limits::planes) &&
               limit(Lump::Nodes, m_d.nodes.size(), Limits::nodes) &&
               limit(Lump::Leafs, m_d.leafs.size(), Limits::leafs) &&
               limit(Lump::LeafSurfaces, m_d.leafSurfaces.size(), Limits::leafSurfaces) &&
               limit(Lump::LeafBrushes, m_d.leafBrushes.size(), Limits::leafBrushes) &&
               limit(Lump::Models, m_d.models.size(), Limits::models) &&
               limit(Lump::Brushes, m_d.brushes.size(), Limits::brushes) &&
               limit(Lump::BrushSides, m_d.brushSides.size(), Limits::brushSides) &&
               limit(Lump::DrawVerts, m_d.drawVerts.size(), Limits::drawVerts) &&
               limit(Lump::DrawIndexes, m_d.drawIndexes.size(), Limits::drawIndexes) &&
               limit(Lump::Fogs, m_d.fogs.size(), Limits::fogs) &&
               limit(Lump::Surfaces, m_d.surfaces.size(), Limits::surfaces) &&
               limit(Lump::Lightmaps, static_cast<size_t>(m_d.numLightmaps()), Limits::lightmaps) &&
               limit(Lump::Visibility, static_cast<size_t>(std::max(0, m_d.visibility.numClusters)),
                     Limits::clusters);
    }

    bool shaders() {
        if (m_d.shaders.empty())
            return fail(Lump::Shaders, "the map has no shaders");
        return true;
    }

    bool planes() {
        if (m_d.planes.empty())
            return fail(Lump::Planes, "the map has no planes");
        for (size_t i = 0; i < m_d.planes.size(); ++i) {
            const Plane& p = m_d.planes[i];
            if (!std::isfinite(p.normal.x) || !std::isfinite(p.normal.y) || !std::isfinite(p.normal.z) ||
                !std::isfinite(p.dist))
                return fail(Lump::Planes, format("%zu: not a finite plane", i));
        }
        return true;
    }

    bool nodes() {
        if (m_d.nodes.empty())
            return fail(Lump::Nodes, "the map has no nodes");
        for (size_t i = 0; i < m_d.nodes.size(); ++i) {
            const Node& n = m_d.nodes[i];
            if (!index(Lump::Nodes, i, "plane", n.plane, m_d.planes.size(), "planes"))
                return false;
            for (int side = 0; side < 2; ++side) {
                const int64_t c = n.children[static_cast<size_t>(side)];
                if (c >= 0) {
                    if (c >= static_cast<int64_t>(m_d.nodes.size()))
                        return fail(Lump::Nodes, format("%zu: child %d refers to node %lld (only %zu nodes)",
                                                        i, side, (long long)c, m_d.nodes.size()));
                } else {
                    const int64_t leaf = -(c + 1);
                    if (leaf >= static_cast<int64_t>(m_d.leafs.size()))
                        return fail(Lump::Nodes, format("%zu: child %d refers to leaf %lld (only %zu leafs)",
                                                        i, side, (long long)leaf, m_d.leafs.size()));
                }
            }
        }
        return true;
    }

    bool leafs() {
        if (m_d.leafs.empty())
            return fail(Lump::Leafs, "the map has no leafs");
        // Without visibility data every cluster sees every other (as in the game), so leaf clusters
        // only need to be sane; with it they must have a row in the bit table.
        const int64_t clusters = m_d.visibility.numClusters > 0 ? m_d.visibility.numClusters
                                                                : static_cast<int64_t>(Limits::clusters);
        for (size_t i = 0; i < m_d.leafs.size(); ++i) {
            const Leaf& l = m_d.leafs[i];
            if (l.cluster < -1 || l.cluster >= clusters)
                return fail(Lump::Leafs, format("%zu: cluster %d is out of range (%lld clusters)", i,
                                                l.cluster, (long long)clusters));
            if (!range(Lump::Leafs, i, "leaf surface", l.firstLeafSurface, l.numLeafSurfaces,
                       m_d.leafSurfaces.size(), "leaf surfaces lump") ||
                !range(Lump::Leafs, i, "leaf brush", l.firstLeafBrush, l.numLeafBrushes,
                       m_d.leafBrushes.size(), "leaf brushes lump"))
                return false;
        }
        for (size_t i = 0; i < m_d.leafSurfaces.size(); ++i)
            if (!index(Lump::LeafSurfaces, i, "surface", m_d.leafSurfaces[i], m_d.surfaces.size(),
                       "surfaces"))
                return false;
        for (size_t i = 0; i < m_d.leafBrushes.size(); ++i)
            if (!index(Lump::LeafBrushes, i, "brush", m_d.leafBrushes[i], m_d.brushes.size(), "brushes"))
                return false;
        return true;
    }

    bool models() {
        if (m_d.models.empty())
            return fail(Lump::Models, "the map has no models (the world model is missing)");
        for (size_t i = 0; i < m_d.models.size(); ++i) {
            const Model& m = m_d.models[i];
            if (!range(Lump::Models, i, "surface", m.firstSurface, m.numSurfaces, m_d.surfaces.size(),
                       "surfaces lump") ||
                !range(Lump::Models, i, "brush", m.firstBrush, m.numBrushes, m_d.brushes.size(),
                       "brushes lump"))
                return false;
        }
        return true;
    }

    bool brushes() {
        for (size_t i = 0; i < m_d.brushes.size(); ++i) {
            const Brush& b = m_d.brushes[i];
            if (!range(Lump::Brushes, i, "side", b.firstSide, b.numSides, m_d.brushSides.size(),
                       "brush sides lump") ||
                !index(Lump::Brushes, i, "shader", b.shader, m_d.shaders.size(), "shaders"))
                return false;
        }
        for (size_t i = 0; i < m_d.brushSides.size(); ++i) {
            const BrushSide& s = m_d.brushSides[i];
            if (!index(Lump::BrushSides, i, "plane", s.plane, m_d.planes.size(), "planes") ||
                !index(Lump::BrushSides, i, "shader", s.shader, m_d.shaders.size(), "shaders"))
                return false;
        }
        return true;
    }

    bool fogs() {
        for (size_t i = 0; i < m_d.fogs.size(); ++i) {
            const Fog& f = m_d.fogs[i];
            if (!index(Lump::Fogs, i, "brush", f.brush, m_d.brushes.size(), "brushes"))
                return false;
            const int32_t sides = m_d.brushes[static_cast<size_t>(f.brush)].numSides;
            if (f.visibleSide < -1 || f.visibleSide >= sides)
                return fail(Lump::Fogs, format("%zu: visible side %d is out of range (brush has %d sides)", i,
                                               f.visibleSide, sides));
        }
        return true;
    }

    bool surfaces() {
        for (size_t i = 0; i < m_d.surfaces.size(); ++i) {
            const Surface& s = m_d.surfaces[i];
            if (!index(Lump::Surfaces, i, "shader", s.shader, m_d.shaders.size(), "shaders"))
                return false;
            if (s.fog < -1 || s.fog >= static_cast<int64_t>(m_d.fogs.size()))
                return fail(Lump::Surfaces,
                            format("%zu: fog %d is out of range (%zu fogs)", i, s.fog, m_d.fogs.size()));
            const auto type = static_cast<int32_t>(s.type);
            if (type < static_cast<int32_t>(SurfaceType::Bad) ||
                type > static_cast<int32_t>(SurfaceType::Flare))
                return fail(Lump::Surfaces, format("%zu: unknown surface type %d", i, type));
            if (!range(Lump::Surfaces, i, "vertex", s.firstVert, s.numVerts, m_d.drawVerts.size(),
                       "draw verts lump") ||
                !range(Lump::Surfaces, i, "index", s.firstIndex, s.numIndexes, m_d.drawIndexes.size(),
                       "draw indexes lump"))
                return false;
            for (int32_t k = 0; k < s.numIndexes; ++k) {
                const int32_t v = m_d.drawIndexes[static_cast<size_t>(s.firstIndex + k)];
                if (v < 0 || v >= s.numVerts)
                    return fail(Lump::Surfaces,
                                format("%zu: index %d refers to vertex %d (surface has %d vertices)", i, k, v,
                                       s.numVerts));
            }
            if (s.lightmapNum < kLightmapByVertex || s.lightmapNum >= m_d.numLightmaps())
                return fail(Lump::Surfaces, format("%zu: lightmap %d is out of range (%d lightmaps)", i,
                                                   s.lightmapNum, m_d.numLightmaps()));
            if (s.type == SurfaceType::Patch) {
                if (s.patchWidth < 3 || s.patchHeight < 3 || s.patchWidth > Limits::patchSide ||
                    s.patchHeight > Limits::patchSide || s.patchWidth % 2 == 0 || s.patchHeight % 2 == 0)
                    return fail(Lump::Surfaces, format("%zu: bad patch size %dx%d (odd, 3 to %d each way)", i,
                                                       s.patchWidth, s.patchHeight, Limits::patchSide));
                if (int64_t(s.patchWidth) * s.patchHeight != s.numVerts)
                    return fail(Lump::Surfaces,
                                format("%zu: patch %dx%d needs %d vertices but has %d", i, s.patchWidth,
                                       s.patchHeight, s.patchWidth * s.patchHeight, s.numVerts));
            }
        }
        return true;
    }

    /// The nodes must form one tree rooted at node 0: each node reached exactly once, no cycles.
    bool tree() {
        std::vector<uint8_t> seen(m_d.nodes.size(), 0);
        std::vector<int32_t> stack{0};
        size_t reached = 0;
        while (!stack.empty()) {
            const int32_t n = stack.back();
            stack.pop_back();
            if (seen[static_cast<size_t>(n)])
                return fail(Lump::Nodes, format("node %d is reached twice from the root (a cycle or a shared "
                                                "subtree)",
                                                n));
            seen[static_cast<size_t>(n)] = 1;
            ++reached;
            for (int32_t c : m_d.nodes[static_cast<size_t>(n)].children)
                if (c >= 0)
                    stack.push_back(c);
        }
        if (reached != m_d.nodes.size()) {
            size_t first = 0;
            while (seen[first])
                ++first;
            return fail(Lump::Nodes, format("node %zu is not reachable from the root (%zu of %zu reached)",
                                            first, reached, m_d.nodes.size()));
        }
        return true;
    }

    const BspData& m_d;
    Error m_error;
};

} // namespace

core::Status validate(const BspData& data) {
    return Validator(data).run();
}

} // namespace cliplab::bsp
