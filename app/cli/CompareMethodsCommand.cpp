// `cliplab compare-methods MAP [trace options]`: traces the stdin lines with the brush trace and with
// plane shifting (bevels as --bevels says, default on) and reports how much earlier plane shifting
// stops: the accuracy half of the Melax measurements (docs/performance.md).

#include "cli/Commands.h"
#include "cli/TraceSetup.h"
#include "collision/Model.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace cliplab::cli {

int runCompareMethods(const Args& args) {
    CommandLine cl;
    TraceSettings settings;
    std::vector<TraceRequest> requests;
    std::unique_ptr<collision::Model> model;
    if (int rc = prepareTraceCommand("compare-methods", args, compareMethodsOptions(), cl, settings, requests,
                                     model);
        rc != kExitOk)
        return rc;
    // Plane shifting's tree holds brushes only: both methods trace without patches.
    if (cl.value("--curves", "off") == "on") {
        std::fprintf(
            stderr,
            "cliplab compare-methods: plane shifting has no patches: --curves on cannot be compared\n");
        return kExitUsage;
    }
    settings.options.curves = false;
    // Where plane shifting cannot answer (the tracing module's rule), there is nothing to compare.
    if (const char* why = tracing::planeShiftUnavailable(settings.options)) {
        std::fprintf(stderr, "cliplab compare-methods: %s\n", why);
        return kExitUsage;
    }
    for (size_t i = 0; i < requests.size(); ++i)
        if (requests[i].mask && *requests[i].mask != settings.mask) {
            std::fprintf(stderr,
                         "cliplab compare-methods: stdin: request %zu: mask %d differs from --mask %d (one "
                         "plane-shift tree is built, for --mask)\n",
                         i + 1, *requests[i].mask, settings.mask);
            return kExitUsage;
        }
    tracing::Tracer tracer(*model);
    const collision::PlaneShiftTree& tree = tracer.planeShiftTree(settings.mask, settings.planeShiftBevels);
    std::vector<float> early; // units along the segment, > 0 when plane shifting stops first
    int startSolid = 0, brushHits = 0, shiftHits = 0, samePlane = 0;
    for (const TraceRequest& q : requests) {
        const collision::Shape shape = requestShape(q, settings);
        if (model->trace(shape, q.start, q.start, settings.mask, settings.options).startSolid) {
            ++startSolid; // outside both methods' common ground: skipped
            continue;
        }
        const auto b = model->trace(shape, q.start, q.end, settings.mask, settings.options);
        const auto p = tree.trace(shape, q.start, q.end, settings.options);
        brushHits += b.fraction < 1.0f;
        shiftHits += p.fraction < 1.0f;
        samePlane += b.fraction < 1.0f && p.fraction < 1.0f &&
                     glm::length(b.plane.normal - p.plane.normal) < 1e-3f &&
                     std::fabs(b.plane.dist - p.plane.dist) < 0.01f;
        early.push_back((b.fraction - p.fraction) * glm::length(q.end - q.start));
    }
    if (early.empty()) {
        std::printf("segments=0 start_solid=%d\n", startSolid);
        return kExitOk;
    }
    std::vector<float> sorted = early;
    std::sort(sorted.begin(), sorted.end());
    auto at = [&](double q) { return double(sorted[static_cast<size_t>(q * double(sorted.size() - 1))]); };
    int earlier = 0, later = 0;
    for (float e : early) {
        earlier += e > 0.01f;
        later += e < -0.01f;
    }
    const auto& info = tree.info();
    std::printf("planeshift_nodes=%d bevel_nodes=%d bytes=%zu build_seconds=%.4f\n", info.nodes,
                info.bevelNodes, tree.memoryBytes(), info.seconds);
    std::printf("segments=%zu start_solid_skipped=%d brush_hits=%d planeshift_hits=%d same_plane=%d\n",
                early.size(), startSolid, brushHits, shiftHits, samePlane);
    std::printf("early_count=%d (> 0.01 units) later_count=%d p50=%.4f p90=%.4f p99=%.4f p999=%.4f max=%.4f "
                "min=%.4f\n",
                earlier, later, at(0.5), at(0.9), at(0.99), at(0.999), double(sorted.back()),
                double(sorted.front()));
    return kExitOk;
}

} // namespace cliplab::cli
