// The sidebar: one window docked to the right edge, full height, with a collapsing section per
// panel; the 3D view gets the rest of the window. Nothing floats, so nothing covers anything.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <algorithm>

namespace cliplab::viewer::panels {

namespace {

/// One section of the sidebar.
struct Section {
    const char* name;
    void (*draw)(ViewerState&);
    bool open; ///< Open on first use.
};

constexpr Section kSections[] = {
    {"Map", mapPanel, true},
    {"Movement", movementPanel, true},
    {"Trace", tracePanel, true},
    {"Probe", probePanel, false},
    {"Mapper", mapperPanel, false},
    {"Inspector", inspectorPanel, false},
    {"Trace debugger", debuggerPanel, false},
    {"Render", renderPanel, false},
    {"Stats", statsPanel, false},
    {"Help", helpPanel, false},
};

/// The sidebar's first width: 30% of the window, within [360, 520] pixels (labels need ~150).
float firstWidth(float displayWidth) {
    return std::clamp(displayWidth * 0.3f, 360.0f, 520.0f);
}

} // namespace

std::vector<std::string> sectionNames() {
    std::vector<std::string> names;
    for (const Section& s : kSections)
        names.emplace_back(s.name);
    return names;
}

void applyStyle() {
    ImGuiStyle& style = ImGui::GetStyle();
    // Opaque: the world must not show through the text.
    style.Colors[ImGuiCol_WindowBg].w = 1.0f;
    style.Colors[ImGuiCol_PopupBg].w = 1.0f;
    style.WindowRounding = 0.0f;
}

float labelColumn() {
    return ImGui::GetFontSize() * 11.0f;
}

float drawAll(ViewerState& state) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    // Docked right, full height; the user may drag its left edge (width kept in imgui.ini).
    ImGui::SetNextWindowPos(ImVec2(display.x, 0.0f), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(firstWidth(display.x), display.y), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(300.0f, display.x), display.y),
                                        ImVec2(std::max(300.0f, display.x * 0.6f), display.y));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoFocusOnAppearing;
    float width = 0.0f;
    if (ImGui::Begin("Sidebar", nullptr, kFlags)) {
        const std::string reveal = state.view.takeReveal();
        for (const Section& s : kSections) {
            const auto& sections = state.view.values().sections;
            auto known = sections.find(s.name);
            ImGui::SetNextItemOpen(known == sections.end() ? s.open : known->second, ImGuiCond_Always);
            const bool open = ImGui::CollapsingHeader(s.name);
            if (reveal == s.name)
                ImGui::SetScrollHereY(0.0f); // its header at the top, its content below
            state.view.setSectionOpen(s.name, open);
            if (!open)
                continue;
            ImGui::PushID(s.name);
            ImGui::PushItemWidth(-labelColumn());
            s.draw(state);
            ImGui::PopItemWidth();
            ImGui::PopID();
            ImGui::Spacing();
        }
    }
    width = ImGui::GetWindowWidth();
    ImGui::End();
    return std::max(0.0f, display.x - width);
}

} // namespace cliplab::viewer::panels
