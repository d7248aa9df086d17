#pragma once
/// \file TraceVis.h
/// Draws the viewer's traces into the debug-draw layer: the player's movement traces of the last
/// N ticks coloured by outcome, swept shapes at start and stop, hit point, hit plane and normal,
/// hit brush hull; the probe and sweep traces; a brush chosen in the debugger.

#include "debugdraw/DebugDraw.h"
#include "viewer/ViewerState.h"

namespace cliplab::viewer {

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
