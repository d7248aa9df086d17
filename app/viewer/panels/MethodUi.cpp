// The trace method switch's widgets: the Trace panel's method section, the side-by-side comparison
// of one segment traced by both methods (Trace and Probe panels), the Stats panel's tree figures.

#include "viewer/TraceVis.h"
#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::viewer::panels {

namespace {

ImVec4 imColor(TraceMethod m) {
    const debugdraw::Color c = methodColor(m);
    return ImVec4(c.r, c.g, c.b, 1.0f);
}

/// Node and leaf counts, memory and build time, three short lines (the panels are narrow).
void treeLine(const collision::PlaneShiftTree& tree) {
    const collision::PlaneShiftBuildInfo& i = tree.info();
    ImGui::Text("  %d nodes (%d bevel), depth %d", i.nodes, i.bevelNodes, i.maxDepth);
    ImGui::Text("  leaves: %d solid, %d empty", i.solidLeaves, i.emptyLeaves);
    ImGui::Text("  %.1f KB, built in %.1f ms, %d brushes", double(tree.memoryBytes()) / 1024.0,
                i.seconds * 1000.0, i.brushes);
}

/// The probe or sweep traced by both methods, newest interest first: the sweep, else the probe.
bool comparedPair(const ViewerState& state, const LoggedTrace*& brush, const LoggedTrace*& shifted) {
    const Probes& p = state.probes;
    if (p.sweepTrace().size() == 2) {
        brush = &p.sweepTrace()[0];
        shifted = &p.sweepTrace()[1];
        return true;
    }
    if (p.probe() && p.probeCompare()) {
        brush = &*p.probe();
        shifted = &*p.probeCompare();
        return true;
    }
    return false;
}

/// brush / planeshift / both (the last two disabled when plane shifting cannot answer), bevels,
/// and the quake3 / robust comparison.
void methodSwitches(SettingsRegistry& reg, const tracing::Rules& rules, const char* why) {
    ChoiceSetting& method = reg.choice("trace_method");
    ImGui::TextUnformatted("method");
    ImGui::SameLine();
    radio(method, int(TraceMethod::Brush), "brush");
    ImGui::BeginDisabled(why != nullptr);
    ImGui::SameLine();
    radio(method, int(TraceMethod::PlaneShift), "planeshift");
    ImGui::SameLine();
    radio(method, int(TraceMethod::Both), "both");
    ImGui::EndDisabled();
    ImGui::BeginDisabled(why != nullptr || rules.method == TraceMethod::Brush);
    checkbox(reg.flag("trace_bevels"));
    ImGui::EndDisabled();
    ImGui::BeginDisabled(rules.method != TraceMethod::Brush ||
                         rules.options.semantics == collision::Semantics::Tutorial);
    checkbox(reg.flag("trace_compareSemantics"));
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("probe and sweep are traced again in the other semantics and drawn dashed;\n"
                          "the table shows where they differ (method brush; docs/collision-modes.md)");
}

} // namespace

void methodLegend(const std::string& first, const std::string& second) {
    ImGui::TextColored(imColor(TraceMethod::Brush), "%s: solid lines, + cross, long arrow", first.c_str());
    ImGui::TextColored(imColor(TraceMethod::PlaneShift), "%s: dashed, x cross, short arrow", second.c_str());
}

void methodComparison(const LoggedTrace& brush, const LoggedTrace& shifted) {
    const collision::TraceResult &a = brush.result, &b = shifted.result;
    const double length = double(glm::length(brush.end - brush.start));
    if (!ImGui::BeginTable("##compare", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn(brush.label.c_str());
    ImGui::TableSetupColumn(shifted.label.c_str());
    ImGui::TableSetupColumn("diff");
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    const char* headers[] = {"", brush.label.c_str(), shifted.label.c_str(), "diff"};
    for (int c = 0; c < 4; ++c) {
        ImGui::TableSetColumnIndex(c);
        if (c == 1 || c == 2)
            ImGui::TextColored(imColor(c == 1 ? TraceMethod::Brush : TraceMethod::PlaneShift), "%s",
                               headers[c]);
        else
            ImGui::TextUnformatted(headers[c]);
    }
    auto row = [](const char* name) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(name);
        ImGui::TableSetColumnIndex(1);
    };
    row("fraction");
    ImGui::Text("%.6f", double(a.fraction));
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.6f", double(b.fraction));
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("%+.6f", double(b.fraction) - double(a.fraction));
    row("units");
    ImGui::Text("%.3f", double(a.fraction) * length);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.3f", double(b.fraction) * length);
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("%+.3f", (double(b.fraction) - double(a.fraction)) * length);
    row("normal");
    ImGui::Text("%.2f %.2f %.2f", double(a.plane.normal.x), double(a.plane.normal.y),
                double(a.plane.normal.z));
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.2f %.2f %.2f", double(b.plane.normal.x), double(b.plane.normal.y),
                double(b.plane.normal.z));
    ImGui::TableSetColumnIndex(3);
    const bool bothHit =
        glm::dot(a.plane.normal, a.plane.normal) > 0.5f && glm::dot(b.plane.normal, b.plane.normal) > 0.5f;
    if (bothHit) {
        const float c = std::clamp(glm::dot(a.plane.normal, b.plane.normal), -1.0f, 1.0f);
        ImGui::Text("%.1f deg", double(std::acos(c)) * 57.29577951308232);
    } else {
        ImGui::TextUnformatted(a.fraction < 1.0f || b.fraction < 1.0f ? "one missed" : "-");
    }
    row("dist");
    ImGui::Text("%.3f", double(a.plane.dist));
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.3f", double(b.plane.dist));
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("%+.3f", double(b.plane.dist) - double(a.plane.dist));
    row("brush/side");
    ImGui::Text("%d / %d", a.brush, a.brushSide);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%d / %d", b.brush, b.brushSide);
    row("start/allsolid");
    ImGui::Text("%d / %d", a.startSolid, a.allSolid);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%d / %d", b.startSolid, b.allSolid);
    row("nodes/cells");
    ImGui::Text("%d / %d", brush.stats.nodesVisited, brush.stats.brushesTested);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%d / %d", shifted.stats.nodesVisited, shifted.stats.brushesTested);
    row("time");
    ImGui::Text("%.2f us", brush.microseconds);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%.2f us", shifted.microseconds);
    ImGui::EndTable();
}

