// cliplab: Quake 3 map collision viewer and tools. Dispatches to the sub-commands: the command
// line's own and, when built with the viewer, the viewer's (view, shot), which the command-line
// library knows nothing of.

#include "cli/CommandLine.h"
#include "cli/Commands.h"
#ifdef CLIPLAB_HAVE_VIEWER
#include "viewer/commands/ViewerCommands.h"
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using cliplab::cli::Command;

/// Every command of the program, in the order `--help` lists them.
std::vector<Command> allCommands() {
    const auto own = cliplab::cli::commands();
    std::vector<Command> all(own.begin(), own.end());
#ifdef CLIPLAB_HAVE_VIEWER
    const auto viewer = cliplab::viewer::commands();
    all.insert(all.end(), viewer.begin(), viewer.end());
#endif
    return all;
}

void printHelp(const std::vector<Command>& commands) {
    std::printf("cliplab: Quake 3 map collision viewer, tracer and movement lab\n\n"
                "usage: cliplab [MAP] (the viewer) | cliplab COMMAND [ARGS...]\n\n"
                "MAP is a path to a .bsp file, a path to a .map source, or a map name (oa_dm1) looked up\n"
                "as maps/NAME.bsp in the game data (--basepath DIR, $CLIPLAB_BASEPATH, or the installed\n"
                "OpenArena folders).\n\ncommands:\n");
    for (const Command& c : commands) {
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
    const std::vector<Command> commands = allCommands();
    if (argc < 2) {
#ifdef CLIPLAB_HAVE_VIEWER
        return cliplab::viewer::runView({});
#else
        printHelp(commands);
        return kExitUsage;
#endif
    }
    const std::string command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        printHelp(commands);
        return kExitOk;
    }
    Args args(argv + 2, argv + argc);
    for (const Command& c : commands)
        if (command == c.name) {
            if (wantsHelp(args)) {
                std::printf("%s", commandHelp(c).c_str());
                return kExitOk;
            }
            return c.run(args);
        }
#ifdef CLIPLAB_HAVE_VIEWER
    // `cliplab MAP [options]`: not a command and not an option, so a map for the viewer;
    // `cliplab --option ...`: the viewer's options on the default map.
    if (!command.empty() && command[0] != '-')
        return cliplab::viewer::runViewMapFirst(Args(argv + 1, argv + argc));
    return cliplab::viewer::runView(Args(argv + 1, argv + argc));
#else
    std::fprintf(stderr, "cliplab: unknown command '%s' (see cliplab --help)\n", command.c_str());
    return kExitUsage;
#endif
}
