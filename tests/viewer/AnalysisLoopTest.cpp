// The surface class view in the real loop: its switch in the Render panel, the cursor over the 3D
// view naming the face it points at (and nothing over the sidebar), and a probe's Inspector lines.

#include "viewer/ConsoleCommands.h"
#include "viewer/ViewerLoopHarness.h"
#include "viewer/panels/Panels.h"

using cliplab::test::ViewerLoopHarness;

TEST(AnalysisLoop, TheCursorNamesTheSurfaceClass) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    for (int i = 0; i < 60 && !v.state().session.player().onGround; ++i)
        v.frames(1);
    // Only the Render section open: the search for its checkbox is short.
    for (const std::string& name : cliplab::viewer::panels::sectionNames())
        v.state().view.setSectionOpen(name, name == "Render");
    v.frames(1);
    const auto toggle = v.findItem("Render", "surface classes", 12.0f);
    ASSERT_TRUE(toggle) << "the Render panel's surface classes checkbox";
    v.clickAt(toggle->x, toggle->y);
    ASSERT_TRUE(v.state().analysis.values().surfaceClasses);

    // First person, looking straight down at the floor the player stands on.
    v.state().settings.flag("cg_thirdPerson").set(false);
    v.state().view.setAngles(89.0f, v.state().view.camera().yaw);
    const auto view = v.emptyPoint();
    ASSERT_TRUE(view);
    v.mouseTo(view->x, view->y);
    v.frames(2);
    ASSERT_TRUE(v.state().analysis.hover()) << "nothing named under the cursor";
    EXPECT_EQ(v.state().analysis.hover()->text.rfind("walkable", 0), 0u) << v.state().analysis.hover()->text;

    // Over the sidebar the cursor names nothing.
    v.mouseTo(float(v.config.width) - 20.0f, 300.0f);
    v.frames(2);
    EXPECT_FALSE(v.state().analysis.hover());

    // A probe at the floor: the Inspector (and the console's inspect) name the classes too.
    v.state().fireProbe(glm::vec3(0.0f, 0.0f, -1.0f));
    bool named = false;
    for (const std::string& line : cliplab::viewer::inspectionText(v.state()))
        named = named || line.find("surface classes walkable") != std::string::npos;
    EXPECT_TRUE(named);

    // Switched off: no hover.
    v.state().settings.flag("r_surfaceClasses").set(false);
    v.mouseTo(view->x, view->y);
    v.frames(2);
    EXPECT_FALSE(v.state().analysis.hover());
}

TEST(AnalysisLoop, AnAirbornePlayerHasItsLandingPredicted) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    for (int i = 0; i < 2000 && !v.state().session.player().onGround;
         ++i) // frames last what the machine gives them
        v.frames(1);
    ASSERT_TRUE(v.state().session.player().onGround);
    v.frames(1);
    EXPECT_FALSE(v.state().analysis.prediction()) << "no prediction on the ground";
    // Lifted 100 units: the predicted landing is where it stood, and the fall then ends there.
    const glm::vec3 ground = v.state().session.player().origin;
    v.state().teleport(ground + glm::vec3(0.0f, 0.0f, 100.0f), v.state().view.camera().yaw);
    v.frames(1);
    ASSERT_TRUE(v.state().analysis.prediction());
    ASSERT_TRUE(v.state().analysis.prediction()->landing);
    const glm::vec3 predicted = *v.state().analysis.prediction()->landing;
    EXPECT_NEAR(predicted.z, ground.z, 0.5f);
    for (int i = 0; i < 2000 && !v.state().session.player().onGround;
         ++i) // frames last what the machine gives them
        v.frames(1);
    ASSERT_TRUE(v.state().session.player().onGround);
    EXPECT_LT(glm::length(v.state().session.player().origin - predicted), 1.0f);
    // Switched off: nothing predicted in the air.
    v.state().settings.flag("r_prediction").set(false);
    v.state().teleport(ground + glm::vec3(0.0f, 0.0f, 100.0f), v.state().view.camera().yaw);
    v.frames(1);
    EXPECT_FALSE(v.state().analysis.prediction());
}

