#pragma once
/// \file BrushView.h
/// Draws a map's collision brushes (instead of its render surfaces) through the debug-draw
/// interface, coloured by what they are (inspect::BrushKind) and filtered per kind.

#include "bsp/BspData.h"
#include "debugdraw/DebugDraw.h"
#include "inspect/BrushKind.h"

#include <glm/vec3.hpp>

#include <array>

namespace cliplab::viewer {

/// The collision brush view's filters (Render panel legend).
struct BrushViewSettings {
    /// Kinds drawn, by inspect::BrushKind; all but "other" (hint, skip, areaportal, origin...) at first.
    std::array<bool, inspect::kBrushKindCount> shown{true, true, true, true, true,
                                                     true, true, true, true, false};
    bool bevels = false;   ///< Bevel sides as short arrows at the brush centre.
    float range = 4096.0f; ///< Brushes farther from the eye are not drawn (units).
};

/// What drawBrushes() drew.
struct BrushViewStats {
    std::array<size_t, inspect::kBrushKindCount> drawn{}; ///< Brushes drawn, by kind.
    std::array<size_t, inspect::kBrushKindCount> total{}; ///< Brushes of the map, by kind (drawn or not).
    size_t bevelSides = 0;                                ///< Bevel arrows drawn (sides that bound no face).
};

/// The colour of a kind in the brush view and its legend (RGB; faces are drawn translucent).
debugdraw::Color brushKindColor(inspect::BrushKind kind);

/// Draws every brush of every model (world and inline models) whose kind is shown as a
/// translucent hull in its kind's colour with light edges; with `bevels`, each bevel side as a
/// short yellow arrow at the brush centre. Brushes whose centre is farther than `maxDistance` units
/// from `eye` are skipped.
BrushViewStats drawBrushes(const bsp::BspData& data, debugdraw::DebugDraw& draw, const glm::vec3& eye,
                           float maxDistance, const std::array<bool, inspect::kBrushKindCount>& shown,
                           bool bevels);

} // namespace cliplab::viewer
