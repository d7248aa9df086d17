// Melax's table, redone (docs/performance.md "Melax methods"): nanoseconds per trace for
// ray, box, sphere and cylinder with the brush trace and with plane shifting (bevels on and off), on
// the same 19270 recorded oa_dm1 player segments (bench/data/oa_dm1_player_segments.txt, `cliplab
// trace` input lines; how they were recorded is in the doc). One benchmark per method x shape; the
// counter ns_per_trace is the time of one trace (shown with an SI suffix: "106n" = 106 ns).
// Run: build/bench/methods_bench [--benchmark_filter=cylinder]

#include "collision/Model.h"
#include "fs/FileSystem.h"
#include "planeshift/PlaneShiftTree.h"
#include "world/MapLoader.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

using namespace cliplab;

namespace {

struct Segment {
    glm::vec3 start, end, mins, maxs;
};

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "methods_bench: %s\n", message.c_str());
    std::exit(1);
}

/// The map, its two plane-shift trees and the segments: loaded once, read-only afterwards.
struct Fixture {
    std::unique_ptr<collision::Model> model;
    std::unique_ptr<collision::PlaneShiftTree> bevels, noBevels;
    std::vector<Segment> segments;

    Fixture() {
        auto vfs = fs::FileSystem::create();
        if (!vfs || !vfs.value()->mountArchive(CLIPLAB_OPENARENA_MAPS))
            fail(std::string("cannot mount ") + CLIPLAB_OPENARENA_MAPS);
        auto data = world::loadMap("oa_dm1", vfs.value().get());
        if (!data)
            fail(data.error().message);
        model = std::make_unique<collision::Model>(data.value());
        // Mask 1 (solid), as the recorded walks and docs/performance.md use.
        bevels =
            std::make_unique<collision::PlaneShiftTree>(collision::PlaneShiftTree::build(*model, 1, true));
        noBevels =
            std::make_unique<collision::PlaneShiftTree>(collision::PlaneShiftTree::build(*model, 1, false));
        std::ifstream in(CLIPLAB_SEGMENTS);
        Segment s{};
        while (in >> s.start.x >> s.start.y >> s.start.z >> s.end.x >> s.end.y >> s.end.z >> s.mins.x >>
               s.mins.y >> s.mins.z >> s.maxs.x >> s.maxs.y >> s.maxs.z)
            segments.push_back(s);
        if (segments.size() < 1000 || !in.eof())
            fail(std::string(CLIPLAB_SEGMENTS) + ": expected about 20000 lines of 12 numbers");
    }
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

enum class Kind { Ray, Box, Sphere, Cylinder };
enum class Method { Brush, PlaneShiftBevels, PlaneShiftNoBevels };

collision::Shape shapeFor(Kind kind, const Segment& s) {
    switch (kind) {
    case Kind::Ray:
        return collision::Shape::ray();
    case Kind::Box:
        return collision::Shape::box(s.mins, s.maxs); // the player's box, standing or crouched
    case Kind::Sphere:
        return collision::Shape::sphere(15.0f);
    case Kind::Cylinder:
        return collision::Shape::cylinder(15.0f, 24.0f);
    }
    return collision::Shape::ray();
}

void methods(benchmark::State& state, Method method, Kind kind) {
    const Fixture& f = fixture();
    std::vector<collision::Shape> shapes;
    for (const Segment& s : f.segments)
        shapes.push_back(shapeFor(kind, s));
    const collision::PlaneShiftTree* tree = method == Method::PlaneShiftBevels     ? f.bevels.get()
                                            : method == Method::PlaneShiftNoBevels ? f.noBevels.get()
                                                                                   : nullptr;
    const collision::TraceOptions options;
    // One trace per iteration, cycling through the segments: the Time column is the time per trace.
    int64_t hits = 0;
    size_t i = 0;
    for (auto _ : state) {
        const Segment& s = f.segments[i];
        const collision::TraceResult r = tree ? tree->trace(shapes[i], s.start, s.end, options)
                                              : f.model->trace(shapes[i], s.start, s.end, 1, options);
        hits += r.fraction < 1.0f;
        benchmark::DoNotOptimize(r);
        i = i + 1 == f.segments.size() ? 0 : i + 1;
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
    state.counters["hit_share"] = double(hits) / double(std::max<int64_t>(int64_t(state.iterations()), 1));
    if (tree) {
        state.counters["nodes"] = double(tree->info().nodes);
        state.counters["bytes"] = double(tree->memoryBytes());
    }
}

} // namespace

#define CLIPLAB_METHODS(kind, name)                                                                          \
    BENCHMARK_CAPTURE(methods, brush_##name, Method::Brush, Kind::kind)->Unit(benchmark::kNanosecond);       \
    BENCHMARK_CAPTURE(methods, planeshift_bevels_##name, Method::PlaneShiftBevels, Kind::kind)               \
        ->Unit(benchmark::kNanosecond);                                                                      \
    BENCHMARK_CAPTURE(methods, planeshift_nobevels_##name, Method::PlaneShiftNoBevels, Kind::kind)           \
        ->Unit(benchmark::kNanosecond)

CLIPLAB_METHODS(Ray, ray);
CLIPLAB_METHODS(Box, box);
CLIPLAB_METHODS(Sphere, sphere);
CLIPLAB_METHODS(Cylinder, cylinder);

BENCHMARK_MAIN();
