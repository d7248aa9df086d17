// Widgets more than one panel uses.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {
struct MaskBit {
    const char* name;
    int32_t bit;
};
constexpr MaskBit kMaskBits[] = {
    {"solid", bsp::contents::Solid},
    {"playerclip", bsp::contents::PlayerClip},
    {"monsterclip", bsp::contents::MonsterClip},
    {"body", bsp::contents::Body},
    {"water", bsp::contents::Water},
    {"slime", bsp::contents::Slime},
    {"lava", bsp::contents::Lava},
    {"trigger", bsp::contents::Trigger},
};
} // namespace

bool maskCheckboxes(const char* id, int32_t& mask) {
    ImGui::PushID(id);
    bool changed = false;
    // Three to a row when they fit, two otherwise (the sidebar may be narrow).
    const float cell =
        ImGui::CalcTextSize("monsterclip").x + ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x * 2;
    const int perRow = ImGui::GetContentRegionAvail().x >= cell * 3.0f ? 3 : 2;
    // Columns start where the first box does: inside a tree node that is the node's indent.
    const float left = ImGui::GetCursorPosX();
    int column = 0;
    for (const MaskBit& b : kMaskBits) {
        if (column % perRow != 0)
            ImGui::SameLine(left + float(column % perRow) * cell);
        bool on = (mask & b.bit) != 0;
        if (ImGui::Checkbox(b.name, &on)) {
            mask = on ? (mask | b.bit) : (mask & ~b.bit);
            changed = true;
        }
        ++column;
    }
    ImGui::TextDisabled("mask = 0x%08x", static_cast<unsigned>(mask));
    ImGui::PopID();
    return changed;
}

void note(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

void subheading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram), "%s", text);
    ImGui::Separator();
}

} // namespace cliplab::viewer::panels
