#include "viewer/MarkerView.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>

namespace cliplab::viewer {

namespace {

// The game's player box and item box (bg_public.h / g_items.c), units.
const glm::vec3 kPlayerMins{-15.0f, -15.0f, -24.0f}, kPlayerMaxs{15.0f, 15.0f, 32.0f};
constexpr float kItemRadius = 15.0f;
/// The game puts a spawned player 9 units above the spawn point's origin.
constexpr float kSpawnLift = 9.0f;

glm::vec3 facing(float yawDegrees) {
    const float a = glm::radians(yawDegrees);
    return {std::cos(a), std::sin(a), 0.0f};
}

} // namespace

debugdraw::Color markerKindColor(inspect::MarkerKind kind) {
    switch (kind) {
    case inspect::MarkerKind::Spawn:
        return {0.3f, 1.0f, 0.4f, 1.0f};
    case inspect::MarkerKind::Item:
        return {1.0f, 0.85f, 0.2f, 1.0f};
    case inspect::MarkerKind::TeleportDestination:
        return {0.7f, 0.4f, 1.0f, 1.0f};
    case inspect::MarkerKind::Trigger:
        return {1.0f, 0.45f, 0.2f, 1.0f};
    }
    return {1.0f, 1.0f, 1.0f, 1.0f};
}

glm::vec3 markerLabelPoint(const inspect::Marker& m) {
    switch (m.kind) {
    case inspect::MarkerKind::Spawn:
    case inspect::MarkerKind::TeleportDestination:
        return m.origin + glm::vec3(0.0f, 0.0f, kSpawnLift + kPlayerMaxs.z + 4.0f);
    case inspect::MarkerKind::Item:
        return m.origin + glm::vec3(0.0f, 0.0f, kItemRadius + 4.0f);
    case inspect::MarkerKind::Trigger:
        return {m.origin.x, m.origin.y, m.maxs.z + 4.0f};
    }
    return m.origin;
}

std::array<size_t, inspect::kMarkerKindCount>
drawMarkers(const std::vector<inspect::Marker>& markers, debugdraw::DebugDraw& draw,
            const std::array<bool, inspect::kMarkerKindCount>& shown, const glm::vec3& eye, float range) {
    std::array<size_t, inspect::kMarkerKindCount> drawn{};
    for (const inspect::Marker& m : markers) {
        const auto k = static_cast<size_t>(m.kind);
        if (!shown[k] || !(glm::length(m.origin - eye) <= range))
            continue;
        ++drawn[k];
        const debugdraw::Style style{markerKindColor(m.kind), true};
        switch (m.kind) {
        case inspect::MarkerKind::Spawn:
        case inspect::MarkerKind::TeleportDestination: {
            const glm::vec3 at = m.origin + glm::vec3(0.0f, 0.0f, kSpawnLift);
            draw.wireBox(at + kPlayerMins, at + kPlayerMaxs, style);
            draw.arrow(at, at + facing(m.yaw) * 40.0f, style, 8.0f);
            break;
        }
        case inspect::MarkerKind::Item:
            draw.wireBox(m.origin - glm::vec3(kItemRadius), m.origin + glm::vec3(kItemRadius), style);
            draw.line(m.origin - glm::vec3(0.0f, 0.0f, kItemRadius),
                      m.origin + glm::vec3(0.0f, 0.0f, kItemRadius), style);
            break;
        case inspect::MarkerKind::Trigger:
            draw.wireBox(m.mins, m.maxs, style);
            if (m.target)
                draw.arrow(m.origin, *m.target,
                           debugdraw::Style{markerKindColor(m.kind) * glm::vec4(1, 1, 1, 0.6f), true}, 16.0f);
            break;
        }
    }
    return drawn;
}

} // namespace cliplab::viewer