TEST(AnalysisLoop, TheReachSearchRunsBesideTheFramesAndCanBeCancelled) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    // The map's surfaces are not what this test looks at: frames without them leave the search
    // more of the machine.
    v.state().settings.flag("r_drawworld").set(false);
    // On the ground first: while the player falls, the Render panel's airborne prediction adds a
    // line above the reach controls, and they move.
    for (int i = 0; i < 2000 && !v.state().session.player().onGround; ++i)
        v.frames(1);
    ASSERT_TRUE(v.state().session.player().onGround);
    for (const std::string& name : cliplab::viewer::panels::sectionNames())
        v.state().view.setSectionOpen(name, name == "Render");
    v.frames(1);
    const cliplab::viewer::ReachResult& view = v.state().analysis.reach();

    // A fine grid takes long: the button starts it, the frames go on, and "cancel" stops it.
    v.state().settings.number("r_reachGrid").set(8.0);
    const auto find = v.findItem("Render", "find reach");
    ASSERT_TRUE(find) << "the Render panel's find reach button";
    v.clickAt(find->x, find->y);
    ASSERT_TRUE(view.job) << v.state().status();
    // "cancel" takes the button's place while the search runs.
    const auto cancel = v.findItem("Render", "cancel");
    ASSERT_TRUE(cancel) << "the cancel button while the search runs";
    v.clickAt(cancel->x, cancel->y);
    for (int i = 0; i < 2000 && view.job; ++i)
        v.frames(1);
    EXPECT_FALSE(view.job);
    EXPECT_FALSE(view.map);
    EXPECT_EQ(view.summary, "reach: cancelled");

    // A coarse one runs to the end: the map is shown, its summary is the command's last line.
    v.state().settings.number("r_reachGrid").set(64.0);
    const auto again = v.findItem("Render", "find reach");
    ASSERT_TRUE(again) << "find reach back in the cancel button's place";
    v.clickAt(again->x, again->y);
    ASSERT_TRUE(view.job) << v.state().status();
    for (int i = 0; i < 20000 && view.job; ++i)
        v.frames(1);
    ASSERT_TRUE(view.map) << view.summary;
    EXPECT_TRUE(v.state().analysis.values().reach);
    EXPECT_EQ(view.summary.rfind("cells=", 0), 0u) << view.summary;
    EXPECT_GT(view.map->reachable, view.map->listed / 2);

    // The playground's roofs are out of reach: the first region's "go" puts the player there.
    ASSERT_FALSE(view.regions.empty());
    ImGuiWindow* sidebar = ViewerLoopHarness::imguiWindow("Sidebar");
    ASSERT_TRUE(sidebar);
    const int first = 700;
    const ImGuiID go =
        ImHashStr("go", 0, ImHashData(&first, sizeof first, ImHashStr("Render", 0, sidebar->ID)));
    const auto button = v.findItemById(go);
    ASSERT_TRUE(button) << "the first region's go button";
    v.clickAt(button->x, button->y);
    const glm::vec3 target = view.map->cells[size_t(view.regions.front().front())].origin;
    EXPECT_LT(glm::length(v.state().session.player().origin - target), 1.0f);
}

TEST(AnalysisLoop, TheSnagCellsAreListedEachWithAGoButton) {
    // oa_minia: 100,000 ticks of the soak (under a second) snag in 2 cells (docs/analysis.md).
    ViewerLoopHarness v(1280, 720, "oa_minia");
    ASSERT_TRUE(v.ok()) << v.error;
    v.state().settings.flag("r_drawworld").set(false); // frames for the buttons only
    for (int i = 0; i < 2000 && !v.state().session.player().onGround; ++i)
        v.frames(1);
    for (const std::string& name : cliplab::viewer::panels::sectionNames())
        v.state().view.setSectionOpen(name, name == "Render");
    const std::string line = v.state().findSnags(100000);
    ASSERT_EQ(line.rfind("ticks=100000", 0), 0u) << line;
    const auto& cells = v.state().analysis.snagCells();
    ASSERT_FALSE(cells.empty()) << line;
    v.frames(1);
    // The cell with most events first: its "go" puts the player where its worst event happened.
    ImGuiWindow* sidebar = ViewerLoopHarness::imguiWindow("Sidebar");
    ASSERT_TRUE(sidebar);
    const int first = 800;
    const ImGuiID go =
        ImHashStr("go", 0, ImHashData(&first, sizeof first, ImHashStr("Render", 0, sidebar->ID)));
    const auto button = v.findItemById(go);
    ASSERT_TRUE(button) << "the first snag cell's go button";
    v.clickAt(button->x, button->y);
    EXPECT_LT(glm::length(v.state().session.player().origin - cells.front().example.position), 1.0f);
}
