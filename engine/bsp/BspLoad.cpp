// Parsing of IBSP 46 files. Structure checks (header, lump bounds, record sizes) happen here;
// cross-reference checks live in BspValidate.cpp so compiled maps get them too.

#include "bsp/BspFile.h"
#include "core/ByteReader.h"
#include "core/Format.h"

#include <bit>
#include <cstring>
#include <string>

namespace cliplab::bsp {

using core::ByteReader;
using core::Error;
using core::format;
using core::Result;

namespace {

Error lumpError(const std::string& name, Lump lump, const std::string& what) {
    return Error{format("%s: %s lump: %s", name.c_str(), lumpName(lump), what.c_str())};
}

/// Little-endian fields of one fixed-size record, read in order. It needs no bounds checks:
/// readHeader() has checked that the lump lies in the file and is a whole number of records, and
/// each parser reads one record's fields (the write/load round-trip tests hold them to the layout).
class RecordReader {
public:
    explicit RecordReader(const uint8_t* p) : m_p(p) {}
    uint32_t u32() {
        uint32_t v;
        std::memcpy(&v, m_p, 4);
        m_p += 4;
        if constexpr (std::endian::native == std::endian::big)
            v = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
        return v;
    }
    int32_t i32() { return static_cast<int32_t>(u32()); }
    float f32() { return std::bit_cast<float>(u32()); }
    uint8_t u8() { return *m_p++; }
    std::string fixedString(size_t length) {
        const char* c = reinterpret_cast<const char*>(m_p);
        m_p += length;
        return std::string(c, strnlen(c, length));
    }
    const uint8_t* position() const { return m_p; }

private:
    const uint8_t* m_p;
};

glm::vec3 readVec3(RecordReader& r) {
    glm::vec3 v;
    v.x = r.f32();
    v.y = r.f32();
    v.z = r.f32();
    return v;
}

glm::ivec3 readIVec3(RecordReader& r) {
    glm::ivec3 v;
    v.x = r.i32();
    v.y = r.i32();
    v.z = r.i32();
    return v;
}

/// Calls `parse(reader)` once per record of `lump`, filling `out`.
template <typename T, typename Parse>
void readRecords(std::span<const uint8_t> bytes, const Header& header, Lump lump, std::vector<T>& out,
                 Parse parse) {
    const LumpInfo& info = header.lumps[static_cast<size_t>(lump)];
    const size_t record = lumpRecordSize(lump);
    const size_t count = static_cast<size_t>(info.length) / record;
    const uint8_t* base = bytes.data() + static_cast<size_t>(info.offset);
    out.resize(count);
    for (size_t i = 0; i < count; ++i) {
        RecordReader r(base + i * record); // each record from its own offset: a parser cannot drift
        out[i] = parse(r);
    }
}

std::span<const uint8_t> lumpBytes(std::span<const uint8_t> bytes, const Header& header, Lump lump) {
    const LumpInfo& info = header.lumps[static_cast<size_t>(lump)];
    return bytes.subspan(static_cast<size_t>(info.offset), static_cast<size_t>(info.length));
}

} // namespace

Result<Header> readHeader(std::span<const uint8_t> bytes, const std::string& name) {
    if (bytes.empty())
        return Error{format("%s: empty file", name.c_str())};
    if (bytes.size() < 8)
        return Error{
            format("%s: truncated file: %zu bytes, too short for a BSP header", name.c_str(), bytes.size())};
    ByteReader r(bytes);
    Header header;
    header.magic = r.u32();
    if (header.magic != kMagic)
        return Error{format("%s: not a Quake 3 BSP file (bad magic, expected \"IBSP\")", name.c_str())};
    header.version = r.i32();
    if (header.version != kVersion)
        return Error{
            format("%s: unsupported BSP version %d (expected %d)", name.c_str(), header.version, kVersion)};
    if (bytes.size() < kHeaderSize)
        return Error{format("%s: truncated file: %zu bytes, the header alone needs %zu", name.c_str(),
                            bytes.size(), kHeaderSize)};
    for (int i = 0; i < kLumpCount; ++i) {
        LumpInfo& info = header.lumps[static_cast<size_t>(i)];
        info.offset = r.i32();
        info.length = r.i32();
        const Lump lump = static_cast<Lump>(i);
        if (info.offset < 0 || info.length < 0)
            return lumpError(
                name, lump,
                format("negative offset or length (offset %d, length %d)", info.offset, info.length));
        const uint64_t end = uint64_t(uint32_t(info.offset)) + uint64_t(uint32_t(info.length));
        if (end > bytes.size())
            return lumpError(name, lump,
                             format("lies past the end of the file (offset %d + length %d > file size %zu)",
                                    info.offset, info.length, bytes.size()));
        if (info.length > 0 && uint32_t(info.offset) < kHeaderSize)
            return lumpError(name, lump, format("offset %d overlaps the header", info.offset));
        const size_t record = lumpRecordSize(lump);
        if (static_cast<size_t>(info.length) % record != 0)
            return lumpError(
                name, lump,
                format("length %d is not a multiple of the record size %zu", info.length, record));
    }
    return header;
}

Result<BspData> load(std::span<const uint8_t> bytes, const std::string& name) {
    auto headerResult = readHeader(bytes, name);
    if (!headerResult)
        return headerResult.error();
    const Header& header = headerResult.value();

    BspData d;
    d.name = name;

    {
        auto text = lumpBytes(bytes, header, Lump::Entities);
        std::string s(reinterpret_cast<const char*>(text.data()), text.size());
        // The lump is NUL-terminated on disk; keep the text only.
        size_t nul = s.find('\0');
        if (nul != std::string::npos)
            s.resize(nul);
        d.entities = std::move(s);
    }
    readRecords(bytes, header, Lump::Shaders, d.shaders, [](RecordReader& r) {
        Shader s;
        s.name = r.fixedString(64);
        s.surfaceFlags = r.i32();
        s.contents = r.i32();
        return s;
    });
    readRecords(bytes, header, Lump::Planes, d.planes, [](RecordReader& r) {
        Plane p;
        p.normal = readVec3(r);
        p.dist = r.f32();
        return p;
    });
    readRecords(bytes, header, Lump::Nodes, d.nodes, [](RecordReader& r) {
        Node n;
        n.plane = r.i32();
        n.children[0] = r.i32();
        n.children[1] = r.i32();
        n.mins = readIVec3(r);
        n.maxs = readIVec3(r);
        return n;
    });
    readRecords(bytes, header, Lump::Leafs, d.leafs, [](RecordReader& r) {
        Leaf l;
        l.cluster = r.i32();
        l.area = r.i32();
        l.mins = readIVec3(r);
        l.maxs = readIVec3(r);
        l.firstLeafSurface = r.i32();
        l.numLeafSurfaces = r.i32();
        l.firstLeafBrush = r.i32();
        l.numLeafBrushes = r.i32();
        return l;
    });
    readRecords(bytes, header, Lump::LeafSurfaces, d.leafSurfaces, [](RecordReader& r) { return r.i32(); });
    readRecords(bytes, header, Lump::LeafBrushes, d.leafBrushes, [](RecordReader& r) { return r.i32(); });
    readRecords(bytes, header, Lump::Models, d.models, [](RecordReader& r) {
        Model m;
        m.mins = readVec3(r);
        m.maxs = readVec3(r);
        m.firstSurface = r.i32();
        m.numSurfaces = r.i32();
        m.firstBrush = r.i32();
        m.numBrushes = r.i32();
        return m;
    });
    readRecords(bytes, header, Lump::Brushes, d.brushes, [](RecordReader& r) {
        Brush b;
        b.firstSide = r.i32();
        b.numSides = r.i32();
        b.shader = r.i32();
        return b;
    });
    readRecords(bytes, header, Lump::BrushSides, d.brushSides, [](RecordReader& r) {
        BrushSide s;
        s.plane = r.i32();
        s.shader = r.i32();
        return s;
    });
    readRecords(bytes, header, Lump::DrawVerts, d.drawVerts, [](RecordReader& r) {
        DrawVert v;
        v.xyz = readVec3(r);
        v.st.x = r.f32();
        v.st.y = r.f32();
        v.lightmap.x = r.f32();
        v.lightmap.y = r.f32();
        v.normal = readVec3(r);
        for (auto& c : v.color)
            c = r.u8();
        return v;
    });
    readRecords(bytes, header, Lump::DrawIndexes, d.drawIndexes, [](RecordReader& r) { return r.i32(); });
    readRecords(bytes, header, Lump::Fogs, d.fogs, [](RecordReader& r) {
        Fog f;
        f.name = r.fixedString(64);
        f.brush = r.i32();
        f.visibleSide = r.i32();
        return f;
    });
    readRecords(bytes, header, Lump::Surfaces, d.surfaces, [](RecordReader& r) {
        Surface s;
        s.shader = r.i32();
        s.fog = r.i32();
        s.type = static_cast<SurfaceType>(r.i32());
        s.firstVert = r.i32();
        s.numVerts = r.i32();
        s.firstIndex = r.i32();
        s.numIndexes = r.i32();
        s.lightmapNum = r.i32();
        s.lightmapX = r.i32();
        s.lightmapY = r.i32();
        s.lightmapWidth = r.i32();
        s.lightmapHeight = r.i32();
        s.lightmapOrigin = readVec3(r);
        for (auto& v : s.lightmapVecs)
            v = readVec3(r);
        s.patchWidth = r.i32();
        s.patchHeight = r.i32();
        return s;
    });
    {
        auto lm = lumpBytes(bytes, header, Lump::Lightmaps);
        d.lightmaps.assign(lm.begin(), lm.end());
        auto grid = lumpBytes(bytes, header, Lump::LightGrid);
        d.lightGrid.assign(grid.begin(), grid.end());
    }
    {
        auto vis = lumpBytes(bytes, header, Lump::Visibility);
        if (!vis.empty()) {
            ByteReader r(vis);
            if (vis.size() < 8)
                return lumpError(name, Lump::Visibility,
                                 format("length %zu is too short for its 8-byte header", vis.size()));
            d.visibility.numClusters = r.i32();
            d.visibility.bytesPerCluster = r.i32();
            const int64_t clusters = d.visibility.numClusters;
            const int64_t rowBytes = d.visibility.bytesPerCluster;
            if (clusters < 0 || rowBytes < 0)
                return lumpError(name, Lump::Visibility,
                                 format("negative cluster count %lld or row size %lld", (long long)clusters,
                                        (long long)rowBytes));
            if (rowBytes < (clusters + 7) / 8)
                return lumpError(name, Lump::Visibility,
                                 format("%lld bytes per cluster cannot hold %lld clusters",
                                        (long long)rowBytes, (long long)clusters));
            if (clusters * rowBytes > static_cast<int64_t>(vis.size() - 8))
                return lumpError(name, Lump::Visibility,
                                 format("%lld clusters x %lld bytes need %lld bytes but the lump holds %zu",
                                        (long long)clusters, (long long)rowBytes,
                                        (long long)(clusters * rowBytes), vis.size() - 8));
            d.visibility.bits.assign(vis.begin() + 8,
                                     vis.begin() + 8 + static_cast<ptrdiff_t>(clusters * rowBytes));
        }
    }

    // q3map2 leaves fog numbers on surfaces of maps whose fog brushes were removed; the game treats
    // such a surface as unfogged, and so do we, noting the repair instead of refusing the map.
    for (size_t i = 0; i < d.surfaces.size(); ++i) {
        Surface& s = d.surfaces[i];
        if (s.fog >= static_cast<int32_t>(d.fogs.size())) {
            d.repairs.push_back(format("surface %zu: fog %d does not exist (%zu fogs); drawn without fog", i,
                                       s.fog, d.fogs.size()));
            s.fog = -1;
        }
    }

    core::Status status = validate(d);
    if (!status)
        return status.error();
    return d;
}

} // namespace cliplab::bsp
