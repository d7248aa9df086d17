#include "debugdraw/RecordingDebugDraw.h"

namespace cliplab::debugdraw {

void RecordingDebugDraw::line(const glm::vec3& a, const glm::vec3& b, const Style& style) {
    m_lines.push_back({a, b, style});
}

void RecordingDebugDraw::polygon(std::span<const glm::vec3> points, const Style& style) {
    if (points.size() < 3)
        return;
    m_polygons.push_back({{points.begin(), points.end()}, style});
}

void RecordingDebugDraw::clear() {
    m_lines.clear();
    m_polygons.clear();
}

} // namespace cliplab::debugdraw
