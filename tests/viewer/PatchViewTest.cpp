// The viewer's patch facet drawing (viewer::drawPatchFacets) through a recording debug-draw:
// facet polygons and edges for blocking patches, the chosen facet highlighted with its border and
// bevel planes, nothing for non-blocking or far patches.

#include "viewer/PatchView.h"
#include "collision/Model.h"
#include "debugdraw/RecordingDebugDraw.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

using namespace cliplab;

namespace {

/// A flat 3x3 patch over [-64, 64]^2 at height z, facing up.
std::vector<glm::vec3> flat(float z) {
    std::vector<glm::vec3> pts;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x)
            pts.push_back({-64.0f + 64.0f * float(x), -64.0f + 64.0f * float(y), z});
    return pts;
}

} // namespace

TEST(PatchView, DrawsFacetsAndTheChosenFacetsBorders) {
    bsp::BspData d = test::makeBrushMap({});
    test::addPatch(d, 3, 3, flat(0.0f));                         // surface 0: one facet
    test::addPatch(d, 3, 3, flat(200.0f), bsp::contents::Water); // not blocking: not drawn
    auto arch = flat(0.0f);
    for (int y = 0; y < 3; ++y)
        arch[size_t(y * 3 + 1)].z = 128.0f;
    for (auto& p : arch)
        p.x += 1000.0f;
    test::addPatch(d, 3, 3, arch); // surface 2: several facets
    const collision::Model model(d);
    ASSERT_EQ(model.patches().size(), 3u);

    debugdraw::RecordingDebugDraw draw;
    const auto all = viewer::drawPatchFacets(model, draw, glm::vec3(0.0f), 1e6f);
    EXPECT_EQ(all.patches, 2u);
    const size_t archFacets = model.patches()[2].collide.facets.size();
    EXPECT_EQ(all.facets, 1u + archFacets);
    EXPECT_EQ(draw.polygons().size(), all.facets);
    EXPECT_EQ(all.borderArrows, 0u);
    // The flat facet is the square itself.
    ASSERT_EQ(draw.polygons()[0].points.size(), 4u);
    for (const auto& p : draw.polygons()[0].points)
        EXPECT_NEAR(p.z, 0.0f, 1e-3f);

    // Highlight the facet a trace hits: drawn in a different style, with its 4 edge planes (the
    // back plane is not a border to show).
    const auto hit = model.trace(collision::Shape::box({-15, -15, -24}, {15, 15, 32}), {0, 0, 100},
                                 {0, 0, -100}, bsp::contents::Solid,
                                 collision::TraceOptions{0.125f, collision::Semantics::Quake3, true});
    ASSERT_EQ(hit.surface, 0);
    draw.clear();
    const auto chosen = viewer::drawPatchFacets(model, draw, glm::vec3(0.0f), 1e6f, hit.surface, hit.facet);
    EXPECT_EQ(chosen.borderArrows, 4u);
    EXPECT_NE(draw.polygons()[0].style.color.r, draw.polygons()[1].style.color.r);

    // Far away: nothing.
    draw.clear();
    EXPECT_EQ(viewer::drawPatchFacets(model, draw, glm::vec3(0, 0, 50000), 100.0f).facets, 0u);
    EXPECT_TRUE(draw.polygons().empty());
}
