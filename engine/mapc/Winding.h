#pragma once
/// \file Winding.h
/// Convex polygons in double precision: the building block for brush faces, brush fragments in the
/// BSP tree and draw surfaces.

#include <glm/vec3.hpp>

#include <vector>

namespace cliplab::mapc {

/// A plane n.x = d in double precision (n unit length).
struct DPlane {
    glm::dvec3 normal{0.0};
    double dist = 0.0;

    /// Signed distance of `p` from the plane (units, positive in front).
    double distance(const glm::dvec3& p) const;
    /// The same plane facing the other way.
    DPlane flipped() const { return {-normal, -dist}; }
};

/// Half the size of the space every winding starts from (units); Quake 3 maps fit in +/-65536.
inline constexpr double kWorldExtent = 65536.0;

/// Points on a plane classified within this distance count as on it (units).
inline constexpr double kOnEpsilon = 0.001;

/// A convex polygon, points in order (counter-clockwise seen from the front of its plane).
using Winding = std::vector<glm::dvec3>;

/// A huge square on `plane` (side 2 * kWorldExtent), wound so its normal is the plane's.
Winding baseWinding(const DPlane& plane);

/// Keeps the part of `w` behind `plane` (points within kOnEpsilon count as behind). Returns an
/// empty winding when nothing remains.
Winding clipBehind(const Winding& w, const DPlane& plane);

/// Splits `w` by `plane` into the front and back parts (either may come back empty).
void splitWinding(const Winding& w, const DPlane& plane, Winding& front, Winding& back);

/// Area of `w` (square units).
double windingArea(const Winding& w);

/// Centre of mass of the winding's points (units).
glm::dvec3 windingCenter(const Winding& w);

} // namespace cliplab::mapc