void traceMethodSection(ViewerState& state) {
    ImGui::Separator();
    const tracing::Rules& rules = state.session.rules();
    const ProbeSettings& probe = state.probes.settings();
    const char* why = tracing::planeShiftUnavailable(rules.options);
    methodSwitches(state.settings, rules, why);
    if (const auto other = comparedSemantics(probe.compareSemantics, rules.options.semantics);
        other && rules.method == TraceMethod::Brush) {
        methodLegend(collision::semanticsName(rules.options.semantics), collision::semanticsName(*other));
        const LoggedTrace *first = nullptr, *second = nullptr;
        if (comparedPair(state, first, second))
            methodComparison(*first, *second);
    }
    if (why) {
        ImGui::TextWrapped("%s: everything is traced by the brush trace.", why);
        return;
    }
    if (rules.method == TraceMethod::Brush)
        return;
    if (rules.options.curves)
        ImGui::TextWrapped(
            "patches are not in the plane-shift tree: only the brush trace collides with them.");
    if (rules.method == TraceMethod::Both) {
        ImGui::TextWrapped("probe and sweep are traced by both; the player moves by the brush trace.");
        methodLegend("brush", "planeshift");
    }
    const LoadedMap* map = state.session.map();
    const collision::PlaneShiftTree* tree =
        map ? map->tracer->findPlaneShiftTree(probe.mask, rules.bevels) : nullptr;
    if (tree) {
        ImGui::Text("tree for mask 0x%x, bevels %s:", static_cast<unsigned>(probe.mask),
                    rules.bevels ? "on" : "off");
        treeLine(*tree);
    } else
        ImGui::TextDisabled("tree for mask 0x%x: built when first traced", static_cast<unsigned>(probe.mask));
    const LoggedTrace *brush = nullptr, *shifted = nullptr;
    if (comparedPair(state, brush, shifted))
        methodComparison(*brush, *shifted);
}

void planeShiftStatsSection(ViewerState& state) {
    ImGui::Separator();
    const int32_t mask = state.probes.settings().mask;
    ImGui::Text("plane-shift tree, mask 0x%x", static_cast<unsigned>(mask));
    LoadedMap* map = state.session.map();
    if (!map) {
        ImGui::TextDisabled("no map");
        return;
    }
    for (const bool bevels : {true, false}) {
        ImGui::PushID(bevels ? 1 : 0);
        ImGui::TextUnformatted(bevels ? "with bevels:" : "without bevels:");
        if (const collision::PlaneShiftTree* tree = map->tracer->findPlaneShiftTree(mask, bevels)) {
            treeLine(*tree);
        } else {
            ImGui::SameLine();
            if (smallButton("build"))
                (void)map->tracer->planeShiftTree(mask, bevels);
        }
        ImGui::PopID();
    }
    const RecentTimes& b = state.stats.methodTimes()[0];
    const RecentTimes& p = state.stats.methodTimes()[1];
    ImGui::Text("mean time per trace (last %zu):", RecentTimes::kWindow);
    ImGui::TextColored(imColor(TraceMethod::Brush), "brush %.0f ns (%zu)", b.meanNs(), b.count());
    ImGui::SameLine();
    ImGui::TextColored(imColor(TraceMethod::PlaneShift), "planeshift %.0f ns (%zu)", p.meanNs(), p.count());
    // Not a ratio: with both, the player's moves add brush traces the plane shifting never sees.
    ImGui::TextWrapped(
        "(other segments per method while the player moves; bench/methods_bench compares on the same ones)");
}

} // namespace cliplab::viewer::panels
