// Drawn over the 3D view, under the panels: the crosshair and the mouse-capture hint.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <utility>

namespace cliplab::viewer::panels {

namespace {
/// `text` in a dark box centred at x, its top at y.
void label(ImDrawList* draw, const char* text, float x, float y, ImU32 box) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 at(x - size.x * 0.5f, y);
    draw->AddRectFilled(ImVec2(at.x - 6.0f, at.y - 3.0f), ImVec2(at.x + size.x + 6.0f, at.y + size.y + 3.0f),
                        box, 4.0f);
    draw->AddText(at, IM_COL32(255, 255, 255, 255), text);
}
} // namespace

void viewOverlay(const ViewerState& state, bool mouseCaptured, float viewWidth) {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    if (const std::string& note = state.session.worldNote(); !note.empty())
        label(draw, note.c_str(), viewWidth * 0.5f, 12.0f, IM_COL32(140, 20, 20, 220));
    // The map's note (a reload, a failed one) under it: red for an error, amber for a leak, green else.
    if (const MapNote& mapNote = state.mapper.note; !mapNote.text.empty())
        label(draw, mapNote.text.c_str(), viewWidth * 0.5f, 40.0f,
              mapNote.error     ? IM_COL32(150, 25, 25, 230)
              : mapNote.warning ? IM_COL32(150, 95, 10, 230)
                                : IM_COL32(20, 100, 40, 220));
    if (!mouseCaptured)
        return;
    const ImVec2 c(viewWidth * 0.5f, size.y * 0.5f); // the middle of the 3D view, left of the sidebar
    // The crosshair marks where a click probes: a light cross with a dark outline, seen on any wall.
    constexpr float kArm = 8.0f, kGap = 3.0f;
    for (const auto& [colour, width] :
         {std::pair{IM_COL32(0, 0, 0, 200), 3.0f}, {IM_COL32(255, 255, 255, 230), 1.0f}}) {
        draw->AddLine(ImVec2(c.x - kArm, c.y), ImVec2(c.x - kGap, c.y), colour, width);
        draw->AddLine(ImVec2(c.x + kGap, c.y), ImVec2(c.x + kArm, c.y), colour, width);
        draw->AddLine(ImVec2(c.x, c.y - kArm), ImVec2(c.x, c.y - kGap), colour, width);
        draw->AddLine(ImVec2(c.x, c.y + kGap), ImVec2(c.x, c.y + kArm), colour, width);
    }
    // Above the Recording bar docked along the bottom of the view.
    label(draw, "mouse captured: Esc releases", c.x,
          size.y - ImGui::GetFrameHeight() - ImGui::GetTextLineHeight() - 16.0f, IM_COL32(0, 0, 0, 170));
}

} // namespace cliplab::viewer::panels
