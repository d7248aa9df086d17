// The panels' layout holds at 1280x720, 1600x900 and 1920x1080 with every panel open: checked
// through ImGui's own records of the last frame (window rectangles, how far each window's and
// each table column's contents reached), in the real viewer loop.

#include "viewer/ViewerLoopHarness.h"
#include "viewer/panels/Panels.h"

#include <sstream>

using cliplab::test::ViewerLoopHarness;

namespace {

struct Size {
    int width, height;
};

/// True for windows that are part of the layout (not tooltips, popups or combo lists).
bool laidOut(const ImGuiWindow* w) {
    return w->Active && !w->Hidden &&
           !(w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup | ImGuiWindowFlags_ChildMenu));
}

/// Every open panel's contents within its window's width: a label or button that runs past the
/// edge shows as contents wider than the room (the cursor's reach is recorded for every item).
/// One pixel is allowed: wrapped text is measured rounded up to whole pixels.
std::string cutContents() {
    std::ostringstream out;
    for (ImGuiWindow* w : GImGui->Windows) {
        if (!laidOut(w) || w->ScrollbarX) // a horizontal scrollbar reaches what is out of sight
            continue;
        const float room = w->ContentRegionRect.GetWidth();
        if (w->ContentSize.x > room + 1.0f)
            out << "window '" << w->Name << "': contents " << w->ContentSize.x << " px wide, room " << room
                << "\n";
    }
    ImGuiContext& g = *GImGui;
    for (int i = 0; i < g.Tables.GetMapSize(); ++i) {
        ImGuiTable* t = g.Tables.TryGetMapData(i);
        // A table that scrolls sideways shows a scrollbar for what is out of sight: not cut.
        if (!t || t->LastFrameActive < g.FrameCount - 1 || (t->Flags & ImGuiTableFlags_ScrollX))
            continue;
        for (int c = 0; c < t->ColumnsCount; ++c) {
            const ImGuiTableColumn& col = t->Columns[c];
            const float reach = std::max(col.ContentMaxXUnfrozen, col.ContentMaxXHeadersUsed);
            if (reach > col.ClipRect.Max.x + 1.0f)
                out << "table in '" << t->OuterWindow->Name << "' column " << c << ": contents reach "
                    << reach << ", clipped at " << col.ClipRect.Max.x << "\n";
        }
    }
    return out.str();
}

} // namespace

class ViewerLayout : public ::testing::TestWithParam<Size> {};

