#include "debugdraw/DebugDraw.h"

#include "geometry/BrushFace.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace cliplab::debugdraw {

namespace {

/// Two unit vectors spanning the plane perpendicular to `n`, with right x up = n.
void basis(const glm::vec3& n, glm::vec3& right, glm::vec3& up) {
    const glm::vec3 ref = std::fabs(n.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0);
    right = glm::normalize(glm::cross(ref, n));
    up = glm::cross(n, right);
}

/// Faces and the box limit are cut with this on-plane band (units), which keeps rounding from
/// leaving slivers.
constexpr float kClipEpsilon = 0.01f;

/// Planes this close are one plane, whose first copy in the list draws the face.
constexpr geometry::SamePlane<float> kSamePlane{0.9999f, 0.01f};

geometry::Plane toPlane(const HullPlane& p) {
    return {p.normal, p.dist};
}

} // namespace

void DebugDraw::arrow(const glm::vec3& from, const glm::vec3& to, const Style& style, float headSize) {
    line(from, to, style);
    const glm::vec3 d = to - from;
    const float length = glm::length(d);
    if (length <= 0.0f)
        return;
    const glm::vec3 dir = d / length;
    const float head = std::min(headSize, length / 3.0f);
    glm::vec3 right, up;
    basis(dir, right, up);
    const glm::vec3 base = to - dir * head;
    const float w = head * 0.4f;
    line(to, base + right * w, style);
    line(to, base - right * w, style);
    line(to, base + up * w, style);
    line(to, base - up * w, style);
}

void DebugDraw::wireBox(const glm::vec3& mins, const glm::vec3& maxs, const Style& style) {
    std::array<glm::vec3, 8> c;
    for (int i = 0; i < 8; ++i)
        c[static_cast<size_t>(i)] = {(i & 1) ? maxs.x : mins.x, (i & 2) ? maxs.y : mins.y,
                                     (i & 4) ? maxs.z : mins.z};
    // Each edge joins corners differing in one bit.
    for (int i = 0; i < 8; ++i)
        for (int bit = 1; bit < 8; bit <<= 1)
            if (!(i & bit))
                line(c[static_cast<size_t>(i)], c[static_cast<size_t>(i | bit)], style);
}

void DebugDraw::quad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d,
                     const Style& style) {
    const std::array<glm::vec3, 4> points{a, b, c, d};
    polygon(points, style);
}

void DebugDraw::plane(const HullPlane& p, const glm::vec3& near, float halfSize, const Style& style) {
    const glm::vec3 centre = near - p.normal * (glm::dot(p.normal, near) - p.dist);
    glm::vec3 right, up;
    basis(p.normal, right, up);
    right *= halfSize;
    up *= halfSize;
    quad(centre - right - up, centre + right - up, centre + right + up, centre - right + up, style);
    Style normalStyle = style;
    normalStyle.color.a = 1.0f;
    arrow(centre, centre + p.normal * (halfSize * 0.5f), normalStyle);
}

void DebugDraw::brushHull(std::span<const HullPlane> planes, const Style& faceStyle, const Style& edgeStyle) {
    const auto faces = debugdraw::hullFaces(planes);
    hullFaces(faces, faceStyle, edgeStyle);
}

void DebugDraw::hullFaces(std::span<const std::vector<glm::vec3>> faces, const Style& faceStyle,
                          const Style& edgeStyle) {
    for (const auto& face : faces) {
        if (face.size() < 3)
            continue;
        polygon(face, faceStyle);
        for (size_t i = 0; i < face.size(); ++i)
            line(face[i], face[(i + 1) % face.size()], edgeStyle);
    }
}

std::vector<std::vector<glm::vec3>> hullFaces(std::span<const HullPlane> planes, float extent) {
    std::vector<geometry::Plane> cuts;
    cuts.reserve(planes.size());
    for (const HullPlane& p : planes)
        cuts.push_back(toPlane(p));
    std::vector<std::vector<glm::vec3>> faces(planes.size());
    for (size_t i = 0; i < planes.size(); ++i) {
        const HullPlane& p = planes[i];
        if (glm::dot(p.normal, p.normal) < 0.5f)
            continue; // not a unit normal: no face
        // Counter-clockwise seen from the normal side; an identical plane earlier in the list owns
        // the face.
        geometry::Winding poly = geometry::brushFace<float>(cuts, i, extent, kClipEpsilon, kSamePlane);
        // Keep the box limit too, so open hulls stay finite.
        for (int axis = 0; axis < 3 && poly.size() >= 3; ++axis)
            for (float sign : {1.0f, -1.0f}) {
                geometry::Plane bound{glm::vec3(0.0f), extent};
                bound.normal[axis] = sign;
                poly = geometry::clipBehind(poly, bound, kClipEpsilon);
            }
        if (poly.size() >= 3)
            faces[i] = std::move(poly);
    }
    return faces;
}

} // namespace cliplab::debugdraw
