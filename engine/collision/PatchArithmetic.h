#pragma once
/// \file PatchArithmetic.h
/// Internal, for PatchCollide.cpp: the operations in which ioquake3 and Quake3e build a patch
/// collide differently. ioquake3 computes in float throughout; Quake3e takes plane normals and
/// distances, point distances, bevel edges and the facet polygons in double and stores floats.

#include "collision/PatchCollide.h"
#include "geometry/Vector.h"
#include "geometry/Winding.h"
#include <cstdio>
#include <cstdlib>

namespace cliplab::collision::detail {

/// The game's tolerances are double literals: its float values are compared with them in double.
inline constexpr double kPlaneTriEpsilon = 0.1;  ///< A point this close to a plane lies on it (units).
inline constexpr double kNormalEpsilon = 0.0001; ///< Plane equality: normal components.
inline constexpr double kDistEpsilon = 0.02;     ///< Plane equality: distance (units).
/// The on-plane band of the facet polygon's cuts (units; a float parameter in the game).
inline constexpr float kChopEpsilon = 0.1f;

/// The arithmetic of one PatchPrecision.
class PatchArithmetic {
public:
    explicit PatchArithmetic(PatchPrecision precision) : m_wide(precision == PatchPrecision::Quake3e) {}

    /// The plane through `a`, `b`, `c` with normal (c - a) x (b - a) made unit, distance a . n;
    /// false when the points are in a line.
    bool planeFromPoints(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, glm::vec3& normal,
                         float& dist) const {
        normal = m_wide ? geometry::cross3Wide(c - a, b - a) : geometry::cross3(c - a, b - a);
        if (normalize(normal) == 0.0f)
            return false;
        dist = planeDist(a, normal);
        return true;
    }

    /// The signed distance of `p` from the plane n . x = dist (units), to compare with the
    /// tolerances.
    double distance(const glm::vec3& p, const glm::vec3& normal, float dist) const {
        return m_wide ? geometry::dot3d(p, normal) - double(dist) : double(geometry::dot3(p, normal) - dist);
    }

    /// The distance of the plane with unit `normal` through `p` (units).
    float planeDist(const glm::vec3& p, const glm::vec3& normal) const {
        return m_wide ? geometry::roundToFloat(geometry::dot3d(p, normal)) : geometry::dot3(p, normal);
    }

    /// `dir` becomes the unit direction of a - b; returns the length of a - b.
    float edgeDirection(const glm::vec3& a, const glm::vec3& b, glm::vec3& dir) const {
        if (m_wide) {
            for (int i = 0; i < 3; ++i)
                dir[i] = geometry::roundToFloat(double(a[i]) - double(b[i]));
        } else {
            dir = a - b;
        }
        return normalize(dir);
    }

    /// `normal` becomes edge x axis made unit; returns the length of edge x axis.
    float bevelNormal(const glm::vec3& edge, const glm::vec3& axis, glm::vec3& normal) const {
        normal = m_wide ? geometry::cross3Wide(edge, axis) : geometry::cross3(edge, axis);
        return normalize(normal);
    }

    /// The square a facet's polygon starts as, of half size `halfSize` on `plane`.
    geometry::Winding baseWinding(const geometry::Plane& plane, float halfSize) const {
        return m_wide ? geometry::baseWindingWide(plane, halfSize) : geometry::baseWinding(plane, halfSize);
    }

    /// Keeps the part of `w` in front of `plane` (kChopEpsilon band).
    void chop(geometry::Winding& w, const geometry::Plane& plane) const {
        if (m_wide)
            geometry::chopInPlaceWide(w, plane, kChopEpsilon);
        else
            geometry::chopInPlace(w, plane, kChopEpsilon);
    }

private:
    float normalize(glm::vec3& v) const {
        return m_wide ? geometry::normalizeWide(v) : geometry::normalizeInPlace(v);
    }

    bool m_wide;
};

} // namespace cliplab::collision::detail
