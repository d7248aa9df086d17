#include "cli/Commands.h"

namespace cliplab::cli {

namespace {
const Command kCommands[] = {
    {"info", "MAP [--json] [--basepath DIR]", "print a map's lumps, bounds, counts and spawn points", runInfo},
    {"compile", "IN.map OUT.bsp [--no-bevels]", "compile a .map source to an IBSP 46 .bsp file", runCompile},
};
} // namespace

std::span<const Command> commands() { return kCommands; }

} // namespace cliplab::cli
