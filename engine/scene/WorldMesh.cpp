#include "scene/WorldMesh.h"

#include "scene/Patch.h"

#include <algorithm>
#include <map>
#include <span>

namespace cliplab::scene {

std::array<uint8_t, 3> shiftLighting(uint8_t r, uint8_t g, uint8_t b, int shift) {
    int c[3] = {r << shift, g << shift, b << shift};
    const int maxC = std::max({c[0], c[1], c[2]});
    if (maxC > 255)
        for (int& v : c)
            v = v * 255 / maxC;
    return {static_cast<uint8_t>(c[0]), static_cast<uint8_t>(c[1]), static_cast<uint8_t>(c[2])};
}

namespace {

MeshVertex toMeshVertex(const bsp::DrawVert& v) {
    MeshVertex m;
    m.position = v.xyz;
    m.st = v.st;
    m.lightmapSt = v.lightmap;
    m.normal = v.normal;
    const auto rgb = shiftLighting(v.color[0], v.color[1], v.color[2], kLightingShift);
    m.color = {rgb[0], rgb[1], rgb[2], v.color[3]};
    return m;
}

} // namespace

WorldMesh buildWorldMesh(const bsp::BspData& data, int patchLevel,
                         const std::function<bool(int32_t)>& drawn) {
    WorldMesh mesh;
    mesh.patchLevel = std::clamp(patchLevel, kMinPatchLevel, kMaxPatchLevel);
    mesh.surfaces.resize(data.surfaces.size());

    // Group surfaces by (shader, lightmap); std::map keeps a stable, sorted batch order.
    std::map<std::pair<int32_t, int32_t>, std::vector<int32_t>> groups;
    for (size_t i = 0; i < data.surfaces.size(); ++i) {
        const bsp::Surface& s = data.surfaces[i];
        const bool geometry = s.type == bsp::SurfaceType::Planar ||
                              s.type == bsp::SurfaceType::TriangleSoup || s.type == bsp::SurfaceType::Patch;
        if (!geometry || !drawn(static_cast<int32_t>(i)))
            continue;
        groups[{s.shader, s.lightmapNum}].push_back(static_cast<int32_t>(i));
    }

    for (auto& [key, surfaceList] : groups) {
        MeshBatch batch;
        batch.shader = key.first;
        batch.lightmap = key.second;
        batch.firstIndex = static_cast<uint32_t>(mesh.indices.size());
        for (int32_t si : surfaceList) {
            const bsp::Surface& s = data.surfaces[static_cast<size_t>(si)];
            MeshSurface& ms = mesh.surfaces[static_cast<size_t>(si)];
            ms.firstIndex = static_cast<uint32_t>(mesh.indices.size());
            const auto base = static_cast<uint32_t>(mesh.vertices.size());
            if (s.type == bsp::SurfaceType::Patch) {
                const std::span<const bsp::DrawVert> control(data.drawVerts.data() + s.firstVert,
                                                             static_cast<size_t>(s.numVerts));
                PatchMesh pm = tessellatePatch(control, s.patchWidth, s.patchHeight, mesh.patchLevel);
                for (const auto& v : pm.verts)
                    mesh.vertices.push_back(toMeshVertex(v));
                for (uint32_t idx : pm.indices)
                    mesh.indices.push_back(base + idx);
            } else {
                for (int32_t v = 0; v < s.numVerts; ++v)
                    mesh.vertices.push_back(
                        toMeshVertex(data.drawVerts[static_cast<size_t>(s.firstVert + v)]));
                for (int32_t k = 0; k < s.numIndexes; ++k)
                    mesh.indices.push_back(
                        base +
                        static_cast<uint32_t>(data.drawIndexes[static_cast<size_t>(s.firstIndex + k)]));
            }
            ms.indexCount = static_cast<uint32_t>(mesh.indices.size()) - ms.firstIndex;
            ms.firstVertex = base;
            ms.vertexCount = static_cast<uint32_t>(mesh.vertices.size()) - base;
            if (ms.indexCount == 0)
                continue;
            ms.batch = static_cast<int32_t>(mesh.batches.size());
            batch.surfaces.push_back(si);
        }
        batch.indexCount = static_cast<uint32_t>(mesh.indices.size()) - batch.firstIndex;
        if (batch.indexCount > 0)
            mesh.batches.push_back(std::move(batch));
    }
    return mesh;
}

} // namespace cliplab::scene
