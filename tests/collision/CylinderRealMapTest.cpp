// Cylinder traces through oa_dm1's tree agree exactly with testing every world brush (the tree walk
// widens node planes by the cylinder's support, so it must never skip a leaf the cylinder reaches).

#include "collision/Model.h"
#include "support/ReferenceTraces.h"

#include <gtest/gtest.h>

#include <random>

using namespace cliplab;
using collision::Shape;

TEST(CylinderRealMap, TreeWalkAgreesWithAllBrushes) {
    auto loaded = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    bsp::BspData data = loaded.value();
    // An extra inline model holding every world brush: traced as one leaf, no tree.
    bsp::Model all = data.models[0];
    data.models.push_back(all);
    const collision::Model model(data);
    collision::TraceOptions brute;
    brute.model = static_cast<int32_t>(data.models.size() - 1);
    const glm::vec3 lo = data.models[0].mins, hi = data.models[0].maxs;
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z), unit(-1.0f, 1.0f),
        size(1.0f, 40.0f), length(16.0f, 600.0f);
#ifdef CLIPLAB_SANITIZE_BUILD
    const int count = 300;
#else
    const int count = 3000;
#endif
    int hits = 0;
    for (int i = 0; i < count; ++i) {
        const float radius = size(rng), halfHeight = size(rng); // in this order, not as two arguments
        const Shape shape = Shape::cylinder(radius, halfHeight);
        const glm::vec3 start{ux(rng), uy(rng), uz(rng)};
        glm::vec3 dir{unit(rng), unit(rng), unit(rng)};
        const glm::vec3 end = start + dir * length(rng);
        const auto t = model.trace(shape, start, end, bsp::contents::Solid);
        const auto b = model.trace(shape, start, end, bsp::contents::Solid, brute);
        hits += t.fraction < 1.0f;
        ASSERT_EQ(t.fraction, b.fraction) << "trace " << i;
        // At fraction 0 the game stops testing a leaf's brushes, so whether a later brush also
        // reports startsolid depends on the order they are met in: compare only above 0.
        if (t.fraction > 0.0f) {
            ASSERT_EQ(t.startSolid, b.startSolid) << "trace " << i;
            ASSERT_EQ(t.allSolid, b.allSolid) << "trace " << i;
        }
        if (t.fraction < 1.0f && !t.startSolid) {
            ASSERT_EQ(t.plane.normal, b.plane.normal) << "trace " << i;
        }
    }
    EXPECT_GT(hits, count / 10); // the segments do reach walls
}
