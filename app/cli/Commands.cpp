#include "cli/Commands.h"

namespace cliplab::cli {

namespace {
const Command kCommands[] = {
    {"info", "MAP [--json] [--basepath DIR]", "print a map's lumps, bounds, counts and spawn points", runInfo},
};
} // namespace

std::span<const Command> commands() { return kCommands; }

} // namespace cliplab::cli
