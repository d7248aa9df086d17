// The Render panel's map analysis switches: faces coloured by surface class with a legend that is
// also the filter, and the brushes grown by the player's or the probe's box. The tooltip naming
// what the cursor points at.

#include "viewer/AnalysisView.h"
#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace cliplab::viewer::panels {

namespace {

constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

} // namespace

void analysisViewSection(ViewerState& state) {
    ImGui::Checkbox("surface classes", &state.surfaceClassView.enabled);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("faces coloured by what the player finds there: walkable, too steep, slick, clips, "
                          "triggers, jump pads, liquids...; the cursor names the face it points at");
    if (state.surfaceClassView.enabled) {
        const bool twoColumns =
            ImGui::GetContentRegionAvail().x >= 2.0f * ImGui::CalcTextSize("monster-clip (0000)  ").x + 80.0f;
        if (ImGui::BeginTable("##surfaceclasses", twoColumns ? 2 : 1)) {
            for (int i = 0; i < analysis::kSurfaceClassCount; ++i) {
                const auto cls = static_cast<analysis::SurfaceClass>(i);
                const size_t count = state.map ? state.map->surfaceCounts.sides[size_t(i)] +
                                                     state.map->surfaceCounts.facets[size_t(i)]
                                               : 0;
                const std::string label =
                    std::string(analysis::surfaceClassName(cls)) + " (" + std::to_string(count) + ")";
                const debugdraw::Color c = surfaceClassColor(cls);
                bool on = (state.surfaceClassView.shown & analysis::classBit(cls)) != 0;
                ImGui::TableNextColumn();
                ImGui::PushID(200 + i);
                ImGui::ColorButton("##swatch", ImVec4(c.r, c.g, c.b, 1.0f), ImGuiColorEditFlags_NoTooltip,
                                   ImVec2(12.0f, 12.0f));
                ImGui::SameLine();
                if (ImGui::Checkbox(label.c_str(), &on))
                    state.surfaceClassView.shown =
                        on ? state.surfaceClassView.shown | analysis::classBit(cls)
                           : state.surfaceClassView.shown & ~analysis::classBit(cls);
                ImGui::PopID();
            }
            ImGui::EndTable();
        }
        if (ImGui::SmallButton("all"))
            state.surfaceClassView.shown = analysis::kAllSurfaceClasses;
        ImGui::SameLine();
        if (ImGui::SmallButton("none"))
            state.surfaceClassView.shown = 0;
        ImGui::SliderFloat("class range", &state.surfaceClassView.range, 64.0f, 65536.0f, "%.0f units",
                           ImGuiSliderFlags_Logarithmic | kClamp);
    }
    ImGui::Checkbox("hull view (brushes grown by a box)", &state.hullView.enabled);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "the world's brushes as the box trace sees them: every side, bevels included, moved out by "
            "the box; the box's origin moves as a point among them");
    if (state.hullView.enabled) {
        int box = static_cast<int>(state.hullView.box);
        ImGui::Combo("hull box", &box, "player (standing or crouched)\0probe (Trace panel)\0");
        state.hullView.box = static_cast<HullBox>(std::clamp(box, 0, 1));
        ImGui::SliderFloat("hull range", &state.hullView.range, 64.0f, 8192.0f, "%.0f units",
                           ImGuiSliderFlags_Logarithmic | kClamp);
    }
}

