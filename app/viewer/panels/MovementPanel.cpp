// Movement panel: mode, preset, the controller's settings, tick rate, the player's state.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <glm/geometric.hpp>

#include <algorithm>

namespace cliplab::viewer::panels {

namespace {
/// Ctrl-click lets users type any number into a slider; with this flag the typed value is clamped
/// to the slider's range too (not only dragged ones).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
/// The controller's numbers (collapsed by default).
void settingsSection(ViewerState& state);
/// The player's shape: kind, box, crouch height, eye heights, what stops it.
void playerShape(ViewerState& state);
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
    movement::PlayerState ps = state.sim.state();
    int mode = static_cast<int>(ps.mode);
    if (ImGui::Combo("mode", &mode, "walk\0fly\0noclip\0")) {
        ps.mode = static_cast<movement::Mode>(mode);
        state.sim.setState(ps);
    }
    movement::Settings s = state.moveSettings;
    int preset = static_cast<int>(s.preset);
    ImGui::Combo("preset", &preset, "melax\0quake3\0");
    s.preset = static_cast<movement::Preset>(preset);
    int method = static_cast<int>(s.method);
    ImGui::Combo("method", &method, "swept traces\0step-and-correct\0");
    s.method = static_cast<movement::Method>(method);
    if (s.method == movement::Method::StepCorrect) {
        ImGui::SliderFloat("step length", &s.stepLength, 0.25f, 64.0f, "%.2f",
                           ImGuiSliderFlags_Logarithmic | kClamp);
        ImGui::TextWrapped("corrections last tick %d; walls thinner than 2 x step - box width are passed",
                           state.correctionsLastTick);
    }
    state.setMovement(s);
    if (state.thinWallStation()) { // the playground's thin-wall station
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
    float rate = static_cast<float>(state.tickRate);
    if (ImGui::SliderFloat("tick rate (Hz)", &rate, float(movement::Simulation::kMinRate),
                           float(movement::Simulation::kMaxRate), "%.0f", kClamp))
        state.setTickRate(rate);
    ImGui::Checkbox("freeze", &state.frozen);
    ImGui::SameLine();
    if (ImGui::Button("step 1 tick"))
        ++state.stepRequests;
    ImGui::SameLine();
    if (ImGui::Button("respawn"))
        state.respawn(); // the first spawn point, or the middle of a map without one
    ImGui::Text("fly speed x%.2f (mouse wheel)", double(state.flySpeedScale));
    int leave = static_cast<int>(state.leaveWorld);
    ImGui::TextUnformatted("leaving the world:");
    ImGui::SameLine();
    ImGui::RadioButton("respawn##leave", &leave, 0);
    ImGui::SameLine();
    ImGui::RadioButton("stop##leave", &leave, 1);
    state.leaveWorld = static_cast<LeaveWorld>(leave);

    ImGui::Separator();
    ImGui::Text("position  %9.3f %9.3f %9.3f", double(ps.origin.x), double(ps.origin.y), double(ps.origin.z));
    ImGui::Text("velocity  %9.3f %9.3f %9.3f  |v| %.1f", double(ps.velocity.x), double(ps.velocity.y),
                double(ps.velocity.z), double(glm::length(ps.velocity)));
    ImGui::Text("ground    %s  normal %.3f %.3f %.3f", ps.onGround ? "yes" : "no", double(ps.groundNormal.x),
                double(ps.groundNormal.y), double(ps.groundNormal.z));
    ImGui::Text("crouched %d  water %d  stuck %d  time %.3f s", ps.crouched, ps.waterLevel, ps.stuck,
                ps.time);
    plotSeries("horizontal speed", state.stats.speed, "%.1f u/s");
    accelerationPlot(state); // tick by tick: strafe-jump gains show as acceleration in the air

    playerShape(state);
    settingsSection(state);
}

namespace {
void playerShape(ViewerState& state) {
    if (!ImGui::TreeNodeEx("player shape", ImGuiTreeNodeFlags_DefaultOpen))
        return;
    movement::Settings s = state.moveSettings;
    int shape = static_cast<int>(s.shape);
    ImGui::Combo("player shape", &shape, "ray (a point)\0box\0sphere\0capsule\0cylinder\0");
    s.shape = static_cast<collision::ShapeKind>(shape);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("sphere: radius half the box width; capsule and cylinder: fitted to the box");
    ImGui::DragFloat3("box mins", &s.mins.x, 0.5f, -64.0f, 0.0f, "%.1f", kClamp);
    ImGui::DragFloat3("box maxs", &s.maxs.x, 0.5f, 0.0f, 96.0f, "%.1f", kClamp);
    ImGui::SliderFloat("crouch maxs z", &s.crouchMaxsZ, 0.0f, 64.0f, "%.1f", kClamp);
    ImGui::SliderFloat("eye height", &s.eyeHeight, 0.0f, 64.0f, "%.1f", kClamp);
    ImGui::SliderFloat("crouch eye height", &s.crouchEyeHeight, 0.0f, 64.0f, "%.1f", kClamp);
    ImGui::TextUnformatted("player contents mask");
    maskCheckboxes("player mask", s.contentsMask);
    state.setMovement(s);
    ImGui::TreePop();
}

void settingsSection(ViewerState& state) {
    if (ImGui::TreeNode("settings")) {
        movement::Settings s = state.moveSettings;
        ImGui::SliderFloat("step height", &s.stepHeight, 0.0f, 64.0f, "%.1f", kClamp);
        ImGui::SliderFloat("climb height", &s.climbHeight, 0.0f, 64.0f, "%.1f", kClamp);
        ImGui::SliderFloat("gravity", &s.gravity, 0.0f, 2000.0f, "%.0f", kClamp);
        ImGui::SliderFloat("max speed", &s.maxSpeed, 0.0f, 1000.0f, "%.0f", kClamp);
        ImGui::SliderFloat("crouch speed scale", &s.crouchSpeedScale, 0.0f, 1.0f, "%.2f", kClamp);
        ImGui::SliderFloat("accelerate", &s.accelerate, 0.0f, 50.0f, "%.1f", kClamp);
        ImGui::SliderFloat("air accelerate", &s.airAccelerate, 0.0f, 50.0f, "%.1f", kClamp);
        ImGui::SliderFloat("fly accelerate", &s.flyAccelerate, 0.0f, 50.0f, "%.1f", kClamp);
        ImGui::SliderFloat("friction", &s.friction, 0.0f, 20.0f, "%.1f", kClamp);
        ImGui::SliderFloat("fly friction", &s.flyFriction, 0.0f, 20.0f, "%.1f", kClamp);
        ImGui::SliderFloat("noclip friction", &s.noclipFriction, 0.0f, 20.0f, "%.1f", kClamp);
        ImGui::SliderFloat("stop speed", &s.stopSpeed, 0.0f, 400.0f, "%.0f", kClamp);
        ImGui::SliderFloat("jump velocity", &s.jumpVelocity, 0.0f, 1000.0f, "%.0f", kClamp);
        ImGui::SliderFloat("min walk normal", &s.minWalkNormal, 0.01f, 1.0f, "%.3f", kClamp);
        ImGui::SliderFloat("overclip", &s.overclip, 1.0f, 1.1f, "%.4f", kClamp);
        ImGui::SliderInt("max slide iterations", &s.maxSlideIterations, 1, 16, "%d", kClamp);
        ImGui::SliderInt("max planes", &s.maxPlanes, 2, 16, "%d", kClamp);
        ImGui::SliderFloat("ground probe", &s.groundProbe, 0.0f, 4.0f, "%.3f", kClamp);
        ImGui::SliderFloat("swim scale", &s.swimScale, 0.0f, 1.0f, "%.2f", kClamp);
        ImGui::SliderFloat("water accelerate", &s.waterAccelerate, 0.0f, 20.0f, "%.1f", kClamp);
        ImGui::SliderFloat("water friction", &s.waterFriction, 0.0f, 10.0f, "%.1f", kClamp);
        ImGui::SliderFloat("land time", &s.landTime, 0.0f, 1.0f, "%.3f", kClamp);
        ImGui::SliderFloat("max command time", &s.maxCommandTime, 0.001f, 0.25f, "%.3f", kClamp);
        ImGui::Checkbox("snap velocity", &s.snapVelocity);
        ImGui::Checkbox("quantize angles", &s.quantizeAngles);
        if (ImGui::Button("defaults")) {
            const movement::Preset keep = s.preset;
            const movement::Method keepMethod = s.method;
            const float keepStep = s.stepLength;
            s = movement::Settings{};
            s.preset = keep;
            s.method = keepMethod;
            s.stepLength = keepStep;
        }
        // Whatever got typed (a NaN passes the clamp flag): every field back in its documented range.
        state.setMovement(s);
        ImGui::TreePop();
    }
}
} // namespace

} // namespace cliplab::viewer::panels
