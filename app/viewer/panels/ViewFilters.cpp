// The Render panel's legends with filters: brush kinds of the collision brush view (as Radiant's
// filters) and entity marker kinds; and the markers' labels drawn over the 3D view.

#include "viewer/BrushView.h"
#include "viewer/MarkerView.h"
#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace cliplab::viewer::panels {

namespace {

/// A colour swatch and a checkbox of name `index` of `set`: one legend row.
bool legendRow(const char* id, const debugdraw::Color& color, NameSetSetting& set, int index,
               const std::string& label) {
    ImGui::ColorButton(id, imColor(color), ImGuiColorEditFlags_NoTooltip, ImVec2(12.0f, 12.0f));
    ImGui::SameLine();
    return nameCheckbox(set, index, label.c_str());
}

/// Two legend columns when the longest of `labels` fits half the width, else one.
int legendColumns(const std::vector<std::string>& labels) {
    float widest = 0.0f;
    for (const std::string& l : labels)
        widest = std::max(widest, ImGui::CalcTextSize(l.c_str()).x);
    const ImGuiStyle& style = ImGui::GetStyle();
    const float row = 12.0f + style.ItemSpacing.x + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                      widest + style.CellPadding.x * 2.0f;
    return ImGui::GetContentRegionAvail().x >= 2.0f * row ? 2 : 1;
}

} // namespace

void brushViewSection(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    checkbox(reg.flag("r_brushes"));
    if (!state.view.values().brushes)
        return;
    // The legend is the filter: one swatch and checkbox per kind, with the map's count.
    const LoadedMap* map = state.session.map();
    NameSetSetting& kinds = reg.nameSet("r_brushKinds");
    std::vector<std::string> labels;
    for (int k = 0; k < inspect::kBrushKindCount; ++k)
        labels.push_back(kinds.names()[size_t(k)] + " (" +
                         std::to_string(map ? map->brushKinds[size_t(k)] : 0) + ")");
    if (ImGui::BeginTable("##brushkinds", legendColumns(labels))) {
        for (int k = 0; k < inspect::kBrushKindCount; ++k) {
            ImGui::TableNextColumn();
            ImGui::PushID(k);
            legendRow("##swatch", brushKindColor(static_cast<inspect::BrushKind>(k)), kinds, k,
                      labels[size_t(k)]);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    checkbox(reg.flag("r_bevels"));
}

void markerSection(ViewerState& state) {
    ImGui::TextUnformatted("entity markers");
    const LoadedMap* map = state.session.map();
    NameSetSetting& kinds = state.settings.nameSet("r_markerKinds");
    std::vector<std::string> labels;
    for (int k = 0; k < inspect::kMarkerKindCount; ++k) {
        const auto kind = static_cast<inspect::MarkerKind>(k);
        size_t count = 0;
        if (map)
            for (const auto& m : map->markers)
                count += m.kind == kind ? 1 : 0;
        labels.push_back(kinds.names()[size_t(k)] + " (" + std::to_string(count) + ")");
    }
    // Spawn points: the deathmatch ones (the Map panel's list) and the CTF team ones, named apart.
    if (map) {
        size_t deathmatch = 0, team = 0;
        for (const auto& m : map->markers)
            if (m.kind == inspect::MarkerKind::Spawn)
                (m.classname.rfind("team_", 0) == 0 ? team : deathmatch) += 1;
        if (team > 0)
            labels[size_t(inspect::MarkerKind::Spawn)] = kinds.names()[size_t(inspect::MarkerKind::Spawn)] +
                                                         " (" + std::to_string(deathmatch) + " deathmatch, " +
                                                         std::to_string(team) + " team)";
    }
    if (ImGui::BeginTable("##markerkinds", legendColumns(labels))) {
        for (int k = 0; k < inspect::kMarkerKindCount; ++k) {
            ImGui::TableNextColumn();
            ImGui::PushID(100 + k);
            legendRow("##swatch", markerKindColor(static_cast<inspect::MarkerKind>(k)), kinds, k,
                      labels[size_t(k)]);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    checkbox(state.settings.flag("r_markerLabels"));
}

void markerLabels(const ViewerState& state) {
    const LoadedMap* map = state.session.map();
    const MarkerToggles& markers = state.view.values().markers;
    if (!map || !markers.labels)
        return;
    const ImGuiIO& io = ImGui::GetIO();
    const scene::Camera& camera = state.view.camera();
    const glm::mat4 vp = camera.viewProjection();
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    for (const inspect::Marker& m : map->markers) {
        if (!markers.shown[static_cast<size_t>(m.kind)])
            continue;
        const glm::vec3 at = markerLabelPoint(m);
        if (!(glm::length(at - camera.eye) <= markers.labelRange))
            continue;
        const glm::vec4 clip = vp * glm::vec4(at, 1.0f);
        if (clip.w <= 1.0f)
            continue; // behind the eye or too close to place
        // The 3D view is the camera's viewport (left of the sidebar), in drawable pixels.
        const float viewW = float(camera.width) / std::max(io.DisplayFramebufferScale.x, 1e-3f);
        const float viewH = float(camera.height) / std::max(io.DisplayFramebufferScale.y, 1e-3f);
        const float x = (clip.x / clip.w * 0.5f + 0.5f) * viewW;
        const float y = (0.5f - clip.y / clip.w * 0.5f) * viewH;
        if (x < 0.0f || y < 0.0f || x > viewW || y > viewH)
            continue;
        // Labels of markers behind walls would read as if they were in this room.
        const collision::TraceResult r =
            map->model->trace(collision::Shape::ray(), camera.eye, at, bsp::contents::Solid);
        if (r.fraction < 1.0f)
            continue;
        const ImVec2 size = ImGui::CalcTextSize(m.label.c_str());
        const ImVec2 pos(x - size.x * 0.5f, y - size.y);
        list->AddRectFilled(ImVec2(pos.x - 2.0f, pos.y - 1.0f),
                            ImVec2(pos.x + size.x + 2.0f, pos.y + size.y + 1.0f), IM_COL32(0, 0, 0, 160));
        const debugdraw::Color c = markerKindColor(m.kind);
        list->AddText(pos, ImGui::ColorConvertFloat4ToU32(imColor(c)), m.label.c_str());
    }
}

} // namespace cliplab::viewer::panels
