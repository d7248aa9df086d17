// Render panel: view mode, tessellation, culling switches, collision brush view, counters.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <cmath>

namespace cliplab::viewer::panels {

namespace {
/// Ctrl-click lets users type any number into a slider; with this flag the typed value is clamped
/// to the slider's range too (not only dragged ones).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
} // namespace

void renderPanel(ViewerState& state) {
    if (!ImGui::Begin("Render")) {
        ImGui::End();
        return;
    }
    render::RenderSettings& r = state.render;
    int view = static_cast<int>(r.view);
    ImGui::Combo("view", &view, "textured\0lightmap only\0flat\0");
    r.view = static_cast<render::ViewMode>(view);
    ImGui::SliderInt("patch level", &r.patchLevel, 1, 16, "%d", kClamp);
    ImGui::Checkbox("wireframe", &r.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("models", &r.drawModels);
    ImGui::Checkbox("PVS culling", &r.cull.pvs);
    ImGui::SameLine();
    ImGui::Checkbox("frustum culling", &r.cull.frustum);
    brushViewSection(state);
    ImGui::Checkbox("vsync", &state.vsync);
    ImGui::SliderFloat("fov", &state.camera.fovX, 50.0f, 130.0f, "%.0f", kClamp);
    ImGui::SliderFloat("chase camera", &state.chaseDistance, 0.0f, 256.0f, "%.0f units", kClamp);
    // A typed NaN passes the clamp flag: back to the defaults.
    if (std::isnan(state.camera.fovX))
        state.camera.fovX = render::Camera{}.fovX;
    if (std::isnan(state.chaseDistance))
        state.chaseDistance = 0.0f;
    ImGui::Separator();
    ImGui::TextUnformatted("3D view");
    ImGui::Checkbox("trace segments", &state.vis.traceSegments);
    ImGui::SameLine();
    ImGui::Checkbox("swept shapes", &state.vis.sweptBoxes);
    ImGui::Checkbox("hit point", &state.vis.hitPoint);
    ImGui::SameLine();
    ImGui::Checkbox("hit plane", &state.vis.hitPlane);
    ImGui::SameLine();
    ImGui::Checkbox("hit brush", &state.vis.hitBrush);
    ImGui::Checkbox("patch facets (what players collide with on curves)", &state.vis.patchFacets);
    ImGui::SliderInt("ticks shown", &state.vis.ticksShown, 0, 200, "%d", kClamp);
    ImGui::Separator();
    markerSection(state);
    if (state.map) {
        const render::RenderStats& st = state.map->renderer->stats();
        ImGui::Separator();
        ImGui::Text("cluster %d  leaves visible %u  pvs-culled %u  frustum-culled %u", st.cull.cameraCluster,
                    st.cull.leavesVisible, st.cull.leavesPvsCulled, st.cull.leavesFrustumCulled);
        ImGui::Text("surfaces %u  triangles %u  draw calls %u  batches %u", st.surfacesDrawn, st.trianglesDrawn,
                    st.drawCalls, st.batchesDrawn);
        ImGui::Text("world triangles %u  missing textures %zu", state.map->renderer->worldTriangles(),
                    state.map->renderer->missingTextures().size());
        ImGui::Text("models %u (culled %u)  model triangles %u", st.modelsDrawn, st.modelsCulled, st.modelTriangles);
    }
    ImGui::End();
}

} // namespace cliplab::viewer::panels
