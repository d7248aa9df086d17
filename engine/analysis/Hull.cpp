// Expanded brushes: the side planes moved out by the box's support and clipped into polyhedra
// (geometry::brushFace, with the map compiler's world size and on-plane band).

#include "analysis/Hull.h"

#include "geometry/BrushFace.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::analysis {

namespace {

/// Half the size of the square each face starts from (units), as the map compiler's.
constexpr double kFaceExtent = 65536.0;
/// Points this close to a plane count as on it when cutting faces (units). Not the map compiler's
/// 0.001: that band keeps a corner up to 0.001 units in front of a plane in one face and cuts it in
/// the next, so the faces of a corner disagree about where it is, and a face a few thousandths wide
/// (a bevel or border along an edge) comes out with corners that tilt its fan triangles by degrees.
/// With this one every corner lies on its planes to rounding.
constexpr double kOnPlane = 1e-9;
/// Faces with less area than this are an edge or a point of the polyhedron, not a face (square
/// units): with exact clipping that is rounding only, so a thin face is kept (dropped, it would
/// leave a slit between its neighbours).
constexpr double kMinFaceArea = 1e-9;
/// Two unit normals closer than this (1 - dot) are the same direction: a side repeated (with
/// float noise at most). Planes less alike are all kept: two sides 2e-5 radians apart still part
/// by 0.01 units across a brush, and the trace tests both.
constexpr double kSameNormal = 1e-12;

/// How far the plane with normal `n` moves out for a box mins..maxs: minus n . c, c the corner
/// deepest behind the plane. This is the game's choice of corner by the normal's sign bits; for
/// the symmetric box the game traces (centre added to the segment) it equals
/// sum |e_i n_i| - n . centre, the same number.
double support(const glm::dvec3& n, const glm::dvec3& mins, const glm::dvec3& maxs) {
    const glm::dvec3 corner(n.x < 0.0 ? maxs.x : mins.x, n.y < 0.0 ? maxs.y : mins.y,
                            n.z < 0.0 ? maxs.z : mins.z);
    return -glm::dot(n, corner);
}

/// The game's plane n . x = dist (n a float normal, of unit length only to float precision) with
/// its normal scaled to unit length in double: the same points. The windings need a unit normal:
/// on one a few 1e-8 long they come out off their own plane by dist times that (up to 1e-4 units
/// on a large map), so faces meeting at a corner would put it in different places.
geometry::DPlane unitPlane(const glm::dvec3& n, double dist) {
    const double length = glm::length(n);
    return {n / length, dist / length};
}

/// A plane of the polyhedron to build, with what its face stands for.
struct HullPlane {
    geometry::DPlane plane;
    int32_t side = -1;
};

/// The convex polyhedron behind every plane: each plane's huge square clipped by all the others.
/// Planes repeating an earlier normal keep the tighter distance (ties: the first).
std::vector<HullFace> clipPolyhedron(const std::vector<HullPlane>& planes) {
    std::vector<HullPlane> kept;
    kept.reserve(planes.size());
    for (const HullPlane& p : planes) {
        bool merged = false;
        for (HullPlane& k : kept) {
            if (glm::dot(k.plane.normal, p.plane.normal) > 1.0 - kSameNormal) {
                if (p.plane.dist < k.plane.dist)
                    k = p;
                merged = true;
                break;
            }
        }
        if (!merged)
            kept.push_back(p);
    }
    std::vector<geometry::DPlane> cuts;
    cuts.reserve(kept.size());
    for (const HullPlane& k : kept)
        cuts.push_back(k.plane);
    std::vector<HullFace> faces;
    for (size_t i = 0; i < kept.size(); ++i) {
        geometry::DWinding w = geometry::brushFace<double>(cuts, i, kFaceExtent, kOnPlane);
        if (w.size() < 3 || geometry::windingArea(w) < kMinFaceArea)
            continue;
        faces.push_back({kept[i].side, kept[i].plane.normal, kept[i].plane.dist, std::move(w)});
    }
    return faces;
}

} // namespace

