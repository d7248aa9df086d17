// `cliplab bench-trace MAP [options] [--repeat R] [--threads N]`: traces the stdin lines R times on one
// thread and reports the rate (per thread CPU second); with --threads, also the wall-clock rate of
// 1 and of N threads sharing the model. Timing only; the results are folded into a checksum so none
// is optimised away.

#include "cli/Commands.h"
#include "cli/TraceSetup.h"
#include "collision/Model.h"
#include "planeshift/PlaneShiftTree.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>
#include <thread>
#include <vector>

namespace cliplab::cli {

namespace {

/// CPU time consumed by the calling thread (seconds).
double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

/// `count` threads (1, then `threads`) start together on the same model, each running `pass` (one
/// pass over the `lines` lines, summing fractions into its own total) `repeat` times; prints the
/// wall-clock rate of each and its ratio to one thread's. kExitFailure when the threads' totals
/// differ (they traced the same lines: a difference is a race).
template <typename Pass> int reportThreadScaling(int threads, long long repeat, size_t lines, Pass& pass) {
    const long long perThread = static_cast<long long>(lines) * repeat;
    double oneThreadRate = 0.0;
    for (int count : {1, threads}) {
        std::vector<double> sums(size_t(count), 0.0);
        std::vector<std::thread> pool;
        const auto t0 = std::chrono::steady_clock::now();
        for (int t = 0; t < count; ++t)
            pool.emplace_back([&, t] {
                for (long long k = 0; k < repeat; ++k)
                    pass(sums[size_t(t)]);
            });
        for (std::thread& th : pool)
            th.join();
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double rate = wall > 0.0 ? double(perThread) * count / wall : 0.0;
        for (double v : sums)
            if (v != sums[0]) {
                std::fprintf(stderr, "cliplab bench-trace: threads disagree (checksum %.6f against %.6f)\n",
                             v, sums[0]);
                return kExitFailure;
            }
        if (count == 1)
            oneThreadRate = rate;
        std::printf("threads=%d traces=%lld wall_seconds=%.6f wall_traces_per_sec=%.0f scaling=%.2f\n", count,
                    perThread * count, wall, rate, oneThreadRate > 0.0 ? rate / oneThreadRate : 0.0);
    }
    return kExitOk;
}

} // namespace

int runBenchTrace(const Args& args) {
    CommandLine cl;
    TraceSettings settings;
    std::vector<TraceRequest> requests;
    std::unique_ptr<collision::Model> model;
    if (int rc = prepareTraceCommand("bench-trace", args, benchTraceOptions(), cl, settings, requests, model);
        rc != kExitOk)
        return rc;
    long long repeat = 20;
    if (cl.has("--repeat")) {
        auto v = parseInteger(cl.value("--repeat"));
        if (!v || *v < 1 || *v > 1000000) {
            std::fprintf(stderr, "cliplab bench-trace: --repeat: '%s' is not a count in [1, 1000000]\n",
                         cl.value("--repeat").c_str());
            return kExitUsage;
        }
        repeat = *v;
    }
    int threads = 1;
    if (cl.has("--threads")) {
        auto v = parseInteger(cl.value("--threads"));
        if (!v || *v < 2 || *v > 256) {
            std::fprintf(stderr, "cliplab bench-trace: --threads: '%s' is not a count in [2, 256]\n",
                         cl.value("--threads").c_str());
            return kExitUsage;
        }
        threads = int(*v);
    }
    std::vector<collision::Shape> shapes;
    shapes.reserve(requests.size());
    for (const auto& q : requests)
        shapes.push_back(requestShape(q, settings));

    // Threads share the tracer: its one tree (--mask's) is built here, before any of them runs, so
    // they only read it.
    tracing::Tracer tracer(*model);
    if (settings.method == tracing::TraceMethod::PlaneShift) {
        const collision::PlaneShiftTree* tree =
            &tracer.planeShiftTree(settings.mask, settings.planeShiftBevels);
        const auto& info = tree->info();
        std::printf("planeshift_nodes=%d bevel_nodes=%d solid_leaves=%d empty_leaves=%d depth=%d bytes=%zu "
                    "build_seconds=%.4f\n",
                    info.nodes, info.bevelNodes, info.solidLeaves, info.emptyLeaves, info.maxDepth,
                    tree->memoryBytes(), info.seconds);
    }
    // One pass over every line; the fractions are summed into `sum` (each thread has its own).
    auto runAllInto = [&](double& sum) {
        for (size_t i = 0; i < requests.size(); ++i) {
            const auto r = traceRequest(tracer, requests[i], shapes[i], settings);
            sum += double(r.fraction);
        }
    };
    double checksum = 0.0;
    auto runAll = [&] { runAllInto(checksum); };
    runAll(); // warm-up: caches, the per-thread visited marks
    if (threads > 1)
        if (int rc = reportThreadScaling(threads, repeat, requests.size(), runAllInto); rc != kExitOk)
            return rc;
    // The rate uses this thread's CPU time, so a machine shared with other work still measures the
    // tracer rather than the scheduler; the wall time is printed too.
    const auto w0 = std::chrono::steady_clock::now();
    const double c0 = threadCpuSeconds();
    for (long long k = 0; k < repeat; ++k)
        runAll();
    const double seconds = threadCpuSeconds() - c0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    const long long traces = static_cast<long long>(requests.size()) * repeat;
    std::printf("checksum=%.6f wall_seconds=%.6f\n", checksum, wall);
    // What the patch collides cost when the map was loaded (built whether or not --curves is on).
    const auto& ps = model->patchStats();
    std::printf("patches=%d facets=%d planes=%d borders=%d patch_bytes=%zu patch_build_seconds=%.6f\n",
                ps.patches, ps.facets, ps.planes, ps.borders, ps.bytes, ps.seconds);
    if (settings.options.semantics == collision::Semantics::Quake3e) {
        // Quake3e's facets, built by the warm-up's first trace that reached a patch (none without
        // curves): the patches whose facets differ from the game's.
        const auto& q = model->quake3ePatches().stats;
        std::printf("quake3e_patches=%d quake3e_patch_bytes=%zu quake3e_patch_build_seconds=%.6f\n",
                    q.patches, q.bytes, q.seconds);
    }
    std::printf("traces=%lld seconds=%.6f traces_per_sec=%.0f\n", traces, seconds,
                seconds > 0.0 ? double(traces) / seconds : 0.0);
    return kExitOk;
}

} // namespace cliplab::cli
