#pragma once
/// \file LumpTable.h
/// The one description of the IBSP 46 lumps. For each lump, in file order: its name, the BspData
/// member that holds it and how it is stored; for each record type: its size on disk and its fields
/// in file order. The loader (BspLoad.cpp), the writer (BspWrite.cpp), lumpName(), lumpRecordSize()
/// and lumpSizes() (Lumps.cpp) are all read from it, so none of them lists the lumps or the fields
/// again. Internal to engine/bsp.

#include "bsp/BspData.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cliplab::bsp::detail {

/// The on-disk layout of one record type: kBytes, its size (bytes), and fields(io, record), which
/// hands every field to `io` in file order (`record` is const when writing). `io(field)` takes
/// int32_t, float, uint8_t, enums (stored as int32_t), glm vectors and std::arrays (element by
/// element); `io.text(field, length)` takes a string stored NUL-padded in `length` bytes.
template <class T> struct Record;

template <> struct Record<int32_t> {
    static constexpr size_t kBytes = 4;
    template <class IO, class R> static void fields(IO& io, R& v) { io(v); }
};

template <> struct Record<Shader> {
    static constexpr size_t kBytes = 72;
    template <class IO, class R> static void fields(IO& io, R& s) {
        io.text(s.name, 64);
        io(s.surfaceFlags);
        io(s.contents);
    }
};

template <> struct Record<Plane> {
    static constexpr size_t kBytes = 16;
    template <class IO, class R> static void fields(IO& io, R& p) {
        io(p.normal);
        io(p.dist);
    }
};

template <> struct Record<Node> {
    static constexpr size_t kBytes = 36;
    template <class IO, class R> static void fields(IO& io, R& n) {
        io(n.plane);
        io(n.children);
        io(n.mins);
        io(n.maxs);
    }
};

template <> struct Record<Leaf> {
    static constexpr size_t kBytes = 48;
    template <class IO, class R> static void fields(IO& io, R& l) {
        io(l.cluster);
        io(l.area);
        io(l.mins);
        io(l.maxs);
        io(l.firstLeafSurface);
        io(l.numLeafSurfaces);
        io(l.firstLeafBrush);
        io(l.numLeafBrushes);
    }
};

template <> struct Record<Model> {
    static constexpr size_t kBytes = 40;
    template <class IO, class R> static void fields(IO& io, R& m) {
        io(m.mins);
        io(m.maxs);
        io(m.firstSurface);
        io(m.numSurfaces);
        io(m.firstBrush);
        io(m.numBrushes);
    }
};

template <> struct Record<Brush> {
    static constexpr size_t kBytes = 12;
    template <class IO, class R> static void fields(IO& io, R& b) {
        io(b.firstSide);
        io(b.numSides);
        io(b.shader);
    }
};

template <> struct Record<BrushSide> {
    static constexpr size_t kBytes = 8;
    template <class IO, class R> static void fields(IO& io, R& s) {
        io(s.plane);
        io(s.shader);
    }
};

template <> struct Record<DrawVert> {
    static constexpr size_t kBytes = 44;
    template <class IO, class R> static void fields(IO& io, R& v) {
        io(v.xyz);
        io(v.st);
        io(v.lightmap);
        io(v.normal);
        io(v.color);
    }
};

template <> struct Record<Fog> {
    static constexpr size_t kBytes = 72;
    template <class IO, class R> static void fields(IO& io, R& f) {
        io.text(f.name, 64);
        io(f.brush);
        io(f.visibleSide);
    }
};

template <> struct Record<Surface> {
    static constexpr size_t kBytes = 104;
    template <class IO, class R> static void fields(IO& io, R& s) {
        io(s.shader);
        io(s.fog);
        io(s.type);
        io(s.firstVert);
        io(s.numVerts);
        io(s.firstIndex);
        io(s.numIndexes);
        io(s.lightmapNum);
        io(s.lightmapX);
        io(s.lightmapY);
        io(s.lightmapWidth);
        io(s.lightmapHeight);
        io(s.lightmapOrigin);
        io(s.lightmapVecs);
        io(s.patchWidth);
        io(s.patchHeight);
    }
};

/// A lump of fixed-size records of type T (Record<T>), held in one BspData vector.
template <class T> struct RecordLump {
    Lump lump;
    const char* name;
    std::vector<T> BspData::*member;
    size_t recordBytes = Record<T>::kBytes;
};

/// The entity text: on disk its characters and a NUL (the text ends at the first NUL when read).
struct TextLump {
    Lump lump;
    const char* name;
    std::string BspData::*member;
    size_t recordBytes = 1;
};

/// Bytes kept as they are, counted in units of `recordBytes` (lightmaps, light grid cells).
struct ByteLump {
    Lump lump;
    const char* name;
    std::vector<uint8_t> BspData::*member;
    size_t recordBytes;
};

/// The visibility lump: cluster count and row size (int32 each), then one row of bits per
/// cluster; nothing at all for a map without visibility data.
struct VisibilityLump {
    Lump lump;
    const char* name;
    Visibility BspData::*member;
    size_t recordBytes = 1;
};

/// Size of the visibility lump's own header (bytes): cluster count and row size.
inline constexpr size_t kVisibilityHeaderBytes = 8;

/// Size of one light grid cell (bytes): ambient RGB, directed RGB, two direction angles.
inline constexpr size_t kLightGridCellBytes = 8;

/// Calls `f` with the description of every lump, in file order (Lump's order).
template <class F> constexpr void forEachLump(F&& f) {
    f(TextLump{Lump::Entities, "entities", &BspData::entities});
    f(RecordLump<Shader>{Lump::Shaders, "shaders", &BspData::shaders});
    f(RecordLump<Plane>{Lump::Planes, "planes", &BspData::planes});
    f(RecordLump<Node>{Lump::Nodes, "nodes", &BspData::nodes});
    f(RecordLump<Leaf>{Lump::Leafs, "leafs", &BspData::leafs});
    f(RecordLump<int32_t>{Lump::LeafSurfaces, "leaf surfaces", &BspData::leafSurfaces});
    f(RecordLump<int32_t>{Lump::LeafBrushes, "leaf brushes", &BspData::leafBrushes});
    f(RecordLump<Model>{Lump::Models, "models", &BspData::models});
    f(RecordLump<Brush>{Lump::Brushes, "brushes", &BspData::brushes});
    f(RecordLump<BrushSide>{Lump::BrushSides, "brush sides", &BspData::brushSides});
    f(RecordLump<DrawVert>{Lump::DrawVerts, "draw verts", &BspData::drawVerts});
    f(RecordLump<int32_t>{Lump::DrawIndexes, "draw indexes", &BspData::drawIndexes});
    f(RecordLump<Fog>{Lump::Fogs, "fogs", &BspData::fogs});
    f(RecordLump<Surface>{Lump::Surfaces, "surfaces", &BspData::surfaces});
    f(ByteLump{Lump::Lightmaps, "lightmaps", &BspData::lightmaps, kLightmapBytes});
    f(ByteLump{Lump::LightGrid, "light grid", &BspData::lightGrid, kLightGridCellBytes});
    f(VisibilityLump{Lump::Visibility, "visibility", &BspData::visibility});
}

} // namespace cliplab::bsp::detail
