// Trace panel: the probe's and the sweep tool's shape and contents mask, and the collision rules
// every trace follows (the player's too): epsilon, semantics, curves, the method.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

namespace {

/// The probe's and sweep's shape and mask (not the player's: that is the Movement panel's).
void probeShape(SettingsRegistry& reg, const ProbeSettings& probe) {
    note("Shape and mask of the probe (a click in the view) and the sweep tool. The player's own are in "
         "Movement.");
    combo(reg.choice("trace_shape"));
    if (probe.shape == collision::ShapeKind::Sphere) {
        slider(reg.number("trace_radius"));
    } else if (probe.shape == collision::ShapeKind::Cylinder) {
        slider(reg.number("trace_radius"));
        slider(reg.number("trace_halfHeight"));
    } else if (probe.shape != collision::ShapeKind::Ray) {
        drag3(reg.vector("trace_mins"));
        drag3(reg.vector("trace_maxs"));
    }
    ImGui::TextUnformatted("probe contents mask");
    maskCheckboxes("probe mask", reg.mask("trace_mask"));
}

/// How every trace collides: the player's, the probe's and the sweep's.
void collisionRules(SettingsRegistry& reg) {
    subheading("collision rules (player, probe, sweep)");
    NumberSetting& epsilon = reg.number("trace_epsilon");
    // Small values matter most: a logarithmic slider over the whole accepted range.
    slider(epsilon);
    if (ImGui::Button("1/32 (tutorial)"))
        epsilon.set(1.0 / 32.0);
    ImGui::SameLine();
    if (ImGui::Button("1/8 (Quake 3)"))
        epsilon.set(0.125);
    combo(reg.choice("trace_semantics"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "quake3: ioquake3's own rules, bit for bit\n"
            "robust: the game's tests, never ending in solid (default; docs/collision-modes.md)\n"
            "tutorial: the BSP tutorial's brush test and node split\n"
            "quake3e: Quake3e's trace (in double), bit for bit");
    checkbox(reg.flag("trace.curves"));
}

} // namespace

void tracePanel(ViewerState& state) {
    probeShape(state.settings, state.probes.settings());
    collisionRules(state.settings);
    traceMethodSection(state);
}

} // namespace cliplab::viewer::panels
