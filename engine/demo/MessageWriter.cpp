#include "demo/MessageWriter.h"

namespace cliplab::demo {

void MessageWriter::putBit(uint32_t bit) {
    if ((m_bit & 7) == 0)
        m_data.push_back(0);
    m_data.back() = uint8_t(m_data.back() | ((bit & 1u) << (m_bit & 7)));
    ++m_bit;
}

void MessageWriter::bits(uint32_t value, int count) {
    if (count < 1 || count > 32)
        return;
    if (count < 32)
        value &= (1u << count) - 1u;
    const int raw = count & 7;
    for (int i = 0; i < raw; ++i)
        putBit(value >> i);
    for (int shift = raw; shift < count; shift += 8) {
        const int symbol = int((value >> shift) & 0xffu);
        const uint32_t code = m_code.code(symbol);
        for (int i = 0; i < m_code.codeLength(symbol); ++i)
            putBit(code >> i);
    }
}

void MessageWriter::string(const std::string& text) {
    for (char c : text)
        byte(uint8_t(c));
    byte(0);
}

std::vector<uint8_t> MessageWriter::bytes() const {
    std::vector<uint8_t> out = m_data;
    out.resize((m_bit >> 3) + 1, 0);
    return out;
}

void DemoFileWriter::put32(int32_t value) {
    for (int i = 0; i < 4; ++i)
        m_bytes.push_back(uint8_t(uint32_t(value) >> (8 * i)));
}

void DemoFileWriter::record(int32_t sequence, std::span<const uint8_t> message) {
    put32(sequence);
    put32(int32_t(message.size()));
    m_bytes.insert(m_bytes.end(), message.begin(), message.end());
}

void DemoFileWriter::end() {
    put32(-1);
    put32(-1);
}

} // namespace cliplab::demo
