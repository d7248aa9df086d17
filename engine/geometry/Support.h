#pragma once
/// \file Support.h
/// Support distances: how far a convex shape centred on the origin reaches along a unit direction
/// n (units). Moving a plane n . x = d out by the support of a shape turns "the shape touches the
/// plane" into "its centre is on the moved plane", which is how traces sweep shapes as points.
/// Each formula is evaluated in the order written, in float.

#include <glm/vec3.hpp>

#include <cmath>
#include <span>

namespace cliplab::geometry {

/// A box of half sizes `halfExtents` (each >= 0): |e.x n.x| + |e.y n.y| + |e.z n.z|.
inline float boxSupport(const glm::vec3& n, const glm::vec3& halfExtents) {
    return std::fabs(halfExtents.x * n.x) + std::fabs(halfExtents.y * n.y) + std::fabs(halfExtents.z * n.z);
}

/// An upright capsule: spheres of `radius` centred `halfSegment` units above and below the origin
/// on z, and the cylinder between them: radius + halfSegment |n.z|. A sphere is halfSegment 0.
inline float capsuleSupport(const glm::vec3& n, float radius, float halfSegment) {
    return radius + halfSegment * std::fabs(n.z);
}

/// An upright cylinder of `radius` and `halfHeight` (z): the rim reaches radius |n_xy|, the caps
/// halfHeight |n.z|.
inline float cylinderSupport(const glm::vec3& n, float radius, float halfHeight) {
    return radius * std::sqrt(n.x * n.x + n.y * n.y) + halfHeight * std::fabs(n.z);
}

/// The largest n . p over `points` (double; any direction, not only unit): how far a convex
/// polytope given by its corners reaches along n. Minus infinity for no points.
double pointsSupport(std::span<const glm::dvec3> points, const glm::dvec3& n);

/// A shape reduced to what plane shifting needs: its kind and sizes, and its support distance.
struct ShapeSupport {
    enum class Kind {
        Point,    ///< Reaches nowhere (support 0).
        Box,      ///< boxSupport(n, halfExtents).
        Capsule,  ///< capsuleSupport(n, radius, height); a sphere has height 0.
        Cylinder, ///< cylinderSupport(n, radius, height).
    };
    Kind kind = Kind::Point;
    glm::vec3 halfExtents{0.0f}; ///< Box half sizes (units, >= 0).
    float radius = 0.0f;         ///< Capsule, sphere or cylinder radius (units, >= 0).
    float height =
        0.0f; ///< Capsule: half segment between the sphere centres; cylinder: half height (units, >= 0).

    /// The support distance along unit normal `n` (units).
    float along(const glm::vec3& n) const {
        switch (kind) {
        case Kind::Point:
            return 0.0f;
        case Kind::Box:
            return boxSupport(n, halfExtents);
        case Kind::Capsule:
            return capsuleSupport(n, radius, height);
        case Kind::Cylinder:
            return cylinderSupport(n, radius, height);
        }
        return 0.0f;
    }
};

} // namespace cliplab::geometry
