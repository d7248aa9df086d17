// Trace throughput on the reference trace sets: one benchmark per map x set, reporting traces/s
// (items_per_second), and the cost of building patch collides (patchBuild, items = patches).
// Run: build/bench/trace_bench [--benchmark_filter=oa_dm1]

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
#include <utility>
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
    while ((n = gzread(f, buf, sizeof buf)) > 0)
        text.append(buf, static_cast<size_t>(n));
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

bsp::BspData loadData(const std::string& map) {
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
    return std::move(data.value());
}

std::unique_ptr<collision::Model> loadModel(const std::string& map) {
    return std::make_unique<collision::Model>(loadData(map));
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

/// Building the patch collides of every patch surface of `map` (what collision::Model does for
/// them), per iteration; counters give the patches, facets and heap bytes built.
void patchBuild(benchmark::State& state, const char* map) {
    const bsp::BspData data = loadData(map);
    std::vector<std::pair<const bsp::Surface*, std::vector<glm::vec3>>> patches;
    for (const auto& surface : data.surfaces) {
        if (surface.type != bsp::SurfaceType::Patch)
            continue;
        std::vector<glm::vec3> pts;
        for (int32_t v = 0; v < surface.patchWidth * surface.patchHeight; ++v)
            pts.push_back(data.drawVerts[static_cast<size_t>(surface.firstVert + v)].xyz);
        patches.emplace_back(&surface, std::move(pts));
    }
    size_t facets = 0, bytes = 0;
    for (auto _ : state) {
        facets = bytes = 0;
        for (const auto& [surface, pts] : patches) {
            auto pc = collision::buildPatchCollide(surface->patchWidth, surface->patchHeight, pts);
            if (pc) {
                facets += pc->facets.size();
                bytes += pc->memoryBytes();
            }
            benchmark::DoNotOptimize(pc);
        }
    }
    state.counters["patches"] = double(patches.size());
    state.counters["facets"] = double(facets);
    state.counters["bytes"] = double(bytes);
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(patches.size()));
}

} // namespace

BENCHMARK_CAPTURE(patchBuild, oa_dm1, "oa_dm1")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(patchBuild, oa_dm3, "oa_dm3")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(patchBuild, kaos, "kaos")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(patchBuild, oa_minia, "oa_minia")->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(traceSet, oa_dm1_mask1, "oa_dm1", 1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, oa_dm1_mask33619969, "oa_dm1", 33619969, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, oa_dm1_capsule, "oa_dm1", 1, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, q3dm6ish_mask1, "q3dm6ish", 1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, q3dm6ish_mask33619969, "q3dm6ish", 33619969, false)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(traceSet, q3dm6ish_capsule, "q3dm6ish", 1, true)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
