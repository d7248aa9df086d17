#pragma once
/// \file MarkerView.h
/// Entity markers in the 3D view through the debug-draw interface: spawn points and teleporter
/// destinations as player boxes with their facing, items as item-sized boxes, trigger volumes as
/// wire boxes with a line to where they send the player.

#include "debugdraw/DebugDraw.h"
#include "inspect/Markers.h"

#include <glm/vec3.hpp>

#include <array>
#include <vector>

namespace cliplab::viewer {

/// The colour of a marker kind (markers, labels, the Render panel's toggles).
debugdraw::Color markerKindColor(inspect::MarkerKind kind);

/// Where a marker's label goes: above a point marker's box, at the top of a trigger volume (units).
glm::vec3 markerLabelPoint(const inspect::Marker& marker);

/// Draws the markers whose kind is shown and whose origin is within `range` units of `eye`;
/// returns how many were drawn, by kind.
std::array<size_t, inspect::kMarkerKindCount>
drawMarkers(const std::vector<inspect::Marker>& markers, debugdraw::DebugDraw& draw,
            const std::array<bool, inspect::kMarkerKindCount>& shown, const glm::vec3& eye, float range);

} // namespace cliplab::viewer
