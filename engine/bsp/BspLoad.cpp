// Parsing of IBSP 46 files, lump by lump as the lump table (LumpTable.h) describes them. Structure
// checks (header, lump bounds, record sizes, the visibility header) happen here; cross-reference
// checks live in BspValidate.cpp so compiled maps get them too.

#include "bsp/BspFile.h"
#include "bsp/LumpTable.h"
#include "core/ByteReader.h"
#include "core/Format.h"

#include <bit>
#include <cstring>
#include <string>
#include <type_traits>

namespace cliplab::bsp {

using core::ByteReader;
using core::Error;
using core::format;
using core::Result;

namespace {

Error lumpError(const std::string& name, Lump lump, const std::string& what) {
    return Error{format("%s: %s lump: %s", name.c_str(), lumpName(lump), what.c_str())};
}

/// Little-endian fields of one fixed-size record, read in the order Record<T>::fields hands them
/// over. It needs no bounds checks: readHeader() has checked that the lump lies in the file and is
/// a whole number of records, and a record's fields fill exactly its size (the write/load
/// round-trip tests hold the table to that).
class FieldReader {
public:
    explicit FieldReader(const uint8_t* p) : m_p(p) {}
    void operator()(int32_t& v) { v = static_cast<int32_t>(u32()); }
    void operator()(float& v) { v = std::bit_cast<float>(u32()); }
    void operator()(uint8_t& v) { v = *m_p++; }
    template <class E>
    requires std::is_enum_v<E>
    void operator()(E& v) { v = static_cast<E>(static_cast<int32_t>(u32())); }
    template <glm::length_t N, class T, glm::qualifier Q> void operator()(glm::vec<N, T, Q>& v) {
        for (glm::length_t i = 0; i < N; ++i)
            (*this)(v[i]);
    }
    template <class T, size_t N> void operator()(std::array<T, N>& a) {
        for (T& v : a)
            (*this)(v);
    }
    void text(std::string& s, size_t length) {
        const char* c = reinterpret_cast<const char*>(m_p);
        m_p += length;
        s.assign(c, strnlen(c, length));
    }

private:
    uint32_t u32() {
        uint32_t v;
        std::memcpy(&v, m_p, 4);
        m_p += 4;
        if constexpr (std::endian::native == std::endian::big)
            v = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
        return v;
    }

    const uint8_t* m_p;
};

/// Reads one lump of a file whose header readHeader() accepted into `d`, for each kind of lump.
class LumpReader {
public:
    LumpReader(std::span<const uint8_t> bytes, const Header& header, const std::string& name, BspData& d)
        : m_bytes(bytes), m_header(header), m_name(name), m_d(d) {}

    core::Status operator()(const detail::TextLump& l) const {
        const auto text = bytesOf(l.lump);
        std::string s(reinterpret_cast<const char*>(text.data()), text.size());
        // The lump is NUL-terminated on disk; keep the text only.
        const size_t nul = s.find('\0');
        if (nul != std::string::npos)
            s.resize(nul);
        m_d.*l.member = std::move(s);
        return core::Ok{};
    }

    template <class T> core::Status operator()(const detail::RecordLump<T>& l) const {
        const auto lump = bytesOf(l.lump);
        const size_t count = lump.size() / l.recordBytes;
        std::vector<T>& out = m_d.*l.member;
        out.resize(count);
        for (size_t i = 0; i < count; ++i) {
            FieldReader r(lump.data() + i * l.recordBytes); // each record from its own offset: no drift
            detail::Record<T>::fields(r, out[i]);
        }
        return core::Ok{};
    }

    core::Status operator()(const detail::ByteLump& l) const {
        const auto lump = bytesOf(l.lump);
        (m_d.*l.member).assign(lump.begin(), lump.end());
        return core::Ok{};
    }

    core::Status operator()(const detail::VisibilityLump& l) const;

private:
    std::span<const uint8_t> bytesOf(Lump lump) const {
        const LumpInfo& info = m_header.lumps[static_cast<size_t>(lump)];
        return m_bytes.subspan(static_cast<size_t>(info.offset), static_cast<size_t>(info.length));
    }

    std::span<const uint8_t> m_bytes;
    const Header& m_header;
    const std::string& m_name;
    BspData& m_d;
};

core::Status LumpReader::operator()(const detail::VisibilityLump& l) const {
    const auto vis = bytesOf(l.lump);
    if (vis.empty())
        return core::Ok{}; // no visibility data: every cluster sees every other
    Visibility& v = m_d.*l.member;
    const size_t header = detail::kVisibilityHeaderBytes;
    if (vis.size() < header)
        return lumpError(m_name, l.lump, format("length %zu is too short for its 8-byte header", vis.size()));
    ByteReader r(vis);
    v.numClusters = r.i32();
    v.bytesPerCluster = r.i32();
    const int64_t clusters = v.numClusters;
    const int64_t rowBytes = v.bytesPerCluster;
    if (clusters < 0 || rowBytes < 0)
        return lumpError(
            m_name, l.lump,
            format("negative cluster count %lld or row size %lld", (long long)clusters, (long long)rowBytes));
    if (rowBytes < (clusters + 7) / 8)
        return lumpError(m_name, l.lump,
                         format("%lld bytes per cluster cannot hold %lld clusters", (long long)rowBytes,
                                (long long)clusters));
    if (clusters * rowBytes > static_cast<int64_t>(vis.size() - header))
        return lumpError(m_name, l.lump,
                         format("%lld clusters x %lld bytes need %lld bytes but the lump holds %zu",
                                (long long)clusters, (long long)rowBytes, (long long)(clusters * rowBytes),
                                vis.size() - header));
    v.bits.assign(vis.begin() + static_cast<ptrdiff_t>(header),
                  vis.begin() + static_cast<ptrdiff_t>(header) + static_cast<ptrdiff_t>(clusters * rowBytes));
    return core::Ok{};
}

/// q3map2 leaves fog numbers on surfaces of maps whose fog brushes were removed; the game treats
/// such a surface as unfogged, and so do we, noting the repair instead of refusing the map.
void repairFogNumbers(BspData& d) {
    for (size_t i = 0; i < d.surfaces.size(); ++i) {
        Surface& s = d.surfaces[i];
        if (s.fog >= static_cast<int32_t>(d.fogs.size())) {
            d.repairs.push_back(format("surface %zu: fog %d does not exist (%zu fogs); drawn without fog", i,
                                       s.fog, d.fogs.size()));
            s.fog = -1;
        }
    }
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
    BspData d;
    d.name = name;
    const LumpReader readLump(bytes, headerResult.value(), name, d);
    core::Status status = core::Ok{};
    detail::forEachLump([&](const auto& lump) {
        if (status)
            status = readLump(lump);
    });
    if (!status)
        return status.error();
    repairFogNumbers(d);
    status = validate(d);
    if (!status)
        return status.error();
    return d;
}

} // namespace cliplab::bsp
