// Trace debugger: the probe's, the sweep's and the player's last-tick traces; details of the
// selected one, and its tested brushes (click one to draw just that brush).

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <string>

namespace cliplab::viewer::panels {

namespace {

/// The details of one trace and the brushes it tested (click one to draw and inspect it).
void traceDetails(ViewerState& state, const LoggedTrace& t) {
    Probes& probes = state.probes;
    const auto& r = t.result;
    ImGui::Text("start %.3f %.3f %.3f", double(t.start.x), double(t.start.y), double(t.start.z));
    ImGui::Text("end   %.3f %.3f %.3f", double(t.end.x), double(t.end.y), double(t.end.z));
    ImGui::TextWrapped("fraction %.6f  startsolid %d  allsolid %d  mask 0x%x", double(r.fraction),
                       r.startSolid, r.allSolid, static_cast<unsigned>(t.mask));
    ImGui::TextWrapped("plane %.4f %.4f %.4f  dist %.3f", double(r.plane.normal.x), double(r.plane.normal.y),
                       double(r.plane.normal.z), double(r.plane.dist));
    ImGui::TextWrapped("contents 0x%x  surface flags 0x%x  brush %d  side %d",
                       static_cast<unsigned>(r.contents), static_cast<unsigned>(r.surfaceFlags), r.brush,
                       r.brushSide);
    ImGui::TextWrapped("nodes %d  leaves %d  brushes tested %d  cut %d  %.2f us", t.stats.nodesVisited,
                       t.stats.leavesVisited, t.stats.brushesTested, t.stats.brushesHit, t.microseconds);
    ImGui::TextUnformatted("brushes tested (click to draw and inspect one):");
    if (ImGui::BeginListBox("##brushes", ImVec2(-1, 120))) {
        for (int32_t b : t.stats.testedBrushes) {
            const std::string label = "brush " + std::to_string(b) + (b == r.brush ? "  (hit)" : "");
            if (ImGui::Selectable(label.c_str(), probes.shownBrush() == b)) {
                probes.showBrush(probes.shownBrush() == b ? -1 : b);
                state.inspectBrush(b, "trace debugger: brush " + std::to_string(b));
            }
        }
        ImGui::EndListBox();
    }
}

} // namespace

void debuggerPanel(ViewerState& state) {
    Probes& probes = state.probes;
    const auto list = state.debuggerList();
    if (probes.selectedTrace() >= static_cast<int>(list.size()))
        probes.selectTrace(list.empty() ? -1 : static_cast<int>(list.size()) - 1);
    ImGui::TextWrapped("%zu traces (probe, sweep, player's last tick); freeze the simulation to inspect",
                       list.size());
    if (ImGui::BeginListBox("##traces", ImVec2(-1, 140))) {
        for (size_t i = 0; i < list.size(); ++i) {
            const LoggedTrace& t = *list[i];
            const std::string label = std::to_string(i) + ": " + t.source +
                                      "  f=" + std::to_string(t.result.fraction).substr(0, 6) +
                                      (t.result.startSolid ? " startsolid" : "");
            if (ImGui::Selectable(label.c_str(), probes.selectedTrace() == static_cast<int>(i))) {
                probes.selectTrace(static_cast<int>(i));
                probes.inspectTrace(t, "trace debugger: " + t.source);
            }
        }
        ImGui::EndListBox();
    }
    if (probes.selectedTrace() >= 0)
        traceDetails(state, *list[static_cast<size_t>(probes.selectedTrace())]);
    if (probes.shownBrush() >= 0 && ImGui::Button("hide brush"))
        probes.showBrush(-1);
    partingTraceTable(state); // a recording with ghosts open: both runs' traces where they part
}

} // namespace cliplab::viewer::panels
