#pragma once
/// \file BspFile.h
/// Reading, validating and writing IBSP version 46 files.

#include "bsp/BspData.h"
#include "core/Result.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cliplab::bsp {

/// Where one lump sits in the file.
struct LumpInfo {
    int32_t offset = 0; ///< Bytes from the start of the file.
    int32_t length = 0; ///< Bytes.
};

/// The file header: magic, version and the 17 lump directory entries.
struct Header {
    uint32_t magic = 0;
    int32_t version = 0;
    std::array<LumpInfo, kLumpCount> lumps{};
};

/// Size of the header on disk (bytes): magic, version and 17 (offset, length) pairs.
inline constexpr size_t kHeaderSize = 8 + kLumpCount * 8;

/// Reads and checks the header alone: magic, version, and that every lump lies inside the file
/// and is a whole number of records. `name` is used in error messages.
core::Result<Header> readHeader(std::span<const uint8_t> bytes, const std::string& name);

/// Parses and validates a whole file. Every index in the returned data is in range and the node
/// children form a tree rooted at node 0. Errors name `name`, the lump and what is wrong.
core::Result<BspData> load(std::span<const uint8_t> bytes, const std::string& name);

/// Checks the cross references of already parsed data (all indices in range, counts within limits,
/// the node tree). load() calls it; the map compiler calls it on its output too.
core::Status validate(const BspData& data);

/// Serialises `data` to an IBSP 46 file. Lumps are written in header order, 4-byte aligned; the
/// output depends only on `data` (byte-identical for equal input).
std::vector<uint8_t> write(const BspData& data);

} // namespace cliplab::bsp
