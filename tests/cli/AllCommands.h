#pragma once
// Every command of the program as main.cpp lists them: the command line's own, then, in a build
// with the viewer, the viewer library's (view, shot).

#include "cli/Commands.h"
#ifdef CLIPLAB_HAVE_VIEWER
#include "viewer/commands/ViewerCommands.h"
#endif

#include <optional>
#include <string>
#include <vector>

namespace cliplab::test {

inline std::vector<cli::Command> allCommands() {
    const auto own = cli::commands();
    std::vector<cli::Command> all(own.begin(), own.end());
#ifdef CLIPLAB_HAVE_VIEWER
    const auto viewer = viewer::commands();
    all.insert(all.end(), viewer.begin(), viewer.end());
#endif
    return all;
}

/// The command called `name` among allCommands(), or nothing.
inline std::optional<cli::Command> findAnyCommand(const std::string& name) {
    for (const cli::Command& c : allCommands())
        if (name == c.name)
            return c;
    return std::nullopt;
}

} // namespace cliplab::test
