#include "scene/Patch.h"

#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace cliplab::scene {

namespace {

std::array<float, 3> weights(float u) {
    return {(1.0f - u) * (1.0f - u), 2.0f * u * (1.0f - u), u * u};
}

/// Weighted sum of nine control vertices, all attributes.
bsp::DrawVert blend(const std::array<const bsp::DrawVert*, 9>& c, const std::array<float, 3>& ws,
                    const std::array<float, 3>& wt) {
    glm::vec3 xyz(0.0f), normal(0.0f);
    glm::vec2 st(0.0f), lm(0.0f);
    glm::vec4 color(0.0f);
    for (size_t j = 0; j < 3; ++j)
        for (size_t i = 0; i < 3; ++i) {
            const float w = ws[i] * wt[j];
            const bsp::DrawVert& v = *c[j * 3 + i];
            xyz += w * v.xyz;
            normal += w * v.normal;
            st += w * v.st;
            lm += w * v.lightmap;
            color += w * glm::vec4(v.color[0], v.color[1], v.color[2], v.color[3]);
        }
    bsp::DrawVert out;
    out.xyz = xyz;
    out.st = st;
    out.lightmap = lm;
    const float len = glm::length(normal);
    out.normal = len > 0.0f ? normal / len : glm::vec3(0, 0, 1);
    for (size_t k = 0; k < 4; ++k)
        out.color[k] = static_cast<uint8_t>(std::clamp(std::lround(color[static_cast<int>(k)]), 0L, 255L));
    return out;
}

} // namespace

glm::vec3 evaluateBiquadratic(std::span<const glm::vec3, 9> c, float s, float t) {
    const auto ws = weights(s), wt = weights(t);
    glm::vec3 p(0.0f);
    for (size_t j = 0; j < 3; ++j)
        for (size_t i = 0; i < 3; ++i)
            p += ws[i] * wt[j] * c[j * 3 + i];
    return p;
}

PatchMesh tessellatePatch(std::span<const bsp::DrawVert> control, int32_t width, int32_t height, int level) {
    PatchMesh mesh;
    if (width < 3 || height < 3 || (width & 1) == 0 || (height & 1) == 0 ||
        control.size() != static_cast<size_t>(width) * static_cast<size_t>(height))
        return mesh;
    level = std::clamp(level, kMinPatchLevel, kMaxPatchLevel);
    const int piecesX = (width - 1) / 2, piecesY = (height - 1) / 2;
    mesh.columns = piecesX * level + 1;
    mesh.rows = piecesY * level + 1;
    mesh.verts.resize(static_cast<size_t>(mesh.columns) * static_cast<size_t>(mesh.rows));
    // Each grid vertex is evaluated once, from exactly one piece, so shared edges are identical.
    for (int row = 0; row < mesh.rows; ++row) {
        const int py = std::min(row / level, piecesY - 1);
        const float t = static_cast<float>(row - py * level) / static_cast<float>(level);
        const auto wt = weights(t);
        for (int col = 0; col < mesh.columns; ++col) {
            const int px = std::min(col / level, piecesX - 1);
            const float s = static_cast<float>(col - px * level) / static_cast<float>(level);
            std::array<const bsp::DrawVert*, 9> c;
            for (int j = 0; j < 3; ++j)
                for (int i = 0; i < 3; ++i)
                    c[static_cast<size_t>(j * 3 + i)] =
                        &control[static_cast<size_t>((py * 2 + j) * width + px * 2 + i)];
            mesh.verts[static_cast<size_t>(row * mesh.columns + col)] = blend(c, weights(s), wt);
        }
    }
    for (int row = 0; row + 1 < mesh.rows; ++row)
        for (int col = 0; col + 1 < mesh.columns; ++col) {
            const auto v00 = static_cast<uint32_t>(row * mesh.columns + col);
            const auto v01 = v00 + 1;
            const auto v10 = v00 + static_cast<uint32_t>(mesh.columns);
            const auto v11 = v10 + 1;
            mesh.indices.insert(mesh.indices.end(), {v00, v10, v01, v01, v10, v11});
        }
    return mesh;
}

} // namespace cliplab::scene
