// `cliplab compare-runs MAP --replay FILE --a "NAME=VALUE ..." --b "NAME=VALUE ..."`: one recording
// replayed under two sets of settings; where the runs part, the traces that differed there.

#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/VectorText.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "replay/Compare.h"
#include "replay/Overrides.h"

#include <glm/geometric.hpp>

#include <algorithm>

#include <cstdio>
#include <string>

namespace cliplab::cli {

namespace {

int usageError(const std::string& message) {
    return cli::usageError("compare-runs", message);
}

std::string traceLine(const char* run, size_t index, const movement::TraceRecord& t, bool first) {
    const collision::TraceResult& r = t.result;
    return core::format(
        "  trace %zu %s %s %s mins=%s maxs=%s start=%s end=%s fraction=%.9g endpos=%s normal=%s "
        "dist=%.9g startsolid=%d allsolid=%d brush=%d%s\n",
        index, run, core::nameOf(movement::kTracePurposeNames, t.purpose).data(),
        movement::shapeName(t.shape.kind), vectorText(t.shape.mins).c_str(), vectorText(t.shape.maxs).c_str(),
        vectorText(t.start).c_str(), vectorText(t.end).c_str(), double(r.fraction),
        vectorText(r.endpos).c_str(), vectorText(r.plane.normal).c_str(), double(r.plane.dist),
        r.startSolid ? 1 : 0, r.allSolid ? 1 : 0, r.brush, first ? " <- first difference" : "");
}

std::string summaryLine(const char* name, const replay::RunSummary& s) {
    return core::format(
        "run %s final %s distance_from_recorded=%.9g max_distance_from_recorded=%.9g airtime=%.4f "
        "top_speed=%.3f stuck_ticks=%d in_solid_ticks=%d jumps=%d\n",
        name, vectorText(s.finalPosition).c_str(), double(s.finalDistance), double(s.maxDistance), s.airtime,
        double(s.topSpeed), s.stuckTicks, s.inSolidTicks, s.jumps);
}

} // namespace

std::vector<OptionSpec> compareRunsOptions() {
    return {
        {"--replay", 1, false, "FILE.cliprec", "the recording to replay twice"},
        {"--a", 1, false, "\"NAME=VALUE ...\"",
         "run A: the recorded settings changed by this list (default: as recorded); NAME: any --set name, "
         "epsilon, semantics, curves, hz, trace, bevels"},
        {"--b", 1, false, "\"NAME=VALUE ...\"", "run B, likewise"},
        basepathOption()};
}

int runCompareRuns(const Args& args) {
    auto cl = CommandLine::parse(args, compareRunsOptions());
    if (!cl)
        return usageError(cl.error().message);
    if (cl->positionals().size() != 1)
        return usageError("expected one MAP argument");
    if (!cl->has("--replay"))
        return usageError("--replay FILE is required");
    const std::string path = cl->value("--replay");
    auto recording = replay::loadRecording(path);
    if (!recording) {
        std::fprintf(stderr, "cliplab compare-runs: %s\n", recording.error().message.c_str());
        return kExitUsage;
    }
    replay::RunSettings settings[2];
    const char* names[2] = {"a", "b"};
    for (int k = 0; k < 2; ++k) {
        const std::string option = std::string("--") + names[k];
        auto s = replay::applyOverrides(recording->settings, cl->value(option));
        if (!s)
            return usageError(option + ": " + s.error().message);
        settings[k] = s.value();
    }
    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        // Exit 1 would read as "the runs part": a map that does not load is bad input.
        std::fprintf(stderr, "cliplab compare-runs: %s\n", map.error().message.c_str());
        return kExitUsage;
    }
    const collision::Model model(map->data);
    replay::World world(model);
    const size_t ticks = recording->ticks.size();
    const double rate = recording->settings.rate;
    replay::RunSet set(std::move(recording.value()), world);
    const size_t a = set.add(cl->value("--a"), settings[0]);
    const size_t b = set.add(cl->value("--b"), settings[1]);

    std::string out = core::format("recording %s map %s ticks=%zu hz=%g seconds=%.3f\n", path.c_str(),
                                   set.recording().map.c_str(), ticks, rate, set.recording().seconds());
    for (size_t k : {a, b}) {
        const std::string& label = set.run(k).label;
        out += core::format("%s: %s (ticks=%zu hz=%g)\n", names[k - a],
                            label.empty() ? "recorded settings" : label.c_str(), set.run(k).ticks(),
                            set.run(k).settings.rate);
    }
    const auto parting = set.parting(a, b);
    if (parting) {
        out += core::format("parting tick=%zu time=%.4f distance=%.9g\n", parting->tick,
                            double(parting->tick) / set.run(a).settings.rate, double(parting->distance));
        out += "  a " + vectorText(parting->originA) + "\n  b " + vectorText(parting->originB) + "\n";
        const replay::TraceComparison traces = set.compareTraces(a, b, parting->tick);
        out += core::format("traces a=%zu b=%zu first_different=%d\n", traces.a.traces.size(),
                            traces.b.traces.size(), traces.firstDifferent);
        const size_t n = std::max(traces.a.traces.size(), traces.b.traces.size());
        for (size_t i = 0; i < n; ++i) {
            const bool first = static_cast<int>(i) == traces.firstDifferent;
            if (i < traces.a.traces.size())
                out += traceLine("a", i, traces.a.traces[i], first);
            if (i < traces.b.traces.size())
                out += traceLine("b", i, traces.b.traces[i], first);
        }
    } else {
        out += "parting none\n";
    }
    const glm::vec3 endA = set.run(a).states.back().origin, endB = set.run(b).states.back().origin;
    out += core::format("final_distance=%.9g\n", double(glm::distance(endA, endB)));
    out += summaryLine("a", set.summary(a));
    out += summaryLine("b", set.summary(b));
    std::fwrite(out.data(), 1, out.size(), stdout);
    return parting ? kExitFailure : kExitOk;
}

} // namespace cliplab::cli