TEST_P(ViewerLayout, EveryPanelOpenFitsWithoutOverlap) {
    const Size size = GetParam();
    ViewerLoopHarness v(size.width, size.height);
    ASSERT_TRUE(v.ok()) << v.error;
    const std::vector<std::string> sections = cliplab::viewer::panels::sectionNames();
    // A probe and a sweep, so the Probe panel and the debugger show their longest contents.
    const glm::vec3 eye = v.state().view.camera().eye;
    v.state().probes.setSweep({true, eye, eye + glm::vec3(512.0f, 0.0f, -64.0f)});
    v.state().probes.setProbe(
        {v.state().traceLogged("probe", v.state().probes.settings().probeShape(), eye,
                               eye + glm::vec3(0.0f, 0.0f, -512.0f), v.state().probes.settings().mask)});
    v.state().probes.selectTrace(0);
    v.state().probes.inspectTrace(*v.state().probes.probe(), "probe"); // the Inspector's longest contents
    v.state().settings.flag("r_brushes").set(true);        // the Render panel's legend of brush kinds
    v.state().settings.flag("r_surfaceClasses").set(true); // the surface class legend
    v.state().settings.flag("r_hull").set(true);           // the hull box combo
    v.state().session.replay().panel.expand = true;        // the Recording bar open
    v.frames(1);
    // Inside the sections, every tree node open too.
    const std::pair<const char*, const char*> trees[] = {{"Movement", "player shape"},
                                                         {"Movement", "settings"},
                                                         {"Map", "maps in the game data"},
                                                         {"Map", "playground stations"},
                                                         {"Map", "deathmatch spawn points"}};
    for (const auto& [section, label] : trees)
        ViewerLoopHarness::setTreeNodeOpen(section, label, true);

    // Each section alone, then all at once: its contents fit its width (no cut label or button).
    for (const std::string& alone : sections) {
        for (const std::string& name : sections)
            v.state().view.setSectionOpen(name, name == alone);
        v.frames(3);
        EXPECT_EQ(cutContents(), "") << "with only " << alone << " open";
    }
    for (const std::string& name : sections)
        v.state().view.setSectionOpen(name, true);
    v.frames(3);
    EXPECT_EQ(cutContents(), "") << "with every section open";
    // The tree nodes were open: closing Movement's settings makes the sidebar's contents shorter.
    ImGuiWindow* bar = ViewerLoopHarness::imguiWindow("Sidebar");
    ASSERT_TRUE(bar);
    const float tall = bar->ContentSize.y;
    ViewerLoopHarness::setTreeNodeOpen("Movement", "settings", false);
    v.frames(2);
    EXPECT_LT(bar->ContentSize.y, tall - 200.0f) << "Movement's settings were not open";
    ViewerLoopHarness::setTreeNodeOpen("Movement", "settings", true);
    v.frames(2);

    // Windows inside the display, none over another.
    const ImRect display(0.0f, 0.0f, float(size.width), float(size.height));
    std::vector<ImGuiWindow*> top;
    for (ImGuiWindow* w : GImGui->Windows)
        if (laidOut(w) && !(w->Flags & ImGuiWindowFlags_ChildWindow))
            top.push_back(w);
    ASSERT_FALSE(top.empty());
    for (size_t i = 0; i < top.size(); ++i) {
        EXPECT_TRUE(display.Contains(top[i]->Rect())) << top[i]->Name << " leaves the window";
        for (size_t j = i + 1; j < top.size(); ++j)
            EXPECT_FALSE(top[i]->Rect().Overlaps(top[j]->Rect()))
                << top[i]->Name << " covers " << top[j]->Name;
    }
    // The 3D view keeps most of the window.
    ImGuiWindow* sidebar = ViewerLoopHarness::imguiWindow("Sidebar");
    ASSERT_TRUE(sidebar);
    EXPECT_LE(sidebar->Size.x, 0.42f * float(size.width));
    EXPECT_EQ(sidebar->Size.y, float(size.height));

    for (const std::string& name : sections)
        EXPECT_TRUE(v.state().view.values().sections.at(name)) << name;

    // Opaque backgrounds: nothing of the world shows through the panels.
    EXPECT_EQ(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w, 1.0f);
    EXPECT_EQ(ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w, 1.0f);
    EXPECT_EQ(ImGui::GetStyle().Alpha, 1.0f);
}

INSTANTIATE_TEST_SUITE_P(Sizes, ViewerLayout,
                         ::testing::Values(Size{1280, 720}, Size{1600, 900}, Size{1920, 1080}),
                         [](const ::testing::TestParamInfo<Size>& p) {
                             return std::to_string(p.param.width) + "x" + std::to_string(p.param.height);
                         });

