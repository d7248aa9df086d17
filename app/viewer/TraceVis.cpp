#include "viewer/TraceVis.h"

#include "viewer/PatchView.h"

#include "movement/Movement.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cliplab::viewer {

namespace {

void drawCircle(debugdraw::DebugDraw& draw, const glm::vec3& c, const glm::vec3& u, const glm::vec3& v,
                float r, const debugdraw::Style& style) {
    constexpr int kSegments = 24;
    glm::vec3 prev = c + u * r;
    for (int i = 1; i <= kSegments; ++i) {
        const float a = 6.2831853f * float(i) / float(kSegments);
        const glm::vec3 p = c + (u * std::cos(a) + v * std::sin(a)) * r;
        draw.line(prev, p, style);
        prev = p;
    }
}

/// Forwards to another DebugDraw with every line cut into dashes: the plane-shift half of a pair
/// is drawn dashed over the brush half, so where both agree the two colours alternate.
class DashedDraw final : public debugdraw::DebugDraw {
public:
    explicit DashedDraw(debugdraw::DebugDraw& out) : m_out(out) {}
    void line(const glm::vec3& a, const glm::vec3& b, const debugdraw::Style& style) override {
        const float length = glm::length(b - a);
        // 3-unit dashes, at most 64 per line (a probe is 8192 units long).
        const int pieces = std::isfinite(length) ? static_cast<int>(std::min(length / 3.0f, 128.0f)) : 0;
        if (pieces < 3) {
            m_out.line(a, b, style);
            return;
        }
        for (int i = 0; i < pieces; i += 2)
            m_out.line(a + (b - a) * (float(i) / float(pieces)), a + (b - a) * (float(i + 1) / float(pieces)),
                       style);
    }
    void polygon(std::span<const glm::vec3> points, const debugdraw::Style& style) override {
        m_out.polygon(points, style);
    }

private:
    debugdraw::DebugDraw& m_out;
};

/// A trace drawn in full: segment, shapes, hit details per the toggles. `paired`: one of two traces
/// of the same segment by different methods, drawn in its method's colour, the plane-shift one
/// dashed; the hit cross (axial for brush, diagonal for planeshift) and the normal arrow (32 / 20
/// units) differ in shape too, so both stay visible where the methods agree.
void drawTrace(debugdraw::DebugDraw& out, const LoggedTrace& t, const collision::Model* model,
               const VisToggles& vis, bool emphasise, bool paired = false) {
    const bool shifted = paired && t.second;
    DashedDraw dashed(out);
    debugdraw::DebugDraw& draw = shifted ? static_cast<debugdraw::DebugDraw&>(dashed) : out;
    const debugdraw::Color color =
        paired ? methodColor(shifted ? TraceMethod::PlaneShift : TraceMethod::Brush) : outcomeColor(t.result);
    const debugdraw::Style seg{color, !emphasise};
    if (vis.traceSegments)
        draw.line(t.start, t.end, debugdraw::Style{color * glm::vec4(1, 1, 1, 0.5f), true});
    if (vis.traceSegments)
        draw.line(t.start, t.result.endpos, seg);
    if (vis.sweptBoxes && t.shape.kind != collision::ShapeKind::Ray) {
        drawShape(draw, t.shape, t.start, debugdraw::Style{glm::vec4(0.6f, 0.6f, 0.6f, 0.6f), true});
        drawShape(draw, t.shape, t.result.endpos, seg);
    }
    const bool hit = t.result.fraction < 1.0f || t.result.startSolid;
    if (!hit)
        return;
    if (vis.hitPoint) {
        const glm::vec3 p = t.result.endpos;
        const debugdraw::Style s{paired ? color : debugdraw::colors::Yellow, false};
        // Brush: three axial arms; plane shifting: three cube diagonals.
        const glm::vec3 arms[2][3] = {{{4, 0, 0}, {0, 4, 0}, {0, 0, 4}}, {{3, 3, 3}, {3, -3, 3}, {-3, 3, 3}}};
        for (const glm::vec3& d : arms[shifted ? 1 : 0])
            draw.line(p - d, p + d, s);
    }
    const glm::vec3 n = t.result.plane.normal;
    if (vis.hitPlane && glm::dot(n, n) > 0.5f) {
        // The plane patch sits on the unshifted brush plane, next to where the shape stopped,
        // lifted a unit along its normal so that it does not fight the face it lies on for depth.
        constexpr float kLift = 1.0f;
        draw.plane(
            debugdraw::HullPlane{n, t.result.plane.dist + kLift}, t.result.endpos, 24.0f,
            debugdraw::Style{paired ? color * glm::vec4(1, 1, 1, 0.3f) : overlayColors::kHitPlane, true});
        const glm::vec3 onPlane = t.result.endpos - n * (glm::dot(n, t.result.endpos) - t.result.plane.dist);
        draw.arrow(onPlane, onPlane + n * (shifted ? 20.0f : 32.0f),
                   debugdraw::Style{paired ? color : debugdraw::colors::Blue, false}, 6.0f);
    }
    if (vis.hitBrush && model && t.result.brush >= 0)
        drawBrush(draw, *model, t.result.brush,
                  paired ? glm::vec4(glm::vec3(color), 0.0f) : overlayColors::kHitBrush);
}

} // namespace

