#pragma once
/// \file VectorText.h
/// Vectors as the commands print them, so that every report writes a point the same way.

#include "core/Format.h"

#include <glm/vec3.hpp>

#include <string>

namespace cliplab::cli {

/// x, y and z of `v`, each written with the printf conversion `component` (of a double; "%.9g"
/// by default: a float read back exactly), joined by `separator`.
inline std::string vectorText(const glm::vec3& v, const char* component = "%.9g",
                              const char* separator = " ") {
    const std::string f = std::string(component) + separator + component + separator + component;
    return core::format(f.c_str(), double(v.x), double(v.y), double(v.z));
}

} // namespace cliplab::cli
