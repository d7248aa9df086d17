#pragma once
/// \file RecordingDebugDraw.h
/// A DebugDraw that keeps every primitive in memory, for tests of code that draws.

#include "debugdraw/DebugDraw.h"

#include <vector>

namespace cliplab::debugdraw {

/// Records lines and polygons in call order.
class RecordingDebugDraw final : public DebugDraw {
public:
    /// One recorded line.
    struct Line {
        glm::vec3 a, b;
        Style style;
    };
    /// One recorded polygon.
    struct Polygon {
        std::vector<glm::vec3> points;
        Style style;
    };

    void line(const glm::vec3& a, const glm::vec3& b, const Style& style) override;
    void polygon(std::span<const glm::vec3> points, const Style& style) override;

    const std::vector<Line>& lines() const { return m_lines; }
    const std::vector<Polygon>& polygons() const { return m_polygons; }
    /// Forgets everything recorded.
    void clear();

private:
    std::vector<Line> m_lines;
    std::vector<Polygon> m_polygons;
};

} // namespace cliplab::debugdraw