TEST(ViewerFirstMinute, FirstPersonWithALegendOfEveryOverlayDrawn) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    auto& st = v.state();
    // A Quake player starts in first person: no box of its own in front of the view.
    EXPECT_FALSE(st.view.values().chase);
    v.frames(3);
    auto texts = [&st] {
        std::string all;
        for (const auto& l : cliplab::viewer::panels::overlayLegend(st))
            all += std::string(l.text) + "\n";
        return all;
    };
    // The player's ground trace draws its segment, hit point, plane and brush: each is named.
    const std::string named = texts();
    for (const char* overlay : {"trace: stopped", "hit point", "hit plane", "hit brush"})
        EXPECT_NE(named.find(overlay), std::string::npos) << overlay << " in\n" << named;
    EXPECT_EQ(named.find("the player's shape"), std::string::npos) << "first person draws no player box";
    // A toggle off takes its line away; the chase camera adds the player's shape.
    st.settings.flag("vis_hitPlane").set(false);
    st.settings.flag("cg_thirdPerson").set(true);
    const std::string changed = texts();
    EXPECT_EQ(changed.find("hit plane"), std::string::npos) << changed;
    EXPECT_NE(changed.find("the player's shape"), std::string::npos) << changed;
    // Colours told apart: the legend's swatches differ from each other.
    const auto lines = cliplab::viewer::panels::overlayLegend(st);
    for (size_t i = 0; i < lines.size(); ++i)
        for (size_t j = i + 1; j < lines.size(); ++j)
            EXPECT_NE(lines[i].colour, lines[j].colour) << lines[i].text << " / " << lines[j].text;
    st.settings.flag("cg_drawLegend").set(false);
    EXPECT_TRUE(cliplab::viewer::panels::overlayLegend(st).empty());
}

TEST(ViewerFirstMinute, TheRecordingBarShrinksTheViewAndStaysAsLeft) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    auto& st = v.state();
    // Closed at start (nothing saved says otherwise): only its title bar, the view above it.
    EXPECT_FALSE(st.view.values().recordingOpen);
    ImGuiWindow* bar = ViewerLoopHarness::imguiWindow("Recording");
    ASSERT_TRUE(bar);
    EXPECT_TRUE(bar->Collapsed);
    EXPECT_EQ(st.view.camera().height, 720 - int(bar->Size.y + 0.5f));
    // F5 (a recording) opens it: the view shrinks to end at its top, so it covers nothing.
    st.session.replay().panel.expand = true;
    v.frames(3);
    EXPECT_FALSE(bar->Collapsed);
    EXPECT_TRUE(st.view.values().recordingOpen) << "kept in viewer.cfg as ui.recording";
    EXPECT_GT(bar->Size.y, 100.0f);
    EXPECT_EQ(st.view.camera().height, 720 - int(bar->Size.y + 0.5f));
    EXPECT_EQ(bar->Pos.y + bar->Size.y, 720.0f);
    // The setting closes it again (as the file does at the next start).
    st.settings.flag("ui_recording").set(false);
    v.frames(3);
    EXPECT_TRUE(bar->Collapsed);
    EXPECT_LT(bar->Size.y, 40.0f);
    EXPECT_EQ(st.view.camera().height, 720 - int(bar->Size.y + 0.5f));
}

TEST(ViewerFirstMinute, NoclipNamesTheFaceAndBrushUnderTheCursor) {
    ViewerLoopHarness v(1280, 720);
    ASSERT_TRUE(v.ok()) << v.error;
    auto& st = v.state();
    // Looking down at the playground's floor from the spawn.
    st.view.setAngles(60.0f, 0.0f);
    const auto point = v.emptyPoint();
    ASSERT_TRUE(point);
    v.mouseTo(point->x, point->y);
    v.frames(2);
    EXPECT_FALSE(st.analysis.aimed()) << "walking: not named by default";
    st.setMode(cliplab::movement::Mode::Noclip);
    v.frames(2);
    ASSERT_TRUE(st.analysis.aimed()) << "noclip names what the cursor points at";
    const std::string& text = st.analysis.aimed()->text;
    EXPECT_EQ(text.rfind("brush ", 0), 0u) << text;
    EXPECT_NE(text.find(" side "), std::string::npos) << text;
    EXPECT_NE(text.find("\ntextures/"), std::string::npos) << text;
    EXPECT_NE(text.find("\nSOLID"), std::string::npos) << text;
    st.settings.choice("cg_crosshairNames").set(0); // off
    v.frames(2);
    EXPECT_FALSE(st.analysis.aimed());
    st.settings.choice("cg_crosshairNames").set(2); // always
    st.setMode(cliplab::movement::Mode::Walk);
    v.frames(2);
    EXPECT_TRUE(st.analysis.aimed());
}
