#pragma once
/// \file PlaneSet.h
/// The map's planes, deduplicated and stored in opposite pairs the way q3map does: planes 2k and
/// 2k+1 are the same plane facing opposite ways, and the even one faces "positive" (the largest
/// component of its normal is > 0, so for axial planes +x, +y or +z comes first).

#include "mapc/Winding.h"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace cliplab::mapc {

/// Normal components closer than this to 0 or +/-1 are snapped there.
inline constexpr double kNormalSnap = 1e-6;
/// Distances closer than this to a whole number are snapped to it (units).
inline constexpr double kDistSnap = 0.01;
/// Two planes are the same when normals differ by less than this per component...
inline constexpr double kNormalMatch = 1e-5;
/// ...and distances by less than this (units).
inline constexpr double kDistMatch = 0.01;

/// Snaps a normal to exact axes / zeros where it is within kNormalSnap, then renormalises.
glm::dvec3 snapNormal(const glm::dvec3& n);

/// Snaps the normal (see snapNormal) and the distance (to a whole number within kDistSnap).
DPlane snapPlane(const DPlane& p);

/// The plane through three points with normal (p2-p0) x (p1-p0), the .map convention (the normal
/// points out of the brush). nullopt when the points are (nearly) in a line.
std::optional<DPlane> planeFromPoints(const glm::dvec3& p0, const glm::dvec3& p1, const glm::dvec3& p2);

/// True when `n` is exactly a world axis or its opposite.
bool isAxial(const glm::dvec3& n);

/// Deduplicating store of planes in +/- pairs.
class PlaneSet {
public:
    /// Index of the plane matching `p` (after snapping), adding a new pair when there is none.
    int32_t add(const DPlane& p);
    /// Index of an existing plane matching `p` (after snapping), or -1.
    int32_t find(const DPlane& p) const;
    /// Every plane; index i ^ 1 is the opposite of i.
    const std::vector<DPlane>& planes() const { return m_planes; }
    /// Plane `i`.
    const DPlane& operator[](int32_t i) const { return m_planes[static_cast<size_t>(i)]; }
    /// Number of planes (always even).
    int32_t size() const { return static_cast<int32_t>(m_planes.size()); }

private:
    int32_t lookup(const DPlane& snapped) const;

    std::vector<DPlane> m_planes;
    /// Planes by rounded distance, for finding matches without scanning all of them.
    std::multimap<int64_t, int32_t> m_byDist;
};

} // namespace cliplab::mapc
