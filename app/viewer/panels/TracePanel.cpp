// Trace panel: the swept shape and trace options; they apply to the player and the probes at once.

#include "viewer/panels/Panels.h"

#include "collision/TraceLimits.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {
/// Ctrl-click lets users type any number into a slider; with this flag the typed value is clamped
/// to the slider's range too (not only dragged ones).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

struct MaskBit {
    const char* name;
    int32_t bit;
};
constexpr MaskBit kMaskBits[] = {
    {"solid", bsp::contents::Solid},           {"playerclip", bsp::contents::PlayerClip},
    {"monsterclip", bsp::contents::MonsterClip}, {"body", bsp::contents::Body},
    {"water", bsp::contents::Water},           {"slime", bsp::contents::Slime},
    {"lava", bsp::contents::Lava},             {"trigger", bsp::contents::Trigger},
};
} // namespace

void tracePanel(ViewerState& state) {
    if (!ImGui::Begin("Trace")) {
        ImGui::End();
        return;
    }
    TraceSettings t = state.trace;
    int shape = static_cast<int>(t.shape);
    ImGui::Combo("shape", &shape, "ray\0box\0sphere\0capsule\0cylinder\0");
    t.shape = static_cast<collision::ShapeKind>(shape);
    if (t.shape == collision::ShapeKind::Sphere) {
        ImGui::SliderFloat("radius", &t.radius, 0.0f, limits::kProbeRadius, "%.2f", kClamp);
    } else if (t.shape == collision::ShapeKind::Cylinder) {
        ImGui::SliderFloat("radius", &t.radius, 0.0f, limits::kProbeRadius, "%.2f", kClamp);
        ImGui::SliderFloat("half height", &t.halfHeight, 0.0f, limits::kProbeRadius, "%.2f", kClamp);
    } else if (t.shape != collision::ShapeKind::Ray) {
        ImGui::DragFloat3("mins", &t.mins.x, 0.5f, -limits::kProbeExtent, 0.0f, "%.2f", kClamp);
        ImGui::DragFloat3("maxs", &t.maxs.x, 0.5f, 0.0f, limits::kProbeExtent, "%.2f", kClamp);
    }
    ImGui::TextDisabled("the player sweeps this shape kind with its own box (Movement panel)");
    // Small values matter most: a logarithmic slider over the whole accepted range.
    ImGui::SliderFloat("epsilon", &t.options.epsilon, 0.0f, limits::kEpsilon, "%.5f",
                       ImGuiSliderFlags_Logarithmic | kClamp);
    if (ImGui::Button("1/32 (tutorial)"))
        t.options.epsilon = 1.0f / 32.0f;
    ImGui::SameLine();
    if (ImGui::Button("1/8 (Quake 3)"))
        t.options.epsilon = 0.125f;
    int semantics = static_cast<int>(t.options.semantics);
    ImGui::Combo("semantics", &semantics, "quake3\0tutorial\0");
    t.options.semantics = static_cast<collision::Semantics>(semantics);
    ImGui::TextUnformatted("contents mask");
    int column = 0;
    for (const MaskBit& b : kMaskBits) {
        bool on = (t.mask & b.bit) != 0;
        if (ImGui::Checkbox(b.name, &on))
            t.mask = on ? (t.mask | b.bit) : (t.mask & ~b.bit);
        if (++column % 3 != 0)
            ImGui::SameLine();
    }
    ImGui::NewLine();
    ImGui::Text("mask = 0x%08x", static_cast<unsigned>(t.mask));
    ImGui::Checkbox("curves (collide with patches)", &t.options.curves);
    traceMethodSection(state, t);
    state.setTrace(t);
    ImGui::End();
}

} // namespace cliplab::viewer::panels
