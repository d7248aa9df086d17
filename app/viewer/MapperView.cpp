#include "viewer/MapperView.h"

#include "core/Format.h"

#include <glm/geometric.hpp>

namespace cliplab::viewer {

namespace {

constexpr debugdraw::Style onTop(const debugdraw::Color& c) {
    return debugdraw::Style{c, false};
}

void pointBox(const glm::vec3& p, float half, const debugdraw::Style& style, debugdraw::DebugDraw& draw) {
    draw.wireBox(p - glm::vec3(half), p + glm::vec3(half), style);
}

std::string fitLine(const char* name, const analysis::TapeFit& f) {
    if (f.passes)
        return core::format("%s: fits through", name);
    if (!f.roomAtStart)
        return core::format("%s: no room at the first point", name);
    if (!f.roomAtEnd && f.fraction >= 1.0f)
        return core::format("%s: no room at the second point", name);
    return core::format("%s: blocked %.0f%% of the way, at %.0f %.0f %.0f%s", name,
                        double(f.fraction) * 100.0, double(f.stopped.x), double(f.stopped.y),
                        double(f.stopped.z), f.roomAtEnd ? "" : " (no room at the second point either)");
}

} // namespace

void drawLeakPath(const LeakPath& leak, debugdraw::DebugDraw& draw) {
    const debugdraw::Style style = onTop(kLeakColor);
    for (size_t i = 1; i < leak.points.size(); ++i)
        draw.arrow(leak.points[i - 1], leak.points[i], style, 12.0f);
    if (leak.points.empty())
        return;
    pointBox(leak.points.front(), 16.0f, onTop(debugdraw::Color{1.0f, 0.3f, 1.0f, 1.0f}), draw);
    pointBox(leak.points.back(), 16.0f, style, draw);
}

void drawTape(const analysis::TapeResult& tape, const movement::Settings& settings,
              debugdraw::DebugDraw& draw) {
    const glm::vec3 a = tape.a, d = tape.delta;
    draw.line(a, tape.b, onTop(debugdraw::colors::White));
    const glm::vec3 x = a + glm::vec3(d.x, 0.0f, 0.0f), xy = x + glm::vec3(0.0f, d.y, 0.0f);
    draw.line(a, x, onTop(debugdraw::colors::Red));
    draw.line(x, xy, onTop(debugdraw::colors::Green));
    draw.line(xy, tape.b, onTop(debugdraw::colors::Blue));
    pointBox(a, 2.0f, onTop(debugdraw::colors::White), draw);
    pointBox(tape.b, 2.0f, onTop(debugdraw::colors::White), draw);
    // The standing box at each end: where the fit and the jump start and end.
    const debugdraw::Color room{0.3f, 1.0f, 0.4f, 1.0f}, none{1.0f, 0.3f, 0.3f, 1.0f};
    draw.wireBox(tape.standA + settings.mins, tape.standA + settings.maxs,
                 debugdraw::Style{tape.standing.roomAtStart ? room : none, true});
    draw.wireBox(tape.standB + settings.mins, tape.standB + settings.maxs,
                 debugdraw::Style{tape.standing.roomAtEnd ? room : none, true});
    const debugdraw::Style jump = onTop(tape.jump.reaches ? debugdraw::Color{0.3f, 0.9f, 1.0f, 1.0f}
                                                          : debugdraw::Color{1.0f, 0.6f, 0.1f, 1.0f});
    for (size_t i = 1; i < tape.jump.path.size(); ++i)
        draw.line(tape.jump.path[i - 1], tape.jump.path[i], jump);
}

std::vector<std::string> tapeText(const analysis::TapeResult& t) {
    std::vector<std::string> out;
    out.push_back(core::format("distance %.1f  (x %.1f  y %.1f  z %.1f; horizontal %.1f)", double(t.distance),
                               double(t.delta.x), double(t.delta.y), double(t.delta.z),
                               double(t.horizontal)));
    out.push_back(core::format("from %.1f %.1f %.1f to %.1f %.1f %.1f", double(t.a.x), double(t.a.y),
                               double(t.a.z), double(t.b.x), double(t.b.y), double(t.b.z)));
    out.push_back(fitLine("standing box", t.standing));
    out.push_back(fitLine("crouched box", t.crouched));
    const analysis::TapeJump& j = t.jump;
    if (!j.simulated)
        out.push_back("jump: none (no room for the standing box at the first point)");
    else if (!j.tookOff)
        out.push_back("jump: does not take off (no jump velocity, or no room above)");
    else if (!j.landing)
        out.push_back(
            core::format("jump: does not reach (no landing within the time; apex %.1f)", double(j.apex)));
    else
        out.push_back(
            core::format("jump: %s (lands %.0f units along at %.0f %.0f %.0f, apex %.1f, %.2f s in the air)",
                         j.reaches ? "reaches" : "falls short", double(j.along), double(j.landing->x),
                         double(j.landing->y), double(j.landing->z), double(j.apex), double(j.airtime)));
    return out;
}

} // namespace cliplab::viewer
