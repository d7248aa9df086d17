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
/// or older file must not stop the viewer); returns how many lines were applied. A hand-edited
/// file cannot smuggle hostile numbers in: NaN, infinities and overflowing numbers are refused,
/// and each value must lie in its limits:: range, the one the panels and setters keep
/// (trace.epsilon [0, 16], trace.radius [0, 64], trace.mask a 32-bit whole number,
/// movement.tickRate [30, 333], render.patchLevel [1, 64], render.fov [1, 179], vis.ticksShown
/// [0, 200], enums a whole index; ui.sections a list `NAME:0|1,...` of the sidebar's sections,
/// view.chaseDistance [0, 1024]); a refused line leaves the value as it was.
int loadSettings(const std::string& path, ViewerState& state);

/// Writes `state`'s settings to `path` (creating its folder). Returns false on I/O errors.
bool saveSettings(const std::string& path, const ViewerState& state);

} // namespace cliplab::viewer