debugdraw::Color methodColor(TraceMethod method) {
    return method == TraceMethod::PlaneShift ? debugdraw::Color{0.0f, 0.9f, 1.0f, 1.0f}
                                             : debugdraw::Color{1.0f, 0.45f, 0.0f, 1.0f};
}

debugdraw::Color outcomeColor(const collision::TraceResult& result) {
    if (result.startSolid)
        return overlayColors::kStartSolid;
    if (result.fraction < 1.0f)
        return debugdraw::colors::Red;
    return debugdraw::colors::Green;
}

void drawShape(debugdraw::DebugDraw& draw, const collision::Shape& shape, const glm::vec3& origin,
               const debugdraw::Style& style) {
    switch (shape.kind) {
    case collision::ShapeKind::Ray:
        draw.line(origin - glm::vec3(0, 0, 2), origin + glm::vec3(0, 0, 2), style);
        return;
    case collision::ShapeKind::Box:
        draw.wireBox(origin + shape.mins, origin + shape.maxs, style);
        return;
    case collision::ShapeKind::Sphere: {
        const float r = shape.radius;
        drawCircle(draw, origin, {1, 0, 0}, {0, 1, 0}, r, style);
        drawCircle(draw, origin, {1, 0, 0}, {0, 0, 1}, r, style);
        drawCircle(draw, origin, {0, 1, 0}, {0, 0, 1}, r, style);
        return;
    }
    case collision::ShapeKind::Capsule: {
        // As collision::ShapeKind::Capsule documents: radius from the half extents, two sphere centres.
        const glm::vec3 half = (shape.maxs - shape.mins) * 0.5f;
        const glm::vec3 centre = origin + (shape.maxs + shape.mins) * 0.5f;
        const float r = std::min(half.x, half.z);
        const float h = half.z - r;
        const glm::vec3 top = centre + glm::vec3(0, 0, h), bottom = centre - glm::vec3(0, 0, h);
        for (const glm::vec3& c : {top, bottom}) {
            drawCircle(draw, c, {1, 0, 0}, {0, 1, 0}, r, style);
            drawCircle(draw, c, {1, 0, 0}, {0, 0, 1}, r, style);
            drawCircle(draw, c, {0, 1, 0}, {0, 0, 1}, r, style);
        }
        for (const glm::vec3& d :
             {glm::vec3(r, 0, 0), glm::vec3(-r, 0, 0), glm::vec3(0, r, 0), glm::vec3(0, -r, 0)})
            draw.line(top + d, bottom + d, style);
        return;
    }
    case collision::ShapeKind::Cylinder: {
        // Upright: a circle at each end and four vertical edges, centred like the trace (mins/maxs middle).
        const glm::vec3 centre = origin + (shape.maxs + shape.mins) * 0.5f;
        const float r = std::max(shape.radius, 0.0f), h = std::max(shape.halfHeight, 0.0f);
        const glm::vec3 top = centre + glm::vec3(0, 0, h), bottom = centre - glm::vec3(0, 0, h);
        drawCircle(draw, top, {1, 0, 0}, {0, 1, 0}, r, style);
        drawCircle(draw, bottom, {1, 0, 0}, {0, 1, 0}, r, style);
        for (const glm::vec3& d :
             {glm::vec3(r, 0, 0), glm::vec3(-r, 0, 0), glm::vec3(0, r, 0), glm::vec3(0, -r, 0)})
            draw.line(top + d, bottom + d, style);
        return;
    }
    }
}

