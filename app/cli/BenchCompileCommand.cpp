// `cliplab bench-compile IN.map... [--repeat R]`: the map compiler's speed against the data it
// reads. Each source is read once and compiled R times; the shader scripts are read once, apart.
// The figures are thread CPU time, which other work on a shared machine disturbs far less than the
// wall clock; the phases' shares are wall clock (CompileTimes).

#include "cli/BenchTiming.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "mapc/Compiler.h"
#include "world/MapLoader.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

namespace cliplab::cli {

std::vector<OptionSpec> benchCompileOptions() {
    return {{"--repeat", 1, false, "R",
             "compile each source R times (default 5, 1-1000); the median CPU time counts"},
            basepathOption()};
}

int runBenchCompile(const Args& args) {
    auto cl = CommandLine::parse(args, benchCompileOptions());
    if (!cl)
        return usageError("bench-compile", cl.error().message);
    if (cl->positionals().empty())
        return usageError("bench-compile", "expected at least one IN.map");
    for (const std::string& path : cl->positionals())
        if (path.size() < 4 || path.compare(path.size() - 4, 4, ".map") != 0)
            return usageError("bench-compile", "'" + path + "' is not a .map source");
    long long repeat = 5;
    if (cl->has("--repeat")) {
        auto v = parseInteger(cl->value("--repeat"));
        if (!v || *v < 1 || *v > 1000)
            return usageError("bench-compile",
                              "--repeat: '" + cl->value("--repeat") + "' is not a count in [1, 1000]");
        repeat = *v;
    }
    auto vfs = mountGameData(*cl);
    if (!vfs) {
        std::fprintf(stderr, "cliplab bench-compile: %s\n", vfs.error().message.c_str());
        return kExitFailure;
    }
    const world::ShaderScripts scripts = world::loadShaderScripts(cl->positionals()[0], vfs.value().get());
    std::printf("scripts=%zu shaders=%zu scripts_ms=%.1f\n", scripts.files.size(),
                scripts.library.shaders.size(), scripts.ms);
    mapc::CompileOptions options;
    options.scripts = &scripts.library;
    double totalMs = 0.0;
    size_t totalBytes = 0, totalBrushes = 0;
    for (const std::string& path : cl->positionals()) {
        auto bytes = world::readMapSource(path, vfs.value().get());
        if (!bytes) {
            std::fprintf(stderr, "cliplab bench-compile: %s\n", bytes.error().message.c_str());
            return kExitFailure;
        }
        const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
        std::vector<double> cpu, parse, brushes, tree, flood, surfaces;
        size_t brushCount = 0;
        for (long long k = 0; k < repeat; ++k) {
            const double c0 = threadCpuMs();
            auto r = mapc::compileText(text, path, options);
            cpu.push_back(threadCpuMs() - c0);
            if (!r) {
                std::fprintf(stderr, "cliplab bench-compile: %s\n", r.error().message.c_str());
                return r.error().line > 0 ? kExitUsage : kExitFailure;
            }
            parse.push_back(r->times.parse);
            brushes.push_back(r->times.brushes);
            tree.push_back(r->times.tree);
            flood.push_back(r->times.flood);
            surfaces.push_back(r->times.surfaces);
            brushCount = r->data.brushes.size();
        }
        const double ms = median(cpu);
        std::printf(
            "file=%s bytes=%zu brushes=%zu cpu_ms=%.1f wall_ms parse=%.1f brushes=%.1f tree=%.1f flood=%.1f "
            "surfaces=%.1f mb_per_s=%.2f brushes_per_s=%.0f\n",
            path.c_str(), bytes->size(), brushCount, ms, median(parse), median(brushes), median(tree),
            median(flood), median(surfaces), static_cast<double>(bytes->size()) / 1e6 / (ms / 1000.0),
            static_cast<double>(brushCount) / (ms / 1000.0));
        totalMs += ms;
        totalBytes += bytes->size();
        totalBrushes += brushCount;
    }
    std::printf("files=%zu bytes=%zu brushes=%zu cpu_ms=%.1f mb_per_s=%.2f brushes_per_s=%.0f\n",
                cl->positionals().size(), totalBytes, totalBrushes, totalMs,
                static_cast<double>(totalBytes) / 1e6 / (totalMs / 1000.0),
                static_cast<double>(totalBrushes) / (totalMs / 1000.0));
    return kExitOk;
}

} // namespace cliplab::cli
