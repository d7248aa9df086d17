// `cliplab walk MAP --script FILE [...]`: runs the player controller without a window and prints
// where it went, one line per tick.

#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/MovementOptions.h"
#include "cli/SharedOptions.h"
#include "cli/TraceSetup.h"
#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "core/Format.h"
#include "movement/Simulation.h"
#include "movement/WalkScript.h"
#include "replay/Capture.h"
#include "replay/JumpMetrics.h"
#include "replay/Replay.h"
#include "stepcorrect/StepCorrect.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <optional>

namespace cliplab::cli {

namespace {

std::optional<float> number(const std::string& text) {
    const auto v = parseNumber(text);
    if (!v)
        return std::nullopt;
    return static_cast<float>(*v);
}

/// What walk and bench-walk share: options, settings, the script, the map and its collision model.
struct WalkSetup {
    movement::Settings settings;
    movement::PlayerState start;
    double rate = movement::Simulation::kDefaultRate;
    float yawOffset = 0.0f; ///< --yaw: degrees added to every script YAW.
    collision::TraceOptions options;
    std::vector<movement::ScriptStep> steps;
    std::unique_ptr<collision::Model> model;
    CommandLine cl;

    /// The correction for --method step-correct (world brushes of the model), else empty.
    collision::CorrectFunction correction() const {
        if (settings.method != movement::Method::StepCorrect)
            return {};
        return collision::correctFunction(*model);
    }
};

/// The options of a scripted walk, walk's and bench-walk's alike.
std::vector<OptionSpec> scriptedWalkOptions() {
    return {
        {"--script", 1, false, "FILE", "the walk script ('-': stdin; format in the README, Movement)"},
        {"--start", 3, false, "X Y Z",
         "start origin, units within +/-1e6 (default: the first spawn point, 9 up)"},
        {"--yaw", 1, false, "DEG", "degrees added to every script yaw (default 0)"},
        {"--mode", 1, false, "walk|fly|noclip", "movement mode at the start (default walk)"},
        {"--preset", 1, false, "melax|quake3", "collision response (default melax)"},
        hzOption(),
        {"--step", 1, false, "H", "step height, units in [0, 1000] (default 18)"},
        {"--curves", 1, false, "on|off", "patches collide (default on, as in the game)"},
        {"--semantics", 1, false, collision::semanticsNames(),
         "the collision rules (default robust: never a tick ending in solid; docs/collision-modes.md)"},
        {"--method", 1, false, "swept|step-correct", "position update (default swept traces)"},
        {"--step-length", 1, false, "L",
         core::format("step-correct: longest step, units in [%g, %g] (default %g)",
                      double(collision::kMinStepLength), double(collision::kMaxStepLength),
                      double(collision::kDefaultStepLength))},
        {"--set", 1, true, "NAME=VALUE", "any movement setting by name (README, Movement), e.g. gravity=600"},
        basepathOption()};
}

/// Movement settings, start mode, rate and yaw offset from the options; an error text or nothing.
std::optional<std::string> readWalkSettings(const CommandLine& cl, WalkSetup& setup) {
    movement::Settings& settings = setup.settings;
    if (cl.has("--preset")) {
        const auto preset = movement::parsePreset(cl.value("--preset"));
        if (!preset)
            return "--preset: expected melax or quake3, got '" + cl.value("--preset") + "'";
        settings.preset = *preset;
    }
    if (cl.has("--mode")) {
        const auto mode = movement::parseMode(cl.value("--mode"));
        if (!mode)
            return "--mode: expected walk, fly or noclip, got '" + cl.value("--mode") + "'";
        setup.start.mode = *mode;
    }
    if (cl.has("--method")) {
        const auto method = movement::parseMethod(cl.value("--method"));
        if (!method)
            return "--method: expected swept or step-correct, got '" + cl.value("--method") + "'";
        settings.method = *method;
    }
    if (cl.has("--step-length")) {
        const auto length = number(cl.value("--step-length"));
        if (!length || !(*length >= collision::kMinStepLength) || *length > collision::kMaxStepLength)
            return core::format("--step-length: expected a length from %g to %g, got '%s'",
                                double(collision::kMinStepLength), double(collision::kMaxStepLength),
                                cl.value("--step-length").c_str());
        settings.stepLength = *length;
    }
    const auto hz = parseHz(cl);
    if (!hz)
        return hz.error().message;
    if (*hz)
        setup.rate = **hz;
    if (cl.has("--step")) {
        const auto step = number(cl.value("--step"));
        if (!step || *step < 0.0f || *step > 1000.0f)
            return "--step: expected a height from 0 to 1000, got '" + cl.value("--step") + "'";
        settings.stepHeight = *step;
    }
    if (cl.has("--yaw")) {
        const auto yaw = number(cl.value("--yaw"));
        if (!yaw || std::fabs(*yaw) > 1e6f)
            return "--yaw: expected degrees within +/-1e6, got '" + cl.value("--yaw") + "'";
        setup.yawOffset = *yaw;
    }
    // The player defaults to the robust rules: it must never end a tick in solid.
    if (auto error = readCollisionRules(cl, setup.options, collision::Semantics::Robust))
        return error;
    return applySetOptions(cl, settings);
}

/// The start origin: --start, else the map's first spawn point raised as the game does. Returns
/// an exit code.
int placeStart(const char* command, const CommandLine& cl, const bsp::BspData& data,
               movement::PlayerState& start) {
    if (cl.has("--start")) {
        const auto& v = cl.values("--start");
        for (size_t i = 0; i < 3; ++i) {
            const auto c = number(v[i]);
            if (!c)
                return usageError(command, "--start: '" + v[i] + "' is not a number");
            if (std::fabs(*c) > collision::kMaxCoordinate)
                return usageError(command, "--start: " + v[i] + " is beyond +/-1e6");
            start.origin[static_cast<int>(i)] = *c;
        }
        return kExitOk;
    }
    auto entities = bsp::parseEntities(data.entities, data.name);
    if (!entities) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, entities.error().message.c_str());
        return kExitFailure;
    }
    const auto spawns = bsp::spawnPoints(entities.value());
    if (spawns.empty()) {
        std::fprintf(stderr, "cliplab %s: %s: the map has no spawn point; give --start X Y Z\n", command,
                     data.name.c_str());
        return kExitFailure;
    }
    // The game spawns players 9 units above the spawn point's origin.
    start.origin = spawns.front().origin + glm::vec3(0.0f, 0.0f, 9.0f);
    return kExitOk;
}

