// Convex polygons for patch facet validation and bevels (see PatchWinding.h).

#include "collision/PatchWinding.h"

#include <cmath>

namespace cliplab::collision::detail {

namespace {

glm::vec3 cross(const glm::vec3& a, const glm::vec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
float dot(const glm::vec3& a, const glm::vec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

} // namespace

float normalizeInPlace(glm::vec3& v) {
    float length = v.x * v.x + v.y * v.y + v.z * v.z;
    if (length != 0.0f) {
        const float inv = 1.0f / std::sqrt(length);
        length *= inv;
        v *= inv;
    }
    return length;
}

Winding baseWindingForPlane(const glm::vec3& normal, float dist) {
    // The axis the normal is most aligned with picks a helper "up" direction not parallel to it.
    int axis = -1;
    float best = -kMaxMapBounds;
    for (int i = 0; i < 3; ++i) {
        const float v = std::fabs(normal[i]);
        if (v > best) {
            axis = i;
            best = v;
        }
    }
    if (axis < 0)
        return {}; // NaN normal: nothing to build
    glm::vec3 up(0.0f);
    if (axis == 2)
        up.x = 1.0f;
    else
        up.z = 1.0f;
    const float d = dot(up, normal);
    up = up - d * normal;
    normalizeInPlace(up);
    const glm::vec3 origin = normal * dist;
    glm::vec3 right = cross(up, normal);
    up *= kMaxMapBounds;
    right *= kMaxMapBounds;
    return {origin - right + up, origin + right + up, origin + right - up, origin - right - up};
}

void chopWindingInPlace(Winding& w, const glm::vec3& normal, float dist, float epsilon) {
    enum Side { Front = 0, Back = 1, On = 2 };
    const size_t n = w.size();
    if (n == 0)
        return;
    std::vector<float> dists(n + 1);
    std::vector<int> sides(n + 1);
    int counts[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        const float d = dot(w[i], normal) - dist;
        dists[i] = d;
        sides[i] = d > epsilon ? Front : d < -epsilon ? Back : On;
        ++counts[sides[i]];
    }
    dists[n] = dists[0];
    sides[n] = sides[0];
    if (counts[Front] == 0) {
        w.clear();
        return;
    }
    if (counts[Back] == 0)
        return;

    Winding out;
    out.reserve(n + 4);
    for (size_t i = 0; i < n; ++i) {
        const glm::vec3& p1 = w[i];
        if (sides[i] == On) {
            out.push_back(p1);
            continue;
        }
        if (sides[i] == Front)
            out.push_back(p1);
        if (sides[i + 1] == On || sides[i + 1] == sides[i])
            continue;
        // The edge crosses the plane: add the crossing point, exact on axial planes.
        const glm::vec3& p2 = w[(i + 1) % n];
        const float t = dists[i] / (dists[i] - dists[i + 1]);
        glm::vec3 mid;
        for (int j = 0; j < 3; ++j) {
            if (normal[j] == 1.0f)
                mid[j] = dist;
            else if (normal[j] == -1.0f)
                mid[j] = -dist;
            else
                mid[j] = p1[j] + t * (p2[j] - p1[j]);
        }
        out.push_back(mid);
    }
    w = std::move(out);
}

void windingBounds(const Winding& w, glm::vec3& mins, glm::vec3& maxs) {
    mins = glm::vec3(kMaxMapBounds);
    maxs = glm::vec3(-kMaxMapBounds);
    for (const glm::vec3& p : w)
        for (int i = 0; i < 3; ++i) {
            if (p[i] < mins[i])
                mins[i] = p[i];
            if (p[i] > maxs[i])
                maxs[i] = p[i];
        }
}

} // namespace cliplab::collision::detail
