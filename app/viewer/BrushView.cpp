#include "viewer/BrushView.h"

#include <glm/geometric.hpp>

#include <vector>

namespace cliplab::viewer {

debugdraw::Color brushKindColor(inspect::BrushKind kind) {
    switch (kind) {
    case inspect::BrushKind::Solid:
        return {0.45f, 0.55f, 0.75f, 1.0f};
    case inspect::BrushKind::PlayerClip:
        return {1.0f, 0.55f, 0.1f, 1.0f};
    case inspect::BrushKind::MonsterClip:
        return {0.85f, 0.35f, 0.85f, 1.0f};
    case inspect::BrushKind::Lava:
        return {1.0f, 0.2f, 0.05f, 1.0f};
    case inspect::BrushKind::Slime:
        return {0.4f, 0.9f, 0.1f, 1.0f};
    case inspect::BrushKind::Water:
        return {0.1f, 0.5f, 1.0f, 1.0f};
    case inspect::BrushKind::Fog:
        return {0.75f, 0.75f, 0.7f, 1.0f};
    case inspect::BrushKind::Trigger:
        return {1.0f, 0.9f, 0.2f, 1.0f};
    case inspect::BrushKind::BotClip:
        return {0.2f, 0.85f, 0.75f, 1.0f};
    case inspect::BrushKind::Other:
        return {0.55f, 0.55f, 0.55f, 1.0f};
    }
    return {1.0f, 1.0f, 1.0f, 1.0f};
}

BrushViewStats drawBrushes(const bsp::BspData& data, debugdraw::DebugDraw& draw, const glm::vec3& eye,
                           float maxDistance, const std::array<bool, inspect::kBrushKindCount>& shown,
                           bool bevels) {
    BrushViewStats stats;
    const debugdraw::Style edge{{0.9f, 0.9f, 0.9f, 1.0f}, true};
    const debugdraw::Style bevel{debugdraw::colors::Yellow, true};
    std::vector<debugdraw::HullPlane> planes;
    for (const bsp::Model& model : data.models)
        for (int32_t b = model.firstBrush; b < model.firstBrush + model.numBrushes; ++b) {
            const bsp::Brush& brush = data.brushes[static_cast<size_t>(b)];
            const inspect::BrushKind kind =
                inspect::brushKind(data.shaders[static_cast<size_t>(brush.shader)].contents);
            const auto k = static_cast<size_t>(kind);
            ++stats.total[k];
            if (!shown[k])
                continue;
            planes.clear();
            for (int32_t s = 0; s < brush.numSides; ++s) {
                const bsp::BrushSide& side = data.brushSides[static_cast<size_t>(brush.firstSide + s)];
                const bsp::Plane& p = data.planes[static_cast<size_t>(side.plane)];
                planes.push_back({p.normal, p.dist});
            }
            const auto faces = debugdraw::hullFaces(planes);
            glm::vec3 centre(0.0f);
            size_t corners = 0;
            for (const auto& f : faces)
                for (const auto& v : f) {
                    centre += v;
                    ++corners;
                }
            if (corners == 0)
                continue;
            centre /= static_cast<float>(corners);
            if (glm::length(centre - eye) > maxDistance)
                continue;
            ++stats.drawn[k];
            const debugdraw::Color c = brushKindColor(kind);
            draw.hullFaces(faces, debugdraw::Style{{c.r, c.g, c.b, 0.35f}, true},
                           edge); // already clipped above
            if (!bevels)
                continue;
            for (size_t i = 0; i < faces.size(); ++i)
                if (faces[i].empty()) {
                    ++stats.bevelSides;
                    draw.arrow(centre, centre + planes[i].normal * 16.0f, bevel, 4.0f);
                }
        }
    return stats;
}

} // namespace cliplab::viewer
