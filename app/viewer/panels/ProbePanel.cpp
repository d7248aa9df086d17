// Probe panel: the last click probe and the sweep tool (start/end points, redone every frame).

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {
/// Ctrl-click lets users type any number into a drag box; with this flag the typed value is
/// clamped to its range too (not only dragged ones).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

void resultLines(const LoggedTrace& t) {
    const auto& r = t.result;
    ImGui::Text("fraction %.5f  startsolid %d  allsolid %d", double(r.fraction), r.startSolid, r.allSolid);
    if (r.refused)
        ImGui::TextUnformatted("refused: a number is NaN, infinite or beyond +/-1e6 (TraceLimits.h)");
    ImGui::Text("stop %.3f %.3f %.3f", double(r.endpos.x), double(r.endpos.y), double(r.endpos.z));
    ImGui::Text("plane %.3f %.3f %.3f  dist %.3f", double(r.plane.normal.x), double(r.plane.normal.y),
                double(r.plane.normal.z), double(r.plane.dist));
    // Wrapped: brush and side numbers of a real map and its surface flags can outgrow the sidebar.
    ImGui::TextWrapped("brush %d  side %d  contents 0x%x  surface flags 0x%x", r.brush, r.brushSide,
                       static_cast<unsigned>(r.contents), static_cast<unsigned>(r.surfaceFlags));
}
} // namespace

void probePanel(ViewerState& state) {
    Probes& probes = state.probes;
    ImGui::TextWrapped("Click in the view (with the mouse captured: along the crosshair; holding the right "
                       "button: through the cursor) to trace the Trace panel's shape from the eye.");
    if (probes.probe()) {
        ImGui::Separator();
        ImGui::TextUnformatted("last probe");
        if (probes.probeCompare()) {
            methodLegend(probes.probe()->label, probes.probeCompare()->label);
            methodComparison(*probes.probe(), *probes.probeCompare());
        } else {
            resultLines(*probes.probe());
        }
        if (ImGui::Button("clear probe"))
            probes.clearProbe();
    }
    ImGui::Separator();
    ImGui::TextUnformatted("sweep");
    SweepTool sweep = probes.sweep();
    ImGui::Checkbox("sweep tool", &sweep.enabled);
    const float far = limits::kSweepCoordinate;
    ImGui::DragFloat3("start", &sweep.start.x, 1.0f, -far, far, "%.1f", kClamp);
    ImGui::DragFloat3("end", &sweep.end.x, 1.0f, -far, far, "%.1f", kClamp);
    const glm::vec3 eye = state.view.camera().eye;
    if (ImGui::Button("start = eye (key 1)"))
        sweep.start = eye;
    ImGui::SameLine();
    if (ImGui::Button("end = eye (key 2)"))
        sweep.end = eye;
    if (probes.probe()) {
        if (ImGui::Button("start = probe stop"))
            sweep.start = probes.probe()->result.endpos;
        ImGui::SameLine();
        if (ImGui::Button("end = probe stop"))
            sweep.end = probes.probe()->result.endpos;
    }
    // The panel edits a copy and sends it: a typed NaN passes the clamp flag, the command puts 0
    // instead (the trace would refuse it).
    probes.setSweep(sweep);
    const std::vector<LoggedTrace>& traces = probes.sweepTrace();
    if (traces.size() == 2) {
        ImGui::PushID("sweep");
        methodComparison(traces[0], traces[1]);
        ImGui::PopID();
    } else if (!traces.empty()) {
        resultLines(traces.front());
    }
}

} // namespace cliplab::viewer::panels
