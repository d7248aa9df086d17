// `cliplab bench-trace MAP [options] [--repeat R]`: traces the stdin lines R times on one thread and
// reports the rate (per thread CPU second). Timing only; the results are folded into a checksum so none is optimised away.

#include "cli/Commands.h"
#include "cli/TraceSetup.h"
#include "collision/Model.h"
#include "collision/PlaneShiftTree.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>

namespace cliplab::cli {

namespace {

/// CPU time consumed by the calling thread (seconds).
double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
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
    std::vector<collision::Shape> shapes;
    shapes.reserve(requests.size());
    for (const auto& q : requests) shapes.push_back(requestShape(q, settings));

    std::optional<collision::PlaneShiftTree> tree;
    if (settings.planeShift) {
        tree = collision::PlaneShiftTree::build(*model, settings.mask, settings.planeShiftBevels);
        const auto& info = tree->info();
        std::printf("planeshift_nodes=%d bevel_nodes=%d solid_leaves=%d empty_leaves=%d depth=%d bytes=%zu "
                    "build_seconds=%.4f\n",
                    info.nodes, info.bevelNodes, info.solidLeaves, info.emptyLeaves, info.maxDepth, tree->memoryBytes(),
                    info.seconds);
    }
    double checksum = 0.0;
    auto runAll = [&] {
        for (size_t i = 0; i < requests.size(); ++i) {
            const auto r = traceRequest(*model, tree ? &*tree : nullptr, requests[i], shapes[i], settings);
            checksum += double(r.fraction);
        }
    };
    runAll(); // warm-up: caches, the per-thread visited marks
    // The rate uses this thread's CPU time, so a machine shared with other work still measures the
    // tracer rather than the scheduler; the wall time is printed too.
    const auto w0 = std::chrono::steady_clock::now();
    const double c0 = threadCpuSeconds();
    for (long long k = 0; k < repeat; ++k) runAll();
    const double seconds = threadCpuSeconds() - c0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    const long long traces = static_cast<long long>(requests.size()) * repeat;
    std::printf("checksum=%.6f wall_seconds=%.6f\n", checksum, wall);
    // What the patch collides cost when the map was loaded (built whether or not --curves is on).
    const auto& ps = model->patchStats();
    std::printf("patches=%d facets=%d planes=%d borders=%d patch_bytes=%zu patch_build_seconds=%.6f\n", ps.patches,
                ps.facets, ps.planes, ps.borders, ps.bytes, ps.seconds);
    std::printf("traces=%lld seconds=%.6f traces_per_sec=%.0f\n", traces, seconds,
                seconds > 0.0 ? double(traces) / seconds : 0.0);
    return kExitOk;
}

} // namespace cliplab::cli
