#pragma once
/// \file DemoFile.h
/// The records of a demo file: each `int32 sequence, int32 length, length bytes` (little-endian),
/// the bytes being one server message as the client received it after the channel header; two
/// -1 values end the file. A file the game stopped writing in the middle has no end marker and
/// may end inside a record: the whole records before the cut are still a demo, as the game plays them.

#include "core/Result.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cliplab::demo {

/// Longest message the game reads (MAX_MSGLEN, bytes).
inline constexpr int32_t kMaxMessageLength = 16384;

/// One whole record.
struct DemoRecord {
    int32_t sequence = 0;             ///< The server message's sequence number.
    size_t offset = 0;                ///< Byte offset of the record (its sequence field) in the file.
    std::span<const uint8_t> message; ///< The message (inside the file's bytes).
};

/// Every whole record of a file and how the file ended.
struct DemoRecords {
    std::vector<DemoRecord> records;
    bool endMarker = false;   ///< The file ends with the -1 length marker.
    size_t endOffset = 0;     ///< Byte offset just after the last whole record (or the marker).
    size_t trailingBytes = 0; ///< Bytes after the end marker (the game never reads them).
    /// Empty for a file with its end marker, else where and how it was cut, e.g.
    /// "cut at byte 5000: message 12 announces 300 bytes, 120 are there".
    std::string cut;
};

/// Splits `bytes` into records. Errors name `name`, the message number (1 = the first record) and
/// the byte offset: a length below -1 or above kMaxMessageLength. A cut file is not an error.
core::Result<DemoRecords> splitRecords(std::span<const uint8_t> bytes, const std::string& name);

} // namespace cliplab::demo
