#include "viewer/AnalysisView.h"

#include "inspect/BrushKind.h"
#include "viewer/BrushView.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::viewer {

debugdraw::Color surfaceClassColor(analysis::SurfaceClass cls) {
    using analysis::SurfaceClass;
    switch (cls) {
    case SurfaceClass::Walkable:
        return {0.25f, 0.8f, 0.3f, 1.0f};
    case SurfaceClass::TooSteep: // brown: apart from the player clip's orange
        return {0.6f, 0.4f, 0.25f, 1.0f};
    case SurfaceClass::Slick:
        return {0.55f, 0.95f, 1.0f, 1.0f};
    case SurfaceClass::NoDamage:
        return {0.95f, 0.85f, 0.55f, 1.0f};
    case SurfaceClass::NoSteps:
        return {0.6f, 0.6f, 0.45f, 1.0f};
    case SurfaceClass::PlayerClip:
        return {1.0f, 0.45f, 0.05f, 1.0f};
    case SurfaceClass::WeaponClip:
        return {0.75f, 0.75f, 0.8f, 1.0f};
    case SurfaceClass::MonsterClip:
        return {0.85f, 0.35f, 0.85f, 1.0f};
    case SurfaceClass::Trigger:
        return {1.0f, 0.9f, 0.2f, 1.0f};
    case SurfaceClass::JumpPad:
        return {0.2f, 1.0f, 0.6f, 1.0f};
    case SurfaceClass::Teleporter:
        return {0.65f, 0.35f, 1.0f, 1.0f};
    case SurfaceClass::Hurt:
        return {1.0f, 0.1f, 0.35f, 1.0f};
    case SurfaceClass::Water:
        return {0.1f, 0.45f, 1.0f, 1.0f};
    case SurfaceClass::Slime:
        return {0.5f, 0.95f, 0.05f, 1.0f};
    case SurfaceClass::Lava:
        return {1.0f, 0.25f, 0.0f, 1.0f};
    }
    return {1.0f, 1.0f, 1.0f, 1.0f};
}

SurfaceClassDrawn drawSurfaceClasses(const std::vector<analysis::ClassifiedFace>& faces,
                                     debugdraw::DebugDraw& draw, const glm::vec3& eye, float range,
                                     analysis::SurfaceClasses shown) {
    SurfaceClassDrawn drawn{};
    std::vector<glm::vec3> lifted;
    for (const analysis::ClassifiedFace& f : faces) {
        const auto cls = analysis::leadingClass(f.classes, shown);
        if (!cls)
            continue;
        glm::vec3 centre(0.0f);
        for (const glm::vec3& p : f.polygon)
            centre += p;
        centre /= float(f.polygon.size());
        if (!(glm::length(centre - eye) <= range))
            continue;
        lifted.clear();
        for (const glm::vec3& p : f.polygon)
            lifted.push_back(p + f.normal * 0.25f);
        const debugdraw::Color c = surfaceClassColor(*cls);
        draw.polygon(lifted, debugdraw::Style{{c.r, c.g, c.b, 0.55f}, true});
        const debugdraw::Style edge{{c.r, c.g, c.b, 1.0f}, true};
        for (size_t i = 0; i < lifted.size(); ++i)
            draw.line(lifted[i], lifted[(i + 1) % lifted.size()], edge);
        ++drawn[static_cast<size_t>(*cls)];
    }
    return drawn;
}

const std::vector<analysis::HullBrush>& HullCache::get(const collision::Model& model, int32_t first,
                                                       int32_t count, const glm::vec3& mins,
                                                       const glm::vec3& maxs, int32_t mask) {
    if (m_model != &model || m_first != first || m_count != count || m_mask != mask || m_mins != mins ||
        m_maxs != maxs) {
        m_hulls = analysis::expandBrushes(model, first, count, mins, maxs, mask);
        m_model = &model;
        m_first = first;
        m_count = count;
        m_mask = mask;
        m_mins = mins;
        m_maxs = maxs;
    }
    return m_hulls;
}

size_t drawHulls(const std::vector<analysis::HullBrush>& hulls, debugdraw::DebugDraw& draw,
                 const glm::vec3& eye, float range) {
    size_t drawn = 0;
    const debugdraw::Style edge{{0.95f, 0.95f, 0.95f, 0.8f}, true};
    std::vector<std::vector<glm::vec3>> faces;
    for (const analysis::HullBrush& h : hulls) {
        // Near when the eye is within `range` of the hull's bounds (a long floor counts wherever
        // the eye is above it).
        glm::vec3 lo(3e38f), hi(-3e38f);
        for (const auto& f : h.faces)
            for (const auto& p : f.points) {
                lo = glm::min(lo, glm::vec3(p));
                hi = glm::max(hi, glm::vec3(p));
            }
        if (!(glm::length(glm::clamp(eye, lo, hi) - eye) <= range))
            continue;
        faces.clear();
        for (const auto& f : h.faces) {
            faces.emplace_back();
            for (const auto& p : f.points)
                faces.back().emplace_back(p);
        }
        const debugdraw::Color c = brushKindColor(inspect::brushKind(h.contents));
        draw.hullFaces(faces, debugdraw::Style{{c.r, c.g, c.b, 0.18f}, true}, edge);
        ++drawn;
    }
    return drawn;
}

