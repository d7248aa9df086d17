#pragma once
/// \file Winding.h
/// Convex polygons ("windings") on a plane, and cutting them by planes, in float or double.
/// The arithmetic is the game's polygon library's (base square from the dominant normal axis,
/// points within an on-plane band go to both sides of a cut, crossing points exact on axial
/// planes), so patch facets built in float keep exactly the game's facets; the map compiler and
/// the plane-shift tree use the same rules in double.

#include "geometry/Plane.h"

#include <type_traits>
#include <vector>

namespace cliplab::geometry {

/// A convex polygon, points in order; empty = nothing (left).
template <class T> using BasicWinding = std::vector<Vec3<T>>;
using Winding = BasicWinding<float>;
using DWinding = BasicWinding<double>;

/// Which way a winding's points turn, seen from the front of its plane.
enum class Facing {
    Clockwise,        ///< The game's and q3map's order.
    CounterClockwise, ///< The order whose right-hand normal is the plane normal.
};

/// A square of half size `halfSize` (units) on `plane` (unit normal), centred on the plane's point
/// nearest the origin, its sides along the plane's projections of a world axis (z, or x when the
/// normal is mostly along z: the first axis of largest |normal| component decides). Empty when
/// the normal is not a number.
template <class T>
BasicWinding<T> baseWinding(const BasicPlane<T>& plane, std::type_identity_t<T> halfSize,
                            Facing facing = Facing::Clockwise);

/// Cuts `w` by `plane`: points farther than `epsilon` (units) in front go to `front`, farther behind
/// to `back`, those between to both, and each edge crossing the plane adds its crossing point to
/// both. Nothing in front: all of `w` goes to `back` (also when every point is on the plane);
/// nothing behind: all to `front`. A part with fewer than 3 points comes back empty.
template <class T>
void splitWinding(const BasicWinding<T>& w, const BasicPlane<T>& plane, std::type_identity_t<T> epsilon,
                  BasicWinding<T>& front, BasicWinding<T>& back);

/// The back part of splitWinding (a winding lying on the plane is kept).
template <class T>
BasicWinding<T> clipBehind(const BasicWinding<T>& w, const BasicPlane<T>& plane,
                           std::type_identity_t<T> epsilon);

/// Keeps the front part of splitWinding in `w` (a winding lying on the plane becomes empty): the
/// game's in-place chop.
template <class T>
void chopInPlace(BasicWinding<T>& w, const BasicPlane<T>& plane, std::type_identity_t<T> epsilon);

/// baseWinding of a float plane with Quake3e's arithmetic (its polygon library computes in double
/// and stores floats): the helper axis projected on the plane and normalised in double, the right
/// vector crossed in double, each rounded to float; the corners scaled and summed in float.
Winding baseWindingWide(const Plane& plane, float halfSize);

/// chopInPlace of a float winding with Quake3e's arithmetic: each point's distance taken in double
/// and classified in double (against the float `epsilon`), kept as a float for the crossing's
/// ratio, which is taken in double; crossing points interpolated in double and rounded to float
/// (exact on axial planes, as in chopInPlace).
void chopInPlaceWide(Winding& w, const Plane& plane, float epsilon);

/// Grows [mins, maxs] to take in every point of `w` (per axis: a point below mins or above maxs
/// replaces it). The caller chooses the start: the game starts from +/- its map bounds.
template <class T> void addToBounds(const BasicWinding<T>& w, Vec3<T>& mins, Vec3<T>& maxs);

/// Area of `w` (square units).
template <class T> T windingArea(const BasicWinding<T>& w);
/// How wide `w` is across its longest extent: twice its area over its perimeter (units; a
/// rectangle L long and W wide gives about W when L >> W, a square of side a gives a/2). 0 for
/// fewer than 3 points. Tells a sliver (a line with rounding noise) from a face whatever its length.
template <class T> T windingWidth(const BasicWinding<T>& w);

} // namespace cliplab::geometry
