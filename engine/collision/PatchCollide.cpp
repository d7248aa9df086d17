// Building a patch collide (see PatchCollide.h): grid subdivision, facets with their borders,
// validation and bevels, in the order and with the tolerances ioquake3 uses, in its arithmetic or
// Quake3e's (PatchArithmetic.h).

#include "collision/PatchCollide.h"
#include "collision/PatchArithmetic.h"
#include "collision/PatchGrid.h"

#include "core/Format.h"
#include "geometry/Winding.h"

#include <glm/common.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace cliplab::collision {

namespace {

using detail::Grid;
using detail::kDistEpsilon;
using detail::kNormalEpsilon;
using detail::kPlaneTriEpsilon;
using geometry::Winding;

/// The game's map bounds: half size of the square a facet's polygon starts as, and the box a kept
/// facet must lie in (units).
constexpr float kMaxMapBounds = 65535.0f;

/// |a - b| in float compared with a tolerance in double, as the game compares.
bool within(float a, float b, double tolerance) {
    return double(std::fabs(a - b)) < tolerance;
}

/// A facet while it is built: the game's fixed-size border arrays.
struct WorkFacet {
    int32_t surfacePlane = -1;
    int32_t numBorders = 0;
    std::array<int32_t, kMaxFacetBorders> planes{};
    std::array<bool, kMaxFacetBorders> inward{};
};

enum Edge { Top = 0, Right = 1, Bottom = 2, Left = 3 };

class Builder {
public:
    Builder(PatchCollide& pc, PatchPrecision precision)
        : m_pc(pc), m_math(precision),
          m_maxPlanes(precision == PatchPrecision::Quake3e ? kMaxQuake3ePatchPlanes : kMaxPatchPlanes) {}

    core::Result<bool> facetsFromGrid(const Grid& g);

private:
    bool planeEqual(const PatchPlane& p, const glm::vec3& n, float d, bool& flipped) const;
    int32_t findPlane(const glm::vec3& p1, const glm::vec3& p2, const glm::vec3& p3);
    int32_t findPlane2(const glm::vec3& n, float d, bool& flipped);
    int32_t addPlane(const glm::vec3& n, float d);
    int32_t gridPlane(int32_t x, int32_t y, int tri) const;
    int32_t edgePlane(const Grid& g, int32_t x, int32_t y, int k);
    int pointSide(const glm::vec3& p, int32_t plane) const;
    void setBorderInward(WorkFacet& f, const Grid& g, int32_t x, int32_t y, int which) const;
    bool validate(const WorkFacet& f) const;
    void addBevels(WorkFacet& f);
    void keep(const WorkFacet& f, int32_t x, int32_t y, int triangle);
    void chopBy(Winding& w, int32_t plane, bool inward) const;

