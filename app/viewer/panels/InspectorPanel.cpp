// Inspector panel: what a probe or a trace of the Trace debugger stopped on, in a mapper's words:
// the shader, surface flags and contents by name, the brush with its sides (plane, shader, bevel)
// and the entity owning it, and a button that takes the camera to the brush.

#include "viewer/BrushView.h"
#include "viewer/panels/Panels.h"

#include "bsp/FlagNames.h"

#include <imgui.h>

#include <string>

namespace cliplab::viewer::panels {

namespace {

/// "name  value" with the value wrapped (shader names and flag lists are long); the values start
/// after the longest name, whatever the font.
void field(const char* name, const std::string& value) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float column =
        style.WindowPadding.x + ImGui::CalcTextSize("surface classes").x + 2.0f * style.ItemSpacing.x;
    ImGui::TextDisabled("%s", name);
    ImGui::SameLine(column);
    ImGui::TextWrapped("%s", value.c_str());
}

std::string ownerText(const inspect::Owner& o) {
    std::string text = o.entity >= 0 ? "entity " + std::to_string(o.entity) + " " + o.classname : "no entity";
    if (!o.targetname.empty())
        text += " \"" + o.targetname + "\"";
    text += o.model == 0 ? "  (world, model 0)" : "  (model *" + std::to_string(o.model) + ")";
    return text;
}

std::string vecText(const glm::vec3& v) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.2f %.2f %.2f", double(v.x), double(v.y), double(v.z));
    return buf;
}

void sidesTable(const inspect::BrushInfo& info, int32_t hitSide) {
    // Wider than the sidebar: it scrolls sideways (its own scrollbar) rather than cut the shaders.
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                       ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                       ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Resizable;
    const float rows = float(std::min<size_t>(info.sides.size(), 10) + 1);
    if (!ImGui::BeginTable("##sides", 5, kFlags,
                           ImVec2(0.0f, rows * ImGui::GetTextLineHeightWithSpacing() + 8.0f)))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("side");
    ImGui::TableSetupColumn("plane (normal, dist)");
    ImGui::TableSetupColumn("bevel");
    ImGui::TableSetupColumn("shader");
    ImGui::TableSetupColumn("surface flags");
    ImGui::TableHeadersRow();
    for (const inspect::SideInfo& s : info.sides) {
        ImGui::TableNextRow();
        if (s.index == hitSide)
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(120, 70, 20, 200));
        ImGui::TableNextColumn();
        ImGui::Text("%d%s", s.index, s.index == hitSide ? " hit" : "");
        ImGui::TableNextColumn();
        ImGui::Text("%.3f %.3f %.3f  %.2f", double(s.normal.x), double(s.normal.y), double(s.normal.z),
                    double(s.dist));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(s.bevel ? "bevel" : "face");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(s.shader.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(bsp::surfaceFlagNames(s.surfaceFlags).c_str());
    }
    ImGui::EndTable();
}

} // namespace

void inspectorPanel(ViewerState& state) {
    const LoadedMap* map = state.session.map();
    Probes& probes = state.probes;
    if (!probes.inspection() || !map || !map->inspector) {
        ImGui::TextWrapped(
            "Probe a surface (click in the view), or pick a trace or a tested brush in the Trace "
            "debugger: its shader, flags, brush and entity show here.");
        return;
    }
    const Inspection in = *probes.inspection(); // a copy: "clear" below drops the original
    const inspect::Inspector& inspector = *map->inspector;
    field("from", in.source);
    if (in.hit || in.brushSide >= 0 || in.surface >= 0) {
        if (!in.hit) {
            ImGui::TextUnformatted("the trace hit nothing");
        } else {
            const inspect::SurfaceInfo s = inspector.hitSurface(in.brush, in.brushSide, in.surface);
            field("hit at", vecText(in.point));
            field("shader", s.shader.empty() ? "(none)" : s.shader);
            field("surface flags", bsp::surfaceFlagNames(s.surfaceFlags));
            field("contents", bsp::contentsNames(s.contents));
            if (const analysis::ClassifiedFace* f = map->face(in.brushSide, in.surface, in.facet))
                field("surface classes", surfaceClassesText(f->classes));
            if (in.surface >= 0)
                field("patch", "surface " + std::to_string(in.surface) + " (a curve: no brush)");
        }
    }
    if (in.brush >= 0) {
        if (const auto info = inspector.brush(in.brush)) {
            ImGui::Separator();
            const inspect::BrushKind kind = inspect::brushKind(info->contents);
            ImGui::ColorButton("##kind", imColor(brushKindColor(kind)), ImGuiColorEditFlags_NoTooltip,
                               ImVec2(12.0f, 12.0f));
            ImGui::SameLine();
            ImGui::Text("brush %d: %s, %zu sides (%d bevels)", info->index, inspect::brushKindName(kind),
                        info->sides.size(), info->bevels);
            field("brush shader", info->shader);
            field("contents", bsp::contentsNames(info->contents));
            field("entity", ownerText(info->owner));
            // One corner a line: a narrow sidebar would otherwise wrap inside a number.
            field("bounds min", vecText(info->mins));
            field("bounds max", vecText(info->maxs));
            if (ImGui::Button("go to brush"))
                state.goToBrush(info->index);
            ImGui::SameLine();
            bool shown = probes.shownBrush() == info->index;
            if (ImGui::Checkbox("highlight", &shown))
                probes.showBrush(shown ? info->index : -1);
            sidesTable(*info, in.brushSide);
        }
    } else if (in.hit && in.surface < 0) {
        ImGui::TextDisabled("no brush (the hit is not on a brush side)");
    }
    if (ImGui::Button("clear"))
        probes.clearInspection();
}

} // namespace cliplab::viewer::panels
