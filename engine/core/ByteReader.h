#pragma once
/// \file ByteReader.h
/// Bounds-checked little-endian reading of a byte span. Reads past the end never touch memory
/// outside the span: they set a sticky failure flag and return zero.

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace cliplab::core {

/// Sequential reader over an immutable byte span.
class ByteReader {
public:
    /// Reads `bytes` (not owned; must outlive the reader).
    explicit ByteReader(std::span<const uint8_t> bytes) : m_bytes(bytes) {}

    /// Total size of the span (bytes).
    size_t size() const { return m_bytes.size(); }
    /// Current read offset (bytes from the start).
    size_t offset() const { return m_offset; }
    /// Bytes left after the read offset.
    size_t remaining() const { return m_offset <= m_bytes.size() ? m_bytes.size() - m_offset : 0; }
    /// False once any read or seek went out of bounds.
    bool good() const { return m_good; }

    /// Moves the read offset; out of range sets the failure flag.
    void seek(size_t offset) {
        if (offset > m_bytes.size()) {
            m_good = false;
            m_offset = m_bytes.size();
        } else {
            m_offset = offset;
        }
    }

    /// Skips `count` bytes.
    void skip(size_t count) {
        if (count > remaining())
            fail();
        else
            m_offset += count;
    }

    int32_t i32() { return static_cast<int32_t>(u32()); }
    uint32_t u32() {
        uint8_t b[4];
        if (!take(b, 4))
            return 0;
        return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
    }
    uint8_t u8() {
        uint8_t b = 0;
        take(&b, 1);
        return b;
    }
    float f32() {
        uint32_t bits = u32();
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    /// Reads a fixed-size field of `length` bytes holding a NUL-terminated (or full) string.
    std::string fixedString(size_t length) {
        if (length > remaining()) {
            fail();
            return {};
        }
        const char* p = reinterpret_cast<const char*>(m_bytes.data() + m_offset);
        size_t n = strnlen(p, length);
        m_offset += length;
        return std::string(p, n);
    }
    /// Copies `count` bytes to `out`; false (and zero-filled) when out of bounds.
    bool take(uint8_t* out, size_t count) {
        if (count > remaining()) {
            fail();
            std::memset(out, 0, count);
            return false;
        }
        std::memcpy(out, m_bytes.data() + m_offset, count);
        m_offset += count;
        return true;
    }

private:
    void fail() {
        m_good = false;
        m_offset = m_bytes.size();
    }

    std::span<const uint8_t> m_bytes;
    size_t m_offset = 0;
    bool m_good = true;
};

/// Appends little-endian values to a byte vector (the inverse of ByteReader).
class ByteWriter {
public:
    /// Current size of the output (bytes).
    size_t size() const { return m_bytes.size(); }
    void u8(uint8_t v) { m_bytes.push_back(v); }
    void u32(uint32_t v) {
        for (int i = 0; i < 4; ++i)
            m_bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
    }
    void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
    void f32(float f) {
        uint32_t bits;
        std::memcpy(&bits, &f, sizeof bits);
        u32(bits);
    }
    /// Writes `s` into a zero-padded field of `length` bytes (truncated if longer).
    void fixedString(const std::string& s, size_t length) {
        for (size_t i = 0; i < length; ++i)
            m_bytes.push_back(i < s.size() ? static_cast<uint8_t>(s[i]) : 0);
    }
    void bytes(std::span<const uint8_t> data) { m_bytes.insert(m_bytes.end(), data.begin(), data.end()); }
    /// Overwrites a 32-bit value at `offset` (which must be inside the output).
    void patchU32(size_t offset, uint32_t v) {
        for (int i = 0; i < 4; ++i)
            m_bytes[offset + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
    }
    /// Pads with zero bytes up to a multiple of `alignment`.
    void align(size_t alignment) {
        while (m_bytes.size() % alignment != 0)
            m_bytes.push_back(0);
    }
    std::vector<uint8_t>& data() { return m_bytes; }

private:
    std::vector<uint8_t> m_bytes;
};

} // namespace cliplab::core
