// `cliplab soak MAP [...]`: random walkers on a map, counting ticks in solid, walkers out of the
// world and stuck walkers (movement::runSoak does the work).

#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/MovementOptions.h"
#include "cli/SoakOptions.h"
#include "cli/VectorText.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "movement/Soak.h"
#include "stepcorrect/StepCorrect.h"

#include <cstdio>
#include <optional>
#include <string>

namespace cliplab::cli {

namespace {

int soakUsage(const std::string& message) {
    return cli::usageError("soak", message);
}

/// --traces: every trace of the replayed walker, full precision, to rerun with `cliplab trace`.
class TracePrinter final : public movement::Recorder {
public:
    void onTrace(const movement::TraceRecord& t) override {
        const auto& r = t.result;
        std::printf("trace %s %.9g %.9g %.9g %.9g %.9g %.9g %g %g %g %g %g %g %.6f %.9g %.9g %.9g %.4f %.4f "
                    "%.4f %.3f "
                    "%d %d\n",
                    core::nameOf(movement::kTracePurposeNames, t.purpose).data(), double(t.start.x),
                    double(t.start.y), double(t.start.z), double(t.end.x), double(t.end.y), double(t.end.z),
                    double(t.shape.mins.x), double(t.shape.mins.y), double(t.shape.mins.z),
                    double(t.shape.maxs.x), double(t.shape.maxs.y), double(t.shape.maxs.z),
                    double(r.fraction), double(r.endpos.x), double(r.endpos.y), double(r.endpos.z),
                    double(r.plane.normal.x), double(r.plane.normal.y), double(r.plane.normal.z),
                    double(r.plane.dist), r.startSolid ? 1 : 0, r.allSolid ? 1 : 0);
    }
};

} // namespace

/// --walkers, --ticks, --seed, --preset; an error text or nothing.
static std::optional<std::string> readCounts(const CommandLine& cl, movement::SoakConfig& config) {
    if (cl.has("--walkers")) {
        const auto v = parseInteger(cl.value("--walkers"));
        if (!v || *v < 1 || *v > 4096)
            return "--walkers: expected a count from 1 to 4096, got '" + cl.value("--walkers") + "'";
        config.walkers = static_cast<int>(*v);
    }
    if (cl.has("--ticks")) {
        const auto v = parseInteger(cl.value("--ticks"));
        if (!v || *v < 0 || *v > 100000000000LL)
            return "--ticks: expected a count from 0 to 1e11, got '" + cl.value("--ticks") + "'";
        config.ticks = *v;
    }
    if (cl.has("--seed")) {
        const auto v = parseInteger(cl.value("--seed"));
        if (!v || *v < 0)
            return "--seed: expected a whole number from 0 to 2^63-1, got '" + cl.value("--seed") + "'";
        config.seed = static_cast<uint64_t>(*v);
    }
    if (cl.has("--preset")) {
        const auto preset = movement::parsePreset(cl.value("--preset"));
        if (!preset)
            return "--preset: expected melax or quake3, got '" + cl.value("--preset") + "'";
        config.settings.preset = *preset;
    }
    return std::nullopt;
}

/// Every option; an error text or nothing.
std::optional<std::string> readSoakRequest(const CommandLine& cl, SoakRequest& r) {
    if (auto error = readCounts(cl, r.config))
        return error;
    r.curves = cl.value("--curves", "on");
    if (r.curves != "on" && r.curves != "off")
        return "--curves: expected on or off, got '" + r.curves + "'";
    r.options.curves = r.curves == "on";
    // Robust by default: the soak looks for players ending a tick in solid, which the game's own
    // rules allow in the rare cases docs/collision-modes.md lists.
    r.semantics = cl.value("--semantics", collision::semanticsName(collision::Semantics::Robust));
    if (auto parsed = collision::parseSemantics(r.semantics))
        r.options.semantics = *parsed;
    else
        return "--semantics: expected " + collision::semanticsChoice() + ", got '" + r.semantics + "'";
    if (auto error = applySetOptions(cl, r.config.settings))
        return error;
    if (cl.has("--walker")) {
        const auto v = parseInteger(cl.value("--walker"));
        if (!v || *v < 0 || *v >= r.config.walkers)
            return "--walker: expected an index from 0 to " + std::to_string(r.config.walkers - 1) +
                   " (--walkers - 1), got '" + cl.value("--walker") + "'";
        r.config.onlyWalker = static_cast<int>(*v);
    }
    for (const auto& occurrence : cl.occurrences("--set"))
        r.repeated += " --set " + occurrence.at(0);
    for (const auto& occurrence : cl.occurrences("--basepath"))
        r.repeated += " --basepath " + occurrence.at(0);
    r.verbose = cl.has("--verbose");
    if (r.verbose && !r.config.onlyWalker)
        return "--verbose needs --walker K";
    r.traces = cl.has("--traces");
    if (r.traces && !r.config.onlyWalker)
        return "--traces needs --walker K";
    return std::nullopt;
}

std::vector<OptionSpec> soakRunOptions() {
    return {{"--walkers", 1, false, "N",
             "players moving at once (default 8, 1-4096); they do not collide with each other"},
            {"--ticks", 1, false, "T", "total ticks over all walkers, taken in turn (default 100000)"},
            {"--seed", 1, false, "S", "seed of every random choice (default 1, 0 to 2^63-1)"},
            {"--preset", 1, false, "melax|quake3", "collision response of every walker (default melax)"},
            {"--curves", 1, false, "on|off", "patches collide (default on, as in the game)"},
            {"--semantics", 1, false, collision::semanticsNames(),
             "the collision rules (default robust; quake3: the game's own, docs/collision-modes.md)"},
            {"--set", 1, true, "NAME=VALUE",
             "a movement setting as in walk, e.g. method=step-correct (soaks step-and-correct)"},
            basepathOption()};
}

std::vector<OptionSpec> soakOptions() {
    std::vector<OptionSpec> options = soakRunOptions();
    options.pop_back(); // --basepath, last again below
    options.insert(options.end(),
                   {{"--walker", 1, false, "K",
                     "run only walker K (0-based) for all T ticks, exactly as in the full run: a failure at "
                     "tick t replays "
                     "with --walker K --ticks t+1"},
                    {"--verbose", 0, false, "",
                     "with --walker: one line per tick 'tick rate x y z vx vy vz ground crouched'"},
                    {"--traces", 0, false, "",
                     "with --walker: before each tick line its traces 'trace PURPOSE start end mins maxs "
                     "fraction endpos "
                     "normal dist startsolid allsolid'"},
                    basepathOption()});
    return options;
}

namespace {

/// Each failure with its replay command, then the totals line.
void printReport(const movement::SoakReport& report, const SoakRequest& r, const std::string& mapArgument) {
    const movement::SoakConfig& config = r.config;
    for (const auto& f : report.failures) {
        const auto& in = f.input;
        std::printf("%s walker=%d tick=%lld rate=%.3f before=%s after=%s velocity=%s ground=%d crouched=%d "
                    "input=%g,%g,%s,%.3f,%.3f\n",
                    movement::soakFailureName(f.kind), f.walker, static_cast<long long>(f.tick), f.rate,
                    vectorText(f.before.origin, "%.3f", ",").c_str(),
                    vectorText(f.after.origin, "%.3f", ",").c_str(),
                    vectorText(f.after.velocity, "%.3f", ",").c_str(), f.after.onGround ? 1 : 0,
                    f.after.crouched ? 1 : 0, double(in.forward), double(in.right),
                    in.crouch ? "c" : (in.jump ? "j" : "-"), double(in.yaw), double(in.pitch));
        std::printf("  replay: cliplab soak %s --seed %llu --walkers %d --walker %d --ticks %lld --preset %s "
                    "--curves %s --semantics %s%s\n",
                    mapArgument.c_str(), static_cast<unsigned long long>(config.seed), config.walkers,
                    f.walker, static_cast<long long>(f.tick + 1),
                    movement::presetName(config.settings.preset), r.curves.c_str(), r.semantics.c_str(),
                    r.repeated.c_str());
    }
    const int64_t counted = report.inSolid + report.outOfWorld + report.stuck;
    if (counted > static_cast<int64_t>(report.failures.size()))
        std::printf("(%lld more failures not listed)\n",
                    static_cast<long long>(counted - static_cast<int64_t>(report.failures.size())));
    std::printf("ticks=%lld in_solid=%lld out_of_world=%lld stuck=%lld traces_per_tick_mean=%.3f "
                "traces_per_tick_max=%d us_per_tick=%.3f\n",
                static_cast<long long>(report.ticks), static_cast<long long>(report.inSolid),
                static_cast<long long>(report.outOfWorld), static_cast<long long>(report.stuck),
                report.tracesPerTickMean(), report.tracesPerTickMax, report.microsecondsPerTick());
}

} // namespace

int runSoak(const Args& args) {
    auto cl = CommandLine::parse(args, soakOptions());
    if (!cl)
        return soakUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return soakUsage("expected one MAP argument");
    SoakRequest r;
    if (auto error = readSoakRequest(cl.value(), r))
        return soakUsage(*error);
    movement::SoakConfig& config = r.config;
    const std::string mapArgument = cl->positionals()[0];
    auto map = openMap(cl.value(), mapArgument);
    if (!map) {
        std::fprintf(stderr, "cliplab soak: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    if (auto status = movement::soakSetupFromMap(map->data, config); !status) {
        std::fprintf(stderr, "cliplab soak: %s\n", status.error().message.c_str());
        return kExitFailure;
    }
    if (auto error = movement::validateSoakConfig(config)) {
        std::fprintf(stderr, "cliplab soak: %s: %s\n", map->data.name.c_str(), error->c_str());
        return kExitFailure;
    }
    const collision::Model model(map->data);
    const auto trace = model.traceFunction(r.options);
    const collision::CorrectFunction correct = collision::correctFunction(model);
    std::printf(
        "map=%s preset=%s method=%s curves=%s semantics=%s walkers=%d seed=%llu spawns=%zu bounds=%s..%s\n",
        map->data.name.c_str(), movement::presetName(config.settings.preset),
        movement::methodName(config.settings.method), r.curves.c_str(), r.semantics.c_str(), config.walkers,
        static_cast<unsigned long long>(config.seed), config.spawns.size(),
        vectorText(config.worldMins, "%.3f", ",").c_str(), vectorText(config.worldMaxs, "%.3f", ",").c_str());
    movement::SoakTickObserver observer;
    if (r.verbose)
        observer = [](int, int64_t tick, double rate, const movement::Input&, const movement::PlayerState&,
                      const movement::PlayerState& s) {
            std::printf("%lld %.2f %.3f %.3f %.3f %.3f %.3f %.3f %d %d\n", static_cast<long long>(tick), rate,
                        double(s.origin.x), double(s.origin.y), double(s.origin.z), double(s.velocity.x),
                        double(s.velocity.y), double(s.velocity.z), s.onGround ? 1 : 0, s.crouched ? 1 : 0);
        };
    TracePrinter printer;
    const movement::SoakReport report =
        movement::runSoak(config, trace, observer, r.traces ? &printer : nullptr, &correct);
    printReport(report, r, mapArgument);
    return report.inSolid || report.outOfWorld ? kExitFailure : kExitOk;
}

} // namespace cliplab::cli
