#pragma once
/// \file Winding.h
/// The compiler's use of the geometry module's windings: double precision, counter-clockwise
/// points, its world size and on-plane band. Brush faces, brush fragments in the BSP tree and draw
/// surfaces are built from these.

#include "geometry/Winding.h"

namespace cliplab::mapc {

/// A plane n.x = d in double precision (n unit length).
using DPlane = geometry::DPlane;

/// A convex polygon, points counter-clockwise seen from the front of its plane.
using Winding = geometry::DWinding;

/// Half the size of the space every winding starts from (units); Quake 3 maps fit in +/-65536.
inline constexpr double kWorldExtent = 65536.0;

/// Points on a plane classified within this distance count as on it (units).
inline constexpr double kOnEpsilon = 0.001;

/// A huge square on `plane` (side 2 * kWorldExtent), wound so its normal is the plane's.
inline Winding baseWinding(const DPlane& plane) {
    return geometry::baseWinding(plane, kWorldExtent, geometry::Facing::CounterClockwise);
}

/// Keeps the part of `w` behind `plane` (points within kOnEpsilon count as behind). Returns an
/// empty winding when nothing remains.
inline Winding clipBehind(const Winding& w, const DPlane& plane) {
    return geometry::clipBehind(w, plane, kOnEpsilon);
}

/// Splits `w` by `plane` into the front and back parts (either may come back empty); points within
/// kOnEpsilon go to both, so two faces sharing an edge keep exactly the same edge points.
inline void splitWinding(const Winding& w, const DPlane& plane, Winding& front, Winding& back) {
    geometry::splitWinding(w, plane, kOnEpsilon, front, back);
}

using geometry::windingArea;

} // namespace cliplab::mapc
