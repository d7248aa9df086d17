// Winding construction and cutting. Instantiated for float (patch facets, debug drawing) and
// double (map compiler, plane-shift cells); both follow the same operations in the same order.

#include "geometry/Winding.h"

#include <cmath>

namespace cliplab::geometry {

namespace {

enum Side { kFront = 0, kBack = 1, kOn = 2 };

/// splitWinding with either output optional (null: that part is not built).
template <class T>
void splitInto(const BasicWinding<T>& w, const BasicPlane<T>& plane, T epsilon, BasicWinding<T>* front,
               BasicWinding<T>* back) {
    if (front)
        front->clear();
    if (back)
        back->clear();
    const size_t n = w.size();
    if (n == 0)
        return;
    std::vector<T> dists(n + 1);
    std::vector<int> sides(n + 1);
    int counts[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        const T d = dot3(w[i], plane.normal) - plane.dist;
        dists[i] = d;
        sides[i] = d > epsilon ? kFront : d < -epsilon ? kBack : kOn;
        ++counts[sides[i]];
    }
    dists[n] = dists[0];
    sides[n] = sides[0];
    if (counts[kFront] == 0) {
        if (back && n >= 3)
            *back = w;
        return;
    }
    if (counts[kBack] == 0) {
        if (front && n >= 3)
            *front = w;
        return;
    }
    if (front)
        front->reserve(n + 4);
    if (back)
        back->reserve(n + 4);
    for (size_t i = 0; i < n; ++i) {
        const Vec3<T>& p1 = w[i];
        if (sides[i] == kOn) {
            if (front)
                front->push_back(p1);
            if (back)
                back->push_back(p1);
            continue;
        }
        if (sides[i] == kFront && front)
            front->push_back(p1);
        if (sides[i] == kBack && back)
            back->push_back(p1);
        if (sides[i + 1] == kOn || sides[i + 1] == sides[i])
            continue;
        // The edge crosses the plane: its crossing point, exact where the plane is axial.
        const Vec3<T>& p2 = w[(i + 1) % n];
        const T t = dists[i] / (dists[i] - dists[i + 1]);
        Vec3<T> mid;
        for (int j = 0; j < 3; ++j) {
            if (plane.normal[j] == T(1))
                mid[j] = plane.dist;
            else if (plane.normal[j] == T(-1))
                mid[j] = -plane.dist;
            else
                mid[j] = p1[j] + t * (p2[j] - p1[j]);
        }
        if (front)
            front->push_back(mid);
        if (back)
            back->push_back(mid);
    }
    if (front && front->size() < 3)
        front->clear();
    if (back && back->size() < 3)
        back->clear();
}

} // namespace

template <class T>
BasicWinding<T> baseWinding(const BasicPlane<T>& plane, std::type_identity_t<T> halfSize, Facing facing) {
    const Vec3<T>& normal = plane.normal;
    // The axis the normal is most aligned with (the first of equals) picks a helper "up" direction
    // not parallel to it.
    int axis = -1;
    T best = T(-1);
    for (int i = 0; i < 3; ++i) {
        const T v = std::fabs(normal[i]);
        if (v > best) {
            axis = i;
            best = v;
        }
    }
    if (axis < 0)
        return {}; // NaN normal
    Vec3<T> up(T(0));
    if (axis == 2)
        up.x = T(1);
    else
        up.z = T(1);
    const T d = dot3(up, normal);
    up = up - d * normal;
    normalizeInPlace(up);
    const Vec3<T> origin = normal * plane.dist;
    Vec3<T> right = cross3(up, normal);
    up *= halfSize;
    right *= halfSize;
    if (facing == Facing::Clockwise)
        return {origin - right + up, origin + right + up, origin + right - up, origin - right - up};
    return {origin - right + up, origin - right - up, origin + right - up, origin + right + up};
}

template <class T>
void splitWinding(const BasicWinding<T>& w, const BasicPlane<T>& plane, std::type_identity_t<T> epsilon,
                  BasicWinding<T>& front, BasicWinding<T>& back) {
    splitInto<T>(w, plane, epsilon, &front, &back);
}

template <class T>
BasicWinding<T> clipBehind(const BasicWinding<T>& w, const BasicPlane<T>& plane,
                           std::type_identity_t<T> epsilon) {
    BasicWinding<T> back;
    splitInto<T>(w, plane, epsilon, nullptr, &back);
    return back;
}

template <class T>
void chopInPlace(BasicWinding<T>& w, const BasicPlane<T>& plane, std::type_identity_t<T> epsilon) {
    BasicWinding<T> front;
    splitInto<T>(w, plane, epsilon, &front, nullptr);
    w = std::move(front);
}

template <class T> void addToBounds(const BasicWinding<T>& w, Vec3<T>& mins, Vec3<T>& maxs) {
    for (const Vec3<T>& p : w)
        for (int i = 0; i < 3; ++i) {
            if (p[i] < mins[i])
                mins[i] = p[i];
            if (p[i] > maxs[i])
                maxs[i] = p[i];
        }
}

template <class T> T windingArea(const BasicWinding<T>& w) {
    Vec3<T> total(T(0));
    for (size_t i = 2; i < w.size(); ++i)
        total += cross3(w[i - 1] - w[0], w[i] - w[0]);
    return T(0.5) * std::sqrt(dot3(total, total));
}

template <class T> T windingWidth(const BasicWinding<T>& w) {
    if (w.size() < 3)
        return T(0);
    T perimeter(0);
    for (size_t i = 0; i < w.size(); ++i) {
        const Vec3<T> edge = w[(i + 1) % w.size()] - w[i];
        perimeter += std::sqrt(dot3(edge, edge));
    }
    return perimeter > T(0) ? T(2) * windingArea(w) / perimeter : T(0);
}

Winding baseWindingWide(const Plane& plane, float halfSize) {
    const glm::vec3& normal = plane.normal;
    int axis = -1;
    float best = -1.0f;
    for (int i = 0; i < 3; ++i) {
        const float v = std::fabs(normal[i]);
        if (v > best) {
            axis = i;
            best = v;
        }
    }
    if (axis < 0)
        return {}; // NaN normal
    glm::vec3 up(0.0f);
    if (axis == 2)
        up.x = 1.0f;
    else
        up.z = 1.0f;
    const double d = dot3d(up, normal);
    for (int i = 0; i < 3; ++i)
        up[i] = roundToFloat(double(up[i]) + double(normal[i]) * -d);
    normalizeWide(up);
    const glm::vec3 origin = normal * plane.dist;
    glm::vec3 right = cross3Wide(up, normal);
    up *= halfSize;
    right *= halfSize;
    return {origin - right + up, origin + right + up, origin + right - up, origin - right - up};
}

void chopInPlaceWide(Winding& w, const Plane& plane, float epsilon) {
    const size_t n = w.size();
    if (n == 0)
        return;
    std::vector<float> dists(n + 1);
    std::vector<int> sides(n + 1);
    int counts[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        const double d = dot3d(w[i], plane.normal) - double(plane.dist);
        dists[i] = roundToFloat(d); // the classification below uses the double
        sides[i] = d > double(epsilon) ? kFront : d < -double(epsilon) ? kBack : kOn;
        ++counts[sides[i]];
    }
    dists[n] = dists[0];
    sides[n] = sides[0];
    if (counts[kFront] == 0) {
        w.clear();
        return;
    }
    if (counts[kBack] == 0)
        return;
    Winding front;
    front.reserve(n + 4);
    for (size_t i = 0; i < n; ++i) {
        const glm::vec3& p1 = w[i];
        if (sides[i] != kBack)
            front.push_back(p1);
        if (sides[i] == kOn || sides[i + 1] == kOn || sides[i + 1] == sides[i])
            continue;
        const glm::vec3& p2 = w[(i + 1) % n];
        const double t = double(dists[i]) / (double(dists[i]) - double(dists[i + 1]));
        glm::vec3 mid;
        for (int j = 0; j < 3; ++j) {
            if (plane.normal[j] == 1.0f)
                mid[j] = plane.dist;
            else if (plane.normal[j] == -1.0f)
                mid[j] = -plane.dist;
            else
                mid[j] = roundToFloat(double(p1[j]) + t * (double(p2[j]) - double(p1[j])));
        }
        front.push_back(mid);
    }
    w = front.size() < 3 ? Winding{} : std::move(front);
}

#define CLIPLAB_GEOMETRY_WINDING(T)                                                                          \
    template BasicWinding<T> baseWinding<T>(const BasicPlane<T>&, std::type_identity_t<T>, Facing);          \
    template void splitWinding<T>(const BasicWinding<T>&, const BasicPlane<T>&, std::type_identity_t<T>,     \
                                  BasicWinding<T>&, BasicWinding<T>&);                                       \
    template BasicWinding<T> clipBehind<T>(const BasicWinding<T>&, const BasicPlane<T>&,                     \
                                           std::type_identity_t<T>);                                         \
    template void chopInPlace<T>(BasicWinding<T>&, const BasicPlane<T>&, std::type_identity_t<T>);           \
    template void addToBounds<T>(const BasicWinding<T>&, Vec3<T>&, Vec3<T>&);                                \
    template T windingArea<T>(const BasicWinding<T>&);                                                       \
    template T windingWidth<T>(const BasicWinding<T>&);
CLIPLAB_GEOMETRY_WINDING(float)
CLIPLAB_GEOMETRY_WINDING(double)
#undef CLIPLAB_GEOMETRY_WINDING

} // namespace cliplab::geometry
