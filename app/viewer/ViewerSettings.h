#pragma once
/// \file ViewerSettings.h
/// Persistence of the viewer's settings: a `key = value` text file in the config folder
/// ($XDG_CONFIG_HOME/cliplab or ~/.config/cliplab), next to ImGui's layout file. Every line is a
/// setting of the registry by its viewer.cfg key, its value as the console writes it (choices by
/// name, contents by name, numbers in their shortest exact form).

#include "viewer/ViewerState.h"

#include <string>

namespace cliplab::viewer {

/// The config folder (created on demand by saveSettings); empty when neither $XDG_CONFIG_HOME
/// nor $HOME is set.
std::string configDirectory();

/// Where F12 and `screenshot` without a name write: a "cliplab" folder in the user's pictures
/// folder ($XDG_PICTURES_DIR, else the XDG_PICTURES_DIR line of user-dirs.dirs in the config
/// home, else ~/Pictures), else "screenshots" in configDirectory(); empty (the current folder)
/// when neither $HOME nor $XDG_CONFIG_HOME is set. Not created here.
std::string screenshotDirectory();

/// Applies the settings in `path` to `state`. Unknown keys and bad values are skipped (a newer
/// or older file must not stop the viewer); returns how many lines were applied. A line is read
/// by its setting as the console reads it, so a hand-edited file cannot smuggle hostile values
/// in: NaN, infinities, overflowing numbers, values outside the setting's range and unknown
/// names are refused, and a refused line leaves the value as it was. Files written before the
/// names were stored hold choices as numbers (trace.semantics = 2): a whole index still reads.
/// Any setting's key is read; saveSettings writes the archived ones.
int loadSettings(const std::string& path, ViewerState& state);

/// Writes the archived settings of `state` to `path` (creating its folder), as Quake's config
/// holds its archived cvars. Returns false on I/O errors.
bool saveSettings(const std::string& path, const ViewerState& state);

} // namespace cliplab::viewer
