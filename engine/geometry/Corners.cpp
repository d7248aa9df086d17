// Brush corners by Cramer's rule on every triple of planes.

#include "geometry/Corners.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::geometry {

std::vector<glm::dvec3> brushCorners(std::span<const Plane> planes, double epsilon) {
    std::vector<glm::dvec3> corners;
    const size_t n = planes.size();
    for (size_t a = 0; a < n; ++a)
        for (size_t b = a + 1; b < n; ++b)
            for (size_t c = b + 1; c < n; ++c) {
                const glm::dvec3 na(planes[a].normal), nb(planes[b].normal), nc(planes[c].normal);
                const glm::dvec3 bc = glm::cross(nb, nc);
                const double det = glm::dot(na, bc);
                if (std::fabs(det) < kCornerDeterminant)
                    continue;
                const glm::dvec3 p =
                    (double(planes[a].dist) * bc + double(planes[b].dist) * glm::cross(nc, na) +
                     double(planes[c].dist) * glm::cross(na, nb)) /
                    det;
                bool inside = true;
                for (size_t s = 0; s < n && inside; ++s)
                    inside = glm::dot(glm::dvec3(planes[s].normal), p) - double(planes[s].dist) <= epsilon;
                if (inside)
                    corners.push_back(p);
            }
    return corners;
}

std::vector<glm::dvec3> distinctPoints(std::span<const glm::dvec3> points, double distance) {
    std::vector<glm::dvec3> out;
    for (const glm::dvec3& p : points) {
        bool known = false;
        for (const glm::dvec3& q : out)
            known = known || glm::length(q - p) < distance;
        if (!known)
            out.push_back(p);
    }
    return out;
}

} // namespace cliplab::geometry
