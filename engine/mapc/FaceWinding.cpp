// q3map2's face cutting, reimplemented: the base square, the chop and the weld decide which points
// a face gets (and in which order), and bevels and bounds are read from those points.

#include "mapc/FaceWinding.h"

#include <glm/geometric.hpp>

#include <cfloat>
#include <cmath>

namespace cliplab::mapc {

namespace {

/// Half the epsilon of a float around 1: points this close to a cutting plane are on it.
constexpr double kChopEpsilon = static_cast<double>(FLT_EPSILON) * 0.5;
/// A welded component snaps to a whole number this close (units).
constexpr double kWeldSnap = 0.01;

} // namespace

Winding faceBaseWinding(const DPlane& plane) {
    const glm::dvec3& n = plane.normal;
    int axis = -1;
    double best = 0.56; // a unit normal has a component of at least 1/sqrt(3)
    for (int i = 0; i < 3; ++i)
        if (std::abs(n[i]) > best) {
            axis = i;
            best = std::abs(n[i]);
        }
    if (axis < 0)
        return {};
    // A vector across the plane, then one up it: both 4 x 65536 long, so the square's edges lie
    // outside the world whatever the normal.
    glm::dvec3 right = axis == 2 ? glm::dvec3(0.0, -n.z, n.y) : glm::dvec3(-n.y, n.x, 0.0);
    right *= 65536.0 * 4.0;
    const glm::dvec3 up = glm::cross(n, right);
    const glm::dvec3 origin = n * plane.dist;
    return {origin - right + up, origin + right + up, origin + right - up, origin - right - up};
}

Winding chopBehind(const Winding& w, const DPlane& plane) {
    // Distances behind the plane are positive: the part kept is the "front" of the flipped plane.
    const size_t n = w.size();
    std::vector<double> dist(n + 1);
    std::vector<int> side(n + 1); // 1 kept side, -1 cut away, 0 on
    int kept = 0, cut = 0;
    for (size_t i = 0; i < n; ++i) {
        dist[i] = -glm::dot(w[i], plane.normal) + plane.dist;
        side[i] = dist[i] > kChopEpsilon ? 1 : (dist[i] < -kChopEpsilon ? -1 : 0);
        kept += side[i] == 1;
        cut += side[i] == -1;
    }
    if (kept == 0)
        return {};
    if (cut == 0)
        return w;
    dist[n] = dist[0];
    side[n] = side[0];
    Winding out;
    for (size_t i = 0; i < n; ++i) {
        if (side[i] >= 0) {
            out.push_back(w[i]);
            if (side[i] == 0)
                continue;
        }
        if (side[i + 1] == 0 || side[i + 1] == side[i])
            continue;
        const glm::dvec3& a = w[i];
        const glm::dvec3& b = w[(i + 1) % n];
        const double t = dist[i] / (dist[i] - dist[i + 1]);
        glm::dvec3 mid;
        for (int k = 0; k < 3; ++k) {
            // Exact on axial planes: the crossing point lies on the plane itself.
            if (plane.normal[k] == -1.0)
                mid[k] = -plane.dist;
            else if (plane.normal[k] == 1.0)
                mid[k] = plane.dist;
            else
                mid[k] = a[k] + t * (b[k] - a[k]);
        }
        out.push_back(mid);
    }
    return out;
}

void weldWinding(Winding& w) {
    bool again = true;
    while (again && w.size() >= 2) {
        again = false;
        for (size_t i = 0; i < w.size(); ++i) {
            const size_t j = i + 1 == w.size() ? 0 : i + 1;
            if (glm::length(w[i] - w[j]) >= kWeldDistance)
                continue;
            glm::dvec3 welded;
            for (int k = 0; k < 3; ++k) {
                const double ra = std::round(w[i][k]), rb = std::round(w[j][k]);
                const double da = std::abs(ra - w[i][k]), db = std::abs(rb - w[j][k]);
                if (da < db)
                    welded[k] = da < kWeldSnap ? ra : w[i][k];
                else
                    welded[k] = db < kWeldSnap ? rb : w[j][k];
            }
            w[i] = welded;
            w.erase(w.begin() + static_cast<std::ptrdiff_t>(j));
            again = true; // a weld can bring the neighbours closer: start over
            break;
        }
    }
}

} // namespace cliplab::mapc