void arcViewSection(ViewerState& state) {
    ImGui::Checkbox("jump pad arcs", &state.arcView.padArcs);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "each trigger_push's flight from a player standing on it (the game's aim, the movement code, "
            "no keys): green, orange when deflected before the apex; yellow crosses: the targets");
    ImGui::SameLine();
    ImGui::Checkbox("airborne prediction", &state.arcView.prediction);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "while the player is in the air: its flight from here with no keys held, and the landing");
    if (state.arcView.padArcs && state.map && state.map->inspector) {
        size_t blocked = 0, pads = 0;
        analysis::FlightSettings flight;
        flight.movement = state.sim.settings();
        flight.rate = state.sim.rate();
        flight.trace = state.trace.options;
        const auto& arcs =
            state.padArcs.get(state.map->data, state.map->inspector->entities(), *state.map->model, flight);
        for (size_t i = 0; i < arcs.pads.size(); ++i) {
            pads += arcs.pads[i].launch ? 1 : 0;
            blocked += arcs.flights[i].blocked ? 1 : 0;
        }
        ImGui::Text("%zu pads aimed, %zu blocked", pads, blocked);
    }
    // The line is always there while the prediction is on, so the controls below do not move up
    // and down under the cursor each time the player jumps.
    if (state.prediction && state.prediction->landing)
        ImGui::Text("landing in %.2f s at %.0f %.0f %.0f", state.prediction->airtime,
                    double(state.prediction->landing->x), double(state.prediction->landing->y),
                    double(state.prediction->landing->z));
    else if (state.arcView.prediction)
        ImGui::TextDisabled(state.prediction ? "no landing within 4 s" : "on the ground (or not walking)");
}

void snagSection(ViewerState& state) {
    ImGui::Checkbox("snag heat map", &state.snagView.shown);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "where the soak's walkers lose speed on the floor with nothing in the way (yellow to red), "
            "end a tick in solid or get stuck (magenta); as cliplab snags");
    ImGui::SameLine();
    if (ImGui::SmallButton("find snags"))
        state.status = state.findSnags(state.snagView.ticks);
    int ticks = static_cast<int>(state.snagView.ticks);
    if (ImGui::SliderInt("snag ticks", &ticks, 1000, 10000000, "%d", ImGuiSliderFlags_Logarithmic | kClamp))
        state.snagView.ticks = ticks;
    if (!state.snagView.summary.empty())
        ImGui::TextWrapped("%s", state.snagView.summary.c_str());
}

void reachSection(ViewerState& state) {
    ReachView& view = state.reachView;
    ImGui::Checkbox("reach map", &view.shown);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "the walkable floor the player gets to from the spawn points (green: walking, cyan: "
            "a jump, blue: a jump pad, violet: a teleporter) and what it never gets to (red); as "
            "cliplab reach");
    if (view.job) {
        if (ImGui::SmallButton("cancel"))
            view.job->cancel();
    } else if (ImGui::SmallButton("find reach")) {
        state.status = state.startReach(view.grid);
    }
    // The progress bar shares the button's line, so nothing below moves while a search runs.
    if (view.job) {
        const float f = view.job->fraction();
        const std::string label = view.job->scanning() ? std::string("scanning the floor")
                                                       : std::to_string(int(f * 100.0f + 0.5f)) + " %";
        ImGui::SameLine();
        ImGui::ProgressBar(view.job->scanning() ? 0.0f : f, ImVec2(-1.0f, ImGui::GetTextLineHeight()),
                           label.c_str());
    }
    ImGui::SliderFloat("reach grid", &view.grid, 8.0f, 64.0f, "%.0f units", kClamp);
    ImGui::SliderFloat("reach range", &view.range, 256.0f, 16384.0f, "%.0f units",
                       ImGuiSliderFlags_Logarithmic | kClamp);
    if (!view.summary.empty())
        ImGui::TextWrapped("%s", view.summary.c_str());
    // The biggest unreachable regions, each a button that puts the player there.
    if (view.map) {
        const size_t shown = std::min<size_t>(view.regions.size(), 6);
        for (size_t r = 0; r < shown; ++r) {
            const analysis::ReachCell& c = view.map->cells[size_t(view.regions[r].front())];
            ImGui::PushID(static_cast<int>(700 + r));
            if (ImGui::SmallButton("go"))
                state.teleport(c.origin, 0.0f);
            ImGui::SameLine();
            ImGui::Text("%zu cells at %.0f %.0f %.0f", view.regions[r].size(), double(c.origin.x),
                        double(c.origin.y), double(c.origin.z));
            ImGui::PopID();
        }
        if (view.regions.size() > shown)
            ImGui::TextDisabled("and %zu smaller regions", view.regions.size() - shown);
    }
}

void surfaceHoverTooltip(const ViewerState& state) {
    if (!state.hover || ImGui::GetIO().WantCaptureMouse)
        return;
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(state.hover->text.c_str());
    ImGui::EndTooltip();
}

} // namespace cliplab::viewer::panels