/// Checks the parsed options of a scripted walk and loads everything; returns the exit code.
/// A script that cannot be read is a failure (1); a malformed one, like a bad option, a usage
/// error (2).
int prepareWalk(const char* command, core::Result<CommandLine> cl, WalkSetup& setup) {
    if (!cl)
        return usageError(command, cl.error().message);
    if (cl->positionals().size() != 1)
        return usageError(command, "expected one MAP argument");
    if (!cl->has("--script"))
        return usageError(command, "--script FILE is required");
    if (auto error = readWalkSettings(cl.value(), setup))
        return usageError(command, *error);
    ScriptLoad script = loadWalkScript(cl->value("--script"));
    if (script.exitCode != kExitOk) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, script.error.c_str());
        return script.exitCode;
    }
    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, map.error().message.c_str());
        return kExitFailure;
    }
    if (int rc = placeStart(command, cl.value(), map->data, setup.start); rc != kExitOk)
        return rc;
    setup.steps = std::move(script.steps);
    setup.model = std::make_unique<collision::Model>(map->data);
    setup.cl = std::move(cl.value());
    return kExitOk;
}

/// `jump` lines of a run whose states[0] is the start.
std::string jumpLines(const std::vector<movement::PlayerState>& states, double rate) {
    std::string out;
    int n = 0;
    for (const replay::Jump& j : replay::findJumps(states, rate))
        out += core::format("jump %d takeoff %.3f %.3f %.3f landing %.3f %.3f %.3f distance=%.3f apex=%.3f "
                            "airtime=%.4f takeoff_speed=%.3f landing_speed=%.3f landed=%d\n",
                            ++n, double(j.takeoff.x), double(j.takeoff.y), double(j.takeoff.z),
                            double(j.landing.x), double(j.landing.y), double(j.landing.z), double(j.distance),
                            double(j.apexHeight), j.airtime, double(j.takeoffSpeed), double(j.landingSpeed),
                            j.landed ? 1 : 0);
    return out;
}

