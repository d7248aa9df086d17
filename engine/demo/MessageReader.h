#pragma once
/// \file MessageReader.h
/// Reads one server message as the game does: a stream of bits, least significant first, where a
/// value of N bits is its N % 8 low bits sent as they are followed by its bytes (low byte first),
/// each coded with the game's fixed Huffman code (Huffman.h). Every read is checked: past the
/// message's end, or a code that names no byte, sets a sticky failure with the bit where it
/// happened, and later reads return zero.

#include "demo/Huffman.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace cliplab::demo {

/// Sequential, checked reader over one message's bytes.
class MessageReader {
public:
    /// Reads `bytes` (not owned). The game treats a read that reaches the very last bit of the
    /// message as past its end (its byte count is always the written bits rounded up plus one),
    /// so the last bit is never data: reads may use the first size * 8 - 1 bits.
    explicit MessageReader(std::span<const uint8_t> bytes, const HuffmanCode& code = HuffmanCode::game());

    /// `count` bits (1-32) as an unsigned value (bit 0 first).
    uint32_t bits(int count) {
        // Most reads are single "changed" flags: those go without a call.
        if (count == 1 && m_bit < m_limit && !m_failed) {
            const uint32_t bit = (m_bytes[m_bit >> 3] >> (m_bit & 7)) & 1u;
            ++m_bit;
            return bit;
        }
        return anyBits(count);
    }
    /// `count` bits (1-32) sign-extended from the highest bit read.
    int32_t signedBits(int count);
    /// One byte (0-255).
    uint8_t byte() { return uint8_t(bits(8)); }
    /// A signed 16-bit value.
    int16_t i16() { return int16_t(signedBits(16)); }
    /// A signed 32-bit value.
    int32_t i32() { return int32_t(bits(32)); }
    /// Bytes up to a zero byte (not included). Text beyond `maxLength` characters is read and
    /// dropped, as the game does; bytes above 127 and '%' come back as '.', as the game reads them.
    std::string string(size_t maxLength);

    /// True once any read failed.
    bool failed() const { return m_failed; }
    /// Why the first failure happened ("" when none).
    const std::string& error() const { return m_error; }
    /// Bit offset of the next read (bits from the start).
    size_t bitOffset() const { return m_bit; }
    /// Where the first failure was found (bits from the start; the read that failed, or the bit
    /// given to fail()).
    size_t errorBit() const { return m_errorBit; }
    /// Bits the reads may use (size * 8 - 1, or 0 for an empty message).
    size_t bitLimit() const { return m_limit; }

    /// Marks the message as bad at the current bit with `reason` (kept only for the first failure).
    void fail(const std::string& reason) { failAt(m_bit, reason); }
    /// Marks the message as bad at bit `bit` (where the bad item started) with `reason`.
    [[gnu::cold]] void failAt(size_t bit, const std::string& reason);

private:
    uint32_t anyBits(int count);
    uint32_t rawBits(int count);
    uint32_t codedByte();
    // The failures, out of the reads' way (they happen at most once per message).
    [[gnu::cold, gnu::noinline]] void failPastEnd(int count);
    [[gnu::cold, gnu::noinline]] void failCode(int symbol);

    std::span<const uint8_t> m_bytes;
    const HuffmanCode& m_code;
    size_t m_bit = 0;
    size_t m_limit = 0;
    size_t m_errorBit = 0;
    bool m_failed = false;
    std::string m_error;
};

} // namespace cliplab::demo
