// Map panel: maps in the mounted pk3s (filtered), a path field, stations and spawn points.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace cliplab::viewer::panels {

namespace {
bool containsNoCase(const std::string& text, const char* needle) {
    const size_t n = std::strlen(needle);
    if (n == 0)
        return true;
    for (size_t i = 0; i + n <= text.size(); ++i) {
        size_t k = 0;
        while (k < n && std::tolower(static_cast<unsigned char>(text[i + k])) ==
                            std::tolower(static_cast<unsigned char>(needle[k])))
            ++k;
        if (k == n)
            return true;
    }
    return false;
}

/// A list of places to jump to (click: the player goes there), in a box of at most 8 rows.
void placeList(ViewerState& state, const char* title, const std::vector<LoadedMap::Place>& places) {
    if (places.empty() ||
        !ImGui::TreeNodeEx(title, ImGuiTreeNodeFlags_DefaultOpen, "%s (%zu)", title, places.size()))
        return;
    const float rows = float(std::min<size_t>(places.size(), 8));
    if (ImGui::BeginListBox("##places", ImVec2(-1.0f, rows * ImGui::GetTextLineHeightWithSpacing() + 6.0f))) {
        for (size_t i = 0; i < places.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(places[i].label.c_str()))
                state.teleport(places[i].origin, places[i].yaw);
            ImGui::PopID();
        }
        ImGui::EndListBox();
    }
    ImGui::TreePop();
}

/// The path field and its button; Enter in the field loads too.
void pathField(ViewerState& state) {
    char* path = state.mapPathInput.data();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float button = ImGui::CalcTextSize("load").x + style.FramePadding.x * 2.0f;
    ImGui::SetNextItemWidth(-(button + style.ItemInnerSpacing.x));
    const bool enter =
        ImGui::InputTextWithHint("##path or name", "map name (oa_dm1) or path; Enter loads", path,
                                 state.mapPathInput.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
    if ((ImGui::Button("load") || enter) && path[0])
        state.pendingLoad = path;
}
} // namespace

void mapPanel(ViewerState& state) {
    if (state.map) {
        ImGui::TextWrapped("%s", state.map->argument.c_str());
        ImGui::TextDisabled("%zu brushes, %zu leaves, %zu spawn points", state.map->data.brushes.size(),
                            state.map->data.leafs.size(), state.map->spawns.size());
    }
    if (!state.pendingLoad.empty())
        ImGui::TextColored(ImVec4(1, 1, 0.3f, 1), "loading %s ...", state.pendingLoad.c_str());
    if (!state.mapError.empty()) {
        ImGui::PushTextWrapPos();
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "load failed: %s", state.mapError.c_str());
        ImGui::PopTextWrapPos();
    }
    pathField(state);
    if (ImGui::TreeNode("maps in the game data")) {
        char* filter = state.mapFilter.data();
        ImGui::InputText("filter", filter, state.mapFilter.size());
        if (ImGui::BeginListBox("##maps", ImVec2(-1, 160))) {
            for (const std::string& name : state.mapList())
                if (containsNoCase(name, filter) && ImGui::Selectable(name.c_str()))
                    state.pendingLoad = name;
            ImGui::EndListBox();
        }
        ImGui::TreePop();
    }
    if (state.map) {
        placeList(state, "playground stations", state.map->stations);
        placeList(state, "spawn points", state.map->spawns);
    }
}

} // namespace cliplab::viewer::panels
