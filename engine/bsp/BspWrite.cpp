#include "bsp/BspFile.h"
#include "core/ByteReader.h"

namespace cliplab::bsp {

namespace {

void writeVec3(core::ByteWriter& w, const glm::vec3& v) {
    w.f32(v.x);
    w.f32(v.y);
    w.f32(v.z);
}

void writeIVec3(core::ByteWriter& w, const glm::ivec3& v) {
    w.i32(v.x);
    w.i32(v.y);
    w.i32(v.z);
}

void writeLump(core::ByteWriter& w, const BspData& d, Lump lump) {
    switch (lump) {
    case Lump::Entities:
        w.fixedString(d.entities, d.entities.size() + 1); // keep the terminating NUL as q3map does
        break;
    case Lump::Shaders:
        for (const Shader& s : d.shaders) {
            w.fixedString(s.name, 64);
            w.i32(s.surfaceFlags);
            w.i32(s.contents);
        }
        break;
    case Lump::Planes:
        for (const Plane& p : d.planes) {
            writeVec3(w, p.normal);
            w.f32(p.dist);
        }
        break;
    case Lump::Nodes:
        for (const Node& n : d.nodes) {
            w.i32(n.plane);
            w.i32(n.children[0]);
            w.i32(n.children[1]);
            writeIVec3(w, n.mins);
            writeIVec3(w, n.maxs);
        }
        break;
    case Lump::Leafs:
        for (const Leaf& l : d.leafs) {
            w.i32(l.cluster);
            w.i32(l.area);
            writeIVec3(w, l.mins);
            writeIVec3(w, l.maxs);
            w.i32(l.firstLeafSurface);
            w.i32(l.numLeafSurfaces);
            w.i32(l.firstLeafBrush);
            w.i32(l.numLeafBrushes);
        }
        break;
    case Lump::LeafSurfaces:
        for (int32_t v : d.leafSurfaces)
            w.i32(v);
        break;
    case Lump::LeafBrushes:
        for (int32_t v : d.leafBrushes)
            w.i32(v);
        break;
    case Lump::Models:
        for (const Model& m : d.models) {
            writeVec3(w, m.mins);
            writeVec3(w, m.maxs);
            w.i32(m.firstSurface);
            w.i32(m.numSurfaces);
            w.i32(m.firstBrush);
            w.i32(m.numBrushes);
        }
        break;
    case Lump::Brushes:
        for (const Brush& b : d.brushes) {
            w.i32(b.firstSide);
            w.i32(b.numSides);
            w.i32(b.shader);
        }
        break;
    case Lump::BrushSides:
        for (const BrushSide& s : d.brushSides) {
            w.i32(s.plane);
            w.i32(s.shader);
        }
        break;
    case Lump::DrawVerts:
        for (const DrawVert& v : d.drawVerts) {
            writeVec3(w, v.xyz);
            w.f32(v.st.x);
            w.f32(v.st.y);
            w.f32(v.lightmap.x);
            w.f32(v.lightmap.y);
            writeVec3(w, v.normal);
            for (uint8_t c : v.color)
                w.u8(c);
        }
        break;
    case Lump::DrawIndexes:
        for (int32_t v : d.drawIndexes)
            w.i32(v);
        break;
    case Lump::Fogs:
        for (const Fog& f : d.fogs) {
            w.fixedString(f.name, 64);
            w.i32(f.brush);
            w.i32(f.visibleSide);
        }
        break;
    case Lump::Surfaces:
        for (const Surface& s : d.surfaces) {
            w.i32(s.shader);
            w.i32(s.fog);
            w.i32(static_cast<int32_t>(s.type));
            w.i32(s.firstVert);
            w.i32(s.numVerts);
            w.i32(s.firstIndex);
            w.i32(s.numIndexes);
            w.i32(s.lightmapNum);
            w.i32(s.lightmapX);
            w.i32(s.lightmapY);
            w.i32(s.lightmapWidth);
            w.i32(s.lightmapHeight);
            writeVec3(w, s.lightmapOrigin);
            for (const auto& v : s.lightmapVecs)
                writeVec3(w, v);
            w.i32(s.patchWidth);
            w.i32(s.patchHeight);
        }
        break;
    case Lump::Lightmaps:
        w.bytes(d.lightmaps);
        break;
    case Lump::LightGrid:
        w.bytes(d.lightGrid);
        break;
    case Lump::Visibility:
        if (d.visibility.numClusters > 0) {
            w.i32(d.visibility.numClusters);
            w.i32(d.visibility.bytesPerCluster);
            w.bytes(d.visibility.bits);
        }
        break;
    }
}

} // namespace

std::vector<uint8_t> write(const BspData& data) {
    core::ByteWriter w;
    w.u32(kMagic);
    w.i32(kVersion);
    const size_t directory = w.size();
    for (int i = 0; i < kLumpCount * 2; ++i)
        w.i32(0);
    for (int i = 0; i < kLumpCount; ++i) {
        w.align(4);
        const size_t start = w.size();
        writeLump(w, data, static_cast<Lump>(i));
        const size_t length = w.size() - start;
        w.patchU32(directory + static_cast<size_t>(i) * 8, static_cast<uint32_t>(start));
        w.patchU32(directory + static_cast<size_t>(i) * 8 + 4, static_cast<uint32_t>(length));
    }
    return std::move(w.data());
}

} // namespace cliplab::bsp
