#pragma once
/// \file ViewerSettings.h
/// Persistence of the viewer's settings: a `key = value` text file in the config folder
/// ($XDG_CONFIG_HOME/cliplab or ~/.config/cliplab), next to ImGui's layout file.

#include "viewer/ViewerState.h"

#include <string>

namespace cliplab::viewer {

/// The config folder (created on demand by saveSettings); empty when neither $XDG_CONFIG_HOME
/// nor $HOME is set.
std::string configDirectory();

/// Applies the settings in `path` to `state`. Unknown keys and bad values are skipped (a newer
/// or older file must not stop the viewer); returns how many lines were applied.
int loadSettings(const std::string& path, ViewerState& state);

/// Writes `state`'s settings to `path` (creating its folder). Returns false on I/O errors.
bool saveSettings(const std::string& path, const ViewerState& state);

} // namespace cliplab::viewer