    PatchCollide& m_pc;
    detail::PatchArithmetic m_math;
    int32_t m_maxPlanes;                              // the game's limit of planes per patch
    std::vector<std::array<int32_t, 2>> m_gridPlanes; // per quad, [x * m_stride + y]
    size_t m_stride = 0;                              // rows of quads
    bool m_tooManyPlanes = false;
};

bool Builder::planeEqual(const PatchPlane& p, const glm::vec3& n, float d, bool& flipped) const {
    auto close = [&](const glm::vec3& m, float e) {
        return within(p.normal.x, m.x, kNormalEpsilon) && within(p.normal.y, m.y, kNormalEpsilon) &&
               within(p.normal.z, m.z, kNormalEpsilon) && within(p.dist, e, kDistEpsilon);
    };
    if (close(n, d)) {
        flipped = false;
        return true;
    }
    if (close(-n, -d)) {
        flipped = true;
        return true;
    }
    return false;
}

int32_t Builder::addPlane(const glm::vec3& n, float d) {
    if (static_cast<int32_t>(m_pc.planes.size()) == m_maxPlanes) {
        m_tooManyPlanes = true;
        return -1;
    }
    uint8_t bits = 0;
    for (int i = 0; i < 3; ++i)
        if (n[i] < 0.0f)
            bits = static_cast<uint8_t>(bits | (1 << i));
    m_pc.planes.push_back({n, d, bits});
    return static_cast<int32_t>(m_pc.planes.size()) - 1;
}

/// The plane through three points (-1 when they are in a line), shared with an existing plane
/// facing the same way that all three points lie on.
int32_t Builder::findPlane(const glm::vec3& p1, const glm::vec3& p2, const glm::vec3& p3) {
    glm::vec3 n;
    float d;
    if (!m_math.planeFromPoints(p1, p2, p3, n, d))
        return -1;
    // Matching an existing plane is float arithmetic in both games.
    for (size_t i = 0; i < m_pc.planes.size(); ++i) {
        const PatchPlane& p = m_pc.planes[i];
        if (geometry::dot3(n, p.normal) < 0.0f)
            continue;
        auto on = [&](const glm::vec3& q) {
            const double e = geometry::dot3(q, p.normal) - p.dist;
            return !(e < -kPlaneTriEpsilon || e > kPlaneTriEpsilon);
        };
        if (on(p1) && on(p2) && on(p3))
            return static_cast<int32_t>(i);
    }
    return addPlane(n, d);
}

/// The plane n.x = d, or an existing one equal to it either way round (`flipped` says which).
int32_t Builder::findPlane2(const glm::vec3& n, float d, bool& flipped) {
    for (size_t i = 0; i < m_pc.planes.size(); ++i)
        if (planeEqual(m_pc.planes[i], n, d, flipped))
            return static_cast<int32_t>(i);
    flipped = false;
    return addPlane(n, d);
}

int32_t Builder::gridPlane(int32_t x, int32_t y, int tri) const {
    const auto& gp = m_gridPlanes[size_t(x) * m_stride + size_t(y)];
    return gp[size_t(tri)] != -1 ? gp[size_t(tri)] : gp[size_t(1 - tri)];
}

/// A plane standing on one edge of quad (x, y), perpendicular to the quad's plane: k = 0 top,
/// 1 right, 2 bottom, 3 left, 4/5 the diagonal seen from triangle 0/1.
int32_t Builder::edgePlane(const Grid& g, int32_t x, int32_t y, int k) {
    glm::vec3 p1, p2;
    int tri = 0;
    bool reversed = false;
    switch (k) {
    case Top:
        p1 = g.at(x, y), p2 = g.at(x + 1, y), tri = 0;
        break;
    case Bottom:
        p1 = g.at(x, y + 1), p2 = g.at(x + 1, y + 1), tri = 1, reversed = true;
        break;
    case Left:
        p1 = g.at(x, y), p2 = g.at(x, y + 1), tri = 1, reversed = true;
        break;
    case Right:
        p1 = g.at(x + 1, y), p2 = g.at(x + 1, y + 1), tri = 0;
        break;
    case 4:
        p1 = g.at(x + 1, y + 1), p2 = g.at(x, y), tri = 0;
        break;
    default:
        p1 = g.at(x, y), p2 = g.at(x + 1, y + 1), tri = 1;
        break;
    }
    const int32_t p = gridPlane(x, y, tri);
    if (p < 0)
        return -1; // both triangles degenerate: the quad is dropped anyway
    const glm::vec3 up = p1 + 4.0f * m_pc.planes[size_t(p)].normal;
    return reversed ? findPlane(p2, p1, up) : findPlane(p1, p2, up);
}

/// 0 front, 1 back, 2 on (within 0.1, or no plane).
int Builder::pointSide(const glm::vec3& p, int32_t plane) const {
    if (plane < 0)
        return 2;
    const PatchPlane& pl = m_pc.planes[size_t(plane)];
    const double d = m_math.distance(p, pl.normal, pl.dist);
    return d > kPlaneTriEpsilon ? 0 : d < -kPlaneTriEpsilon ? 1 : 2;
}

/// Decides for each border which way it faces from the facet's corners; a border the corners lie
/// on is no border at all (-1, which makes the facet invalid).
void Builder::setBorderInward(WorkFacet& f, const Grid& g, int32_t x, int32_t y, int which) const {
    std::array<glm::vec3, 4> pts;
    int n = 3;
    if (which == -1) {
        pts = {g.at(x, y), g.at(x + 1, y), g.at(x + 1, y + 1), g.at(x, y + 1)};
        n = 4;
    } else if (which == 0) {
        pts = {g.at(x, y), g.at(x + 1, y), g.at(x + 1, y + 1), glm::vec3(0.0f)};
    } else {
        pts = {g.at(x + 1, y + 1), g.at(x, y + 1), g.at(x, y), glm::vec3(0.0f)};
    }
    for (int k = 0; k < f.numBorders; ++k) {
        int front = 0, back = 0;
        for (int l = 0; l < n; ++l) {
            const int side = pointSide(pts[size_t(l)], f.planes[size_t(k)]);
            front += side == 0;
            back += side == 1;
        }
        if (front && !back)
            f.inward[size_t(k)] = true;
        else if (back && !front)
            f.inward[size_t(k)] = false;
        else if (!front && !back)
            f.planes[size_t(k)] = -1; // flat: the corners lie on the border
        else
            f.inward[size_t(k)] = false; // the border cuts the facet; the game keeps it outward
    }
}

void Builder::chopBy(Winding& w, int32_t plane, bool inward) const {
    const PatchPlane& p = m_pc.planes[size_t(plane)];
    const geometry::Plane border{p.normal, p.dist};
    m_math.chop(w, inward ? border : border.flipped());
}

/// A facet is kept when its surface plane cut by its borders leaves a polygon of sane size.
bool Builder::validate(const WorkFacet& f) const {
    if (f.surfacePlane < 0)
        return false;
    const PatchPlane& s = m_pc.planes[size_t(f.surfacePlane)];
    Winding w = m_math.baseWinding(geometry::Plane{s.normal, s.dist}, kMaxMapBounds);
    for (int j = 0; j < f.numBorders && !w.empty(); ++j) {
        if (f.planes[size_t(j)] < 0)
            return false;
        chopBy(w, f.planes[size_t(j)], f.inward[size_t(j)]);
    }
    if (w.empty())
        return false;
    glm::vec3 mins(kMaxMapBounds), maxs(-kMaxMapBounds);
    geometry::addToBounds(w, mins, maxs);
    for (int j = 0; j < 3; ++j) {
        // Larger than any map, or outside it: a border plane is missing.
        if (maxs[j] - mins[j] > kMaxMapBounds)
            return false;
        if (mins[j] >= kMaxMapBounds || maxs[j] <= -kMaxMapBounds)
            return false;
    }
    return true;
}

void Builder::keep(const WorkFacet& f, int32_t x, int32_t y, int triangle) {
    PatchFacet out;
    out.surfacePlane = f.surfacePlane;
    out.firstBorder = static_cast<int32_t>(m_pc.borders.size());
    out.numBorders = f.numBorders;
    out.gridX = x;
    out.gridY = y;
    out.triangle = triangle;
    for (int j = 0; j < f.numBorders; ++j)
        m_pc.borders.push_back({f.planes[size_t(j)], f.inward[size_t(j)]});
    m_pc.facets.push_back(out);
}

/// Adds the axial planes of the facet's polygon bounds and the planes standing on its non-axial
/// edges along each axis (when the whole polygon is behind them), then the back plane: together
/// they make a box sweep stop at the facet's edges instead of reaching past them.
void Builder::addBevels(WorkFacet& f) {
    const PatchPlane& s = m_pc.planes[size_t(f.surfacePlane)];
    Winding w = m_math.baseWinding(geometry::Plane{s.normal, s.dist}, kMaxMapBounds);
    for (int j = 0; j < f.numBorders && !w.empty(); ++j) {
        if (f.planes[size_t(j)] == f.surfacePlane)
            continue;
        chopBy(w, f.planes[size_t(j)], f.inward[size_t(j)]);
    }
    if (w.empty())
        return;

    // A candidate bevel is added unless it is the surface plane or already a border.
    auto present = [&](const glm::vec3& n, float d) {
        bool flipped = false;
        if (planeEqual(m_pc.planes[size_t(f.surfacePlane)], n, d, flipped))
            return true;
        for (int i = 0; i < f.numBorders; ++i)
            if (planeEqual(m_pc.planes[size_t(f.planes[size_t(i)])], n, d, flipped))
                return true;
        return false;
    };
    const int maxBevelled = kMaxFacetBorders - 1; // room is kept for the back plane

    glm::vec3 mins(kMaxMapBounds), maxs(-kMaxMapBounds);
    geometry::addToBounds(w, mins, maxs);
    for (int axis = 0; axis < 3; ++axis)
        for (int dir = -1; dir <= 1; dir += 2) {
            glm::vec3 n(0.0f);
            n[axis] = float(dir);
            const float d = dir == 1 ? maxs[axis] : -mins[axis];
            if (present(n, d))
                continue;
            if (f.numBorders >= maxBevelled)
                continue; // the game prints "too many bevels"
            bool flipped = false;
            const int32_t p = findPlane2(n, d, flipped);
            if (p < 0)
                return;
            f.planes[size_t(f.numBorders)] = p;
            f.inward[size_t(f.numBorders)] = flipped;
            ++f.numBorders;
        }

    for (size_t j = 0; j < w.size(); ++j) {
        glm::vec3 edge;
        if (m_math.edgeDirection(w[j], w[(j + 1) % w.size()], edge) < 0.5f)
            continue;                 // degenerate edge
        for (int i = 0; i < 3; ++i) { // snap nearly axial edges
            if (within(edge[i], 1.0f, kNormalEpsilon)) {
                edge = glm::vec3(0.0f);
                edge[i] = 1.0f;
                break;
            }
            if (within(edge[i], -1.0f, kNormalEpsilon)) {
                edge = glm::vec3(0.0f);
                edge[i] = -1.0f;
                break;
            }
        }
        bool axial = false;
        for (int i = 0; i < 3; ++i)
            axial = axial || edge[i] == -1.0f || edge[i] == 1.0f;
        if (axial)
            continue; // the axial bevels cover it
        for (int axis = 0; axis < 3; ++axis)
            for (int dir = -1; dir <= 1; dir += 2) {
                glm::vec3 a(0.0f);
                a[axis] = float(dir);
                glm::vec3 n;
                if (m_math.bevelNormal(edge, a, n) < 0.5f)
                    continue;
                const float d = m_math.planeDist(w[j], n);
                bool allBehind = true;
                for (const glm::vec3& q : w)
                    if (m_math.distance(q, n, d) > kPlaneTriEpsilon) {
                        allBehind = false;
                        break;
                    }
                if (!allBehind || present(n, d))
                    continue;
                if (f.numBorders >= maxBevelled)
                    continue;
                bool flipped = false;
                const int32_t p = findPlane2(n, d, flipped);
                if (p < 0)
                    return;
                // A bevel that would cut the whole polygon away is not added.
                Winding w2 = w;
                chopBy(w2, p, flipped);
                if (w2.empty())
                    continue;
                f.planes[size_t(f.numBorders)] = p;
                f.inward[size_t(f.numBorders)] = flipped;
                ++f.numBorders;
            }
    }

    // The surface plane facing backwards closes the facet; traces never report hits on it. (A
    // facet whose bevels filled every slot gets none, as in the game.)
    if (f.numBorders >= maxBevelled)
        return;
    f.planes[size_t(f.numBorders)] = f.surfacePlane;
    f.inward[size_t(f.numBorders)] = true;
    ++f.numBorders;
}

core::Result<bool> Builder::facetsFromGrid(const Grid& g) {
    m_stride = size_t(std::max(g.height - 1, 1));
    m_gridPlanes.assign(size_t(std::max(g.width - 1, 1)) * m_stride, {-1, -1});
    auto gp = [&](int32_t x, int32_t y) -> std::array<int32_t, 2>& {
        return m_gridPlanes[size_t(x) * m_stride + size_t(y)];
    };
    for (int32_t x = 0; x < g.width - 1; ++x)
        for (int32_t y = 0; y < g.height - 1; ++y) {
            gp(x, y)[0] = findPlane(g.at(x, y), g.at(x + 1, y), g.at(x + 1, y + 1));
            gp(x, y)[1] = findPlane(g.at(x + 1, y + 1), g.at(x, y + 1), g.at(x, y));
        }

    auto facetLimit = [&]() -> core::Result<bool> {
        if (static_cast<int32_t>(m_pc.facets.size()) == kMaxPatchFacets)
            return core::makeError(core::format("more than %d facets", kMaxPatchFacets));
        return true;
    };

    for (int32_t x = 0; x < g.width - 1; ++x)
        for (int32_t y = 0; y < g.height - 1; ++y) {
            // Each edge borrows the neighbouring quad's plane (across wraps too); where there is
            // none, or it is this quad's own plane, a plane standing on the edge is made.
            std::array<int32_t, 4> borders{-1, -1, -1, -1};
            if (y > 0)
                borders[Top] = gp(x, y - 1)[1];
            else if (g.wrapHeight)
                borders[Top] = gp(x, g.height - 2)[1];
            if (borders[Top] == -1 || borders[Top] == gp(x, y)[0])
                borders[Top] = edgePlane(g, x, y, Top);

            if (y < g.height - 2)
                borders[Bottom] = gp(x, y + 1)[0];
            else if (g.wrapHeight)
                borders[Bottom] = gp(x, 0)[0];
            if (borders[Bottom] == -1 || borders[Bottom] == gp(x, y)[1])
                borders[Bottom] = edgePlane(g, x, y, Bottom);

            if (x > 0)
                borders[Left] = gp(x - 1, y)[0];
            else if (g.wrapWidth)
                borders[Left] = gp(g.width - 2, y)[0];
            if (borders[Left] == -1 || borders[Left] == gp(x, y)[1])
                borders[Left] = edgePlane(g, x, y, Left);

            if (x < g.width - 2)
                borders[Right] = gp(x + 1, y)[1];
            else if (g.wrapWidth)
                borders[Right] = gp(0, y)[1];
            if (borders[Right] == -1 || borders[Right] == gp(x, y)[0])
                borders[Right] = edgePlane(g, x, y, Right);
            if (m_tooManyPlanes)
                return core::makeError(core::format("more than %d planes", m_maxPlanes));

            if (auto r = facetLimit(); !r)
                return r;
            if (gp(x, y)[0] == gp(x, y)[1]) {
                if (gp(x, y)[0] == -1)
                    continue; // degenerate quad
                WorkFacet f;
                f.surfacePlane = gp(x, y)[0];
                f.numBorders = 4;
                f.planes = {};
                f.planes[0] = borders[Top];
                f.planes[1] = borders[Right];
                f.planes[2] = borders[Bottom];
                f.planes[3] = borders[Left];
                setBorderInward(f, g, x, y, -1);
                if (validate(f)) {
                    addBevels(f);
                    keep(f, x, y, -1);
                }
            } else {
                WorkFacet f;
                f.surfacePlane = gp(x, y)[0];
                f.numBorders = 3;
                f.planes[0] = borders[Top];
                f.planes[1] = borders[Right];
                f.planes[2] = gp(x, y)[1];
                if (f.planes[2] == -1) {
                    f.planes[2] = borders[Bottom];
                    if (f.planes[2] == -1)
                        f.planes[2] = edgePlane(g, x, y, 4);
                }
                setBorderInward(f, g, x, y, 0);
                if (validate(f)) {
                    addBevels(f);
                    keep(f, x, y, 0);
                }

                if (auto r = facetLimit(); !r)
                    return r;
                WorkFacet h;
                h.surfacePlane = gp(x, y)[1];
                h.numBorders = 3;
                h.planes[0] = borders[Bottom];
                h.planes[1] = borders[Left];
                h.planes[2] = gp(x, y)[0];
                if (h.planes[2] == -1) {
                    h.planes[2] = borders[Top];
                    if (h.planes[2] == -1)
                        h.planes[2] = edgePlane(g, x, y, 5);
                }
                setBorderInward(h, g, x, y, 1);
                if (validate(h)) {
                    addBevels(h);
                    keep(h, x, y, 1);
                }
            }
            if (m_tooManyPlanes)
                return core::makeError(core::format("more than %d planes", m_maxPlanes));
        }
    return true;
}

} // namespace

