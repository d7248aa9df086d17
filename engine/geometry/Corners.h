#pragma once
/// \file Corners.h
/// The corners of a convex brush given by its planes, in double precision.

#include "geometry/Plane.h"

#include <glm/vec3.hpp>

#include <span>
#include <vector>

namespace cliplab::geometry {

/// Smallest |n_a . (n_b x n_c)| for which three unit normals meet in one point: below it the
/// three planes are taken as parallel to a common line.
inline constexpr double kCornerDeterminant = 1e-9;

/// The corners of the convex region behind every plane of `planes` (unit normals; the brush's
/// sides): each point where three of the planes meet (see kCornerDeterminant) and that lies
/// behind every plane or within `epsilon` units in front. Computed in double from the float
/// planes. A corner where more than three planes meet comes once per such triple (they may differ
/// by rounding; see distinctPoints). Empty for an unbounded or empty region with no such point.
/// O(n^4) for n planes.
std::vector<glm::dvec3> brushCorners(std::span<const Plane> planes, double epsilon = 0.01);

/// `points` in order, without each one lying within `distance` units of one already kept.
std::vector<glm::dvec3> distinctPoints(std::span<const glm::dvec3> points, double distance);

} // namespace cliplab::geometry
