// Render panel: view mode, tessellation, culling switches, collision brush view, counters.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {

/// What the 3D view draws over the world.
void visSection(SettingsRegistry& reg) {
    ImGui::Separator();
    ImGui::TextUnformatted("3D view");
    checkbox(reg.flag("vis_traceSegments"));
    ImGui::SameLine();
    checkbox(reg.flag("vis_sweptShapes"));
    checkbox(reg.flag("vis_hitPoint"));
    ImGui::SameLine();
    checkbox(reg.flag("vis_hitPlane"));
    ImGui::SameLine();
    checkbox(reg.flag("vis_hitBrush"));
    checkbox(reg.flag("vis_patchFacets"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the flat facets players collide with on curves, near the last patch hit");
    slider(reg.whole("vis_ticksShown"));
}

/// The renderer's counters of the last frame.
void renderCounters(const LoadedMap& map) {
    const render::RenderStats& st = map.renderer->stats();
    ImGui::Separator();
    ImGui::TextWrapped("cluster %d  leaves visible %u  pvs-culled %u  frustum-culled %u",
                       st.cull.cameraCluster, st.cull.leavesVisible, st.cull.leavesPvsCulled,
                       st.cull.leavesFrustumCulled);
    ImGui::TextWrapped("surfaces %u  triangles %u  draw calls %u  batches %u", st.surfacesDrawn,
                       st.trianglesDrawn, st.drawCalls, st.batchesDrawn);
    ImGui::TextWrapped("world triangles %u  missing textures %zu", map.renderer->worldTriangles(),
                       map.renderer->missingTextures().size());
    ImGui::Text("models %u (culled %u)  model triangles %u", st.modelsDrawn, st.modelsCulled,
                st.modelTriangles);
}

} // namespace

void renderPanel(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    combo(reg.choice("r_viewMode"));
    slider(reg.whole("r_patchLevel"));
    checkbox(reg.flag("r_showtris"));
    ImGui::SameLine();
    checkbox(reg.flag("r_drawentities"));
    ImGui::SameLine();
    checkbox(reg.flag("r_drawworld"));
    checkbox(reg.flag("render.pvs"));
    ImGui::SameLine();
    checkbox(reg.flag("render.frustum"));
    brushViewSection(state);
    analysisViewSection(state);
    arcViewSection(state);
    snagSection(state);
    reachSection(state);
    checkbox(reg.flag("r_swapInterval"));
    slider(reg.number("cg_fov"));
    checkbox(reg.flag("cg_thirdPerson"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("behind the player, showing its shape; pulled in front of walls");
    ImGui::BeginDisabled(!state.view.values().chase);
    slider(reg.number("cg_thirdPersonRange"));
    ImGui::EndDisabled();
    checkbox(reg.flag("cg_drawLegend"));
    combo(reg.choice("cg_crosshairNames"), "crosshair names");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the face and brush under the crosshair (or the cursor) named beside it: "
                          "brush, side, shader, contents");
    visSection(reg);
    ImGui::Separator();
    markerSection(state);
    if (state.session.map())
        renderCounters(*state.session.map());
}

} // namespace cliplab::viewer::panels
