#pragma once
/// \file Pointfile.h
/// Pointfiles (".lin"): a leak's path as q3map2 writes it for editors, one point per line, "x y z"
/// with six decimals, from the void to the leaking entity. Radiant, TrenchBroom and Quake's own
/// `pointfile` command read this format.

#include "core/Result.h"

#include <glm/vec3.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::mapc {

/// The pointfile text for `path` ("%f %f %f" and a newline per point).
std::string pointfileText(std::span<const glm::dvec3> path);

/// Reads pointfile text: one point per line, three numbers separated by blanks; blank lines are
/// skipped. Errors name `name`, the line and the column ("x.lin:3:7: expected three numbers...");
/// a file without points is an error too.
core::Result<std::vector<glm::dvec3>> parsePointfile(std::string_view text, const std::string& name);

/// Where the pointfile of a compiled map goes: `bspPath` with its extension (if any) replaced by
/// ".lin" ("maps/x.bsp" -> "maps/x.lin").
std::string pointfilePath(const std::string& bspPath);

} // namespace cliplab::mapc
