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

ImVec4 imColor(const debugdraw::Color& c) {
    return ImVec4(c.r, c.g, c.b, 1.0f);
}

/// A colour swatch and a checkbox: one legend row.
bool legendRow(const char* id, const debugdraw::Color& color, const std::string& label, bool* on) {
    ImGui::ColorButton(id, imColor(color), ImGuiColorEditFlags_NoTooltip, ImVec2(12.0f, 12.0f));
    ImGui::SameLine();
    return ImGui::Checkbox(label.c_str(), on);
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
    ImGui::Checkbox("collision brushes (instead of surfaces)", &state.collisionBrushView);
    if (!state.collisionBrushView)
        return;
    // The legend is the filter: one swatch and checkbox per kind, with the map's count.
    std::vector<std::string> labels;
    for (int k = 0; k < inspect::kBrushKindCount; ++k)
        labels.push_back(std::string(inspect::brushKindName(static_cast<inspect::BrushKind>(k))) + " (" +
                         std::to_string(state.map ? state.map->brushKinds[size_t(k)] : 0) + ")");
    if (ImGui::BeginTable("##brushkinds", legendColumns(labels))) {
        for (int k = 0; k < inspect::kBrushKindCount; ++k) {
            const auto kind = static_cast<inspect::BrushKind>(k);
            bool on = state.brushView.shown[size_t(k)];
            ImGui::TableNextColumn();
            ImGui::PushID(k);
            if (legendRow("##swatch", brushKindColor(kind), labels[size_t(k)], &on))
                state.brushView.shown[size_t(k)] = on;
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::Checkbox("bevel arrows (sides that bound no face)", &state.brushView.bevels);
}

void markerSection(ViewerState& state) {
    ImGui::TextUnformatted("entity markers");
    std::vector<std::string> labels;
    for (int k = 0; k < inspect::kMarkerKindCount; ++k) {
        const auto kind = static_cast<inspect::MarkerKind>(k);
        size_t count = 0;
        if (state.map)
            for (const auto& m : state.map->markers)
                count += m.kind == kind ? 1 : 0;
        labels.push_back(std::string(inspect::markerKindName(kind)) + " (" + std::to_string(count) + ")");
    }
    if (ImGui::BeginTable("##markerkinds", legendColumns(labels))) {
        for (int k = 0; k < inspect::kMarkerKindCount; ++k) {
            const auto kind = static_cast<inspect::MarkerKind>(k);
            bool on = state.markers.shown[size_t(k)];
            ImGui::TableNextColumn();
            ImGui::PushID(100 + k);
            if (legendRow("##swatch", markerKindColor(kind), labels[size_t(k)], &on))
                state.markers.shown[size_t(k)] = on;
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::Checkbox("labels (markers in sight within 1024 units)", &state.markers.labels);
}

void markerLabels(const ViewerState& state) {
    if (!state.map || !state.markers.labels)
        return;
    const ImGuiIO& io = ImGui::GetIO();
    const glm::mat4 vp = state.camera.viewProjection();
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    for (const inspect::Marker& m : state.map->markers) {
        if (!state.markers.shown[static_cast<size_t>(m.kind)])
            continue;
        const glm::vec3 at = markerLabelPoint(m);
        if (!(glm::length(at - state.camera.eye) <= state.markers.labelRange))
            continue;
        const glm::vec4 clip = vp * glm::vec4(at, 1.0f);
        if (clip.w <= 1.0f)
            continue; // behind the eye or too close to place
        // The 3D view is the camera's viewport (left of the sidebar), in drawable pixels.
        const float viewW = float(state.camera.width) / std::max(io.DisplayFramebufferScale.x, 1e-3f);
        const float viewH = float(state.camera.height) / std::max(io.DisplayFramebufferScale.y, 1e-3f);
        const float x = (clip.x / clip.w * 0.5f + 0.5f) * viewW;
        const float y = (0.5f - clip.y / clip.w * 0.5f) * viewH;
        if (x < 0.0f || y < 0.0f || x > viewW || y > viewH)
            continue;
        // Labels of markers behind walls would read as if they were in this room.
        const collision::TraceResult r =
            state.map->model->trace(collision::Shape::ray(), state.camera.eye, at, bsp::contents::Solid);
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