/// The options `walk --replay` refuses: the recording brings its own start and settings.
constexpr const char* kScriptOnly[] = {"--script",    "--start", "--yaw",    "--mode",        "--preset",
                                       "--hz",        "--step",  "--curves", "--method",      "--step-length",
                                       "--semantics", "--set",   "--record", "--record-input"};

/// `walk [MAP] --replay FILE`: plays a recording with its own settings, positions exactly.
int replayWalk(const CommandLine& cl) {
    for (const char* option : kScriptOnly)
        if (cl.has(option))
            return usageError("walk",
                              std::string("--replay plays the recording with its own start and settings; ") +
                                  option + " does not apply (compare-runs replays under other settings)");
    if (cl.positionals().size() > 1)
        return usageError("walk", "expected at most one MAP argument with --replay");
    const std::string path = cl.value("--replay");
    if (!std::ifstream(path)) { // missing: a failure; malformed (below): bad input
        std::fprintf(stderr, "cliplab walk: --replay %s: cannot open the recording\n", path.c_str());
        return kExitFailure;
    }
    auto recording = replay::loadRecording(path);
    if (!recording) {
        std::fprintf(stderr, "cliplab walk: %s\n", recording.error().message.c_str());
        return kExitUsage;
    }
    const replay::Recording& rec = recording.value();
    const std::string mapArg = cl.positionals().empty() ? rec.map : cl.positionals()[0];
    auto map = openMap(cl, mapArg);
    if (!map) {
        std::fprintf(stderr, "cliplab walk: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const collision::Model model(map->data);
    replay::World world(model);
    const replay::Run run = replay::replay(rec, rec.settings, world);
    std::string out;
    out.reserve(run.states.size() * 96 + 256);
    for (size_t i = 1; i < run.states.size(); ++i) {
        const movement::PlayerState& st = run.states[i];
        out +=
            core::format("%.4f %.9g %.9g %.9g %.9g %.9g %.9g %d\n", double(i) / rec.settings.rate,
                         double(st.origin.x), double(st.origin.y), double(st.origin.z), double(st.velocity.x),
                         double(st.velocity.y), double(st.velocity.z), st.onGround ? 1 : 0);
    }
    out += jumpLines(run.states, rec.settings.rate);
    const auto mismatch = replay::firstMismatch(rec, run);
    size_t recorded = 0;
    for (const replay::Tick& t : rec.ticks)
        recorded += t.origin ? 1 : 0;
    if (recorded > 0)
        out += core::format("check recorded_positions=%zu equal=%d\n", recorded, mismatch ? 0 : 1);
    const movement::PlayerState& last = run.states.back();
    out += core::format("final %.9g %.9g %.9g ground=%d stuck=%d traces=%lld\n", double(last.origin.x),
                        double(last.origin.y), double(last.origin.z), last.onGround ? 1 : 0,
                        last.stuck ? 1 : 0, static_cast<long long>(run.traces));
    std::fwrite(out.data(), 1, out.size(), stdout);
    if (mismatch) {
        std::fprintf(
            stderr,
            "cliplab walk: %s: the replay parts from the recorded positions at tick %zu: recorded %.9g %.9g "
            "%.9g, replayed %.9g %.9g %.9g\n",
            path.c_str(), mismatch->tick, double(mismatch->recorded.x), double(mismatch->recorded.y),
            double(mismatch->recorded.z), double(mismatch->replayed.x), double(mismatch->replayed.y),
            double(mismatch->replayed.z));
        return kExitFailure;
    }
    return kExitOk;
}

/// The recording of a scripted walk: its map argument, settings, start, the input of every tick
/// (script yaw offset applied) and where each tick ended.
replay::Recording scriptRecording(const WalkSetup& setup, const movement::WalkRun& run) {
    replay::RunSettings settings;
    settings.movement = setup.settings;
    settings.trace = setup.options;
    settings.rate = movement::Simulation::clampRate(setup.rate);
    std::vector<movement::Input> inputs = movement::scriptTicks(setup.steps, settings.rate);
    for (movement::Input& in : inputs)
        in.yaw += setup.yawOffset;
    replay::Capture capture(setup.cl.positionals()[0], settings, setup.start,
                            inputs.empty() ? setup.yawOffset : inputs.front().yaw,
                            inputs.empty() ? 0.0f : inputs.front().pitch);
    movement::PlayerState before = setup.start;
    for (size_t i = 0; i < inputs.size() && i < run.ticks.size(); ++i) {
        capture.add(inputs[i], before, run.ticks[i], settings);
        before = run.ticks[i];
    }
    return capture.recording();
}

/// `bench-walk --record-replay`: the CPU time of recording the walk (the walk itself and its
/// capture), writing the .cliprec text, parsing it and replaying it, checked against the recorded
/// positions; per run and per second of run.
int benchRecordReplay(const WalkSetup& setup, long long repeat) {
    const auto trace = setup.model->traceFunction(setup.options);
    const collision::CorrectFunction correct = setup.correction();
    replay::World world(*setup.model, correct);
    double walkCpu = 0, captureCpu = 0, writeCpu = 0, parseCpu = 0, replayCpu = 0;
    size_t ticks = 0, bytes = 0;
    double seconds = 0.0;
    auto cpu = [] { return double(std::clock()) / CLOCKS_PER_SEC; };
    for (long long k = 0; k <= repeat; ++k) { // run 0 warms up and is not counted
        const double t0 = cpu();
        const movement::WalkRun run = movement::runWalk(setup.steps, setup.start, setup.settings, setup.rate,
                                                        trace, setup.yawOffset, &correct);
        const double t1 = cpu();
        const replay::Recording recording = scriptRecording(setup, run);
        const double t2 = cpu();
        const std::string text = replay::writeRecording(recording);
        const double t3 = cpu();
        auto parsed = replay::parseRecording(text, "bench.cliprec");
        const double t4 = cpu();
        if (!parsed) {
            std::fprintf(stderr, "cliplab bench-walk: %s\n", parsed.error().message.c_str());
            return kExitFailure;
        }
        const replay::Run replayed = replay::replay(parsed.value(), parsed->settings, world);
        const bool same = !replay::firstMismatch(parsed.value(), replayed);
        const double t5 = cpu();
        if (!same) {
            std::fprintf(stderr, "cliplab bench-walk: the replay parts from the recording\n");
            return kExitFailure;
        }
        if (k == 0) {
            ticks = recording.ticks.size();
            seconds = recording.seconds();
            bytes = text.size();
            continue;
        }
        walkCpu += t1 - t0;
        captureCpu += t2 - t1;
        writeCpu += t3 - t2;
        parseCpu += t4 - t3;
        replayCpu += t5 - t4;
    }
    const double n = double(repeat), ms = 1000.0 / n;
    const double total = (walkCpu + captureCpu + writeCpu + parseCpu + replayCpu) * ms;
    std::printf("record_replay ticks=%zu run_seconds=%.3f cliprec_bytes=%zu repeat=%lld\n", ticks, seconds,
                bytes, repeat);
    std::printf("ms_per_run walk=%.3f capture=%.3f write=%.3f parse=%.3f replay=%.3f total=%.3f\n",
                walkCpu * ms, captureCpu * ms, writeCpu * ms, parseCpu * ms, replayCpu * ms, total);
    std::printf("ms_per_run_second=%.4f\n", seconds > 0.0 ? total / seconds : 0.0);
    return kExitOk;
}

} // namespace

std::vector<OptionSpec> walkOptions() {
    std::vector<OptionSpec> o = scriptedWalkOptions();
    o.push_back({"--record", 1, false, "FILE",
                 "append every trace made as a `cliplab trace` input line that reads back exactly"});
    o.push_back(
        {"--record-input", 1, false, "FILE.cliprec", "write the walk as a recording (README, Recordings)"});
    o.push_back(
        {"--replay", 1, false, "FILE.cliprec",
         "play a recording with its own start and settings instead of a script (MAP: the recording's)"});
    return o;
}

std::vector<OptionSpec> benchWalkOptions() {
    std::vector<OptionSpec> o = scriptedWalkOptions();
    o.push_back(
        {"--repeat", 1, false, "R", "run the walk R times after a warm-up run (default 20, 1-1000000)"});
    o.push_back({"--record-replay", 0, false, "",
                 "time recording the walk, writing and parsing its .cliprec text and replaying it"});
    return o;
}

int runWalk(const Args& args) {
    auto cl = CommandLine::parse(args, walkOptions());
    if (cl && cl->has("--replay"))
        return replayWalk(cl.value());
    WalkSetup setup;
    if (int rc = prepareWalk("walk", std::move(cl), setup); rc != kExitOk)
        return rc;
    // --record FILE: every trace the player makes, appended as a `cliplab trace` input line
    // (start, end, box, shape and mask, numbers that read back exactly), so benchmarks and tests
    // can replay real movement traces.
    std::FILE* record = nullptr;
    if (setup.cl.has("--record")) {
        record = std::fopen(setup.cl.value("--record").c_str(), "a");
        if (!record) {
            std::fprintf(stderr, "cliplab walk: --record %s: cannot open for appending\n",
                         setup.cl.value("--record").c_str());
            return kExitFailure;
        }
    }
    collision::TraceFunction trace = setup.model->traceFunction(setup.options);
    if (record)
        trace = [inner = trace, record](const collision::Shape& shape, const glm::vec3& a, const glm::vec3& b,
                                        int32_t mask) {
            const std::string line = formatTraceRequest(shape, a, b, mask) + "\n";
            std::fwrite(line.data(), 1, line.size(), record);
            return inner(shape, a, b, mask);
        };
    const collision::CorrectFunction correct = setup.correction();
    const auto run = movement::runWalk(setup.steps, setup.start, setup.settings, setup.rate, trace,
                                       setup.yawOffset, &correct);
    if (record && std::fclose(record) != 0) {
        std::fprintf(stderr, "cliplab walk: --record: write failed\n");
        return kExitFailure;
    }
    if (setup.cl.has("--record-input")) {
        const core::Status saved =
            replay::saveRecording(setup.cl.value("--record-input"), scriptRecording(setup, run));
        if (!saved) {
            std::fprintf(stderr, "cliplab walk: --record-input %s\n", saved.error().message.c_str());
            return kExitFailure;
        }
    }
    std::string out;
    out.reserve(run.ticks.size() * 64 + 128);
    for (const auto& s : run.ticks)
        out += core::format("%.4f %.3f %.3f %.3f %.3f %.3f %.3f %d\n", s.time, s.origin.x, s.origin.y,
                            s.origin.z, s.velocity.x, s.velocity.y, s.velocity.z, s.onGround ? 1 : 0);
    std::vector<movement::PlayerState> states;
    states.reserve(run.ticks.size() + 1);
    states.push_back(setup.start);
    states.insert(states.end(), run.ticks.begin(), run.ticks.end());
    out += jumpLines(states, movement::Simulation::clampRate(setup.rate));
    const movement::PlayerState last = run.ticks.empty() ? setup.start : run.ticks.back();
    out += core::format("final %.3f %.3f %.3f ground=%d stuck=%d traces=%lld\n", last.origin.x, last.origin.y,
                        last.origin.z, last.onGround ? 1 : 0, last.stuck ? 1 : 0,
                        static_cast<long long>(run.traces));
    if (setup.settings.method == movement::Method::StepCorrect) {
        out.pop_back(); // the newline: corrections go on the final line
        out += core::format(" corrections=%lld\n", static_cast<long long>(run.corrections));
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
}

int runBenchWalk(const Args& args) {
    WalkSetup setup;
    if (int rc = prepareWalk("bench-walk", CommandLine::parse(args, benchWalkOptions()), setup);
        rc != kExitOk)
        return rc;
    long long repeat = 20;
    if (setup.cl.has("--repeat")) {
        const auto v = parseInteger(setup.cl.value("--repeat"));
        if (!v || *v < 1 || *v > 1000000)
            return usageError("bench-walk", "--repeat: expected a count in [1, 1000000]");
        repeat = *v;
    }
    if (setup.cl.has("--record-replay"))
        return benchRecordReplay(setup, repeat);
    const auto trace = setup.model->traceFunction(setup.options);
    const collision::CorrectFunction correct = setup.correction();
    auto once = [&] {
        return movement::runWalk(setup.steps, setup.start, setup.settings, setup.rate, trace, setup.yawOffset,
                                 &correct);
    };
    const auto first = once(); // warm-up, and the trace counts (the same every run: deterministic)
    // CPU time of this (single) thread: the machine is shared, so wall time measures the scheduler.
    const std::clock_t c0 = std::clock();
    const auto t0 = std::chrono::steady_clock::now();
    double checksum = 0.0;
    for (long long k = 0; k < repeat; ++k)
        checksum += double(once().ticks.back().origin.x);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double seconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
    long long groundTicks = 0, groundTraces = 0;
    int maxGround = 0, maxAny = 0;
    for (size_t i = 0; i < first.ticks.size(); ++i) {
        const int n = first.tracesPerTick[i];
        maxAny = std::max(maxAny, n);
        if (first.ticks[i].onGround) {
            ++groundTicks;
            groundTraces += n;
            maxGround = std::max(maxGround, n);
        }
    }
    const double ticks = double(first.ticks.size()) * double(repeat);
    std::printf("checksum=%.3f wall_seconds=%.6f\n", checksum, wall);
    std::printf("ticks=%zu repeat=%lld cpu_seconds=%.6f us_per_tick=%.3f traces_per_tick=%.2f "
                "max_traces_per_tick=%d\n",
                first.ticks.size(), repeat, seconds, ticks > 0 ? seconds * 1e6 / ticks : 0.0,
                first.ticks.empty() ? 0.0 : double(first.traces) / double(first.ticks.size()), maxAny);
    std::printf("ground_ticks=%lld traces_per_ground_tick=%.2f max_traces_per_ground_tick=%d\n", groundTicks,
                groundTicks ? double(groundTraces) / double(groundTicks) : 0.0, maxGround);
    if (setup.settings.method == movement::Method::StepCorrect) {
        int maxCorrections = 0;
        for (int32_t n : first.correctionsPerTick)
            maxCorrections = std::max(maxCorrections, int(n));
        const double n = first.ticks.empty() ? 1.0 : double(first.ticks.size());
        std::printf(
            "method=step-correct step_length=%g corrections_per_tick=%.2f max_corrections_per_tick=%d "
            "pushes_per_tick=%.2f\n",
            double(setup.settings.stepLength), double(first.corrections) / n, maxCorrections,
            double(first.pushes) / n);
    }
    return kExitOk;
}

} // namespace cliplab::cli
