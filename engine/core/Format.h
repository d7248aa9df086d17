#pragma once
/// \file Format.h
/// printf-style formatting into std::string (GCC 12 has no std::format).

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

} // namespace cliplab::core
