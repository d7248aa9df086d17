#pragma once
/// \file Overrides.h
/// Settings changed by name for a replay ("epsilon=1/32 preset=quake3"): what `compare-runs --a`
/// and the viewer's ghosts take.

#include "core/Result.h"
#include "replay/Recording.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cliplab::replay {

/// Sets one setting of `settings` by name. Names: every movement::setSetting name (gravity,
/// stepHeight, preset, method, shape, ...), plus `hz` ([30, 333] ticks/s), `epsilon` ([0, 16]
/// units; a fraction A/B such as 1/32 is accepted), `semantics` (a name of collision::kSemanticsNames),
/// `curves` (on|off), `trace` (brush|planeshift) and `bevels` (on|off). Returns an error text naming the
/// setting, or nothing. Check the whole with validateRunSettings afterwards.
std::optional<std::string> applyOverride(RunSettings& settings, const std::string& name,
                                         const std::string& value);

/// The names applyOverride knows beyond movement::setSetting's, for help texts.
const std::vector<std::string>& overrideNames();

/// Splits "NAME=VALUE NAME=VALUE ..." (spaces or tabs between items; an empty text has none).
/// Errors name the item that is not NAME=VALUE.
core::Result<std::vector<std::pair<std::string, std::string>>> parseOverrides(std::string_view text);

/// `base` with every override of `text` applied in order, checked as a whole (validateRunSettings).
/// Errors name the item and what is wrong.
core::Result<RunSettings> applyOverrides(const RunSettings& base, std::string_view text);

} // namespace cliplab::replay
