#pragma once
/// \file Plane.h
/// A plane n . x = dist, float or double.

#include "geometry/Vector.h"

namespace cliplab::geometry {

/// The plane normal . x = dist; `normal` is unit length wherever a function below says "unit".
template <class T> struct BasicPlane {
    Vec3<T> normal{T(0)}; ///< Unit normal: the plane's front side is the side it points to.
    T dist = T(0);        ///< Distance of the plane from the origin along `normal` (units).

    /// Signed distance of `p` from the plane (units, positive in front): dot3(normal, p) - dist.
    T distance(const Vec3<T>& p) const { return dot3(normal, p) - dist; }
    /// The same plane facing the other way (both numbers negated, exactly).
    BasicPlane flipped() const { return {-normal, -dist}; }
};

/// Float plane, as brushes and patches store them.
using Plane = BasicPlane<float>;
/// Double plane, for building geometry (the map compiler, plane-shift cells).
using DPlane = BasicPlane<double>;

} // namespace cliplab::geometry
