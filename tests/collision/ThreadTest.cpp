// The collision model is shared read-only between threads: tracing it from 4 threads at once gives
// exactly the single-threaded results, for brushes, patches (Quake3e's built on demand by the
// first threads to ask), the plane-shift tree and whole player moves, and a reach search on
// several workers. scripts/test.sh also runs these tests under ThreadSanitizer
// (label "threads").

#include "analysis/Reach.h"
#include "bsp/Entities.h"
#include "collision/Model.h"
#include "movement/Movement.h"
#include "planeshift/PlaneShiftTree.h"
#include "support/ReferenceTraces.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <thread>

using namespace cliplab;
using collision::Shape;

namespace {

constexpr int kThreads = 4;

/// Runs `work(thread)` on kThreads threads at once and waits for all.
void runConcurrently(const std::function<void(int)>& work) {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back(work, t);
    for (auto& th : threads)
        th.join();
}

void expectSame(const collision::TraceResult& a, const collision::TraceResult& b, size_t line) {
    ASSERT_EQ(a.fraction, b.fraction) << "trace " << line;
    ASSERT_EQ(a.endpos, b.endpos) << "trace " << line;
    ASSERT_EQ(a.brush, b.brush) << "trace " << line;
    ASSERT_EQ(a.brushSide, b.brushSide) << "trace " << line;
    ASSERT_EQ(a.surface, b.surface) << "trace " << line;
    ASSERT_EQ(a.facet, b.facet) << "trace " << line;
    ASSERT_EQ(a.startSolid, b.startSolid) << "trace " << line;
    ASSERT_EQ(a.allSolid, b.allSolid) << "trace " << line;
}

/// Runs `traceAll` once alone, then on kThreads threads at once, and requires every thread's
/// results to equal the lone run's; returns those.
std::vector<collision::TraceResult>
expectThreadsAgree(const std::function<std::vector<collision::TraceResult>()>& traceAll) {
    const std::vector<collision::TraceResult> single = traceAll();
    std::vector<collision::TraceResult> perThread[kThreads];
    runConcurrently([&](int t) { perThread[t] = traceAll(); });
    for (const auto& out : perThread) {
        EXPECT_EQ(out.size(), single.size());
        for (size_t i = 0; i < std::min(out.size(), single.size()); ++i)
            expectSame(out[i], single[i], i + 1);
    }
    return single;
}

struct Segment {
    Shape shape;
    glm::vec3 start, end;
};

/// Random rays, player boxes, spheres and capsules between random points inside the world bounds.
std::vector<Segment> randomSegments(const bsp::BspData& data, int count) {
    const glm::vec3 lo = data.models[0].mins, hi = data.models[0].maxs;
    std::mt19937 rng(77);
    std::uniform_real_distribution<float> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z);
    const Shape shapes[] = {Shape::ray(), Shape::box({-15, -15, -24}, {15, 15, 32}), Shape::sphere(12),
                            Shape::capsule({-15, -15, -24}, {15, 15, 32})};
    std::vector<Segment> out;
    for (int i = 0; i < count; ++i)
        out.push_back({shapes[i % 4], {ux(rng), uy(rng), uz(rng)}, {ux(rng), uy(rng), uz(rng)}});
    return out;
}

#ifdef CLIPLAB_SANITIZE_BUILD
constexpr int kRandomSegments = 4000;
#else
constexpr int kRandomSegments = 20000;
#endif

} // namespace

TEST(TraceThreads, FourThreadsGiveTheSingleThreadResults) {
    auto data = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    auto inputs = test::loadReferenceInputs("oa_dm1");
    ASSERT_TRUE(inputs.ok()) << inputs.error().message;
    auto traceAll = [&](std::vector<collision::TraceResult>& out, bool capsule) {
        out.clear();
        for (const auto& in : *inputs)
            out.push_back(model.trace(test::referenceShape(in, capsule), in.start, in.end,
                                      bsp::contents::MaskPlayerSolid));
    };
    std::vector<collision::TraceResult> single[2];
    traceAll(single[0], false);
    traceAll(single[1], true);
    // Threads 0 and 2 trace boxes, 1 and 3 capsules, all at the same time.
    std::vector<collision::TraceResult> perThread[kThreads];
    runConcurrently([&](int t) { traceAll(perThread[t], t % 2 == 1); });
    for (int t = 0; t < kThreads; ++t) {
        const auto& expected = single[t % 2];
        ASSERT_EQ(perThread[t].size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i)
            expectSame(perThread[t][i], expected[i], i + 1);
    }
}

TEST(TraceThreads, CurvesFromFourThreadsGiveTheSingleThreadResults) {
    auto data = test::loadOpenArenaMap("oa_minia"); // many patches
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    ASSERT_FALSE(model.patches().empty());
    const auto segments = randomSegments(*data, kRandomSegments);
    collision::TraceOptions curves;
    curves.curves = true;
    const auto single = expectThreadsAgree([&] {
        std::vector<collision::TraceResult> out;
        for (const auto& s : segments)
            out.push_back(model.trace(s.shape, s.start, s.end, bsp::contents::MaskPlayerSolid, curves));
        return out;
    });
    int patchHits = 0;
    for (const auto& r : single)
        patchHits += r.surface >= 0;
    EXPECT_GT(patchHits, 0) << "the segments must hit patches to test them";
}

