#pragma once
/// \file BrushFace.h
/// The face of a brush from its planes: one plane's huge square cut behind every other plane of
/// the brush. The map compiler, the plane-shift cells, the inspector, the hull export and debug
/// drawing all build faces this way, each with its own size, on-plane band and duplicate rule.

#include "geometry/Winding.h"

#include <optional>
#include <span>
#include <type_traits>

namespace cliplab::geometry {

/// When two planes of a brush count as the same plane (see brushFace).
template <class T> struct SamePlane {
    T minDot = T(1);  ///< Unit normals whose dot product is above this point the same way (e.g. 1 - 1e-9).
    T maxDist = T(0); ///< And distances that differ by less than this (units).
};

/// The face of `planes[index]` on the convex region behind every plane of `planes` (unit normals; a
/// brush's sides): a square of half size `extent` (units) on that plane, counter-clockwise seen from
/// its front (baseWinding), cut behind each other plane in list order with the on-plane band
/// `epsilon` (units; clipBehind). Stops as soon as nothing is left. With `same`, a plane the same as
/// `planes[index]` does not cut its face, and one earlier in the list owns the face: the face of a
/// later duplicate is empty. Empty when the plane does not bound the region (an unbounded region
/// keeps faces as large as `extent` allows). `index` < planes.size().
template <class T>
BasicWinding<T> brushFace(std::span<const BasicPlane<T>> planes, size_t index, std::type_identity_t<T> extent,
                          std::type_identity_t<T> epsilon, std::optional<SamePlane<T>> same = std::nullopt);

} // namespace cliplab::geometry
