#include "demo/MessageReader.h"

#include "core/Format.h"

namespace cliplab::demo {

MessageReader::MessageReader(std::span<const uint8_t> bytes, const HuffmanCode& code)
    : m_bytes(bytes), m_code(code), m_limit(bytes.empty() ? 0 : bytes.size() * 8 - 1) {}

void MessageReader::failAt(size_t bit, const std::string& reason) {
    if (m_failed)
        return;
    m_failed = true;
    m_errorBit = bit;
    m_error = reason;
}

void MessageReader::failPastEnd(int count) {
    fail(core::format("read past the end of the message (%d bits at bit %zu of %zu)", count, m_bit, m_limit));
}

uint32_t MessageReader::rawBits(int count) {
    if (m_bit + size_t(count) > m_limit) {
        failPastEnd(count);
        return 0;
    }
    // At most 7 bits from any bit of a byte: two bytes hold them (the second may be past the data
    // only when the bits end in the first).
    const size_t byte = m_bit >> 3;
    uint32_t window = m_bytes[byte];
    if (byte + 1 < m_bytes.size())
        window |= uint32_t(m_bytes[byte + 1]) << 8;
    const uint32_t value = (window >> (m_bit & 7)) & ((1u << count) - 1u);
    m_bit += size_t(count);
    return value;
}

void MessageReader::failCode(int symbol) {
    if (symbol < 0)
        fail(core::format("read past the end of the message (a Huffman code runs over bit %zu)", m_limit));
    else
        fail(core::format("Huffman code at bit %zu names no byte", m_bit));
}

uint32_t MessageReader::codedByte() {
    const HuffmanCode::Decoded d = m_code.decode(m_bytes, m_bit, m_limit);
    if (d.symbol < 0 || d.symbol > 255) {
        failCode(d.symbol);
        return 0;
    }
    m_bit += size_t(d.length);
    return uint32_t(d.symbol);
}

uint32_t MessageReader::anyBits(int count) {
    if (m_failed)
        return 0;
    if (count < 1 || count > 32) {
        failAt(m_bit, core::format("bad bit count %d", count));
        return 0;
    }
    const int raw = count & 7;
    uint32_t value = raw ? rawBits(raw) : 0u;
    for (int shift = raw; shift < count && !m_failed; shift += 8)
        value |= codedByte() << shift;
    return m_failed ? 0u : value;
}

int32_t MessageReader::signedBits(int count) {
    const uint32_t value = bits(count);
    if (count >= 32)
        return int32_t(value);
    const uint32_t sign = 1u << (count - 1);
    return int32_t((value ^ sign) - sign);
}

std::string MessageReader::string(size_t maxLength) {
    std::string out;
    while (!m_failed) {
        const uint8_t c = byte();
        if (m_failed || c == 0)
            break;
        if (out.size() < maxLength)
            out += (c > 127 || c == '%') ? '.' : char(c);
    }
    return out;
}

} // namespace cliplab::demo
