#pragma once
/// \file SettingsKey.h
/// The key to an owner's settings: only the settings registry can make one, so only it writes
/// the values a setting stands for (through the setter that keeps them in range and tells who
/// listens). The owners give everyone else their settings to read.

namespace cliplab::viewer {

class SettingsRegistry;

/// Passed to an owner's `values(SettingsKey)` to write its settings.
class SettingsKey {
    friend class SettingsRegistry;
    SettingsKey() = default;
};

} // namespace cliplab::viewer
