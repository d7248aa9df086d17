// `cliplab [MAP]` / `cliplab view [MAP]`: the interactive viewer; with --script, a scripted run.

#include "cli/DefaultMap.h"
#include "cli/MapOpen.h"
#include "cli/SharedOptions.h"
#include "core/Format.h"
#include "movement/Simulation.h"
#include "movement/WalkScript.h"
#include "replay/Overrides.h"
#include "replay/Recording.h"
#include "viewer/Limits.h"
#include "viewer/Viewer.h"
#include "viewer/commands/ViewerCommands.h"
#include "world/MapLoader.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>

namespace cliplab::viewer {

using namespace cli;

namespace {

int viewUsage(const std::string& message) {
    return usageError(*findViewerCommand("view"), message);
}

std::optional<int> demoOptions(const CommandLine& cl, ViewerConfig& config);
std::optional<int> playheadOptions(const CommandLine& cl, ViewerConfig& config);

/// --fps, --recording, --replay, --ghost and --at into `config`; an exit code on error.
std::optional<int> replayOptions(const CommandLine& cl, ViewerConfig& config) {
    if (cl.has("--fps")) {
        const auto fps = parseNumber(cl.value("--fps"));
        if (!fps || *fps < 1.0 || *fps > 1000.0)
            return viewUsage("--fps: expected a frame rate from 1 to 1000");
        config.fps = *fps;
    }
    config.recordingPath = cl.value("--recording", "");
    if (cl.has("--demo"))
        return demoOptions(cl, config);
    if (cl.has("--follow"))
        return viewUsage("--follow needs --demo FILE");
    if (!cl.has("--replay")) {
        if (cl.has("--ghost") || cl.has("--at") || cl.has("--angles"))
            return viewUsage(
                "--ghost, --at and --angles need --replay FILE (--at and --angles: or --demo FILE)");
        return std::nullopt;
    }
    if (cl.has("--script"))
        return viewUsage("--replay and --script cannot be combined");
    config.replayPath = cl.value("--replay");
    if (!std::ifstream(config.replayPath)) { // missing: a failure; malformed (below): bad input
        std::fprintf(stderr, "cliplab view: --replay %s: cannot open the recording\n",
                     config.replayPath.c_str());
        return kExitFailure;
    }
    auto recording = replay::loadRecording(config.replayPath);
    if (!recording) {
        std::fprintf(stderr, "cliplab view: %s\n", recording.error().message.c_str());
        return kExitUsage;
    }
    if (cl.positionals().empty())
        config.map = recording->map;
    for (const auto& occurrence : cl.occurrences("--ghost")) {
        auto settings = replay::applyOverrides(recording->settings, occurrence.at(0));
        if (!settings)
            return viewUsage("--ghost \"" + occurrence.at(0) + "\": " + settings.error().message);
        config.ghosts.push_back(occurrence.at(0));
    }
    config.persist = false; // a recording plays with its own settings, not the saved ones
    return playheadOptions(cl, config);
}

/// --demo FILE with --follow, --at and --angles into `config`; an exit code on error.
std::optional<int> demoOptions(const CommandLine& cl, ViewerConfig& config) {
    if (cl.has("--replay") || cl.has("--script") || cl.has("--ghost"))
        return viewUsage("--demo cannot be combined with --replay, --ghost or --script");
    if (!cl.positionals().empty())
        return viewUsage("--demo plays on the demo's own map: give no MAP");
    config.demoPath = cl.value("--demo");
    if (cl.has("--follow")) {
        const auto n = parseInteger(cl.value("--follow"));
        if (!n || *n < 0 || *n > 63)
            return viewUsage("--follow: expected a client number from 0 to 63");
        config.demoFollow = static_cast<int>(*n);
    }
    return playheadOptions(cl, config);
}

/// --angles and --at (of --replay or --demo) into `config`; an exit code on error.
std::optional<int> playheadOptions(const CommandLine& cl, ViewerConfig& config) {
    if (cl.has("--angles")) {
        const auto& v = cl.values("--angles");
        const auto pitch = parseNumber(v[0]), yaw = parseNumber(v[1]);
        if (!pitch || !yaw || std::fabs(*pitch) > 89.0 || std::fabs(*yaw) > 1e6)
            return viewUsage("--angles needs PITCH (within +/-89) and YAW (degrees)");
        config.angles = glm::vec2(float(*pitch), float(*yaw));
    }
    if (cl.has("--at")) {
        const std::string at = cl.value("--at");
        const auto seconds = parseNumber(at);
        if (at == "parting" && config.demoPath.empty())
            config.replayAt = -1.0;
        else if (seconds && *seconds >= 0.0 && *seconds <= 1e6)
            config.replayAt = *seconds;
        else
            return viewUsage("--at: expected seconds >= 0 or 'parting', got '" + at + "'");
    }
    return std::nullopt;
}

} // namespace

namespace {
int runViewImpl(const Args& args, bool mapFirst);
} // namespace

int runViewMapFirst(const Args& args) {
    return runViewImpl(args, true);
}

int runView(const Args& args) {
    return runViewImpl(args, false);
}

std::vector<OptionSpec> viewOptions() {
    return {
        sizeOption("window"),
        {"--script", 1, false, "FILE",
         "drive the player with a walk script, one tick per frame ('-': stdin)"},
        hzOption("with --script: "),
        {"--frames", 1, false, "N", "stop after N frames (1-10000000)"},
        {"--exit", 0, false, "",
         "at the end print frames=N ms_per_frame=M, ticks=N and 'final x y z ground=G stuck=S' (needs "
         "--frames "
         "or --script)"},
        {"--hidden", 0, false, "", "no visible window: frames go to an offscreen target"},
        {"--shot", 1, false, "FILE.png", "save the last frame, panels included"},
        {"--chase", 1, false, "UNITS",
         "chase camera distance, 0 (first person) to 1024 (default: as saved, 120)"},
        {"--no-config", 0, false, "", "neither read nor write the saved settings and panel layout"},
        {"--fps", 1, false, "N",
         "every frame advances the simulation by exactly 1/N s and lasts at least that (1-1000)"},
        {"--recording", 1, false, "FILE.cliprec", "where F5 saves (default cliplab-DATE-TIME.cliprec here)"},
        {"--replay", 1, false, "FILE.cliprec",
         "open a recording for playback (on MAP, or on the map it names)"},
        {"--ghost", 1, true, "\"NAME=VALUE ...\"",
         "with --replay: the recording replayed beside itself under these settings, as in compare-runs"},
        {"--demo", 1, false, "FILE",
         "play a demo (.dm_68, .dm_70, .dm_71: a path, or a name in the game data) on its own map"},
        {"--follow", 1, false, "CLIENT", "with --demo: the player the camera follows (a client number)"},
        {"--at", 1, false, "SECONDS|parting",
         "with --replay or --demo: the playhead at start (parting: where a ghost parts)"},
        {"--angles", 2, false, "PITCH YAW",
         "with --replay or --demo: the camera held there instead of the recorded view"},
        {"--exec", 1, false, "FILE", "run the console commands in FILE once the map is loaded"},
        basepathOption()};
}

namespace {

int runViewImpl(const Args& args, bool mapFirst) {
    auto cl = CommandLine::parse(args, viewOptions());
    if (!cl)
        return viewUsage(cl.error().message);
    if (cl->positionals().size() > 1)
        return viewUsage("expected at most one MAP argument");
    ViewerConfig config;
    config.map = cl->positionals().empty() ? defaultMap() : cl->positionals()[0];
    const auto size = parseSize(cl.value());
    if (!size)
        return viewUsage(size.error().message);
    if (*size) {
        config.width = (*size)->width;
        config.height = (*size)->height;
    }
    const auto hz = parseHz(cl.value());
    if (!hz)
        return viewUsage(hz.error().message);
    if (*hz)
        config.tickRate = **hz;
    if (cl->has("--frames")) {
        const auto n = parseInteger(cl->value("--frames"));
        if (!n || *n < 1 || *n > 10000000)
            return viewUsage("--frames must be an integer in 1..10000000");
        config.frames = *n;
    }
    if (cl->has("--exit") && config.frames == 0 && !cl->has("--script"))
        return viewUsage("--exit needs --frames N or --script FILE");
    if (cl->has("--script")) {
        ScriptLoad script = loadWalkScript(cl->value("--script"));
        if (script.exitCode != kExitOk) { // unreadable: a failure (1); malformed: bad input (2)
            std::fprintf(stderr, "cliplab view: %s\n", script.error.c_str());
            return script.exitCode;
        }
        config.script = std::move(script.steps);
        config.persist = false; // a scripted run must not depend on saved settings
        if (cl->has("--exit") && config.frames == 0)
            config.frames =
                static_cast<long long>(movement::scriptTicks(*config.script, config.tickRate).size()) + 1;
    }
    if (cl->has("--chase")) {
        const auto d = parseNumber(cl->value("--chase"));
        if (!d || *d < 0.0 || *d > double(limits::kChaseMax))
            return viewUsage(core::format("--chase: expected a distance from 0 (first person) to %g units",
                                          double(limits::kChaseMax)));
        config.chase = static_cast<float>(*d);
    }
    if (auto error = replayOptions(cl.value(), config))
        return *error;
    config.printFinal = cl->has("--exit");
    config.hidden = cl->has("--hidden");
    config.screenshot = cl->value("--shot", "");
    config.execFile = cl->value("--exec", "");
    if (cl->has("--no-config"))
        config.persist = false;
    auto vfs = mountGameData(cl.value());
    if (!vfs) {
        std::fprintf(stderr, "cliplab view: %s\n", vfs.error().message.c_str());
        return kExitFailure;
    }
    // `cliplab WORD`: a bare WORD that names no map is a mistyped command, not a map to open.
    if (mapFirst && world::classifyMapArgument(config.map) == world::MapSourceKind::VfsName &&
        !vfs.value()->exists("maps/" + config.map + ".bsp")) {
        std::fprintf(stderr, "cliplab: '%s' is neither a command nor a map (see cliplab --help)\n",
                     config.map.c_str());
        return kExitUsage;
    }
    return runViewer(config, std::move(vfs.value())) == 0 ? kExitOk : kExitFailure;
}

} // namespace

} // namespace cliplab::viewer