TEST(TraceThreads, Quake3ePatchesBuiltOnceWhenFourThreadsAskFirst) {
    // Quake3e's facets are built by the first quake3e trace that reaches a patch: four threads
    // make their first ones at once on a fresh model, and must all get what a model traced from
    // one thread gives.
    auto data = test::loadOpenArenaMap("oa_minia");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model racing(data.value()), alone(data.value());
    const auto segments = randomSegments(*data, kRandomSegments);
    collision::TraceOptions q3e;
    q3e.curves = true;
    q3e.semantics = collision::Semantics::Quake3e;
    auto traceAll = [&](const collision::Model& model) {
        std::vector<collision::TraceResult> out;
        for (const auto& s : segments)
            out.push_back(model.trace(s.shape, s.start, s.end, bsp::contents::MaskPlayerSolid, q3e));
        return out;
    };
    std::vector<collision::TraceResult> perThread[kThreads];
    runConcurrently([&](int t) { perThread[t] = traceAll(racing); });
    const auto single = traceAll(alone);
    for (const auto& out : perThread) {
        ASSERT_EQ(out.size(), single.size());
        for (size_t i = 0; i < out.size(); ++i)
            expectSame(out[i], single[i], i + 1);
    }
    EXPECT_FALSE(racing.quake3ePatches().patches.empty()) << "oa_minia has patches Quake3e builds otherwise";
}

TEST(PlaneShiftThreads, ConcurrentTracesAgreeWithOneThread) {
    auto data = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const auto tree = collision::PlaneShiftTree::build(model, bsp::contents::Solid, true);
    const auto segments = randomSegments(*data, kRandomSegments);
    const auto single = expectThreadsAgree([&] {
        std::vector<collision::TraceResult> out;
        for (const auto& s : segments)
            out.push_back(tree.trace(Shape::cylinder(15, 24), s.start, s.end));
        return out;
    });
    int hits = 0;
    for (const auto& r : single)
        hits += r.fraction < 1.0f;
    EXPECT_GT(hits, kRandomSegments / 2) << "the segments must hit the tree's solid cells";
}

TEST(MovementThreads, FourWalkersOnOneModelMoveAsAlone) {
    auto data = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const auto trace = model.traceFunction();
    // A scripted run (forward, turning, jumping) from a point on the floor, per preset.
    auto walk = [&](movement::Preset preset) {
        movement::Settings settings;
        settings.preset = preset;
        movement::PlayerState state;
        state.origin = {280, 1416, -111}; // a spawn point of the reference walks
        std::vector<glm::vec3> path;
        for (int tick = 0; tick < 1500; ++tick) {
            movement::Input in;
            in.forward = 1.0f;
            in.yaw = static_cast<float>(tick % 720) * 0.5f;
            in.jump = tick % 90 < 10;
            state = movement::move(state, in, 1.0 / 125, settings, trace);
            path.push_back(state.origin);
        }
        return path;
    };
    const std::vector<glm::vec3> single[2] = {walk(movement::Preset::Melax), walk(movement::Preset::Quake3)};
    for (const auto& path : single) {
        EXPECT_GT(glm::distance(path.front(), path.back()), 100.0f) << "the walk must go somewhere";
        EXPECT_FALSE(model.trace(movement::playerShape({}, false), path.back(), path.back(), 1).startSolid);
    }
    std::vector<glm::vec3> perThread[kThreads];
    runConcurrently(
        [&](int t) { perThread[t] = walk(t % 2 == 0 ? movement::Preset::Melax : movement::Preset::Quake3); });
    for (int t = 0; t < kThreads; ++t)
        ASSERT_EQ(perThread[t], single[t % 2]) << "thread " << t;
}

TEST(ReachThreads, FourWorkersFloodOaDm1AsOneDoes) {
    auto data = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    auto entities = bsp::parseEntities(data->entities, data->name);
    ASSERT_TRUE(entities.ok());
    analysis::ReachSettings s;
    s.grid = 64.0f; // coarse: the ThreadSanitizer build is slow
    s.threads = 1;
    auto one = analysis::findReach(data.value(), model, entities.value(), s);
    s.threads = kThreads;
    auto four = analysis::findReach(data.value(), model, entities.value(), s);
    ASSERT_TRUE(one.ok() && four.ok());
    ASSERT_GT(one->reachable, 100u);
    ASSERT_EQ(one->cells.size(), four->cells.size());
    EXPECT_EQ(one->ticks, four->ticks);
    for (size_t i = 0; i < one->cells.size(); ++i) {
        ASSERT_EQ(one->cells[i].origin, four->cells[i].origin) << i;
        ASSERT_EQ(one->cells[i].via, four->cells[i].via) << i;
        ASSERT_EQ(one->cells[i].from, four->cells[i].from) << i;
    }
}
