#pragma once
/// \file ConsoleCommands.h
/// The viewer's console commands and variables (map, setviewpos, noclip, the movement settings and
/// trace options by name...) bound to a ViewerState. No window here: what needs one goes through
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
    /// Puts `text` on the system clipboard.
    virtual void setClipboard(const std::string& text) = 0;
    /// Saves this frame, panels included, to `path` ("" = a dated name in the current folder)
    /// once it is drawn.
    virtual void screenshot(const std::string& path) = 0;
    /// Ends the viewer after this frame.
    virtual void quit() = 0;
};

/// The console name of a movement setting: the game's cvar where it has one (gravity: g_gravity,
/// maxSpeed: g_speed), else the `--set` name itself.
std::string movementCvarName(const std::string& settingName);

/// Registers the viewer's commands and variables on `console`; `state` and `host` must outlive it.
/// Commands: map, devmap, setviewpos, viewpos, noclip, kill, probe, inspect, gotobrush, screenshot,
/// quit. Variables: r_brushes, r_bevels, r_markerLabels, every
/// movement setting (movementCvarName; the `--set` names are aliases), pmove_msec and tickRate, and
/// the trace options: cm_noCurves, cm_playerCurveClip, trace_epsilon, trace_semantics, trace_mask,
/// trace_shape, trace_mins, trace_maxs, trace_radius, trace_halfHeight, trace_method, trace_bevels.
void addViewerCommands(console::Console& console, ViewerState& state, ConsoleHost& host);

/// What the Inspector panel shows, as lines of text (the `inspect` command prints them): the hit
/// surface's shader, surface flags and contents by name, the brush with its entity, bounds and
/// sides (plane, face or bevel, shader, flags). One line saying so when there is nothing to show.
std::vector<std::string> inspectionText(const ViewerState& state);

/// "X Y Z YAW" of the player (origin, units; yaw, degrees) in the shortest text that reads back
/// exactly, as `setviewpos` takes it.
std::string viewPosText(const ViewerState& state);

} // namespace cliplab::viewer
