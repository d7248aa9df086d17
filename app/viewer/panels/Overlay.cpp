// Drawn over the 3D view, under the panels: the notes and hints, the crosshair, the name of what
// it points at, and the legend of the overlays.

#include "viewer/TraceVis.h"
#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <algorithm>
#include <utility>

namespace cliplab::viewer::panels {

namespace {

constexpr ImU32 kText = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kBox = IM_COL32(0, 0, 0, 170);

/// `text` in a dark box centred at x, its top at y.
void label(ImDrawList* draw, const char* text, float x, float y, ImU32 box) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 at(x - size.x * 0.5f, y);
    draw->AddRectFilled(ImVec2(at.x - 6.0f, at.y - 3.0f), ImVec2(at.x + size.x + 6.0f, at.y + size.y + 3.0f),
                        box, 4.0f);
    draw->AddText(at, kText, text);
}

ImU32 packed(const debugdraw::Color& c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

/// The crosshair: a light cross with a dark outline, seen on any wall.
void crosshair(ImDrawList* draw, const ImVec2& c) {
    constexpr float kArm = 8.0f, kGap = 3.0f;
    for (const auto& [colour, width] :
         {std::pair{IM_COL32(0, 0, 0, 200), 3.0f}, {IM_COL32(255, 255, 255, 230), 1.0f}}) {
        draw->AddLine(ImVec2(c.x - kArm, c.y), ImVec2(c.x - kGap, c.y), colour, width);
        draw->AddLine(ImVec2(c.x + kGap, c.y), ImVec2(c.x + kArm, c.y), colour, width);
        draw->AddLine(ImVec2(c.x, c.y - kArm), ImVec2(c.x, c.y - kGap), colour, width);
        draw->AddLine(ImVec2(c.x, c.y + kGap), ImVec2(c.x, c.y + kArm), colour, width);
    }
}

/// The aimed face's name, left-aligned below right of `at`, kept inside the view.
void aimedName(ImDrawList* draw, const std::string& text, ImVec2 at, const ViewArea& area) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    at = ImVec2(std::min(at.x + 14.0f, area.width - size.x - 8.0f),
                std::min(at.y + 14.0f, area.height - size.y - 8.0f));
    draw->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 2.0f), ImVec2(at.x + size.x + 4.0f, at.y + size.y + 2.0f),
                        IM_COL32(0, 0, 0, 150), 3.0f);
    draw->AddText(at, IM_COL32(255, 255, 210, 255), text.c_str());
}

/// The legend at the view's lower left: a swatch and a name per overlay drawn.
void legend(ImDrawList* draw, const std::vector<LegendLine>& lines, const ViewArea& area) {
    if (lines.empty())
        return;
    const float line = ImGui::GetTextLineHeight(), swatch = line * 0.8f;
    float width = 0.0f;
    for (const LegendLine& l : lines)
        width = std::max(width, ImGui::CalcTextSize(l.text).x);
    const float height = line * float(lines.size());
    const ImVec2 at(10.0f, area.height - height - 10.0f);
    draw->AddRectFilled(ImVec2(at.x - 5.0f, at.y - 4.0f),
                        ImVec2(at.x + swatch + 6.0f + width + 5.0f, at.y + height + 4.0f), kBox, 4.0f);
    for (size_t i = 0; i < lines.size(); ++i) {
        const float y = at.y + line * float(i);
        const float pad = (line - swatch) * 0.5f;
        draw->AddRectFilled(ImVec2(at.x, y + pad), ImVec2(at.x + swatch, y + pad + swatch), lines[i].colour,
                            2.0f);
        draw->AddText(ImVec2(at.x + swatch + 6.0f, y), kText, lines[i].text);
    }
}

} // namespace

std::vector<LegendLine> overlayLegend(const ViewerState& state) {
    const ViewOptions::Values& view = state.view.values();
    std::vector<LegendLine> out;
    if (!view.legend)
        return out;
    const Probes& probes = state.probes;
    const bool traces = view.vis.ticksShown > 0 || probes.probe() || !probes.sweepTrace().empty();
    if (traces && view.vis.traceSegments) {
        out.push_back({packed(debugdraw::colors::Green), "trace: went all the way"});
        out.push_back({packed(debugdraw::colors::Red), "trace: stopped"});
        out.push_back({packed(overlayColors::kStartSolid), "trace: started in solid"});
    }
    if (traces && view.vis.hitPoint)
        out.push_back({packed(debugdraw::colors::Yellow), "hit point"});
    if (traces && view.vis.hitPlane)
        out.push_back({packed(overlayColors::kHitPlane), "hit plane and its normal"});
    if (traces && view.vis.hitBrush)
        out.push_back({packed(overlayColors::kHitBrush), "hit brush (outline)"});
    if (view.chase)
        out.push_back({packed(overlayColors::kPlayer), "the player's shape"});
    if (probes.shownBrush() >= 0)
        out.push_back({packed(overlayColors::kShownBrush), "brush gone to or picked (gotobrush, debugger)"});
    if (state.analysis.prediction())
        out.push_back({packed(overlayColors::kPrediction), "flight with no keys pressed"});
    return out;
}

void viewOverlay(const ViewerState& state, const ViewArea& area) {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const ImVec2 c(area.width * 0.5f, area.height * 0.5f); // the middle of the 3D view
    // The hints at the top of the view, under the note: the legend holds the lower left.
    float hintY = 12.0f;
    if (const std::string& note = state.session.worldNote(); !note.empty()) {
        label(draw, note.c_str(), c.x, hintY, IM_COL32(140, 20, 20, 220));
        hintY += ImGui::GetTextLineHeight() + 12.0f;
    }
    // The map's note (a reload, a failed one) under it: red for an error, amber for a leak, green else.
    if (const MapNote& mapNote = state.mapper.note; !mapNote.text.empty()) {
        label(draw, mapNote.text.c_str(), c.x, hintY,
              mapNote.error     ? IM_COL32(150, 25, 25, 230)
              : mapNote.warning ? IM_COL32(150, 95, 10, 230)
                                : IM_COL32(20, 100, 40, 220));
        hintY += ImGui::GetTextLineHeight() + 12.0f;
    }
    legend(draw, overlayLegend(state), area);
    if (const auto& aimed = state.analysis.aimed()) {
        ImVec2 at = c;
        if (!area.mouseCaptured) {
            const ImVec2 mouse = ImGui::GetIO().MousePos;
            at = mouse;
        }
        aimedName(draw, aimed->text, at, area);
    }
    if (!area.mouseCaptured) {
        if (area.firstCapturePending)
            label(draw, "click in the view to capture the mouse (mouse look), ~ for the console", c.x, hintY,
                  kBox);
        return;
    }
    crosshair(draw, c);
    label(draw, "mouse captured: Esc releases", c.x, hintY, kBox);
}

} // namespace cliplab::viewer::panels
