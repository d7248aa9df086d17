#include "bsp/BspData.h"

#include <algorithm>

namespace cliplab::bsp {

const char* lumpName(Lump lump) {
    switch (lump) {
    case Lump::Entities:
        return "entities";
    case Lump::Shaders:
        return "shaders";
    case Lump::Planes:
        return "planes";
    case Lump::Nodes:
        return "nodes";
    case Lump::Leafs:
        return "leafs";
    case Lump::LeafSurfaces:
        return "leaf surfaces";
    case Lump::LeafBrushes:
        return "leaf brushes";
    case Lump::Models:
        return "models";
    case Lump::Brushes:
        return "brushes";
    case Lump::BrushSides:
        return "brush sides";
    case Lump::DrawVerts:
        return "draw verts";
    case Lump::DrawIndexes:
        return "draw indexes";
    case Lump::Fogs:
        return "fogs";
    case Lump::Surfaces:
        return "surfaces";
    case Lump::Lightmaps:
        return "lightmaps";
    case Lump::LightGrid:
        return "light grid";
    case Lump::Visibility:
        return "visibility";
    }
    return "unknown";
}

size_t lumpRecordSize(Lump lump) {
    switch (lump) {
    case Lump::Entities:
        return 1;
    case Lump::Shaders:
        return 72;
    case Lump::Planes:
        return 16;
    case Lump::Nodes:
        return 36;
    case Lump::Leafs:
        return 48;
    case Lump::LeafSurfaces:
        return 4;
    case Lump::LeafBrushes:
        return 4;
    case Lump::Models:
        return 40;
    case Lump::Brushes:
        return 12;
    case Lump::BrushSides:
        return 8;
    case Lump::DrawVerts:
        return 44;
    case Lump::DrawIndexes:
        return 4;
    case Lump::Fogs:
        return 72;
    case Lump::Surfaces:
        return 104;
    case Lump::Lightmaps:
        return kLightmapBytes;
    case Lump::LightGrid:
        return 8;
    case Lump::Visibility:
        return 1;
    }
    return 1;
}

} // namespace cliplab::bsp

namespace cliplab::bsp {

std::array<LumpSize, kLumpCount> lumpSizes(const BspData& d) {
    std::array<LumpSize, kLumpCount> out{};
    auto set = [&](Lump lump, size_t count) {
        out[static_cast<size_t>(lump)] = {count, count * lumpRecordSize(lump)};
    };
    out[static_cast<size_t>(Lump::Entities)] = {d.entities.size() + 1, d.entities.size() + 1};
    set(Lump::Shaders, d.shaders.size());
    set(Lump::Planes, d.planes.size());
    set(Lump::Nodes, d.nodes.size());
    set(Lump::Leafs, d.leafs.size());
    set(Lump::LeafSurfaces, d.leafSurfaces.size());
    set(Lump::LeafBrushes, d.leafBrushes.size());
    set(Lump::Models, d.models.size());
    set(Lump::Brushes, d.brushes.size());
    set(Lump::BrushSides, d.brushSides.size());
    set(Lump::DrawVerts, d.drawVerts.size());
    set(Lump::DrawIndexes, d.drawIndexes.size());
    set(Lump::Fogs, d.fogs.size());
    set(Lump::Surfaces, d.surfaces.size());
    set(Lump::Lightmaps, static_cast<size_t>(d.numLightmaps()));
    set(Lump::LightGrid, d.lightGrid.size() / lumpRecordSize(Lump::LightGrid));
    const size_t visBytes = d.visibility.numClusters > 0 ? 8 + d.visibility.bits.size() : 0;
    out[static_cast<size_t>(Lump::Visibility)] = {static_cast<size_t>(std::max(0, d.visibility.numClusters)),
                                                  visBytes};
    return out;
}

} // namespace cliplab::bsp
