#pragma once
/// \file PlaneSet.h
/// The map's planes, deduplicated and stored in opposite pairs as q3map2 stores them: planes 2k and
/// 2k+1 are the same plane facing opposite ways; an axial pair has its positive-facing plane (+x,
/// +y or +z) first, any other pair the plane that was asked for first. Values are kept at float
/// precision, the precision of the file and of q3map2's own plane table, and snapped and matched
/// as the q3map2 that compiled the OACMP maps did (GtkRadiant 1.6's, with its 2011 precision
/// changes), so that the same planes come out.

#include "mapc/Winding.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace cliplab::mapc {

/// Normal components closer than this to 0 are snapped to 0 (and the normal renormalised); two
/// planes match when each normal component differs by less than this.
inline constexpr double kNormalEpsilon = 0.00005;
/// Two planes match when their distances differ by less than this (units); an axial plane's
/// distance within this of a whole number is snapped to it.
inline constexpr double kDistEpsilon = 0.005;

/// `v` rounded to the nearest float (planes and map points are floats in q3map2 and in the file).
double toFloat(double v);
/// Each component rounded to the nearest float.
glm::dvec3 toFloat(const glm::dvec3& v);

/// Snaps components within kNormalEpsilon of 0 to 0 and renormalises when any was snapped. Returns
/// true when the normal changed.
bool snapNormal(glm::dvec3& n);

/// True when `n` is exactly a world axis or its opposite.
bool isAxial(const glm::dvec3& n);

/// Snaps a plane as q3map2 does before looking it up: the normal (see snapNormal; when it moved,
/// the distance is taken again through the mean of `points`, the points the plane was made from),
/// then, for axial planes only, the distance to a whole number within kDistEpsilon.
DPlane snapPlane(const DPlane& p, std::span<const glm::dvec3> points = {});

/// The plane through three points as a .map writes them: normal (p0-p1) x (p2-p1), pointing out of
/// the brush, computed in double from the points and stored as floats. nullopt when the points are
/// (nearly) in a line.
std::optional<DPlane> planeFromPoints(const glm::dvec3& p0, const glm::dvec3& p1, const glm::dvec3& p2);

/// Deduplicating store of planes in +/- pairs.
class PlaneSet {
public:
    /// Index of the plane matching `p` after snapping (distance and normal within the epsilons),
    /// adding a new pair when there is none, or when one of `points` (those the plane was made
    /// from) lies kDistEpsilon or farther from the snapped plane.
    int32_t add(const DPlane& p, std::span<const glm::dvec3> points = {});
    /// Index of an existing plane matching `p` as add() matches, or -1.
    int32_t find(const DPlane& p, std::span<const glm::dvec3> points = {}) const;
    /// Every plane; index i ^ 1 is the opposite of i.
    const std::vector<DPlane>& planes() const { return m_planes; }
    /// Plane `i`.
    const DPlane& operator[](int32_t i) const { return m_planes[static_cast<size_t>(i)]; }
    /// Number of planes (always even).
    int32_t size() const { return static_cast<int32_t>(m_planes.size()); }

private:
    int32_t lookup(const DPlane& snapped, std::span<const glm::dvec3> points) const;

    std::vector<DPlane> m_planes;
    /// Plane indices by whole |distance|, newest last: a plane is looked for in its bin and the two
    /// next to it, newest first, the order in which q3map2's hash chains find them.
    std::map<int64_t, std::vector<int32_t>> m_bins;
};

} // namespace cliplab::mapc
