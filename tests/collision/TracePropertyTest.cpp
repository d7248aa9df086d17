// Properties that hold for every trace on real maps (thread safety: ThreadTest.cpp).

#include "collision/Model.h"
#include "support/ReferenceTraces.h"

#include <gtest/gtest.h>

#include <random>

using namespace cliplab;
using collision::Shape;

namespace {

#ifdef CLIPLAB_SANITIZE_BUILD
constexpr int kTracesPerMap = 10000; // sanitizers make each trace ~10x slower
#else
constexpr int kTracesPerMap = 50000; // x 2 maps = 100k
#endif

void checkMap(const char* name, int32_t mask) {
    auto data = test::loadOpenArenaMap(name);
    ASSERT_TRUE(data.ok()) << data.error().message;
    // The judge of "in solid" is not the tree walk under test: every world brush again as one
    // more inline model, which a trace tests one by one with no tree and no leaf lists.
    data->models.push_back(data->models[0]);
    collision::TraceOptions judge;
    judge.model = static_cast<int32_t>(data->models.size() - 1);
    const collision::Model model(data.value());
    const glm::vec3 lo = data->models[0].mins, hi = data->models[0].maxs;
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z), unit(-1.0f, 1.0f),
        length(16.0f, 1040.0f), extent(1.0f, 40.0f);
    int traced = 0, hits = 0, failures = 0, attempts = 0;
    // Most random points of a map's bounds are in the open; the cap only stops a broken map or
    // model from looping forever.
    while (traced < kTracesPerMap && attempts++ < 20 * kTracesPerMap) {
        // Rays, player boxes and random boxes like the reference sets, plus capsules and spheres.
        // Capsules get a square footprint: the game's capsule radius is min(half x, half z), and
        // its tree walk widens node planes by the box, so a capsule thinner in y than its radius
        // can miss leafs (ioquake3 does the same, and the reference capsule set depends on it).
        const int kind = static_cast<int>(rng() % 6);
        Shape shape = Shape::ray();
        if (kind == 1 || kind == 2) {
            shape = Shape::box({-15, -15, -24}, {15, 15, 32});
        } else if (kind == 3) {
            // Drawn in order (a function's arguments are evaluated in an order the compiler picks).
            const glm::vec3 mins{-extent(rng), -extent(rng), -extent(rng)};
            const glm::vec3 maxs{extent(rng), extent(rng), extent(rng)};
            shape = Shape::box(mins, maxs);
        } else if (kind == 4) {
            const float half = extent(rng);
            const float below = extent(rng), above = extent(rng);
            shape = Shape::capsule({-half, -half, -below}, {half, half, above});
        } else if (kind == 5) {
            shape = Shape::sphere(extent(rng));
        }
        const glm::vec3 start{ux(rng), uy(rng), uz(rng)};
        if (model.trace(shape, start, start, mask, judge).startSolid)
            continue;
        glm::vec3 dir{unit(rng), unit(rng), unit(rng)};
        if (dir == glm::vec3(0.0f))
            continue;
        const glm::vec3 end =
            start + dir * (length(rng) / std::sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z));
        ++traced;
        const auto r = model.trace(shape, start, end, mask);
        hits += r.fraction < 1.0f;
        const bool stuck = model.trace(shape, r.endpos, r.endpos, mask, judge).startSolid;
        const bool restartSolid = model.trace(shape, r.endpos, end, mask, judge).startSolid;
        if ((stuck || restartSolid) && ++failures <= 5)
            ADD_FAILURE() << name << ": trace (" << start.x << " " << start.y << " " << start.z << ") -> ("
                          << end.x << " " << end.y << " " << end.z << ") shape " << int(shape.kind)
                          << " stopped at fraction " << r.fraction << (stuck ? " inside solid" : "")
                          << (restartSolid ? ", re-trace startsolid" : "");
    }
    ASSERT_EQ(traced, kTracesPerMap) << "too few free starts in " << name;
    EXPECT_EQ(failures, 0);
    EXPECT_GT(hits, kTracesPerMap / 10); // the sample really exercises collisions
}

} // namespace

TEST(TraceProperty, EndPositionIsNeverInSolidOaDm1) {
    checkMap("oa_dm1", bsp::contents::MaskPlayerSolid);
}
TEST(TraceProperty, EndPositionIsNeverInSolidQ3dm6ish) {
    checkMap("q3dm6ish", bsp::contents::Solid);
}
