// Render panel: view mode, tessellation, culling switches, collision brush view, counters.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {
/// Ctrl-click lets users type any number into a slider; with this flag the typed value is clamped
/// to the slider's range too (not only dragged ones).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

/// What the 3D view draws over the world.
void visSection(ViewerState& state) {
    VisToggles v = state.vis;
    ImGui::Separator();
    ImGui::TextUnformatted("3D view");
    ImGui::Checkbox("trace segments", &v.traceSegments);
    ImGui::SameLine();
    ImGui::Checkbox("swept shapes", &v.sweptBoxes);
    ImGui::Checkbox("hit point", &v.hitPoint);
    ImGui::SameLine();
    ImGui::Checkbox("hit plane", &v.hitPlane);
    ImGui::SameLine();
    ImGui::Checkbox("hit brush", &v.hitBrush);
    ImGui::Checkbox("patch facets", &v.patchFacets);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the flat facets players collide with on curves, near the last patch hit");
    ImGui::SliderInt("ticks shown", &v.ticksShown, 0, limits::kTicksShownMax, "%d", kClamp);
    state.setVis(v);
}

} // namespace

void renderPanel(ViewerState& state) {
    render::RenderSettings r = state.render;
    int view = static_cast<int>(r.view);
    ImGui::Combo("view", &view, "textured\0lightmap only\0flat\0");
    r.view = static_cast<render::ViewMode>(view);
    ImGui::SliderInt("patch level", &r.patchLevel, limits::kPatchLevelMin, limits::kPatchLevelMax, "%d",
                     ImGuiSliderFlags_Logarithmic | kClamp);
    ImGui::Checkbox("wireframe", &r.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("models", &r.drawModels);
    ImGui::Checkbox("PVS culling", &r.cull.pvs);
    ImGui::SameLine();
    ImGui::Checkbox("frustum culling", &r.cull.frustum);
    state.setRender(r);
    brushViewSection(state);
    analysisViewSection(state);
    arcViewSection(state);
    snagSection(state);
    reachSection(state);
    ImGui::Checkbox("vsync", &state.vsync);
    float fov = state.camera.fovX, chase = state.chaseDistance;
    if (ImGui::SliderFloat("fov", &fov, limits::kFovMin, limits::kFovMax, "%.0f", kClamp))
        state.setFov(fov); // a typed NaN passes the clamp flag: the setter puts the default back
    ImGui::Checkbox("chase camera (T)", &state.chase);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("behind the player, showing its shape; pulled in front of walls");
    ImGui::BeginDisabled(!state.chase);
    if (ImGui::SliderFloat("chase distance", &chase, 0.0f, limits::kChaseMax, "%.0f units",
                           ImGuiSliderFlags_Logarithmic | kClamp))
        state.setChaseDistance(chase);
    ImGui::EndDisabled();
    visSection(state);
    ImGui::Separator();
    markerSection(state);
    if (state.map) {
        const render::RenderStats& st = state.map->renderer->stats();
        ImGui::Separator();
        ImGui::TextWrapped("cluster %d  leaves visible %u  pvs-culled %u  frustum-culled %u",
                           st.cull.cameraCluster, st.cull.leavesVisible, st.cull.leavesPvsCulled,
                           st.cull.leavesFrustumCulled);
        ImGui::TextWrapped("surfaces %u  triangles %u  draw calls %u  batches %u", st.surfacesDrawn,
                           st.trianglesDrawn, st.drawCalls, st.batchesDrawn);
        ImGui::TextWrapped("world triangles %u  missing textures %zu", state.map->renderer->worldTriangles(),
                           state.map->renderer->missingTextures().size());
        ImGui::Text("models %u (culled %u)  model triangles %u", st.modelsDrawn, st.modelsCulled,
                    st.modelTriangles);
    }
}

} // namespace cliplab::viewer::panels
