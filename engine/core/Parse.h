#pragma once
/// \file Parse.h
/// Numbers typed by users (command lines, settings, walk scripts).

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

namespace cliplab::core {

/// The whole of `text` as a finite number (strtod syntax: "12", "-0.5", "1e3"); nothing for an
/// empty text, trailing characters, overflow, NaN or an infinity.
inline std::optional<double> parseFiniteNumber(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace cliplab::core
