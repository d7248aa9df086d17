// The strafe HUD over the 3D view (walk mode): CGaz across the view's centre, the snap zones under
// it, the meters as text. x is the yaw offset from the view direction (linear, the view's field of
// view across its width): the wish direction of the keys held is at the centre, so the player turns
// the view until the centre sits in the band. The numbers are StrafeView's (engine/replay/Meters.h).

#include "viewer/StrafeView.h"
#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

namespace cliplab::viewer::panels {

namespace {

/// The band colours, as the defrag players' CGaz (the mDd proxymod's defaults) colours them.
constexpr ImU32 kNoAccel = IM_COL32(64, 64, 64, 140);     ///< 0 .. min: nothing gained.
constexpr ImU32 kPartialAccel = IM_COL32(0, 255, 0, 140); ///< min .. opt: part of the acceleration.
constexpr ImU32 kFullAccel = IM_COL32(0, 128, 64, 170);   ///< opt .. turn: all of it.
constexpr ImU32 kTurnZone = IM_COL32(255, 255, 0, 140);   ///< turn .. max: gains, mostly turns.
constexpr ImU32 kOptimal = IM_COL32(255, 255, 255, 230);  ///< The optimal angle.
constexpr float kBarHeight = 14.0f, kSnapHeight = 6.0f;

/// Screen geometry of the bars: degrees of yaw to pixels.
struct Bar {
    float centre = 0.0f, width = 0.0f, y = 0.0f, perDegree = 1.0f;
    /// Fills the yaw offsets [a, b] (degrees from the view direction, + = left) from y0 to y1, and
    /// their copies a turn away (a range near +/-180 shows on the other side).
    void fill(ImDrawList* draw, double a, double b, float y0, float y1, ImU32 colour) const {
        for (double turn : {-360.0, 0.0, 360.0}) {
            float x0 = centre - float(std::max(a, b) + turn) * perDegree;
            float x1 = centre - float(std::min(a, b) + turn) * perDegree;
            x0 = std::max(x0, 0.0f);
            x1 = std::min(x1, width);
            if (x1 > x0)
                draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), colour);
        }
    }
};

/// The CGaz bands on both sides of the velocity.
void bands(ImDrawList* draw, const Bar& bar, const replay::StrafeHud& hud) {
    const movement::StrafeAngles& a = hud.angles;
    const double offset = hud.wishOffset.value_or(0.0);
    const float y0 = bar.y, y1 = bar.y + kBarHeight;
    for (double side : {1.0, -1.0}) {
        // Where the wish direction at angle `alpha` on this side of the velocity shows.
        auto at = [&](double alpha) {
            return movement::angleDifference(hud.velocityYaw + side * alpha - offset, double(hud.view.yaw));
        };
        auto span = [&](double from, double to, ImU32 colour) {
            if (to > from)
                bar.fill(draw, at(from), at(from) + side * (to - from), y0, y1, colour);
        };
        span(0.0, a.min, kNoAccel);
        span(a.min, a.opt, kPartialAccel);
        span(a.opt, a.turn, kFullAccel);
        span(a.turn, a.max, kTurnZone);
        bar.fill(draw, at(a.opt) - 0.15, at(a.opt) + 0.15, y0 - 3.0f, y1 + 3.0f, kOptimal);
    }
}

/// The snap zones: brighter the more the zone gains after the rounding; alternate zones in two
/// shades so that their borders show; zones that lose in dark red.
void snapBar(ImDrawList* draw, const Bar& bar, const replay::StrafeHud& hud) {
    double best = 0.0;
    for (const movement::SnapZone& z : hud.zones)
        best = std::max(best, z.gain);
    const double offset = hud.wishOffset.value_or(0.0);
    const float y0 = bar.y + kBarHeight + 4.0f, y1 = y0 + kSnapHeight;
    for (size_t i = 0; i < hud.zones.size(); ++i) {
        const movement::SnapZone& z = hud.zones[i];
        const double from = movement::angleDifference(z.from - offset, double(hud.view.yaw));
        ImU32 colour = IM_COL32(110, 20, 20, 170);
        if (z.gain > 0.0 && best > 0.0) {
            const float f = float(z.gain / best);
            const int shade = i % 2 ? 60 : 0;
            colour = IM_COL32(int(80 + 120 * f) - shade / 2, int(100 + 155 * f) - shade, 255 - shade, 200);
        }
        bar.fill(draw, from, from + (z.to - z.from), y0, y1, colour);
    }
}

