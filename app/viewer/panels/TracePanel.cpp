// Trace panel: the probe's and the sweep tool's shape and contents mask, and the collision rules
// every trace follows (the player's too): epsilon, semantics, curves, the method.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {
/// Ctrl-click lets users type any number into a slider; with this flag the typed value is clamped
/// to the slider's range too (not only dragged ones).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

/// The probe's and sweep's shape and mask (not the player's: that is the Movement panel's).
void probeShape(TraceSettings& t) {
    note("Shape and mask of the probe (a click in the view) and the sweep tool. The player's own are in "
         "Movement.");
    int shape = static_cast<int>(t.shape);
    ImGui::Combo("probe shape", &shape, "ray\0box\0sphere\0capsule\0cylinder\0");
    t.shape = static_cast<collision::ShapeKind>(shape);
    if (t.shape == collision::ShapeKind::Sphere) {
        ImGui::SliderFloat("radius", &t.radius, 0.0f, limits::kProbeRadius, "%.2f", kClamp);
    } else if (t.shape == collision::ShapeKind::Cylinder) {
        ImGui::SliderFloat("radius", &t.radius, 0.0f, limits::kProbeRadius, "%.2f", kClamp);
        ImGui::SliderFloat("half height", &t.halfHeight, 0.0f, limits::kProbeRadius, "%.2f", kClamp);
    } else if (t.shape != collision::ShapeKind::Ray) {
        ImGui::DragFloat3("probe mins", &t.mins.x, 0.5f, -limits::kProbeExtent, 0.0f, "%.2f", kClamp);
        ImGui::DragFloat3("probe maxs", &t.maxs.x, 0.5f, 0.0f, limits::kProbeExtent, "%.2f", kClamp);
    }
    ImGui::TextUnformatted("probe contents mask");
    maskCheckboxes("probe mask", t.mask);
}

/// How every trace collides: the player's, the probe's and the sweep's.
void collisionRules(TraceSettings& t) {
    subheading("collision rules (player, probe, sweep)");
    // Small values matter most: a logarithmic slider over the whole accepted range.
    ImGui::SliderFloat("epsilon", &t.options.epsilon, 0.0f, limits::kEpsilon, "%.5f",
                       ImGuiSliderFlags_Logarithmic | kClamp);
    if (ImGui::Button("1/32 (tutorial)"))
        t.options.epsilon = 1.0f / 32.0f;
    ImGui::SameLine();
    if (ImGui::Button("1/8 (Quake 3)"))
        t.options.epsilon = 0.125f;
    int semantics = static_cast<int>(t.options.semantics);
    // The names in enum order, from the one table of them.
    ImGui::Combo(
        "semantics", &semantics,
        [](void*, int i, const char** name) {
            *name = collision::kSemanticsNames[static_cast<size_t>(i)].name.data();
            return true;
        },
        nullptr, static_cast<int>(collision::kSemanticsNames.size()));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "quake3: ioquake3's own rules, bit for bit\n"
            "robust: the game's tests, never ending in solid (default; docs/collision-modes.md)\n"
            "tutorial: the BSP tutorial's brush test and node split");
    t.options.semantics = static_cast<collision::Semantics>(semantics);
    ImGui::Checkbox("curves (patches collide)", &t.options.curves);
}
} // namespace

void tracePanel(ViewerState& state) {
    TraceSettings t = state.trace;
    probeShape(t);
    collisionRules(t);
    traceMethodSection(state, t);
    state.setTrace(t);
}

} // namespace cliplab::viewer::panels
