#pragma once
/// \file GameText.h
/// The game's text conventions that demos carry: info strings ("\key\value\key\value"), server
/// command lines split into arguments, and colour codes in names.

#include <string>
#include <string_view>
#include <vector>

namespace cliplab::demo {

/// The value of `key` in an info string ("" when absent). Keys compare case-insensitively, as the
/// game's do; the string may or may not start with a backslash.
std::string infoValue(std::string_view info, std::string_view key);

/// A command line's arguments as the game splits them: runs of characters separated by spaces
/// and control characters, a double-quoted run being one argument (without its quotes, spaces
/// kept, no escapes); `//` outside quotes ends the line.
std::vector<std::string> splitCommand(std::string_view line);

/// `name` without the game's colour codes (^ followed by any character but ^ and the end).
std::string stripColors(std::string_view name);

/// The number of a ".dm_N" file name ending (case-insensitive), 0 when it has none.
int demoFileProtocol(std::string_view name);

} // namespace cliplab::demo
