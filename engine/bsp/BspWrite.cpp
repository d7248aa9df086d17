// Writing IBSP 46 files: every lump as the lump table describes it, in file order.

#include "bsp/BspFile.h"
#include "bsp/LumpTable.h"
#include "core/ByteReader.h"

#include <type_traits>

namespace cliplab::bsp {

namespace {

/// Writes the fields a Record<T>::fields hands it, little-endian.
class FieldWriter {
public:
    explicit FieldWriter(core::ByteWriter& w) : m_w(w) {}
    void operator()(int32_t v) { m_w.i32(v); }
    void operator()(float v) { m_w.f32(v); }
    void operator()(uint8_t v) { m_w.u8(v); }
    template <class E>
    requires std::is_enum_v<E>
    void operator()(E v) { m_w.i32(static_cast<int32_t>(v)); }
    template <glm::length_t N, class T, glm::qualifier Q> void operator()(const glm::vec<N, T, Q>& v) {
        for (glm::length_t i = 0; i < N; ++i)
            (*this)(v[i]);
    }
    template <class T, size_t N> void operator()(const std::array<T, N>& a) {
        for (const T& v : a)
            (*this)(v);
    }
    void text(const std::string& s, size_t length) { m_w.fixedString(s, length); }

private:
    core::ByteWriter& m_w;
};

/// Writes one lump's bytes (without alignment), for each kind of lump.
struct LumpWriter {
    core::ByteWriter& w;
    const BspData& d;

    void operator()(const detail::TextLump& l) const {
        const std::string& text = d.*l.member;
        w.fixedString(text, text.size() + 1); // keep the terminating NUL as q3map does
    }
    template <class T> void operator()(const detail::RecordLump<T>& l) const {
        FieldWriter out(w);
        for (const T& record : d.*l.member)
            detail::Record<T>::fields(out, record);
    }
    void operator()(const detail::ByteLump& l) const { w.bytes(d.*l.member); }
    void operator()(const detail::VisibilityLump& l) const {
        const Visibility& v = d.*l.member;
        if (v.numClusters > 0) {
            w.i32(v.numClusters);
            w.i32(v.bytesPerCluster);
            w.bytes(v.bits);
        }
    }
};

} // namespace

std::vector<uint8_t> write(const BspData& data) {
    core::ByteWriter w;
    w.u32(kMagic);
    w.i32(kVersion);
    const size_t directory = w.size();
    for (int i = 0; i < kLumpCount * 2; ++i)
        w.i32(0);
    const LumpWriter writeLump{w, data};
    detail::forEachLump([&](const auto& lump) {
        w.align(4);
        const size_t start = w.size();
        writeLump(lump);
        const size_t length = w.size() - start;
        const size_t entry = directory + static_cast<size_t>(lump.lump) * 8;
        w.patchU32(entry, static_cast<uint32_t>(start));
        w.patchU32(entry + 4, static_cast<uint32_t>(length));
    });
    return std::move(w.data());
}

} // namespace cliplab::bsp
