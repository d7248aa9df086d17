#pragma once
/// \file ConsoleCommands.h
/// The viewer's console commands and variables (map, setviewpos, noclip, every setting of the
/// settings registry by name...) bound to a ViewerState. No window here: what needs one goes through
/// ConsoleHost, so tests can drive every command without a display.

#include "console/Console.h"
#include "viewer/ViewerState.h"

#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// What the console asks of the window it runs in.
class ConsoleHost {
public:
    virtual ~ConsoleHost() = default;
    /// Loads MAP as the Map panel does (with the GL context current); the error text, or nothing.
    virtual std::optional<std::string> loadMap(const std::string& map) = 0;
    /// Opens demo DEMO as the Map panel does, its map loaded (the GL context current); the error
    /// text (the reader's, or the map's), or nothing.
    virtual std::optional<std::string> openDemo(const std::string& demo) = 0;
    /// Puts `text` on the system clipboard.
    virtual void setClipboard(const std::string& text) = 0;
    /// Saves this frame, panels included, to `path` ("" = a dated name in the current folder)
    /// once it is drawn.
    virtual void screenshot(const std::string& path) = 0;
    /// Ends the viewer after this frame.
    virtual void quit() = 0;
};

/// Registers the viewer's commands and variables on `console`; `state` and `host` must outlive it.
/// Commands: map, devmap, demo, setviewpos, viewpos, viewangles, noclip, kill, probe, inspect,
/// gotobrush, snags, reach, screenshot, quit, and the mapper's (addMapperCommands). Variables: every
/// setting of the state's registry by its console name (the game's cvar name where there is one:
/// g_gravity, g_speed, pmove_msec, cm_noCurves, cg_fov...; a movement setting's `--set` name is an
/// alias), read and written
/// through the setting.
void addViewerCommands(console::Console& console, ViewerState& state, ConsoleHost& host);

/// The mapper's commands (MapperCommands.cpp): reload, pointfile [FILE], measure [X Y Z X Y Z | clear].
void addMapperCommands(console::Console& console, ViewerState& state);

/// What the Inspector panel shows, as lines of text (the `inspect` command prints them): the hit
/// surface's shader, surface flags and contents by name, the brush with its entity, bounds and
/// sides (plane, face or bevel, shader, flags). One line saying so when there is nothing to show.
std::vector<std::string> inspectionText(const ViewerState& state);

/// "X Y Z YAW" of the player (origin, units; yaw, degrees) in the shortest text that reads back
/// exactly, as `setviewpos` takes it.
std::string viewPosText(const ViewerState& state);

} // namespace cliplab::viewer