void drawBrush(debugdraw::DebugDraw& draw, const collision::Model& model, int32_t brush,
               const debugdraw::Color& color) {
    if (brush < 0 || brush >= static_cast<int32_t>(model.brushes().size()))
        return;
    const collision::CollisionBrush& b = model.brushes()[static_cast<size_t>(brush)];
    std::vector<debugdraw::HullPlane> planes;
    for (int32_t i = 0; i < b.numSides; ++i) {
        const collision::CollisionSide& s = model.sides()[static_cast<size_t>(b.firstSide + i)];
        planes.push_back({s.normal, s.dist});
    }
    const debugdraw::Style edges{glm::vec4(glm::vec3(color), 1.0f), false};
    if (color.a > 0.0f) {
        draw.brushHull(planes, debugdraw::Style{color, true}, edges);
        return;
    }
    // Wire only: translucent faces would fight with the world faces they lie on.
    for (const auto& face : debugdraw::hullFaces(planes))
        for (size_t i = 0; i < face.size(); ++i)
            draw.line(face[i], face[(i + 1) % face.size()], edges);
}

namespace {

/// The player's traces of the last ticks: the newest tick in full, older ones as segments only.
void drawTickTraces(const ViewerState& state, debugdraw::DebugDraw& draw, const collision::Model* model) {
    const auto& ticks = state.session.tickTraces();
    const ViewOptions::Values& view = state.view.values();
    const size_t n = ticks.size();
    const size_t shown = std::min(n, static_cast<size_t>(std::max(view.vis.ticksShown, 0)));
    for (size_t i = n - shown; i < n; ++i) {
        const bool newest = i + 1 == n;
        VisToggles vis = view.vis;
        // Older ticks: only segments, so the picture stays readable.
        if (!newest)
            vis.sweptBoxes = vis.hitPlane = vis.hitBrush = false;
        // In first person the player's own box surrounds the camera: only a chase camera shows it.
        if (!view.chase)
            vis.sweptBoxes = false;
        for (const LoggedTrace& t : ticks[i])
            drawTrace(draw, t, model, vis, false);
    }
}

/// The facets of the patches near the newest patch hit among the probe, the sweep and the last
/// tick (or near the player), that hit highlighted.
void drawNearbyFacets(const ViewerState& state, debugdraw::DebugDraw& draw, const collision::Model& model) {
    const collision::TraceResult* hit = nullptr;
    auto consider = [&](const LoggedTrace& t) {
        if (t.result.surface >= 0)
            hit = &t.result;
    };
    if (!state.session.tickTraces().empty())
        for (const LoggedTrace& t : state.session.tickTraces().back())
            consider(t);
    for (const LoggedTrace& t : state.probes.sweepTrace())
        consider(t);
    if (state.probes.probe())
        consider(*state.probes.probe());
    // Patches within this many units of the hit (or of the player) are drawn; farther ones are
    // skipped to keep big maps readable.
    constexpr float kPatchRange = 1024.0f;
    const glm::vec3 around = hit ? hit->endpos : state.session.player().origin;
    drawPatchFacets(model, draw, around, kPatchRange, hit ? hit->surface : -1, hit ? hit->facet : -1);
}

} // namespace

void drawTraceVis(const ViewerState& state, debugdraw::DebugDraw& draw) {
    const collision::Model* model = state.session.map() ? state.session.map()->model.get() : nullptr;
    const ViewOptions::Values& view = state.view.values();
    const Probes& probes = state.probes;
    drawTickTraces(state, draw, model);
    if (view.chase) {
        // The player's shape where it stands, seen from behind.
        const movement::PlayerState& ps = state.session.player();
        drawShape(draw, movement::playerShape(state.session.sim().settings(), ps.crouched), ps.origin,
                  debugdraw::Style{overlayColors::kPlayer, false});
    }
    if (probes.probe())
        drawTrace(draw, *probes.probe(), model, view.vis, true, probes.probeCompare().has_value());
    if (probes.probeCompare())
        drawTrace(draw, *probes.probeCompare(), model, view.vis, true, true);
    for (const LoggedTrace& t : probes.sweepTrace()) {
        drawTrace(draw, t, model, view.vis, true, probes.sweepTrace().size() > 1);
        drawShape(draw, t.shape, t.start, debugdraw::Style{debugdraw::colors::White, false});
    }
    if (model && probes.shownBrush() >= 0)
        drawBrush(draw, *model, probes.shownBrush(), overlayColors::kShownBrush);
    if (model && view.vis.patchFacets)
        drawNearbyFacets(state, draw, *model);
}

} // namespace cliplab::viewer
