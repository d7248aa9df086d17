#pragma once
/// \file Text.h
/// Comparisons of names as the game compares them (classnames, keys and shader names are
/// matched without regard to ASCII case).

#include <cctype>
#include <string_view>

namespace cliplab::core {

/// True when `a` and `b` are equal but for ASCII case ("Worldspawn" == "worldspawn").
inline bool equalsNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace cliplab::core
