#include "viewer/BrushView.h"

#include <glm/geometric.hpp>

#include <vector>

namespace cliplab::viewer {

BrushViewStats drawBrushes(const bsp::BspData& data, debugdraw::DebugDraw& draw, const glm::vec3& eye,
                           float maxDistance) {
    BrushViewStats stats;
    if (data.models.empty())
        return stats;
    const bsp::Model& world = data.models.front();
    const debugdraw::Style solidFace{{0.45f, 0.55f, 0.75f, 0.35f}, true};
    const debugdraw::Style clipFace{{1.0f, 0.55f, 0.1f, 0.35f}, true};
    const debugdraw::Style edge{{0.9f, 0.9f, 0.9f, 1.0f}, true};
    const debugdraw::Style bevel{debugdraw::colors::Yellow, true};
    std::vector<debugdraw::HullPlane> planes;
    for (int32_t b = world.firstBrush; b < world.firstBrush + world.numBrushes; ++b) {
        const bsp::Brush& brush = data.brushes[static_cast<size_t>(b)];
        const int32_t contents = data.shaders[static_cast<size_t>(brush.shader)].contents;
        if (!(contents & bsp::contents::MaskPlayerSolid)) {
            ++stats.other;
            continue;
        }
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
        const bool solid = contents & bsp::contents::Solid;
        (solid ? stats.solid : stats.playerClip)++;
        draw.hullFaces(faces, solid ? solidFace : clipFace, edge); // already clipped above
        for (size_t i = 0; i < faces.size(); ++i)
            if (faces[i].empty()) {
                ++stats.bevelSides;
                draw.arrow(centre, centre + planes[i].normal * 16.0f, bevel, 4.0f);
            }
    }
    return stats;
}

} // namespace cliplab::viewer
