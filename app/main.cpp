// cliplab: Quake 3 map collision viewer and tools. Dispatches to the sub-commands.

#include "cli/CommandLine.h"
#include "cli/Commands.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

void printHelp() {
    std::printf("cliplab: Quake 3 map collision viewer, tracer and movement lab\n\n"
                "usage: cliplab COMMAND [ARGS...]\n\n"
                "MAP is a path to a .bsp file, a path to a .map source, or a map name (oa_dm1) looked up\n"
                "as maps/NAME.bsp in the game data (--basepath DIR, $CLIPLAB_BASEPATH, or the installed\n"
                "OpenArena folders).\n\ncommands:\n");
    for (const auto& c : cliplab::cli::commands())
        std::printf("  %-12s %s\n  %-12s   %s\n", c.name, c.usage, "", c.summary);
    std::printf("  %-12s %s\n", "--help", "this text");
}

} // namespace

int main(int argc, char** argv) {
    using namespace cliplab::cli;
    if (argc < 2) {
        printHelp();
        return kExitUsage;
    }
    const std::string command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        printHelp();
        return kExitOk;
    }
    Args args(argv + 2, argv + argc);
    for (const auto& c : commands())
        if (command == c.name)
            return c.run(args);
    std::fprintf(stderr, "cliplab: unknown command '%s' (see cliplab --help)\n", command.c_str());
    return kExitUsage;
}