bool PatchCollide::sameFacets(const PatchCollide& other) const {
    return planes == other.planes && borders == other.borders && facets == other.facets;
}

size_t PatchCollide::memoryBytes() const {
    return planes.capacity() * sizeof(PatchPlane) + borders.capacity() * sizeof(PatchBorder) +
           facets.capacity() * sizeof(PatchFacet) + grid.capacity() * sizeof(glm::vec3);
}

core::Result<PatchCollide> buildPatchCollide(int32_t width, int32_t height,
                                             const std::vector<glm::vec3>& points, PatchPrecision precision) {
    if (width < 3 || height < 3 || width % 2 == 0 || height % 2 == 0)
        return core::makeError(
            core::format("bad control grid %dx%d (odd, 3 or more each way)", width, height));
    if (width > kMaxPatchGridSize || height > kMaxPatchGridSize || int64_t(width) * height > kMaxPatchVerts)
        return core::makeError(core::format("control grid %dx%d exceeds the limits (%d per side, %d points)",
                                            width, height, kMaxPatchGridSize, kMaxPatchVerts));
    if (points.size() != size_t(width) * size_t(height))
        return core::makeError(
            core::format("control grid %dx%d has %zu points", width, height, points.size()));

    Grid g;
    g.width = width;
    g.height = height;
    for (int32_t x = 0; x < width; ++x)
        for (int32_t y = 0; y < height; ++y)
            g.at(x, y) = points[size_t(y) * size_t(width) + size_t(x)];

    // Columns first, then the same on the transposed grid for the rows.
    detail::setWrapWidth(g);
    if (auto r = detail::subdivideColumns(g); !r)
        return r.error();
    detail::removeDegenerateColumns(g);
    detail::transpose(g);
    detail::setWrapWidth(g);
    if (auto r = detail::subdivideColumns(g); !r)
        return r.error();
    detail::removeDegenerateColumns(g);

    PatchCollide pc;
    pc.gridWidth = g.width;
    pc.gridHeight = g.height;
    pc.grid.resize(size_t(g.width) * size_t(g.height));
    glm::vec3 mins(std::numeric_limits<float>::max()), maxs(-std::numeric_limits<float>::max());
    for (int32_t x = 0; x < g.width; ++x)
        for (int32_t y = 0; y < g.height; ++y) {
            const glm::vec3& p = g.at(x, y);
            pc.grid[size_t(y) * size_t(g.width) + size_t(x)] = p;
            mins = glm::min(mins, p);
            maxs = glm::max(maxs, p);
        }
    Builder b(pc, precision);
    if (auto r = b.facetsFromGrid(g); !r)
        return r.error();
    // One unit of slack for the trace epsilon.
    pc.mins = mins - glm::vec3(1.0f);
    pc.maxs = maxs + glm::vec3(1.0f);
    pc.planes.shrink_to_fit();
    pc.borders.shrink_to_fit();
    pc.facets.shrink_to_fit();
    return pc;
}

std::vector<glm::vec3> facetPolygon(const PatchCollide& pc, int32_t facet) {
    if (facet < 0 || facet >= static_cast<int32_t>(pc.facets.size()))
        return {};
    const PatchFacet& f = pc.facets[size_t(facet)];
    const PatchPlane& s = pc.planes[size_t(f.surfacePlane)];
    // Bevels touch the polygon along an edge or a corner; a small band keeps them from cutting it.
    constexpr float kDrawEpsilon = 0.01f;
    Winding w = geometry::baseWinding(geometry::Plane{s.normal, s.dist}, kMaxMapBounds);
    for (int32_t j = 0; j < f.numBorders && !w.empty(); ++j) {
        const PatchBorder& b = pc.borders[size_t(f.firstBorder + j)];
        if (b.plane == f.surfacePlane)
            continue;
        const PatchPlane& p = pc.planes[size_t(b.plane)];
        const geometry::Plane plane{p.normal, p.dist};
        geometry::chopInPlace(w, b.inward ? plane : plane.flipped(), kDrawEpsilon);
    }
    return w;
}

} // namespace cliplab::collision
