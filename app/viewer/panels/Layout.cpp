// Where the panels go: two columns at the sides on first use, the view in the middle.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {

/// One panel and its first-use place.
struct Slot {
    void (*draw)(ViewerState&);
    bool right;     ///< Right column (else left).
    bool collapsed; ///< Starts collapsed (the less used panels).
    float height;   ///< Expanded height (pixels).
};

constexpr Slot kSlots[] = {
    {tracePanel, false, false, 300.0f},   {movementPanel, false, false, 330.0f},
    {mapPanel, true, false, 220.0f},      {probePanel, true, true, 220.0f},
    {debuggerPanel, true, true, 360.0f},  {renderPanel, true, true, 330.0f},
    {statsPanel, true, false, 260.0f},    {helpPanel, true, true, 330.0f},
};

} // namespace

void drawAll(ViewerState& state) {
    float column[2] = {8.0f, 8.0f};
    for (const Slot& slot : kSlots) {
        constexpr float kWidth = 340.0f, kCollapsedHeight = 21.0f;
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        const float x = slot.right ? display.x - kWidth - 8.0f : 8.0f;
        float& y = column[slot.right ? 1 : 0];
        ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowSize(ImVec2(kWidth, slot.height), ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowCollapsed(slot.collapsed, ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowBgAlpha(0.85f);
        y += (slot.collapsed ? kCollapsedHeight : slot.height) + 4.0f;
        slot.draw(state);
    }
}

} // namespace cliplab::viewer::panels
