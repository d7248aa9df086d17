// cliplab: Quake 3 map collision viewer and tools. Dispatches to the sub-commands.

#include "cli/CommandLine.h"
#include "cli/Commands.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

void printHelp() {
    std::printf("cliplab: Quake 3 map collision viewer, tracer and movement lab\n\n"
                "usage: cliplab [MAP] (the viewer) | cliplab COMMAND [ARGS...]\n\n"
                "MAP is a path to a .bsp file, a path to a .map source, or a map name (oa_dm1) looked up\n"
                "as maps/NAME.bsp in the game data (--basepath DIR, $CLIPLAB_BASEPATH, or the installed\n"
                "OpenArena folders).\n\ncommands:\n");
    for (const auto& c : cliplab::cli::commands()) {
        // The usage line without its "cliplab NAME " (the name is in the first column).
        const std::string usage =
            cliplab::cli::usageLine(c).substr(std::strlen("cliplab ") + std::strlen(c.name) + 1);
        std::printf("  %-12s %s\n  %-12s   %s\n", c.name, usage.c_str(), "", c.summary);
    }
    std::printf("  %-12s %s\n", "--help", "this text; cliplab COMMAND --help describes each option");
}

/// True when `args` asks for help: --help or -h anywhere.
bool wantsHelp(const cliplab::cli::Args& args) {
    for (const std::string& a : args)
        if (a == "--help" || a == "-h")
            return true;
    return false;
}

} // namespace

int main(int argc, char** argv) {
    using namespace cliplab::cli;
    if (argc < 2) {
#ifdef CLIPLAB_HAVE_VIEWER
        return runView({});
#else
        printHelp();
        return kExitUsage;
#endif
    }
    const std::string command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        printHelp();
        return kExitOk;
    }
    Args args(argv + 2, argv + argc);
    if (const Command* c = findCommand(command)) {
        if (wantsHelp(args)) {
            std::printf("%s", commandHelp(*c).c_str());
            return kExitOk;
        }
        return c->run(args);
    }
#ifdef CLIPLAB_HAVE_VIEWER
    // `cliplab MAP [options]`: not a command and not an option, so a map for the viewer;
    // `cliplab --option ...`: the viewer's options on the default map.
    if (!command.empty() && command[0] != '-')
        return runViewMapFirst(Args(argv + 1, argv + argc));
    return runView(Args(argv + 1, argv + argc));
#else
    std::fprintf(stderr, "cliplab: unknown command '%s' (see cliplab --help)\n", command.c_str());
    return kExitUsage;
#endif
}
