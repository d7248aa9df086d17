// `cliplab strafe-fill MAP --replay IN.cliprec --from TICK --to TICK [--side left|right|auto]
// --out OUT.cliprec`: the run editor's strafe fill (replay/EditSession.h) without a window: the yaw
// of every tick of the range set to the optimal angle, tick by tick, the keys kept; the recording
// written with the filled run's positions, so `walk --replay OUT` checks itself against them.

#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "replay/EditSession.h"
#include "replay/Meters.h"

#include <cmath>
#include <cstdio>
#include <fstream>

namespace cliplab::cli {

namespace {

int strafeFillUsage(const std::string& message) {
    return cli::usageError("strafe-fill", message);
}

std::optional<size_t> tickNumber(const std::string& text) {
    const auto v = parseInteger(text);
    if (!v || *v < 1 || *v > replay::kMaxTicks)
        return std::nullopt;
    return static_cast<size_t>(*v);
}

double speedOf(const movement::PlayerState& s) {
    return std::hypot(double(s.velocity.x), double(s.velocity.y));
}

std::string stateText(const movement::PlayerState& s) {
    return core::format("%.3f %.3f %.3f speed=%.3f", double(s.origin.x), double(s.origin.y),
                        double(s.origin.z), speedOf(s));
}

/// The strafe quality of ticks from..to (1-based) of a run.
double rangeQuality(const std::vector<replay::TickMeters>& meters, size_t from, size_t to) {
    return replay::summarize(std::span(meters).subspan(from - 1, to - from + 1)).quality();
}

/// Prints what the fill changed: ticks filled, the speed at --to, the range's strafe quality,
/// the end of both runs.
void report(const replay::EditSession& session, const replay::FillResult& fill,
            const std::vector<replay::TickMeters>& recordedMeters, size_t from, size_t to) {
    const auto& before = session.originalStates();
    const auto& after = session.states();
    std::printf("filled=%zu skipped=%zu from=%zu to=%zu resimulated=%zu\n", fill.filled, fill.skipped, from,
                to, session.lastResimulated());
    std::printf("speed_at_to recorded=%.3f filled=%.3f gain=%.3f\n", speedOf(before[to]), speedOf(after[to]),
                speedOf(after[to]) - speedOf(before[to]));
    std::printf("quality recorded=%.4f filled=%.4f\n", rangeQuality(recordedMeters, from, to),
                rangeQuality(session.meters(), from, to));
    std::printf("final recorded %s\n", stateText(before.back()).c_str());
    std::printf("final filled %s\n", stateText(after.back()).c_str());
}

} // namespace

std::vector<OptionSpec> strafeFillOptions() {
    return {
        {"--replay", 1, false, "IN.cliprec", "the recording to fill (required)"},
        {"--from", 1, false, "TICK", "first tick filled, 1-based as walk --replay counts them (required)"},
        {"--to", 1, false, "TICK", "last tick filled, >= --from, at most the recording's ticks (required)"},
        {"--side", 1, false, "left|right|auto",
         "the side of the velocity the wish direction turns to (default auto: each tick's own side)"},
        {"--aim", 1, false, "opt|snap",
         "opt (default): the closed form's optimal angle; snap: the snap zone that gains most after the "
         "quake3 "
         "preset rounds the velocity (among the 16-bit view angles the game can send)"},
        {"--out", 1, false, "OUT.cliprec", "where the filled recording is written (required)"},
        basepathOption()};
}

int runStrafeFill(const Args& args) {
    auto cl = CommandLine::parse(args, strafeFillOptions());
    if (!cl)
        return strafeFillUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return strafeFillUsage("expected one MAP argument");
    for (const char* required : {"--replay", "--from", "--to", "--out"})
        if (!cl->has(required))
            return strafeFillUsage(std::string(required) + " is required");
    const auto from = tickNumber(cl->value("--from")), to = tickNumber(cl->value("--to"));
    if (!from || !to)
        return strafeFillUsage("--from and --to: expected tick numbers from 1, got '" + cl->value("--from") +
                               "' and '" + cl->value("--to") + "'");
    if (*from > *to)
        return strafeFillUsage(core::format("--from %zu is after --to %zu", *from, *to));
    movement::StrafeSide side = movement::StrafeSide::Auto;
    const std::string sideText = cl->value("--side", "auto");
    if (sideText == "left")
        side = movement::StrafeSide::Left;
    else if (sideText == "right")
        side = movement::StrafeSide::Right;
    else if (sideText != "auto")
        return strafeFillUsage("--side: expected left, right or auto, got '" + sideText + "'");

    const std::string aimText = cl->value("--aim", "opt");
    if (aimText != "opt" && aimText != "snap")
        return strafeFillUsage("--aim: expected opt or snap, got '" + aimText + "'");
    const auto aim = aimText == "snap" ? replay::FillAim::Snap : replay::FillAim::Optimal;
    const std::string in = cl->value("--replay");
    if (!std::ifstream(in)) {
        std::fprintf(stderr, "cliplab strafe-fill: --replay %s: cannot open the recording\n", in.c_str());
        return kExitFailure;
    }
    auto recording = replay::loadRecording(in);
    if (!recording) {
        std::fprintf(stderr, "cliplab strafe-fill: %s\n", recording.error().message.c_str());
        return kExitUsage;
    }
    if (*to > recording->ticks.size())
        return strafeFillUsage(
            core::format("--to %zu: %s holds %zu ticks", *to, in.c_str(), recording->ticks.size()));
    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab strafe-fill: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const collision::Model model(map->data);
    replay::World world(model);
    const replay::Recording original = recording.value();
    replay::EditSession session(std::move(recording.value()), world);
    // Warn (not fail) when the recording does not replay on this map as it was recorded: the fill
    // starts from the run this map gives.
    const replay::Run check{"", original.settings, session.originalStates(), {}, 0};
    if (const auto m = replay::firstMismatch(original, check))
        std::fprintf(stderr,
                     "cliplab strafe-fill: %s: the replay parts from the recorded positions at tick %zu\n",
                     in.c_str(), m->tick);
    const auto recordedMeters = session.meters();
    auto fill = session.strafeFill(*from, *to, side, aim);
    if (!fill)
        return strafeFillUsage(fill.error().message);
    replay::Recording out = session.recording();
    out.map = cl->positionals()[0];
    if (auto saved = replay::saveRecording(cl->value("--out"), out); !saved) {
        std::fprintf(stderr, "cliplab strafe-fill: %s\n", saved.error().message.c_str());
        return kExitFailure;
    }
    report(session, fill.value(), recordedMeters, *from, *to);
    return kExitOk;
}

} // namespace cliplab::cli