HullBrush expandBrush(const collision::Model& model, int32_t brush, const glm::vec3& mins,
                      const glm::vec3& maxs) {
    const collision::CollisionBrush& b = model.brushes()[static_cast<size_t>(brush)];
    const glm::dvec3 lo(mins), hi(maxs);
    std::vector<HullPlane> planes;
    planes.reserve(static_cast<size_t>(b.numSides));
    for (int32_t s = b.firstSide; s < b.firstSide + b.numSides; ++s) {
        const collision::CollisionSide& side = model.sides()[static_cast<size_t>(s)];
        const glm::dvec3 n(side.normal);
        planes.push_back({unitPlane(n, double(side.dist) + support(n, lo, hi)), s});
    }
    HullBrush out;
    out.brush = brush;
    out.contents = b.contents;
    out.faces = clipPolyhedron(planes);
    return out;
}

std::vector<HullBrush> expandBrushes(const collision::Model& model, int32_t first, int32_t count,
                                     const glm::vec3& mins, const glm::vec3& maxs, int32_t mask) {
    std::vector<HullBrush> out;
    for (int32_t b = first; b < first + count; ++b) {
        const collision::CollisionBrush& brush = model.brushes()[static_cast<size_t>(b)];
        if (!(brush.contents & mask) || brush.numSides == 0)
            continue; // the trace skips these too
        HullBrush h = expandBrush(model, b, mins, maxs);
        if (!h.faces.empty())
            out.push_back(std::move(h));
    }
    return out;
}

std::vector<HullFacet> expandPatches(const collision::Model& model, int32_t firstSurface,
                                     int32_t surfaceCount, const glm::vec3& mins, const glm::vec3& maxs,
                                     int32_t mask) {
    const glm::dvec3 lo(mins), hi(maxs);
    std::vector<HullFacet> out;
    for (size_t p = 0; p < model.patches().size(); ++p) {
        const collision::CollisionPatch& patch = model.patches()[p];
        if (patch.surface < firstSurface || patch.surface >= firstSurface + surfaceCount ||
            !(patch.contents & mask))
            continue;
        const collision::PatchCollide& pc = patch.collide;
        for (size_t f = 0; f < pc.facets.size(); ++f) {
            const collision::PatchFacet& facet = pc.facets[f];
            std::vector<HullPlane> planes;
            const collision::PatchPlane& sp = pc.planes[static_cast<size_t>(facet.surfacePlane)];
            const glm::dvec3 sn(sp.normal);
            planes.push_back({unitPlane(sn, double(sp.dist) + support(sn, lo, hi)), -1});
            for (int32_t j = 0; j < facet.numBorders; ++j) {
                const collision::PatchBorder& border = pc.borders[static_cast<size_t>(facet.firstBorder + j)];
                const collision::PatchPlane& bp = pc.planes[static_cast<size_t>(border.plane)];
                glm::dvec3 n(bp.normal);
                double dist = double(bp.dist);
                if (border.inward) {
                    n = -n;
                    dist = -dist;
                }
                planes.push_back(
                    {unitPlane(n, dist + support(n, lo, hi)), j == facet.numBorders - 1 ? -2 : j});
            }
            HullFacet h;
            h.patch = static_cast<int32_t>(p);
            h.surface = patch.surface;
            h.facet = static_cast<int32_t>(f);
            h.contents = patch.contents;
            h.faces = clipPolyhedron(planes);
            if (!h.faces.empty())
                out.push_back(std::move(h));
        }
    }
    return out;
}

double hullVolume(const std::vector<HullFace>& faces) {
    // Sum of the tetrahedra from the origin to each fan triangle.
    double v = 0.0;
    for (const HullFace& f : faces)
        for (size_t i = 2; i < f.points.size(); ++i)
            v += glm::dot(f.points[0], glm::cross(f.points[i - 1], f.points[i]));
    return v / 6.0;
}

} // namespace cliplab::analysis
