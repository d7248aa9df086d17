// Building collision::Model from map data: planes with type and sign bits, the tree with its
// planes inlined, brushes with bounds and sides with their shader flags, inline models as leafs.

#include "collision/Model.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cliplab::collision {

uint8_t planeTypeForNormal(const glm::vec3& normal) {
    // Only exact +1 normals take the axial path: node planes are stored facing +axis by q3map,
    // and the fast path reads p[type] - dist, which is only right for a positive axis.
    if (normal.x == 1.0f) return 0;
    if (normal.y == 1.0f) return 1;
    if (normal.z == 1.0f) return 2;
    return 3;
}

uint8_t planeSignBits(const glm::vec3& normal) {
    uint8_t bits = 0;
    for (int i = 0; i < 3; ++i)
        if (normal[i] < 0.0f) bits = static_cast<uint8_t>(bits | (1 << i));
    return bits;
}

namespace {

/// True when the first six sides are -x +x -y +y -z +z in that order (q3map's layout).
bool hasAxialFirst(const bsp::BspData& data, const bsp::Brush& brush) {
    if (brush.numSides < 6) return false;
    for (int i = 0; i < 6; ++i) {
        const glm::vec3& n = data.planes[static_cast<size_t>(data.brushSides[static_cast<size_t>(brush.firstSide + i)].plane)].normal;
        glm::vec3 want(0.0f);
        want[i / 2] = (i & 1) ? 1.0f : -1.0f;
        if (n != want) return false;
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
    auto plane = [&](int i) -> const bsp::Plane& {
        return data.planes[static_cast<size_t>(data.brushSides[static_cast<size_t>(brush.firstSide + i)].plane)];
    };
    bool any = false;
    const int n = brush.numSides;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            for (int c = b + 1; c < n; ++c) {
                const glm::dvec3 na(plane(a).normal), nb(plane(b).normal), nc(plane(c).normal);
                const glm::dvec3 bc = glm::cross(nb, nc);
                const double det = glm::dot(na, bc);
                if (std::fabs(det) < 1e-9) continue;
                const glm::dvec3 p = (double(plane(a).dist) * bc + double(plane(b).dist) * glm::cross(nc, na) +
                                      double(plane(c).dist) * glm::cross(na, nb)) /
                                     det;
                bool inside = true;
                for (int s = 0; s < n && inside; ++s)
                    inside = glm::dot(glm::dvec3(plane(s).normal), p) - double(plane(s).dist) <= 0.01;
                if (!inside) continue;
                any = true;
                mins = glm::min(mins, glm::vec3(p));
                maxs = glm::max(maxs, glm::vec3(p));
            }
    if (!any) {
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
    for (const auto& l : data.leafs) m_leafs.push_back({l.firstLeafBrush, l.numLeafBrushes});
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

    m_models.resize(std::max<size_t>(data.models.size(), 1));
    for (size_t i = 1; i < data.models.size(); ++i) {
        const auto& m = data.models[i];
        m_models[i].leaf.firstLeafBrush = static_cast<int32_t>(m_leafBrushes.size());
        m_models[i].leaf.numLeafBrushes = m.numBrushes;
        for (int32_t b = 0; b < m.numBrushes; ++b) m_leafBrushes.push_back(m.firstBrush + b);
    }
}

TraceFunction Model::traceFunction(const TraceOptions& options) const {
    return [this, options](const Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t mask) {
        return trace(shape, start, end, mask, options);
    };
}

} // namespace cliplab::collision
