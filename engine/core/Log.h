#pragma once
/// \file Log.h
/// Minimal logging to stderr. Stateless: safe from any thread (lines may interleave).

#include <string_view>

namespace cliplab::core {

enum class LogLevel { Info, Warning, Error };

/// Writes one line "cliplab: [level] message" to stderr.
void log(LogLevel level, std::string_view message);

inline void logInfo(std::string_view m) { log(LogLevel::Info, m); }
inline void logWarning(std::string_view m) { log(LogLevel::Warning, m); }
inline void logError(std::string_view m) { log(LogLevel::Error, m); }

} // namespace cliplab::core
