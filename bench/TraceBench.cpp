// Trace throughput on the reference trace sets: one benchmark per map x set, reporting traces/s
// (items_per_second). Run: build/bench/trace_bench [--benchmark_filter=oa_dm1]

#include "collision/Model.h"
#include "fs/FileSystem.h"
#include "world/MapLoader.h"

#include <benchmark/benchmark.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace cliplab;

namespace {

struct Input {
    collision::Shape box, capsule;
    glm::vec3 start, end;
};

std::vector<Input> loadInputs(const std::string& map) {
    const std::string path = std::string(CLIPLAB_REFERENCE_DIR) + "/" + map + ".in.gz";
    gzFile f = gzopen(path.c_str(), "rb");
    if (!f) {
        std::fprintf(stderr, "trace_bench: cannot open %s\n", path.c_str());
        std::exit(1);
    }
    std::string text;
    char buf[1 << 16];
    int n;
    while ((n = gzread(f, buf, sizeof buf)) > 0) text.append(buf, static_cast<size_t>(n));
    gzclose(f);
    std::vector<Input> out;
    std::istringstream in(text);
    glm::vec3 s, e, lo, hi;
    while (in >> s.x >> s.y >> s.z >> e.x >> e.y >> e.z >> lo.x >> lo.y >> lo.z >> hi.x >> hi.y >> hi.z) {
        const bool ray = lo == glm::vec3(0.0f) && hi == glm::vec3(0.0f);
        out.push_back({ray ? collision::Shape::ray() : collision::Shape::box(lo, hi),
                       ray ? collision::Shape::ray() : collision::Shape::capsule(lo, hi), s, e});
    }
    return out;
}

std::unique_ptr<collision::Model> loadModel(const std::string& map) {
    auto vfs = fs::FileSystem::create();
    if (!vfs || !vfs.value()->mountArchive(CLIPLAB_OPENARENA_MAPS)) {
        std::fprintf(stderr, "trace_bench: cannot mount %s\n", CLIPLAB_OPENARENA_MAPS);
        std::exit(1);
    }
    auto data = world::loadMap(map, vfs.value().get());
    if (!data) {
        std::fprintf(stderr, "trace_bench: %s\n", data.error().message.c_str());
        std::exit(1);
    }
    return std::make_unique<collision::Model>(data.value());
}

void traceSet(benchmark::State& state, const char* map, int32_t mask, bool capsule) {
    const auto model = loadModel(map);
    const auto inputs = loadInputs(map);
    for (auto _ : state) {
        for (const Input& in : inputs) {
            auto r = model->trace(capsule ? in.capsule : in.box, in.start, in.end, mask);
            benchmark::DoNotOptimize(r);
        }
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(inputs.size()));
}

} // namespace

BENCHMARK_CAPTURE(traceSet, oa_dm1_mask1, "oa_dm1", 1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, oa_dm1_mask33619969, "oa_dm1", 33619969, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, oa_dm1_capsule, "oa_dm1", 1, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, q3dm6ish_mask1, "q3dm6ish", 1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, q3dm6ish_mask33619969, "q3dm6ish", 33619969, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, q3dm6ish_capsule, "q3dm6ish", 1, true)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
