// Support distance of a point set (the inline formulas are in the header, for the trace loops).

#include "geometry/Support.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>

namespace cliplab::geometry {

double pointsSupport(std::span<const glm::dvec3> points, const glm::dvec3& n) {
    double best = -std::numeric_limits<double>::infinity();
    for (const glm::dvec3& p : points)
        best = std::max(best, glm::dot(n, p));
    return best;
}

} // namespace cliplab::geometry