/// The meters under the bars.
void meters(ImDrawList* draw, const Bar& bar, const StrafeView& view, float y) {
    const replay::StrafeHud& hud = view.hud;
    char line[3][200];
    std::snprintf(line[0], sizeof line[0], "%.0f u/s  %s%s", hud.speed,
                  hud.model ? movement::strafePhaseName(hud.model->phase) : "no band (not walking on keys)",
                  view.assumedKeys ? "  (no keys: forward+right shown)" : "");
    if (hud.wishAngle && hud.model)
        std::snprintf(line[0] + std::strlen(line[0]), sizeof line[0] - std::strlen(line[0]),
                      "  angle %.1f  opt %.1f", std::abs(*hud.wishAngle), hud.angles.opt);
    if (view.last && view.last->quality)
        std::snprintf(line[1], sizeof line[1],
                      "accel %+.2f u/s per tick (best %.2f)  quality %.0f%%  second %.0f%%", view.last->gain,
                      view.last->bestGain, *view.last->quality * 100.0, view.recent.quality() * 100.0);
    else if (view.last)
        std::snprintf(line[1], sizeof line[1], "accel %+.2f u/s per tick", view.last->gain);
    else
        std::snprintf(line[1], sizeof line[1], "accel -");
    const int groundTicks = view.jump ? int(view.jump->groundTicks) : -1;
    std::snprintf(line[2], sizeof line[2], "jump %s  pitch %.1f  yaw %.1f",
                  groundTicks < 0 ? "-" : (std::to_string(groundTicks) + " ticks on the ground").c_str(),
                  double(hud.view.pitch), double(hud.view.yaw));
    for (const char* text : line) {
        const ImVec2 size = ImGui::CalcTextSize(text);
        const ImVec2 at(bar.centre - size.x * 0.5f, y);
        draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 1.0f),
                            ImVec2(at.x + size.x + 4.0f, at.y + size.y + 1.0f), IM_COL32(0, 0, 0, 140), 3.0f);
        draw->AddText(at, IM_COL32(235, 235, 235, 255), text);
        y += size.y + 3.0f;
    }
}

} // namespace

bool strafeHud(const ViewerState& state, const movement::Input& liveKeys, float viewWidth) {
    if (!strafeHudWanted(state))
        return false;
    const StrafeView view = strafeView(state, liveKeys);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    // A window of its own, without inputs or background, under the panels: the tests find it by name.
    ImGui::SetNextWindowPos(ImVec2(0.0f, display.y * 0.5f + 12.0f));
    ImGui::SetNextWindowSize(ImVec2(std::max(viewWidth, 1.0f), 110.0f));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                        ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoNav;
    ImGui::Begin(kStrafeHudWindow, nullptr, kFlags);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    Bar bar;
    bar.centre = viewWidth * 0.5f;
    bar.width = viewWidth;
    bar.y = display.y * 0.5f + 16.0f;
    bar.perDegree = viewWidth / std::max(state.view.camera().fovX, 1.0f);
    if (view.hud.model && view.hud.speed >= 1.0) {
        bands(draw, bar, view.hud);
        snapBar(draw, bar, view.hud);
    }
    // The wish direction of the keys: the centre.
    draw->AddLine(ImVec2(bar.centre, bar.y - 5.0f),
                  ImVec2(bar.centre, bar.y + kBarHeight + kSnapHeight + 8.0f), IM_COL32(255, 60, 60, 255),
                  2.0f);
    meters(draw, bar, view, bar.y + kBarHeight + kSnapHeight + 12.0f);
    ImGui::End();
    return true;
}

} // namespace cliplab::viewer::panels
