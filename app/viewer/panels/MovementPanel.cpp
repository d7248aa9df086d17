// Movement panel: mode, preset, the controller's settings, tick rate, the player's state.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <glm/geometric.hpp>

#include <algorithm>

namespace cliplab::viewer::panels {

namespace {

/// The player's mode, the preset and the method (with step-and-correct's step length).
void controller(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    const movement::PlayerState& ps = state.session.player();
    int mode = static_cast<int>(ps.mode);
    if (ImGui::Combo(
            "mode", &mode,
            [](void*, int i, const char** name) {
                *name = movement::kModeNames[size_t(i)].name.data();
                return true;
            },
            nullptr, int(movement::kModeNames.size())))
        state.setMode(static_cast<movement::Mode>(mode));
    combo(reg.choice("preset"));
    combo(reg.choice("method"));
    combo(reg.choice("cg_strafeHud"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("CGaz across the view's centre, the snap zones under it, the meters (walk mode)");
    if (state.session.movement().method == movement::Method::StepCorrect) {
        slider(reg.number("stepLength"));
        ImGui::TextWrapped("corrections last tick %d; walls thinner than 2 x step - box width are passed",
                           state.session.correctionsLastTick());
    }
    const LoadedMap* map = state.session.map();
    if (map && map->thinWallStation()) { // the playground's thin-wall station
        if (ImGui::Button("thin-wall demo"))
            state.startThinWallDemo();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "step-and-correct, %.0f-unit steps, %.0f Hz, max speed %.0f, accelerate %.0f, at the\n"
                "playground's thin walls: hold forward to pass through them; pick swept traces\n"
                "and try again to be stopped. 'defaults' in settings restores speed and acceleration.",
                double(ViewerState::kDemoStepLength), ViewerState::kDemoTickRate,
                double(ViewerState::kDemoMaxSpeed), double(ViewerState::kDemoAccelerate));
    }
}

/// Tick rate, freeze, step, respawn, fly speed, what happens to a player leaving the world.
void simulation(ViewerState& state) {
    SettingsRegistry& reg = state.settings;
    Session& session = state.session;
    slider(reg.number("tickRate"));
    bool frozen = session.frozen();
    if (ImGui::Checkbox("freeze", &frozen))
        session.setFrozen(frozen);
    ImGui::SameLine();
    if (ImGui::Button("step 1 tick"))
        session.requestStep();
    ImGui::SameLine();
    if (ImGui::Button("respawn"))
        state.respawn(); // the first spawn point, or the middle of a map without one
    ImGui::Text("fly speed x%.2f (mouse wheel)", double(session.flySpeedScale()));
    ChoiceSetting& leave = reg.choice("leaveWorld");
    ImGui::TextUnformatted("leaving the world:");
    ImGui::SameLine();
    radio(leave, int(LeaveWorld::Respawn), "respawn##leave");
    ImGui::SameLine();
    radio(leave, int(LeaveWorld::Stop), "stop##leave");
}

/// Where the player is and how it moves.
void playerState(ViewerState& state) {
    const movement::PlayerState& ps = state.session.player();
    ImGui::Text("position  %9.3f %9.3f %9.3f", double(ps.origin.x), double(ps.origin.y), double(ps.origin.z));
    ImGui::Text("velocity  %9.3f %9.3f %9.3f  |v| %.1f", double(ps.velocity.x), double(ps.velocity.y),
                double(ps.velocity.z), double(glm::length(ps.velocity)));
    ImGui::Text("ground    %s  normal %.3f %.3f %.3f", ps.onGround ? "yes" : "no", double(ps.groundNormal.x),
                double(ps.groundNormal.y), double(ps.groundNormal.z));
    ImGui::Text("crouched %d  water %d  stuck %d  time %.3f s", ps.crouched, ps.waterLevel, ps.stuck,
                ps.time);
    plotSeries("horizontal speed", state.stats.speed(), "%.1f u/s");
    accelerationPlot(state); // tick by tick: strafe-jump gains show as acceleration in the air
}

/// The player's shape: kind, box, crouch height, eye heights, what stops it.
void playerShape(SettingsRegistry& reg) {
    if (!ImGui::TreeNodeEx("player shape", ImGuiTreeNodeFlags_DefaultOpen))
        return;
    combo(reg.choice("shape"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("sphere: radius half the box width; capsule and cylinder: fitted to the box");
    drag3("box mins", reg.number("minsx"), reg.number("minsy"), reg.number("minsz"));
    drag3("box maxs", reg.number("maxsx"), reg.number("maxsy"), reg.number("maxsz"));
    slider(reg.number("crouchMaxsZ"));
    slider(reg.number("eyeHeight"));
    slider(reg.number("crouchEyeHeight"));
    ImGui::TextUnformatted("player contents mask");
    maskCheckboxes("player mask", reg.mask("contentsMask"));
    ImGui::TreePop();
}

/// The controller's numbers (collapsed by default).
void settingsSection(ViewerState& state) {
    if (!ImGui::TreeNode("settings"))
        return;
    SettingsRegistry& reg = state.settings;
    for (const char* name : {"stepHeight", "climbHeight", "gravity", "maxSpeed", "crouchSpeedScale",
                             "accelerate", "airAccelerate", "flyAccelerate", "friction", "flyFriction",
                             "noclipFriction", "stopSpeed", "jumpVelocity", "minWalkNormal", "overclip"})
        slider(reg.number(name));
    slider(reg.whole("maxSlideIterations"));
    slider(reg.whole("maxPlanes"));
    for (const char* name :
         {"groundProbe", "swimScale", "waterAccelerate", "waterFriction", "landTime", "maxCommandTime"})
        slider(reg.number(name));
    checkbox(reg.flag("snapVelocity"));
    checkbox(reg.flag("quantizeAngles"));
    if (ImGui::Button("defaults"))
        state.movementDefaults();
    ImGui::TreePop();
}

} // namespace

void plotSeries(const char* label, const std::deque<float>& series, const char* format) {
    float values[FrameStats::kHistory];
    size_t n = 0;
    float top = 0.0f;
    for (float v : series) {
        values[n++] = v;
        top = std::max(top, v);
    }
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, format, n ? double(values[n - 1]) : 0.0);
    ImGui::PlotLines(label, values, static_cast<int>(n), 0, overlay, 0.0f, top * 1.1f + 1e-3f, ImVec2(0, 60));
}

void movementPanel(ViewerState& state) {
    controller(state);
    simulation(state);
    ImGui::Separator();
    playerState(state);
    playerShape(state.settings);
    settingsSection(state);
}

} // namespace cliplab::viewer::panels
