#pragma once
/// \file TraceVis.h
/// Draws the viewer's traces into the debug-draw layer: the player's movement traces of the last
/// N ticks coloured by outcome, swept shapes at start and stop, hit point, hit plane and normal,
/// hit brush hull; the probe and sweep traces; a brush chosen in the debugger.

#include "debugdraw/DebugDraw.h"
#include "viewer/ViewerState.h"

namespace cliplab::viewer {

/// Colours of the overlays, shared by their drawing and the view's legend. Each differs from the
/// brush kinds' and surface classes' colours, so an outline never reads as a contents.
namespace overlayColors {
inline constexpr debugdraw::Color kStartSolid{1.0f, 0.2f, 1.0f, 1.0f};  ///< A trace that started in solid.
inline constexpr debugdraw::Color kHitPlane{0.3f, 0.6f, 1.0f, 0.35f};   ///< The hit plane's quad.
inline constexpr debugdraw::Color kHitBrush{1.0f, 0.3f, 0.45f, 0.0f};   ///< The hit brush's wire hull (pink).
inline constexpr debugdraw::Color kShownBrush{1.0f, 1.0f, 1.0f, 0.22f}; ///< gotobrush / the debugger's brush.
inline constexpr debugdraw::Color kPlayer{0.3f, 1.0f, 0.3f, 0.9f}; ///< The player's shape (chase camera).
inline constexpr debugdraw::Color kPrediction{0.3f, 0.85f, 1.0f, 1.0f}; ///< The airborne flight with no keys.
} // namespace overlayColors

/// Green = clear, red = hit, magenta = started in a solid.
debugdraw::Color outcomeColor(const collision::TraceResult& result);

/// The colour of a method's traces when one segment is drawn by both (Brush orange, PlaneShift cyan).
debugdraw::Color methodColor(TraceMethod method);

/// Draws `shape` placed at `origin` (units) as wire lines.
void drawShape(debugdraw::DebugDraw& draw, const collision::Shape& shape, const glm::vec3& origin,
               const debugdraw::Style& style);

/// Draws brush `brush` of `model`: translucent faces in `color` with opaque edges, or only the
/// edges (a wire hull, drawn over the world) when `color` has alpha 0.
void drawBrush(debugdraw::DebugDraw& draw, const collision::Model& model, int32_t brush,
               const debugdraw::Color& color);

/// Everything the state's toggles ask for.
void drawTraceVis(const ViewerState& state, debugdraw::DebugDraw& draw);

} // namespace cliplab::viewer
