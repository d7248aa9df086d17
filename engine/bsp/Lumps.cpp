// Names, record sizes and serialised sizes of the lumps, all read from the lump table.

#include "bsp/BspData.h"
#include "bsp/LumpTable.h"

#include <algorithm>
#include <array>

namespace cliplab::bsp {

namespace {

struct LumpFacts {
    const char* name = "unknown";
    size_t recordBytes = 1;
};

constexpr std::array<LumpFacts, kLumpCount> kFacts = [] {
    std::array<LumpFacts, kLumpCount> facts{};
    detail::forEachLump([&](const auto& l) { facts[static_cast<size_t>(l.lump)] = {l.name, l.recordBytes}; });
    return facts;
}();

/// The table lists every lump once, in file order: the loader and the writer walk it in that order.
constexpr bool tableInFileOrder() {
    int next = 0;
    bool ordered = true;
    detail::forEachLump([&](const auto& l) { ordered = ordered && static_cast<int>(l.lump) == next++; });
    return ordered && next == kLumpCount;
}
static_assert(tableInFileOrder(), "the lump table must list the lumps in file order");

LumpSize sizeOf(const detail::TextLump& l, const BspData& d) {
    const size_t n = (d.*l.member).size() + 1; // the NUL written after the text
    return {n, n};
}

template <class T> LumpSize sizeOf(const detail::RecordLump<T>& l, const BspData& d) {
    const size_t n = (d.*l.member).size();
    return {n, n * l.recordBytes};
}

LumpSize sizeOf(const detail::ByteLump& l, const BspData& d) {
    const size_t n = (d.*l.member).size() / l.recordBytes;
    return {n, n * l.recordBytes};
}

LumpSize sizeOf(const detail::VisibilityLump& l, const BspData& d) {
    const Visibility& v = d.*l.member;
    return {static_cast<size_t>(std::max(0, v.numClusters)),
            v.numClusters > 0 ? detail::kVisibilityHeaderBytes + v.bits.size() : 0};
}

} // namespace

const char* lumpName(Lump lump) {
    const auto i = static_cast<size_t>(lump);
    return i < kFacts.size() ? kFacts[i].name : "unknown";
}

size_t lumpRecordSize(Lump lump) {
    const auto i = static_cast<size_t>(lump);
    return i < kFacts.size() ? kFacts[i].recordBytes : 1;
}

std::array<LumpSize, kLumpCount> lumpSizes(const BspData& d) {
    std::array<LumpSize, kLumpCount> out{};
    detail::forEachLump([&](const auto& l) { out[static_cast<size_t>(l.lump)] = sizeOf(l, d); });
    return out;
}

} // namespace cliplab::bsp
