#pragma once
/// \file MessageWriter.h
/// Writes server messages the way the game codes them (MessageReader.h reads them back), and demo
/// files around them: for tests, fuzzing seeds and tools that cut or make demos.

#include "demo/Huffman.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cliplab::demo {

/// Appends values to a message: N % 8 low bits as they are, then each byte Huffman coded.
class MessageWriter {
public:
    explicit MessageWriter(const HuffmanCode& code = HuffmanCode::game()) : m_code(code) {}

    /// The low `count` bits (1-32) of `value`.
    void bits(uint32_t value, int count);
    /// One byte.
    void byte(uint8_t value) { bits(value, 8); }
    /// A 16-bit value (MessageReader::i16 reads it back).
    void i16(int16_t value) { bits(uint32_t(uint16_t(value)), 16); }
    /// A 32-bit value.
    void i32(int32_t value) { bits(uint32_t(value), 32); }
    /// `text` and a zero byte.
    void string(const std::string& text);

    /// Bits written so far.
    size_t bitCount() const { return m_bit; }
    /// The message: the bits written, rounded up to bytes plus one byte, as the game sizes them
    /// (its reader never uses a message's last bit).
    std::vector<uint8_t> bytes() const;

private:
    void putBit(uint32_t bit);

    const HuffmanCode& m_code;
    std::vector<uint8_t> m_data;
    size_t m_bit = 0;
};

/// A demo file being written: records, then the end marker.
class DemoFileWriter {
public:
    /// One record: `sequence`, the message's length, the message.
    void record(int32_t sequence, std::span<const uint8_t> message);
    /// The end marker (two -1 values).
    void end();
    /// The file so far.
    const std::vector<uint8_t>& bytes() const { return m_bytes; }

private:
    void put32(int32_t value);
    std::vector<uint8_t> m_bytes;
};

} // namespace cliplab::demo
