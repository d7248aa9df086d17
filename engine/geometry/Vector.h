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

/// a . b of float vectors taken in double, summed x + y + z in that order: each product is exact in
/// double, only the two sums round (Quake3e's DotProductDP, with which its collision code measures
/// distances).
inline double dot3d(const glm::vec3& a, const glm::vec3& b) {
    return double(a.x) * double(b.x) + double(a.y) * double(b.y) + double(a.z) * double(b.z);
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

/// `d` rounded to float, the rounding kept. GCC 12 at -O3 was seen to skip the float rounding of a
/// double result that is read back as double (the cross product below, vectorised), which would
/// change answers that must be Quake3e's to the bit; the empty asm makes the float an opaque value.
inline float roundToFloat(double d) {
    float f = static_cast<float>(d);
#if defined(__GNUC__)
    asm("" : "+m"(f));
#endif
    return f;
}

/// normalizeInPlace of a float vector with Quake3e's arithmetic: squared length, its inverse root
/// and the scaling in double, the components rounded to float. Returns the length (rounded to
/// float); a zero vector stays as it is and gives 0.
inline float normalizeWide(glm::vec3& v) {
    const double x = v.x, y = v.y, z = v.z;
    double length = x * x + y * y + z * z;
    if (length != 0.0) {
        const double inv = 1.0 / std::sqrt(length);
        length *= inv;
        v = glm::vec3(roundToFloat(x * inv), roundToFloat(y * inv), roundToFloat(z * inv));
    }
    return roundToFloat(length);
}

/// a x b of float vectors in double, rounded to float (Quake3e's).
inline glm::vec3 cross3Wide(const glm::vec3& a, const glm::vec3& b) {
    const double ax = a.x, ay = a.y, az = a.z, bx = b.x, by = b.y, bz = b.z;
    return {roundToFloat(ay * bz - az * by), roundToFloat(az * bx - ax * bz),
            roundToFloat(ax * by - ay * bx)};
}

} // namespace cliplab::geometry
