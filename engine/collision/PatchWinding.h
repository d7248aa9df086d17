#pragma once
/// \file PatchWinding.h
/// Internal: convex polygons cut by planes, used to validate and bevel patch facets. The arithmetic
/// follows the game's polygon library (floats, a 65535-unit base polygon, a "keep the front" chop
/// with an on-plane band) so that the same facets survive validation.

#include <glm/vec3.hpp>

#include <vector>

namespace cliplab::collision::detail {

/// Half size of the huge square a plane's polygon starts as, and the map bounds the game checks
/// facets against (units).
inline constexpr float kMaxMapBounds = 65535.0f;

/// A convex polygon; empty = nothing left.
using Winding = std::vector<glm::vec3>;

/// A square of half size kMaxMapBounds on the plane normal . x = dist, centred on the point of the
/// plane nearest the origin.
Winding baseWindingForPlane(const glm::vec3& normal, float dist);

/// Keeps the part of `w` in front of normal . x = dist; points within `epsilon` count as on the
/// plane. Nothing in front (all behind or on): `w` becomes empty. Nothing behind: unchanged.
void chopWindingInPlace(Winding& w, const glm::vec3& normal, float dist, float epsilon);

/// Bounds of a non-empty winding.
void windingBounds(const Winding& w, glm::vec3& mins, glm::vec3& maxs);

/// Normalises `v` in place the way the game does (float length, scale by its inverse); returns
/// the length (0 leaves `v` unchanged).
float normalizeInPlace(glm::vec3& v);

} // namespace cliplab::collision::detail
