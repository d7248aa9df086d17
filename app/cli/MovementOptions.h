#pragma once
/// \file MovementOptions.h
/// The movement settings options that `walk`, `bench-walk` and `soak` share.

#include "cli/CommandLine.h"
#include "movement/Settings.h"

#include <optional>
#include <string>

namespace cliplab::cli {

/// Applies every `--set NAME=VALUE` of `cl` to `settings` (movement::setSetting), then checks the
/// result as a whole (movement::validateSettings: e.g. two --set that together invert the player
/// box). Returns the error text, prefixed "--set: ", or nothing.
std::optional<std::string> applySetOptions(const CommandLine& cl, movement::Settings& settings);

} // namespace cliplab::cli
