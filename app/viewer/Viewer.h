#pragma once
/// \file Viewer.h
/// The interactive viewer: SDL2 window, OpenGL 3.3 core, Dear ImGui panels, the player moving
/// through the map, probe tools and trace visualisation.

#include "fs/FileSystem.h"
#include "movement/WalkScript.h"
#include "viewer/MethodTrace.h"

#include <glm/vec3.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cliplab::viewer {

/// How runViewer() starts and when it stops.
struct ViewerConfig {
    std::string map;                ///< MAP argument (path to .bsp/.map or a name in the VFS).
    int width = 1280, height = 720; ///< Window size (pixels).
    bool hidden = false;            ///< No visible window; frames go to an offscreen target.
    bool persist = true;            ///< Read and write ~/.config/cliplab (settings, ImGui layout).
    /// Scripted input (walk format): one tick per frame from the script instead of the keyboard,
    /// at `tickRate`; the player starts at the first spawn point like `cliplab walk`.
    std::optional<std::vector<movement::ScriptStep>> script;
    double tickRate = 125.0; ///< Ticks per second (30..333).
    long long frames = 0;    ///< Stop after this many frames; 0 = run until closed.
    /// Before the first frame, run up to this many ticks with no input until the player rests
    /// (on the ground and still, or flying/noclipping), then freeze the simulation: every frame
    /// shows that tick, and "tick=N settled=0|1" is printed (`shot --ui`). 0 = off.
    int settleTicks = 0;
    bool printFinal =
        false; ///< Print "ticks=N" and "final X Y Z ground=G stuck=S" at exit (walk's final line).
    std::string screenshot;          ///< Write the last frame (panels included) to this PNG.
    std::optional<glm::vec3> eye;    ///< Start with the camera here (units; for screenshots).
    std::optional<glm::vec2> angles; ///< Pitch, yaw (degrees); with a replay the camera keeps them.
    /// Chase camera distance behind the eye (units, 0..1024; 0 = first person); unset: the
    /// chase camera as saved (on by default), or first person when `eye` is given.
    std::optional<float> chase;
    std::optional<TraceMethod> method; ///< Trace panel method at start (else the saved or default one).
    /// Trace panel semantics at start, and whether to compare it with the other of quake3/robust.
    std::optional<collision::Semantics> semantics;
    bool compareSemantics = false;
    /// Sidebar sections open at start, by name (the others closed); "all" opens every one.
    std::optional<std::vector<std::string>> openSections;
    /// Sweep tool on from start to end (units) at start (`shot --ui --sweep`).
    std::optional<std::pair<glm::vec3, glm::vec3>> sweep;
    /// Where F5 saves recordings; empty: cliplab-DATE-TIME.cliprec in the current folder.
    std::string recordingPath;
    /// A recording to open for playback at start (its map is loaded instead of `map`).
    std::string replayPath;
    /// Ghosts replayed beside it: "NAME=VALUE ..." each (replay/Overrides.h).
    std::vector<std::string> ghosts;
    /// The playhead at start (s); negative: the first tick where a ghost parts. Unset: 0.
    std::optional<double> replayAt;
    /// A demo to play at start (a path, or a name in the game data); its map is loaded instead of
    /// `map`. The playhead at start comes from `replayAt` (s from the first snapshot), the player
    /// followed from `demoFollow` (a client number; unset: the one the demo's player state shows).
    std::string demoPath;
    std::optional<int> demoFollow;
    /// > 0: every frame advances the simulation by exactly 1 / fps s and lasts at least that long
    /// (frame pacing independent of the display; tests drive the loop at a chosen frame rate).
    double fps = 0.0;
    /// Called at the start of every frame with its number (0-based), before the frame's events are
    /// read: tests push SDL events here to drive the real loop.
    std::function<void(long long frame)> beforeFrame;
    /// Console commands to run at start-up, one or more a line (`cliplab view --exec FILE`); "" =
    /// none. An unreadable file fails the start (exit 1); failed lines make the exit code 1.
    std::string execFile;
};

/// Runs the viewer with `vfs` mounted; returns a process exit code (0 ok, 1 failure). Errors are
/// printed to stderr (window creation, the first map failing to load).
int runViewer(const ViewerConfig& config, std::unique_ptr<fs::FileSystem> vfs);

} // namespace cliplab::viewer
