#include "cli/MovementOptions.h"

namespace cliplab::cli {

std::optional<std::string> applySetOptions(const CommandLine& cl, movement::Settings& settings) {
    for (const auto& occurrence : cl.occurrences("--set")) {
        const std::string& item = occurrence.at(0);
        const size_t eq = item.find('=');
        if (eq == std::string::npos)
            return "--set: expected NAME=VALUE, got '" + item + "'";
        if (auto error = movement::setSetting(settings, item.substr(0, eq), item.substr(eq + 1)))
            return "--set: " + *error;
    }
    // Each --set is checked alone; together they must still make a player box that is not inverted.
    if (auto error = movement::validateSettings(settings))
        return "--set: " + *error;
    return std::nullopt;
}

} // namespace cliplab::cli
