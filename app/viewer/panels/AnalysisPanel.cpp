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

/// The surface classes' legend: a colour and a filter per class, with the map's counts.
void surfaceClassLegend(ViewerState& state) {
    const LoadedMap* map = state.session.map();
    NameSetSetting& shown = state.settings.nameSet("r_surfaceClassesShown");
    const bool twoColumns =
        ImGui::GetContentRegionAvail().x >= 2.0f * ImGui::CalcTextSize("monster-clip (0000)  ").x + 80.0f;
    if (ImGui::BeginTable("##surfaceclasses", twoColumns ? 2 : 1)) {
        for (int i = 0; i < analysis::kSurfaceClassCount; ++i) {
            const auto cls = static_cast<analysis::SurfaceClass>(i);
            const size_t count =
                map ? map->surfaceCounts.sides[size_t(i)] + map->surfaceCounts.facets[size_t(i)] : 0;
            const std::string label = shown.names()[size_t(i)] + " (" + std::to_string(count) + ")";
            const debugdraw::Color c = surfaceClassColor(cls);
            ImGui::TableNextColumn();
            ImGui::PushID(200 + i);
            ImGui::ColorButton("##swatch", ImVec4(c.r, c.g, c.b, 1.0f), ImGuiColorEditFlags_NoTooltip,
                               ImVec2(12.0f, 12.0f));
            ImGui::SameLine();
            nameCheckbox(shown, i, label.c_str());
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    if (smallButton("all"))
        shown.set(shown.all());
    ImGui::SameLine();
    if (smallButton("none"))
        shown.set(0);
}

/// Each pad's arc aimed and flown now: how many launch and how many are blocked.
void padCounts(ViewerState& state) {
    LoadedMap* map = state.session.map();
    if (!map || !map->inspector)
        return;
    size_t blocked = 0, pads = 0;
    analysis::FlightSettings flight;
    flight.movement = state.session.sim().settings();
    flight.rate = state.session.sim().rate();
    flight.trace = state.session.rules().options;
    const auto& arcs =
        state.analysis.padArcs().get(map->data, map->inspector->entities(), *map->model, flight);
    for (size_t i = 0; i < arcs.pads.size(); ++i) {
        pads += arcs.pads[i].launch ? 1 : 0;
        blocked += arcs.flights[i].blocked ? 1 : 0;
    }
    ImGui::Text("%zu pads aimed, %zu blocked", pads, blocked);
}

/// The biggest unreachable regions, each a button that puts the player there.
void reachRegions(ViewerState& state) {
    const ReachResult& reach = state.analysis.reach();
    if (!reach.map)
        return;
    const size_t shown = std::min<size_t>(reach.regions.size(), 6);
    for (size_t r = 0; r < shown; ++r) {
        const analysis::ReachCell& c = reach.map->cells[size_t(reach.regions[r].front())];
        ImGui::PushID(static_cast<int>(700 + r));
        if (smallButton("go"))
            state.teleport(c.origin, 0.0f);
        ImGui::SameLine();
        ImGui::Text("%zu cells at %.0f %.0f %.0f", reach.regions[r].size(), double(c.origin.x),
                    double(c.origin.y), double(c.origin.z));
        ImGui::PopID();
    }
    if (reach.regions.size() > shown)
        ImGui::TextDisabled("and %zu smaller regions", reach.regions.size() - shown);
}

/// The cells of the last snag search with most events, each a button that puts the player where
/// its worst snag happened (as the reach regions' "go").
void snagCellList(ViewerState& state) {
    const auto& cells = state.analysis.snagCells();
    const size_t shown = std::min<size_t>(cells.size(), 6);
    for (size_t i = 0; i < shown; ++i) {
        const analysis::SnagCell& c = cells[i];
        ImGui::PushID(static_cast<int>(800 + i));
        if (smallButton("go"))
            state.teleport(c.example.position, 0.0f, "a jump to a snag");
        ImGui::SameLine();
        ImGui::Text("%d snags, %d in solid, %d stuck at %.0f %.0f %.0f", c.snags, c.inSolid, c.stuck,
                    double(c.example.position.x), double(c.example.position.y), double(c.example.position.z));
        ImGui::PopID();
    }
    if (cells.size() > shown)
        ImGui::TextDisabled("and %zu more cells", cells.size() - shown);
}

} // namespace

void analysisViewSection(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    const AnalysisViews::Values& v = state.analysis.values();
    checkbox(reg.flag("r_surfaceClasses"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("faces coloured by what the player finds there: walkable, too steep, slick, clips, "
                          "triggers, jump pads, liquids...; the cursor names the face it points at");
    if (v.surfaceClasses) {
        surfaceClassLegend(state);
        slider(reg.number("r_surfaceClassRange"));
    }
    checkbox(reg.flag("r_hull"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "the world's brushes as the box trace sees them: every side, bevels included, moved out by "
            "the box; the box's origin moves as a point among them");
    if (v.hull) {
        combo(reg.choice("r_hullBox"));
        slider(reg.number("r_hullRange"));
    }
}

void arcViewSection(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    const AnalysisViews::Values& v = state.analysis.values();
    checkbox(reg.flag("r_padArcs"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "each trigger_push's flight from a player standing on it (the game's aim, the movement code, "
            "no keys): green, orange when deflected before the apex; yellow crosses: the targets");
    ImGui::SameLine();
    checkbox(reg.flag("r_prediction"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "while the player is in the air: its flight from here with no keys held, and the landing");
    if (v.padArcs)
        padCounts(state);
    // The line is always there while the prediction is on, so the controls below do not move up
    // and down under the cursor each time the player jumps.
    const auto& prediction = state.analysis.prediction();
    if (prediction && prediction->landing)
        ImGui::Text("landing in %.2f s at %.0f %.0f %.0f", prediction->airtime,
                    double(prediction->landing->x), double(prediction->landing->y),
                    double(prediction->landing->z));
    else if (v.prediction)
        ImGui::TextDisabled(prediction ? "no landing within 4 s" : "on the ground (or not walking)");
}

void snagSection(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    checkbox(reg.flag("r_snags"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "where the soak's walkers lose speed on the floor with nothing in the way (yellow to red), "
            "end a tick in solid or get stuck (magenta); as cliplab snags");
    ImGui::SameLine();
    if (smallButton("find snags"))
        state.say(state.findSnags(state.analysis.values().snagTicks));
    slider(reg.whole("r_snagTicks"));
    if (!state.analysis.snagSummary().empty())
        ImGui::TextWrapped("%s", state.analysis.snagSummary().c_str());
    snagCellList(state);
}

void reachSection(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    const ReachResult& reach = state.analysis.reach();
    checkbox(reg.flag("r_reach"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "the walkable floor the player gets to from the spawn points (green: walking, cyan: "
            "a jump, blue: a jump pad, violet: a teleporter) and what it never gets to (red); as "
            "cliplab reach");
    if (reach.job) {
        if (smallButton("cancel"))
            state.analysis.cancelReach();
    } else if (smallButton("find reach")) {
        state.say(state.startReach(state.analysis.values().reachGrid));
    }
    // The progress bar shares the button's line, so nothing below moves while a search runs.
    if (reach.job) {
        const float f = reach.job->fraction();
        const std::string label = reach.job->scanning() ? std::string("scanning the floor")
                                                        : std::to_string(int(f * 100.0f + 0.5f)) + " %";
        ImGui::SameLine();
        ImGui::ProgressBar(reach.job->scanning() ? 0.0f : f, ImVec2(-1.0f, ImGui::GetTextLineHeight()),
                           label.c_str());
    }
    slider(reg.number("r_reachGrid"));
    slider(reg.number("r_reachRange"));
    checkbox(reg.flag("r_reachDeadly"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "floor not reached where nobody stands alive: under a killing trigger_hurt (the void "
            "under a space map) or on the sky; neither reachable nor unreachable");
    if (!reach.summary.empty())
        ImGui::TextWrapped("%s", reach.summary.c_str());
    reachRegions(state);
}

void surfaceHoverTooltip(const ViewerState& state) {
    const auto& hover = state.analysis.hover();
    if (!hover || ImGui::GetIO().WantCaptureMouse)
        return;
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(hover->text.c_str());
    ImGui::EndTooltip();
}

} // namespace cliplab::viewer::panels
