#include "cli/Commands.h"

namespace cliplab::cli {

namespace {
const Command kCommands[] = {
    {"info", "MAP [--json] [--basepath DIR]", "print a map's lumps, bounds, counts and spawn points", runInfo},
#ifdef CLIPLAB_HAVE_VIEWER
    {"shot", "[MAP] [--pos X Y Z] [--angles PITCH YAW] [--size WxH] [--fov DEG] --out FILE.png [--frames N]",
     "render a view of a map (default: first spawn point) to a PNG; --frames N times N frames", runShot},
#endif
};
} // namespace

std::span<const Command> commands() { return kCommands; }

} // namespace cliplab::cli
