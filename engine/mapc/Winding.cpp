// Polygon clipping. Points on the plane (within kOnEpsilon) go to both sides of a split, so two
// faces sharing an edge keep exactly the same edge points.

#include "mapc/Winding.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::mapc {

double DPlane::distance(const glm::dvec3& p) const {
    return glm::dot(normal, p) - dist;
}

Winding baseWinding(const DPlane& plane) {
    // Pick the world axis least aligned with the normal as "up" for building the square.
    const glm::dvec3 n = plane.normal;
    const glm::dvec3 a = glm::abs(n);
    glm::dvec3 up(0.0);
    if (a.z >= a.x && a.z >= a.y)
        up.x = 1.0;
    else
        up.z = 1.0;
    up = glm::normalize(up - n * glm::dot(up, n));
    const glm::dvec3 right = glm::cross(up, n);
    const glm::dvec3 org = n * plane.dist;
    const glm::dvec3 u = up * kWorldExtent, r = right * kWorldExtent;
    // Counter-clockwise seen from the front: (r x u) points along n.
    return {org - r + u, org - r - u, org + r - u, org + r + u};
}

void splitWinding(const Winding& w, const DPlane& plane, Winding& front, Winding& back) {
    front.clear();
    back.clear();
    const size_t n = w.size();
    if (n == 0)
        return;
    std::vector<double> d(n);
    std::vector<int> side(n);
    int counts[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        d[i] = plane.distance(w[i]);
        side[i] = d[i] > kOnEpsilon ? 0 : (d[i] < -kOnEpsilon ? 1 : 2);
        ++counts[side[i]];
    }
    if (counts[0] == 0) {
        back = w;
        return;
    }
    if (counts[1] == 0) {
        front = w;
        return;
    }
    for (size_t i = 0; i < n; ++i) {
        const glm::dvec3& p = w[i];
        if (side[i] == 2) {
            front.push_back(p);
            back.push_back(p);
            continue;
        }
        (side[i] == 0 ? front : back).push_back(p);
        const size_t j = (i + 1) % n;
        if (side[j] == 2 || side[j] == side[i])
            continue;
        const double t = d[i] / (d[i] - d[j]);
        glm::dvec3 mid = p + (w[j] - p) * t;
        // Keep exact coordinates where the plane is axial.
        for (int k = 0; k < 3; ++k) {
            if (plane.normal[k] == 1.0)
                mid[k] = plane.dist;
            else if (plane.normal[k] == -1.0)
                mid[k] = -plane.dist;
        }
        front.push_back(mid);
        back.push_back(mid);
    }
    if (front.size() < 3)
        front.clear();
    if (back.size() < 3)
        back.clear();
}

Winding clipBehind(const Winding& w, const DPlane& plane) {
    Winding front, back;
    splitWinding(w, plane, front, back);
    return back;
}

double windingArea(const Winding& w) {
    glm::dvec3 total(0.0);
    for (size_t i = 2; i < w.size(); ++i)
        total += glm::cross(w[i - 1] - w[0], w[i] - w[0]);
    return 0.5 * glm::length(total);
}

glm::dvec3 windingCenter(const Winding& w) {
    glm::dvec3 c(0.0);
    for (const auto& p : w)
        c += p;
    return w.empty() ? c : c / static_cast<double>(w.size());
}

} // namespace cliplab::mapc
