// The analysis overlays without a window: faces drawn in their leading shown class's colour,
// filtered per class and by range; hulls of the brushes near the eye, rebuilt when the box changes.

#include "viewer/AnalysisView.h"
#include "analysis/SurfaceClass.h"
#include "collision/Model.h"
#include "debugdraw/RecordingDebugDraw.h"
#include "support/BrushMap.h"

#include <gtest/gtest.h>

using namespace cliplab;
using analysis::SurfaceClass;

namespace {

analysis::ClassifiedFace square(float x, analysis::SurfaceClasses classes) {
    analysis::ClassifiedFace f;
    f.normal = {0, 0, 1};
    f.polygon = {{x, 0, 0}, {x + 10, 0, 0}, {x + 10, 10, 0}, {x, 10, 0}};
    f.classes = classes;
    return f;
}

} // namespace

TEST(AnalysisView, FacesTakeTheirLeadingShownClassColour) {
    const std::vector<analysis::ClassifiedFace> faces = {
        square(0, analysis::classBit(SurfaceClass::Walkable) | analysis::classBit(SurfaceClass::Slick)),
        square(100, analysis::classBit(SurfaceClass::Walkable)), square(200, 0),
        square(5000, analysis::classBit(SurfaceClass::Lava))};
    debugdraw::RecordingDebugDraw rec;
    auto drawn =
        viewer::drawSurfaceClasses(faces, rec, glm::vec3(0.0f), 1000.0f, analysis::kAllSurfaceClasses);
    ASSERT_EQ(rec.polygons().size(), 2u); // the classless face and the far lava are left out
    EXPECT_EQ(drawn[size_t(SurfaceClass::Slick)], 1u);
    EXPECT_EQ(drawn[size_t(SurfaceClass::Walkable)], 1u);
    const auto slick = viewer::surfaceClassColor(SurfaceClass::Slick);
    EXPECT_EQ(glm::vec3(rec.polygons()[0].style.color), glm::vec3(slick));
    EXPECT_FLOAT_EQ(rec.polygons()[0].points[0].z, 0.25f); // lifted off the surface
    // Slick filtered out: the slick walkable floor shows as walkable.
    rec.clear();
    drawn =
        viewer::drawSurfaceClasses(faces, rec, glm::vec3(0.0f), 1000.0f,
                                   analysis::kAllSurfaceClasses & ~analysis::classBit(SurfaceClass::Slick));
    EXPECT_EQ(drawn[size_t(SurfaceClass::Walkable)], 2u);
    EXPECT_EQ(glm::vec3(rec.polygons()[0].style.color),
              glm::vec3(viewer::surfaceClassColor(SurfaceClass::Walkable)));
    rec.clear();
    viewer::drawSurfaceClasses(faces, rec, glm::vec3(5000, 0, 0), 1000.0f,
                               analysis::classBit(SurfaceClass::Lava));
    EXPECT_EQ(rec.polygons().size(), 1u);
}

TEST(AnalysisView, HullCacheRebuildsWhenTheBoxChanges) {
    const bsp::BspData d = test::makeBrushMap(
        {{test::boxPlanes({0, 0, 0}, {64, 64, 64})}, {test::boxPlanes({4000, 0, 0}, {4064, 64, 64})}});
    const collision::Model model(d);
    viewer::HullCache cache;
    const auto& a = cache.get(model, 0, 2, {-15, -15, -24}, {15, 15, 32}, bsp::contents::Solid);
    ASSERT_EQ(a.size(), 2u);
    EXPECT_DOUBLE_EQ(analysis::hullVolume(a[0].faces), 94.0 * 94.0 * 120.0);
    const auto& b = cache.get(model, 0, 2, {-15, -15, -24}, {15, 15, 16}, bsp::contents::Solid); // crouched
    EXPECT_DOUBLE_EQ(analysis::hullVolume(b[0].faces), 94.0 * 94.0 * 104.0);
    debugdraw::RecordingDebugDraw rec;
    EXPECT_EQ(viewer::drawHulls(b, rec, glm::vec3(32, 32, 200), 512.0f), 1u); // the far brush is left out
    EXPECT_EQ(rec.polygons().size(), 6u);
}

TEST(AnalysisView, PadArcsAreFlownAgainWhenTheGravityChanges) {
    // A floor and a pad (inline model *1) aimed 512 units along +x, 256 up.
    bsp::BspData d = test::makeBrushMap({{test::boxPlanes({-512, -512, -64}, {2048, 512, 0})},
                                         {test::boxPlanes({-32, -32, 0}, {32, 32, 16})}},
                                        1);
    d.models[1].mins = {-32, -32, 0}; // makeBrushMap gives every model the map's bounds
    d.models[1].maxs = {32, 32, 16};
    std::vector<bsp::Entity> entities(3);
    entities[0].pairs = {{"classname", "worldspawn"}};
    entities[1].pairs = {{"classname", "trigger_push"}, {"model", "*1"}, {"target", "apex"}};
    entities[2].pairs = {{"classname", "target_position"}, {"targetname", "apex"}, {"origin", "512 0 264"}};
    const collision::Model model(d);
    viewer::PadArcCache cache;
    analysis::FlightSettings fs;
    const auto& a = cache.get(d, entities, model, fs);
    ASSERT_EQ(a.pads.size(), 1u);
    ASSERT_TRUE(a.pads[0].launch);
    EXPECT_FLOAT_EQ(a.pads[0].launch->velocity.x, 640.0f);
    ASSERT_TRUE(a.flights[0].landing);
    fs.movement.gravity = 200.0f;
    const auto& b = cache.get(d, entities, model, fs);
    EXPECT_FLOAT_EQ(b.pads[0].launch->velocity.x, 320.0f);
    debugdraw::RecordingDebugDraw rec;
    viewer::drawPadArcs(b, rec);
    EXPECT_GT(rec.lines().size(), b.flights[0].path.size() - 1); // the path, the marks, the target
}

TEST(AnalysisView, SnagCellsFromYellowToRed) {
    std::vector<analysis::SnagCell> cells(3);
    cells[0].snags = 5;
    cells[1].snags = 1;
    cells[1].centre = {100, 0, 0};
    cells[2].stuck = 1;
    cells[2].centre = {200, 0, 0};
    debugdraw::RecordingDebugDraw rec;
    EXPECT_EQ(viewer::drawSnagCells(cells, rec, 64.0f), 3u);
    ASSERT_EQ(rec.lines().size(), 3u * 13u);                 // a cube and a pole each
    EXPECT_NEAR(rec.lines()[0].style.color.g, 0.15f, 1e-6f); // the most: red
    EXPECT_EQ(rec.lines()[0].style.color.r, 1.0f);
    EXPECT_EQ(rec.lines()[13].style.color, (debugdraw::Color{1.0f, 1.0f, 0.1f, 1.0f})); // one: yellow
    EXPECT_EQ(rec.lines()[26].style.color, (debugdraw::Color{1.0f, 0.2f, 1.0f, 1.0f})); // stuck: magenta
    EXPECT_FALSE(rec.lines()[0].style.depthTest);
    EXPECT_FLOAT_EQ(rec.lines()[12].b.z - rec.lines()[12].a.z, 128.0f); // the tallest pole
}
