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
    v.state().settings.flag("r_brushes").set(true); // the Render panel's legend of brush kinds
    v.state().session.replay().panel.expand = true; // the Recording bar open
    v.frames(1);
    // Inside the sections, every tree node open too.
    const std::pair<const char*, const char*> trees[] = {{"Movement", "player shape"},
                                                         {"Movement", "settings"},
                                                         {"Map", "maps in the game data"},
                                                         {"Map", "playground stations"},
                                                         {"Map", "spawn points"}};
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
