#pragma once
/// \file DefaultMap.h
/// The map commands use when none is given. The single place to change it: it becomes the
/// built-in playground (assets/maps/playground.map) once the map compiler lands.

namespace cliplab::cli {

/// MAP argument used when a command that draws a map gets none.
inline constexpr const char* kDefaultMap = "oa_dm1";

} // namespace cliplab::cli
