// Help panel: the keys.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

void helpPanel(ViewerState& state) {
    static constexpr const char* kKeys[][2] = {
        {"click in view", "capture the mouse (mouse look); captured: click fires the probe"},
        {"right button held", "mouse look; left click then probes through the cursor"},
        {"Esc", "release the mouse"},
        {"~", "the console (the key left of 1): commands and every setting; ~ again closes it"},
        {"Ctrl+Q", "quit"},
        {"W A S D", "move"},
        {"Space", "jump / fly up"},
        {"C", "crouch / fly down"},
        {"Shift", "walk slowly"},
        {"V / F", "noclip / fly (again: walk)"},
        {"R", "back to the spawn point"},
        {"T", "chase camera / first person"},
        {"mouse wheel", "fly and noclip speed"},
        {"P / N", "freeze the simulation / step one tick; a recording or demo playing: play or pause / "
                  "step (Shift+N: back)"},
        {"1 / 2", "sweep start / end at the player's eye"},
        {"F5", "record the player's inputs / stop and save (Recording panel: play, ghosts)"},
        {"K / Shift+K", "a demo playing: follow the next / previous player"},
        {"Ctrl+Z / Ctrl+Y", "run editor (Recording panel): undo / redo the last edit"},
        {"F11", "fullscreen"},
        {"F12", "screenshot (PNG in ~/Pictures/cliplab; the console says where)"},
    };
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
        // The keys column as wide as its longest entry, the descriptions wrapped in the rest.
        ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
        for (const auto& k : kKeys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(k[0]);
            ImGui::TableNextColumn();
            ImGui::TextWrapped("%s", k[1]);
        }
        ImGui::EndTable();
    }
    ImGui::TextWrapped(
        "Movement panel, method step-and-correct: the player moves in steps and is pushed out of "
        "brushes; its \"thin-wall demo\" button (playground) sets long steps and high speed at the thin "
        "walls: hold W to pass through them, then pick swept traces to be stopped.");
    if (!state.status().empty())
        ImGui::TextWrapped("%s", state.status().c_str());
}

} // namespace cliplab::viewer::panels
