#pragma once
/// \file DefaultMap.h
/// The map commands use when none is given: the built-in playground (assets/maps/playground.map).
/// The single place to change it.

#include <string>

namespace cliplab::cli {

/// Path of the MAP used when a command that draws a map gets none: the playground map in the
/// source tree this binary was built from (CLIPLAB_SOURCE_DIR), else assets/maps/playground.map
/// next to the executable or one folder up, else the source-tree path (whose load error then
/// names it).
std::string defaultMap();

} // namespace cliplab::cli
