// Map panel: maps in the mounted pk3s (filtered), a path field, stations and spawn points.

#include "viewer/panels/Panels.h"

#include <imgui.h>

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

void placeList(ViewerState& state, const char* title, const std::vector<LoadedMap::Place>& places) {
    if (places.empty() || !ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen))
        return;
    for (size_t i = 0; i < places.size(); ++i) {
        const auto& p = places[i];
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Selectable(p.label.c_str()))
            state.teleport(p.origin, p.yaw);
        ImGui::PopID();
    }
}
} // namespace

void mapPanel(ViewerState& state) {
    if (!ImGui::Begin("Map")) {
        ImGui::End();
        return;
    }
    if (state.map)
        ImGui::Text("%s  (%zu brushes, %zu leaves)", state.map->argument.c_str(), state.map->data.brushes.size(),
                    state.map->data.leafs.size());
    if (!state.pendingLoad.empty())
        ImGui::TextColored(ImVec4(1, 1, 0.3f, 1), "loading %s ...", state.pendingLoad.c_str());
    if (!state.mapError.empty()) {
        ImGui::PushTextWrapPos();
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "load failed: %s", state.mapError.c_str());
        ImGui::PopTextWrapPos();
    }
    char* path = state.mapPathInput.data();
    ImGui::InputText("path or name", path, state.mapPathInput.size());
    ImGui::SameLine();
    if (ImGui::Button("load") && path[0])
        state.pendingLoad = path;
    if (ImGui::CollapsingHeader("maps in the game data")) {
        char* filter = state.mapFilter.data();
        ImGui::InputText("filter", filter, state.mapFilter.size());
        if (ImGui::BeginListBox("##maps", ImVec2(-1, 160))) {
            for (const std::string& name : state.mapList())
                    if (containsNoCase(name, filter) && ImGui::Selectable(name.c_str()))
                        state.pendingLoad = name;
            ImGui::EndListBox();
        }
    }
    if (state.map) {
        placeList(state, "playground stations", state.map->stations);
        placeList(state, "spawn points", state.map->spawns);
    }
    ImGui::End();
}

} // namespace cliplab::viewer::panels
