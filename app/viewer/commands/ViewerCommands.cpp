#include "viewer/commands/ViewerCommands.h"

namespace cliplab::viewer {

namespace {

const cli::Command kCommands[] = {
    {"view", "[MAP]", "the interactive viewer (default: the playground map); `cliplab MAP` does the same",
     runView, viewOptions},
    {"shot", "[MAP] --out FILE.png",
     "render a view of a map (default: first spawn point) to a PNG; --frames N times N frames; --ui draws "
     "the viewer with its panels",
     runShot, shotOptions},
};

} // namespace

std::span<const cli::Command> commands() {
    return kCommands;
}

const cli::Command* findViewerCommand(const std::string& name) {
    for (const cli::Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

} // namespace cliplab::viewer
