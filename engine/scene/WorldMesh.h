#pragma once
/// \file WorldMesh.h
/// The world's triangles on the CPU, laid out for one vertex and one index buffer: surfaces are
/// grouped into batches (same shader and lightmap) whose index ranges are contiguous, so a frame
/// draws each batch's visible surfaces with one multi-draw. No graphics API here.

#include "bsp/BspData.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace cliplab::scene {

/// One vertex as uploaded (48 bytes).
struct MeshVertex {
    glm::vec3 position{0.0f};                         ///< Units.
    glm::vec2 st{0.0f};                               ///< Texture coordinates.
    glm::vec2 lightmapSt{0.0f};                       ///< Lightmap coordinates.
    glm::vec3 normal{0.0f};                           ///< Unit.
    std::array<uint8_t, 4> color{255, 255, 255, 255}; ///< Vertex colour after overbright shifting.
};

/// Surfaces sharing a shader and a lightmap; their indices are [firstIndex, firstIndex + indexCount).
struct MeshBatch {
    int32_t shader = 0;    ///< Index into BspData::shaders.
    int32_t lightmap = -1; ///< Lightmap number (< 0: the special values of bsp::Surface).
    uint32_t firstIndex = 0, indexCount = 0;
    std::vector<int32_t> surfaces; ///< Surface indices in index-buffer order.
};

/// Where one surface's triangles are.
struct MeshSurface {
    int32_t batch = -1; ///< -1 when not drawn (flare, nodraw, empty).
    uint32_t firstIndex = 0, indexCount = 0;
    uint32_t firstVertex = 0, vertexCount = 0; ///< Its vertices (its indices point into this range).
};

/// The whole world mesh.
struct WorldMesh {
    std::vector<MeshVertex> vertices;
    std::vector<uint32_t> indices; ///< Absolute vertex indices.
    std::vector<MeshBatch> batches;
    std::vector<MeshSurface> surfaces; ///< One per BspData::surfaces entry.
    int patchLevel = 0;                ///< Level the patches were tessellated with.
    uint32_t triangles() const { return static_cast<uint32_t>(indices.size() / 3); }
};

/// The Quake 3 overbright brightening of lightmaps and vertex colours: each channel is shifted
/// left by `shift` bits and, when one overflows, the colour is scaled back so the brightest channel
/// is 255 (keeps hue instead of turning white).
std::array<uint8_t, 3> shiftLighting(uint8_t r, uint8_t g, uint8_t b, int shift);

/// Overbright shift the game applies in a window without hardware gamma: the map's 2 overbright
/// bits all go into the lightmaps.
inline constexpr int kLightingShift = 2;

/// Builds the mesh. Surfaces for which `drawn(surfaceIndex)` is false, flares and bad surfaces
/// are left out. Patches are tessellated with `patchLevel` subdivisions per piece. Batches are
/// ordered by shader then lightmap.
WorldMesh buildWorldMesh(const bsp::BspData& data, int patchLevel, const std::function<bool(int32_t)>& drawn);

} // namespace cliplab::scene
