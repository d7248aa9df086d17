// Plane snapping and deduplication with q3map2's epsilons. Brushes that share a face (written with
// slightly different points) end up sharing one plane, which keeps brush sides, bevels and the
// tree exact; matching within the same epsilons as q3map2 gives the same planes it wrote.

#include "mapc/PlaneSet.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::mapc {

double toFloat(double v) {
    return static_cast<double>(static_cast<float>(v));
}

glm::dvec3 toFloat(const glm::dvec3& v) {
    return {toFloat(v.x), toFloat(v.y), toFloat(v.z)};
}

bool snapNormal(glm::dvec3& n) {
    bool adjusted = false;
    for (int i = 0; i < 3; ++i)
        if (n[i] != 0.0 && std::abs(n[i]) < kNormalEpsilon) {
            n[i] = 0.0;
            adjusted = true;
        }
    if (adjusted)
        n = toFloat(glm::normalize(n));
    return adjusted;
}

bool isAxial(const glm::dvec3& n) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(n[i]) == 1.0)
            return true;
    return false;
}

DPlane snapPlane(const DPlane& p, std::span<const glm::dvec3> points) {
    DPlane s = p;
    if (snapNormal(s.normal) && !points.empty()) {
        // A snapped normal turns the plane a little: keep it through the points it was made from.
        glm::dvec3 centre(0.0);
        for (const glm::dvec3& q : points)
            centre += q;
        centre = toFloat(centre / static_cast<double>(points.size()));
        s.dist = toFloat(glm::dot(s.normal, centre));
    }
    // Only axial planes get whole distances: nothing is natural about them for slanted ones.
    if (isAxial(s.normal)) {
        const double r = std::round(s.dist);
        if (std::abs(s.dist - r) < kDistEpsilon)
            s.dist = r;
    }
    if (s.dist == 0.0)
        s.dist = 0.0; // no negative zero: keeps output bytes independent of how 0 was reached
    return s;
}

std::optional<DPlane> planeFromPoints(const glm::dvec3& p0, const glm::dvec3& p1, const glm::dvec3& p2) {
    const glm::dvec3 n = glm::cross(p0 - p1, p2 - p1);
    const double len = glm::length(n);
    // Relative to the edge lengths, so long thin triangles are still accepted.
    const double scale = glm::length(p0 - p1) * glm::length(p2 - p1);
    if (!(len > 1e-9 * scale) || len < 1e-12)
        return std::nullopt;
    const glm::dvec3 u = n / len;
    return DPlane{toFloat(u), toFloat(glm::dot(p0, u))};
}

namespace {

bool matches(const DPlane& q, const DPlane& s) {
    return std::abs(q.dist - s.dist) < kDistEpsilon && std::abs(q.normal.x - s.normal.x) < kNormalEpsilon &&
           std::abs(q.normal.y - s.normal.y) < kNormalEpsilon &&
           std::abs(q.normal.z - s.normal.z) < kNormalEpsilon;
}

int64_t binOf(double dist) {
    return static_cast<int64_t>(std::floor(std::abs(dist)));
}

} // namespace

int32_t PlaneSet::lookup(const DPlane& s, std::span<const glm::dvec3> points) const {
    // Points that do not lie on the snapped plane keep it from matching any plane (q3map2 then
    // makes a new one, even if an equal one exists).
    for (const glm::dvec3& p : points) {
        const double d = std::abs(toFloat(glm::dot(p, s.normal)) - s.dist);
        if (d != 0.0 && d >= kDistEpsilon)
            return -1;
    }
    const int64_t bin = binOf(s.dist);
    for (int64_t k = bin - 1; k <= bin + 1; ++k) {
        auto it = m_bins.find(k);
        if (it == m_bins.end())
            continue;
        for (auto i = it->second.rbegin(); i != it->second.rend(); ++i)
            if (matches(m_planes[static_cast<size_t>(*i)], s))
                return *i;
    }
    return -1;
}

int32_t PlaneSet::find(const DPlane& p, std::span<const glm::dvec3> points) const {
    return lookup(snapPlane(p, points), points);
}

int32_t PlaneSet::add(const DPlane& p, std::span<const glm::dvec3> points) {
    const DPlane s = snapPlane(p, points);
    const int32_t found = lookup(s, points);
    if (found >= 0)
        return found;
    DPlane first{toFloat(s.normal), toFloat(s.dist)};
    DPlane second = first.flipped();
    if (second.dist == 0.0)
        second.dist = 0.0;
    // Axial pairs face positive first; other pairs keep the plane asked for first.
    const bool swap =
        isAxial(first.normal) && (first.normal.x < 0 || first.normal.y < 0 || first.normal.z < 0);
    if (swap)
        std::swap(first, second);
    const auto index = static_cast<int32_t>(m_planes.size());
    m_planes.push_back(first);
    m_planes.push_back(second);
    m_bins[binOf(first.dist)].push_back(index);
    m_bins[binOf(second.dist)].push_back(index + 1);
    return swap ? index + 1 : index;
}

} // namespace cliplab::mapc
