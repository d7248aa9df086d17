#pragma once
/// \file ViewerCommands.h
/// The commands the viewer library adds to `cliplab`: `view` (and `cliplab [MAP]`) and `shot`. The
/// command-line library knows nothing of them (it includes no viewer header and no GL); the
/// program, which links both, lists them after the command line's own (app/main.cpp).

#include "cli/Commands.h"

#include <span>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// `view` and `shot`, in the order `cliplab --help` lists them.
std::span<const cli::Command> commands();
/// The viewer's command called `name`, or null.
const cli::Command* findViewerCommand(const std::string& name);

/// `cliplab view` (and `cliplab [MAP]`): the interactive viewer.
int runView(const cli::Args& args);
/// `cliplab MAP ...`: as runView (args start with MAP), but a bare name that is no map in the game
/// data is reported as an unknown command (exit 2).
int runViewMapFirst(const cli::Args& args);
/// `cliplab shot`: render a view of a map to a PNG.
int runShot(const cli::Args& args);

/// The option tables of view and shot.
std::vector<cli::OptionSpec> viewOptions();
std::vector<cli::OptionSpec> shotOptions();

} // namespace cliplab::viewer
