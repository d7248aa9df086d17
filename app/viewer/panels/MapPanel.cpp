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
                state.teleport(places[i].origin, places[i].yaw, "a jump to a station");
            ImGui::PopID();
        }
        ImGui::EndListBox();
    }
    ImGui::TreePop();
}

/// The path field and its button; Enter in the field loads too.
void pathField(ViewerState& state) {
    char* path = state.inputs.mapPath.data();
    if (fieldAndButton("##path or name", "map name (oa_dm1) or path; Enter loads", path,
                       state.inputs.mapPath.size(), "load"))
        state.session.requestLoad(path);
}
} // namespace

void mapPanel(ViewerState& state) {
    Session& session = state.session;
    if (const LoadedMap* map = session.map()) {
        ImGui::TextWrapped("%s", map->argument.c_str());
        // Deathmatch spawns (info_player_deathmatch, info_player_start): where the game and reach put
        // a player outside team games. CTF team spawns are among the Render panel's markers.
        ImGui::TextDisabled("%zu brushes, %zu leaves, %zu deathmatch spawn points", map->data.brushes.size(),
                            map->data.leafs.size(), map->spawns.size());
    }
    if (!session.pendingLoad().empty())
        ImGui::TextColored(ImVec4(1, 1, 0.3f, 1), "loading %s ...", session.pendingLoad().c_str());
    if (!session.mapError().empty()) {
        ImGui::PushTextWrapPos();
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "load failed: %s", session.mapError().c_str());
        ImGui::PopTextWrapPos();
    }
    pathField(state);
    if (ImGui::TreeNode("maps in the game data")) {
        char* filter = state.inputs.mapFilter.data();
        ImGui::InputText("filter", filter, state.inputs.mapFilter.size());
        if (ImGui::BeginListBox("##maps", ImVec2(-1, 160))) {
            for (const std::string& name : session.mapList())
                if (containsNoCase(name, filter) && ImGui::Selectable(name.c_str()))
                    session.requestLoad(name);
            ImGui::EndListBox();
        }
        ImGui::TreePop();
    }
    demoOpenSection(state);
    if (const LoadedMap* map = session.map()) {
        placeList(state, "playground stations", map->stations);
        placeList(state, "deathmatch spawn points", map->spawns);
    }
}

} // namespace cliplab::viewer::panels
