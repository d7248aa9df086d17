#pragma once
/// \file WalkScript.h
/// Scripted input for headless walks (`cliplab walk --script`, the reference walks).

#include "core/Result.h"
#include "movement/Movement.h"

#include <string>
#include <string_view>
#include <vector>

namespace cliplab::movement {

/// One script line: hold `input` for `seconds`.
struct ScriptStep {
    double seconds = 0.0; ///< > 0.
    Input input;
};

/// Parses a script: lines `SECONDS FORWARD RIGHT UP BUTTONS YAW PITCH` (BUTTONS: letters j = jump,
/// c = crouch, or `-`), `#` comments and blank lines ignored. Lines may also be separated by ` ; `
/// (the reference walks' one-line form). Errors name `name`, the line and what is wrong.
core::Result<std::vector<ScriptStep>> parseWalkScript(std::string_view text, const std::string& name);

/// The input at each tick of `rate` ticks/s: a step of S seconds covers round(S * rate) ticks
/// (the reference walks' 8 ms commands).
std::vector<Input> scriptTicks(const std::vector<ScriptStep>& steps, double rate);

} // namespace cliplab::movement
