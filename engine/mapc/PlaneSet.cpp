// Plane snapping and deduplication. Snapping first makes brushes that share a face (written with
// slightly different points) share one plane, which keeps the BSP tree and the brush sides exact.

#include "mapc/PlaneSet.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::mapc {

glm::dvec3 snapNormal(const glm::dvec3& n) {
    for (int i = 0; i < 3; ++i) {
        if (std::abs(n[i] - 1.0) < kNormalSnap) {
            glm::dvec3 a(0.0);
            a[i] = 1.0;
            return a;
        }
        if (std::abs(n[i] + 1.0) < kNormalSnap) {
            glm::dvec3 a(0.0);
            a[i] = -1.0;
            return a;
        }
    }
    glm::dvec3 s = n;
    for (int i = 0; i < 3; ++i)
        if (std::abs(s[i]) < kNormalSnap)
            s[i] = 0.0;
    return glm::normalize(s);
}

DPlane snapPlane(const DPlane& p) {
    DPlane s{snapNormal(p.normal), p.dist};
    const double r = std::round(s.dist);
    if (std::abs(s.dist - r) < kDistSnap)
        s.dist = r;
    if (s.dist == 0.0)
        s.dist = 0.0; // no negative zero: keeps output bytes independent of how 0 was reached
    return s;
}

std::optional<DPlane> planeFromPoints(const glm::dvec3& p0, const glm::dvec3& p1, const glm::dvec3& p2) {
    const glm::dvec3 n = glm::cross(p2 - p0, p1 - p0);
    const double len = glm::length(n);
    // Relative to the edge lengths, so long thin triangles are still accepted.
    const double scale = glm::length(p2 - p0) * glm::length(p1 - p0);
    if (!(len > 1e-9 * scale) || len < 1e-12)
        return std::nullopt;
    const glm::dvec3 u = n / len;
    return DPlane{u, glm::dot(u, p0)};
}

bool isAxial(const glm::dvec3& n) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(n[i]) == 1.0)
            return true;
    return false;
}

namespace {

bool positiveFacing(const glm::dvec3& n) {
    int best = 0;
    for (int i = 1; i < 3; ++i)
        if (std::abs(n[i]) > std::abs(n[best]))
            best = i;
    return n[best] > 0.0;
}

} // namespace

int32_t PlaneSet::lookup(const DPlane& s) const {
    const auto key = static_cast<int64_t>(std::llround(s.dist));
    for (int64_t k = key - 1; k <= key + 1; ++k) {
        auto [lo, hi] = m_byDist.equal_range(k);
        for (auto it = lo; it != hi; ++it) {
            const DPlane& q = m_planes[static_cast<size_t>(it->second)];
            if (std::abs(q.dist - s.dist) < kDistMatch && std::abs(q.normal.x - s.normal.x) < kNormalMatch &&
                std::abs(q.normal.y - s.normal.y) < kNormalMatch &&
                std::abs(q.normal.z - s.normal.z) < kNormalMatch)
                return it->second;
        }
    }
    return -1;
}

int32_t PlaneSet::find(const DPlane& p) const {
    return lookup(snapPlane(p));
}

int32_t PlaneSet::add(const DPlane& p) {
    const DPlane s = snapPlane(p);
    const int32_t found = lookup(s);
    if (found >= 0)
        return found;
    const DPlane even = positiveFacing(s.normal) ? s : s.flipped();
    DPlane odd = even.flipped();
    if (odd.dist == 0.0)
        odd.dist = 0.0;
    const auto index = static_cast<int32_t>(m_planes.size());
    m_planes.push_back(even);
    m_planes.push_back(odd);
    m_byDist.emplace(std::llround(even.dist), index);
    m_byDist.emplace(std::llround(odd.dist), index + 1);
    return positiveFacing(s.normal) ? index : index + 1;
}

} // namespace cliplab::mapc
