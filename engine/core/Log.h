#pragma once
/// \file Log.h
/// Minimal logging to stderr. Stateless: safe from any thread (lines may interleave).

#include <string_view>

namespace cliplab::core {

enum class LogLevel { Info, Warning, Error };

/// Writes one line to stderr: "cliplab: message" for Info, "cliplab: warning: message" or
/// "cliplab: error: message" for the others.
void log(LogLevel level, std::string_view message);

inline void logInfo(std::string_view m) {
    log(LogLevel::Info, m);
}
inline void logWarning(std::string_view m) {
    log(LogLevel::Warning, m);
}

} // namespace cliplab::core
