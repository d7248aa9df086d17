#include "core/Log.h"

#include <cstdio>

namespace cliplab::core {

void log(LogLevel level, std::string_view message) {
    const char* tag = level == LogLevel::Error ? "error: " : level == LogLevel::Warning ? "warning: " : "";
    std::fprintf(stderr, "cliplab: %s%.*s\n", tag, static_cast<int>(message.size()), message.data());
}

} // namespace cliplab::core
