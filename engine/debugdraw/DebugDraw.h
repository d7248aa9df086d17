#pragma once
/// \file DebugDraw.h
/// The drawing vocabulary of collision and movement code: lines, arrows, boxes, translucent
/// polygons and brush hulls in world units (Quake 3 coordinates, Z up). No graphics API here: the
/// renderer implements the two primitives, tests record them.

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <span>
#include <vector>

namespace cliplab::debugdraw {

/// An RGBA colour, each channel 0..1. Alpha < 1 draws translucent (blended).
using Color = glm::vec4;

/// Some named colours, for consistent pictures across tools.
namespace colors {
inline constexpr Color Red{1.0f, 0.2f, 0.2f, 1.0f};
inline constexpr Color Green{0.2f, 1.0f, 0.2f, 1.0f};
inline constexpr Color Blue{0.3f, 0.5f, 1.0f, 1.0f};
inline constexpr Color Yellow{1.0f, 1.0f, 0.2f, 1.0f};
inline constexpr Color White{1.0f, 1.0f, 1.0f, 1.0f};
} // namespace colors

/// How a primitive is drawn.
struct Style {
    Color color{1.0f};     ///< RGBA, 0..1 each.
    bool depthTest = true; ///< False draws on top of the world (e.g. a trace hidden by a wall).
};

/// A plane n.x = dist with a unit normal, as brushes store them.
struct HullPlane {
    glm::vec3 normal{0.0f, 0.0f, 1.0f}; ///< Unit normal pointing out of the brush.
    float dist = 0.0f;                  ///< Units along the normal from the origin.
};

/// The abstract drawing interface. Implementations collect primitives for one frame; the
/// helpers below reduce every shape to the two virtual primitives.
class DebugDraw {
public:
    virtual ~DebugDraw() = default;

    /// A line segment from `a` to `b` (units).
    virtual void line(const glm::vec3& a, const glm::vec3& b, const Style& style) = 0;
    /// A filled convex polygon, vertices in order (3 or more; fewer draws nothing).
    virtual void polygon(std::span<const glm::vec3> points, const Style& style) = 0;

    /// An arrow from `from` to `to`, with a head of `headSize` units (clamped to a third of the length).
    void arrow(const glm::vec3& from, const glm::vec3& to, const Style& style, float headSize = 8.0f);
    /// The twelve edges of the axis-aligned box [mins, maxs].
    void wireBox(const glm::vec3& mins, const glm::vec3& maxs, const Style& style);
    /// A filled quad a-b-c-d (a planar convex quadrilateral).
    void quad(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d,
              const Style& style);
    /// A filled square patch of the plane n.x = dist, `halfSize` units around the point of the plane
    /// nearest `near`, plus its normal as a line of `halfSize / 2` units.
    void plane(const HullPlane& plane, const glm::vec3& near, float halfSize, const Style& style);
    /// A convex brush: one filled polygon per plane face (translucent styles look best), and
    /// its edges as lines in `edgeStyle`. Faces with no area (bevels meeting at an edge) are skipped.
    void brushHull(std::span<const HullPlane> planes, const Style& faceStyle, const Style& edgeStyle);
    /// The same from faces already clipped by hullFaces() (for callers that also need the faces).
    void hullFaces(std::span<const std::vector<glm::vec3>> faces, const Style& faceStyle,
                   const Style& edgeStyle);
};

/// The face polygons of the convex hull bounded by `planes` (each keeps the back side n.x <= dist),
/// one entry per plane in order (an empty vector for a plane that bounds no face), vertices wound
/// counter-clockwise seen from outside. Planes farther than `extent` units from the origin are
/// clipped to that box.
std::vector<std::vector<glm::vec3>> hullFaces(std::span<const HullPlane> planes, float extent = 65536.0f);

} // namespace cliplab::debugdraw
