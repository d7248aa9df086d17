#pragma once
/// \file BrushView.h
/// Draws a map's collision brushes (instead of its render surfaces) through the debug-draw interface.

#include "bsp/BspData.h"
#include "debugdraw/DebugDraw.h"

#include <glm/vec3.hpp>

namespace cliplab::viewer {

/// What drawBrushes() drew.
struct BrushViewStats {
    size_t solid = 0, playerClip = 0, other = 0; ///< Brushes by kind.
    size_t bevelSides = 0; ///< Sides that bound no face (bevel planes the compiler adds for box traces).
};

/// Draws every brush of the world model whose contents block players (solid: grey-blue,
/// playerclip: orange) as translucent hulls with edges, and each bevel side as a short yellow
/// normal arrow at the brush centre. Brushes farther than `maxDistance` units from `eye` are skipped.
BrushViewStats drawBrushes(const bsp::BspData& data, debugdraw::DebugDraw& draw, const glm::vec3& eye,
                           float maxDistance);

} // namespace cliplab::viewer
