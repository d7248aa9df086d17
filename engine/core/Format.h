#pragma once
/// \file Format.h
/// printf-style formatting into std::string (GCC 12 has no std::format), and JSON string literals.

#include <cstdarg>
#include <cstdio>
#include <string>

namespace cliplab::core {

/// Formats like snprintf and returns the text.
[[gnu::format(printf, 1, 2)]] inline std::string format(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::string out;
    if (n > 0) {
        out.resize(static_cast<size_t>(n) + 1);
        std::vsnprintf(out.data(), out.size(), fmt, args);
        out.resize(static_cast<size_t>(n));
    }
    va_end(args);
    return out;
}

/// `text` as a JSON string literal: in double quotes, with quotes, backslashes and control
/// characters escaped.
inline std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20)
                out += format("\\u%04x", c);
            else
                out += c;
        }
    }
    return out + "\"";
}

} // namespace cliplab::core
