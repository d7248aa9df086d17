#pragma once
/// \file Vector.h
/// Vector arithmetic in a fixed evaluation order, float or double. The order is the game's (x, then
/// y, then z), so code that must agree with ioquake3 bit for bit can use these and round alike.

#include <glm/vec3.hpp>

#include <cmath>

namespace cliplab::geometry {

/// A 3-vector of scalar T (float or double).
template <class T> using Vec3 = glm::vec<3, T, glm::defaultp>;

/// a . b, summed x + y + z in that order.
template <class T> inline T dot3(const Vec3<T>& a, const Vec3<T>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// a x b.
template <class T> inline Vec3<T> cross3(const Vec3<T>& a, const Vec3<T>& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// Scales `v` to unit length the game's way (squared length, one division for its inverse root,
/// a multiply per component) and returns the length; a zero vector stays as it is and gives 0.
template <class T> inline T normalizeInPlace(Vec3<T>& v) {
    T length = v.x * v.x + v.y * v.y + v.z * v.z;
    if (length != T(0)) {
        const T inv = T(1) / std::sqrt(length);
        length *= inv;
        v *= inv;
    }
    return length;
}

} // namespace cliplab::geometry
