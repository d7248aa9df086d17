// `cliplab trace MAP [options]`: traces the lines read on stdin and prints one result line each.

#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/TraceSetup.h"
#include "collision/Model.h"

#include <cstdio>

namespace cliplab::cli {

int runTrace(const Args& args) {
    CommandLine cl;
    TraceSettings settings;
    std::vector<TraceRequest> requests;
    std::unique_ptr<collision::Model> model;
    if (int rc = prepareTraceCommand("trace", args, traceOptions(), cl, settings, requests, model);
        rc != kExitOk)
        return rc;
    tracing::Tracer tracer(*model);
    for (const TraceRequest& q : requests) {
        const auto r = traceRequest(tracer, q, requestShape(q, settings), settings);
        std::printf("%s\n", formatTraceResult(r).c_str());
    }
    return kExitOk;
}

} // namespace cliplab::cli