namespace {

void cross(debugdraw::DebugDraw& draw, const glm::vec3& p, float size, const debugdraw::Style& style) {
    draw.line(p - glm::vec3(size, 0, 0), p + glm::vec3(size, 0, 0), style);
    draw.line(p - glm::vec3(0, size, 0), p + glm::vec3(0, size, 0), style);
    draw.line(p - glm::vec3(0, 0, size), p + glm::vec3(0, 0, size), style);
}

} // namespace

void drawFlight(const analysis::Flight& flight, debugdraw::DebugDraw& draw, const debugdraw::Color& color) {
    if (flight.path.empty())
        return;
    const debugdraw::Style path{color, true}, pushed{debugdraw::colors::White, true},
        blocked{debugdraw::colors::Red, true};
    bool afterBlock = false;
    for (size_t i = 1; i < flight.path.size(); ++i) {
        const bool push = i - 1 < flight.pushed.size() && flight.pushed[i - 1];
        draw.line(flight.path[i - 1], flight.path[i], push ? pushed : afterBlock ? blocked : path);
        afterBlock = afterBlock || (flight.blockedAt && flight.path[i] == *flight.blockedAt);
    }
    draw.wireBox(flight.launch - glm::vec3(4.0f), flight.launch + glm::vec3(4.0f), pushed);
    if (flight.blockedAt)
        cross(draw, *flight.blockedAt, 12.0f, blocked);
    if (flight.landing) {
        const glm::vec3 p = *flight.landing;
        cross(draw, p, 10.0f, path);
        constexpr int kSegments = 16;
        for (int k = 0; k < kSegments; ++k) {
            const float a0 = 6.2831853f * float(k) / kSegments, a1 = 6.2831853f * float(k + 1) / kSegments;
            draw.line(p + glm::vec3(std::cos(a0), std::sin(a0), 0.0f) * 16.0f,
                      p + glm::vec3(std::cos(a1), std::sin(a1), 0.0f) * 16.0f, path);
        }
    }
}

const PadArcCache::Arcs& PadArcCache::get(const bsp::BspData& data, const std::vector<bsp::Entity>& entities,
                                          const collision::Model& model,
                                          const analysis::FlightSettings& settings) {
    if (!m_built || m_model != &model || m_entities != &entities ||
        !(m_settings.movement == settings.movement) || m_settings.rate != settings.rate ||
        !(m_settings.trace == settings.trace) || m_settings.maxTime != settings.maxTime) {
        m_arcs.pads = analysis::findJumpPads(data, entities, settings.movement.gravity);
        m_arcs.flights.clear();
        for (const analysis::JumpPad& pad : m_arcs.pads)
            m_arcs.flights.push_back(pad.launch ? analysis::simulatePad(model, pad, m_arcs.pads, settings)
                                                : analysis::Flight{});
        m_model = &model;
        m_entities = &entities;
        m_settings = settings;
        m_built = true;
    }
    return m_arcs;
}

void drawPadArcs(const PadArcCache::Arcs& arcs, debugdraw::DebugDraw& draw) {
    const debugdraw::Style target{debugdraw::colors::Yellow, true};
    for (size_t i = 0; i < arcs.pads.size(); ++i) {
        const analysis::JumpPad& pad = arcs.pads[i];
        if (!pad.launch)
            continue;
        const analysis::Flight& f = arcs.flights[i];
        drawFlight(f, draw,
                   f.blocked ? debugdraw::Color{1.0f, 0.55f, 0.1f, 1.0f}
                             : debugdraw::Color{0.3f, 1.0f, 0.45f, 1.0f});
        cross(draw, *pad.targetOrigin, 12.0f, target);
        draw.line(*pad.targetOrigin, glm::vec3(pad.targetOrigin->x, pad.targetOrigin->y, pad.centre.z),
                  target);
    }
}

size_t drawSnagCells(const std::vector<analysis::SnagCell>& cells, debugdraw::DebugDraw& draw,
                     float cellSize) {
    int most = 1;
    for (const analysis::SnagCell& c : cells)
        most = std::max(most, c.total());
    const glm::vec3 half(cellSize * 0.5f);
    for (const analysis::SnagCell& c : cells) {
        const float heat = most > 1 ? float(c.total() - 1) / float(most - 1) : 1.0f;
        const debugdraw::Color colour = c.inSolid + c.stuck > 0
                                            ? debugdraw::Color{1.0f, 0.2f, 1.0f, 1.0f}
                                            : debugdraw::Color{1.0f, 1.0f - 0.85f * heat, 0.1f, 1.0f};
        const debugdraw::Style style{colour, false}; // seen through walls: they are what to look for
        draw.wireBox(c.centre - half, c.centre + half, style);
        draw.line(c.centre, c.centre + glm::vec3(0.0f, 0.0f, 32.0f + 96.0f * heat), style);
    }
    return cells.size();
}

} // namespace cliplab::viewer
