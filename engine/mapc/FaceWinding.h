#pragma once
/// \file FaceWinding.h
/// Brush faces cut the way the q3map2 that compiled the OACMP maps cuts them (GtkRadiant 1.6's,
/// with its 2011 precision changes): a huge square on the face's plane whose first point and
/// turning follow from the normal's dominant axis, cut by every other side in double precision with
/// a hair's epsilon, then points closer than 0.1 units welded and the result kept as floats. Bevels
/// are chosen from these faces' edges and brush bounds from their points, so the same cutting gives
/// the same bevels. Points run clockwise seen from the front of the plane (q3map2's and the game's
/// order).

#include "mapc/Winding.h"

namespace cliplab::mapc {

/// Consecutive face points closer than this are welded into one (units).
inline constexpr double kWeldDistance = 0.1;

/// The starting square on `plane` (unit normal): four points, clockwise from the front, far outside
/// any map. Empty when no normal component reaches 0.56 (not a unit normal).
Winding faceBaseWinding(const DPlane& plane);

/// Keeps the part of `w` behind `plane` (points within a float's epsilon of it count as on it and
/// stay). Returns an empty winding when nothing is behind; `w` unchanged when nothing is in front.
Winding chopBehind(const Winding& w, const DPlane& plane);

/// Welds consecutive points closer than kWeldDistance: the pair becomes one point, each component
/// the nearer to a whole number of the two when within 0.01 of it.
void weldWinding(Winding& w);

} // namespace cliplab::mapc
