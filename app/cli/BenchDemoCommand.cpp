// `cliplab bench-demo FILE [--repeat R]`: the demo reader's speed. The file is read once; each
// round parses it whole (records, Huffman decoding, deltas, the players of every snapshot), as
// `cliplab demo` and the viewer do. Also the time to build the game's Huffman code from its counts.

#include "cli/BenchTiming.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "demo/DemoOpen.h"
#include "demo/Huffman.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace cliplab::cli {

namespace {

int benchDemoFailure(const std::string& message) {
    std::fprintf(stderr, "cliplab bench-demo: %s\n", message.c_str());
    return kExitFailure;
}

} // namespace

std::vector<OptionSpec> benchDemoOptions() {
    return {{"--repeat", 1, false, "R", "parse the demo R times (default 20, 1-100000)"}, basepathOption()};
}

int runBenchDemo(const Args& args) {
    auto cl = CommandLine::parse(args, benchDemoOptions());
    if (!cl)
        return usageError("bench-demo", cl.error().message);
    if (cl->positionals().size() != 1)
        return usageError("bench-demo", "expected one demo FILE");
    long long repeat = 20;
    if (cl->has("--repeat")) {
        auto v = parseInteger(cl->value("--repeat"));
        if (!v || *v < 1 || *v > 100000)
            return usageError("bench-demo",
                              "--repeat: '" + cl->value("--repeat") + "' is not a count in [1, 100000]");
        repeat = *v;
    }
    auto vfs = mountGameData(*cl);
    if (!vfs)
        return benchDemoFailure(vfs.error().message);
    auto file = demo::readDemoFile(cl->positionals()[0], vfs.value().get());
    if (!file)
        return benchDemoFailure(file.error().message);
    // The code the reader uses is made on first use from the table the build wrote: once, before
    // the rounds. Building it from the counts (as the build did, and in runs) is timed beside it.
    auto t0 = BenchClock::now();
    demo::HuffmanCode::game();
    const double fromTable = msSince(t0);
    t0 = BenchClock::now();
    const demo::HuffmanCode runs(demo::huffmanCounts(), demo::HuffmanCode::BuildSteps::Runs);
    const double runsMs = msSince(t0);
    t0 = BenchClock::now();
    const demo::HuffmanCode single(demo::huffmanCounts(), demo::HuffmanCode::BuildSteps::Single);
    const double singleMs = msSince(t0);
    std::vector<double> ms;
    size_t snapshots = 0, messages = 0;
    for (long long k = 0; k < repeat; ++k) {
        const auto t1 = BenchClock::now();
        auto d = demo::readDemo(file->bytes, file->name);
        ms.push_back(msSince(t1));
        if (!d)
            return benchDemoFailure(d.error().message);
        snapshots = d->snapshots.size();
        messages = d->messages;
    }
    const double med = median(ms);
    const double mb = double(file->bytes.size()) / 1e6;
    std::printf("file %s bytes=%zu messages=%zu snapshots=%zu rounds=%lld\n", file->name.c_str(),
                file->bytes.size(), messages, snapshots, repeat);
    std::printf("huffman_ms from_table=%.3f from_counts_in_runs=%.1f from_counts_one_update_per_count=%.1f\n",
                fromTable, runsMs, singleMs);
    std::printf("median_ms=%.3f best_ms=%.3f\n", med, *std::min_element(ms.begin(), ms.end()));
    std::printf("demo_mb_per_sec=%.1f snapshots_per_sec=%.0f\n", med > 0 ? mb / (med / 1000.0) : 0.0,
                med > 0 ? double(snapshots) / (med / 1000.0) : 0.0);
    return kExitOk;
}

} // namespace cliplab::cli
