#pragma once
/// \file Panels.h
/// The viewer's Dear ImGui panels, one function (and file) each. Each draws its window and
/// changes `state` through its set* functions (ranges kept); the main loop applies the changes
/// the same frame.

#include "viewer/ViewerState.h"

namespace cliplab::viewer::panels {

void tracePanel(ViewerState& state);     ///< Shape, extents, epsilon, mask, curves, semantics.
void movementPanel(ViewerState& state);  ///< Mode, preset, settings, tick rate, player state, speed plot.
void probePanel(ViewerState& state);     ///< Probe click result and the sweep tool.
void debuggerPanel(ViewerState& state);  ///< Last traces, details, brushes tested.
void renderPanel(ViewerState& state);    ///< View mode, patch level, culling, counters.
void mapPanel(ViewerState& state);       ///< Maps in the VFS, load, stations and spawn points.
void statsPanel(ViewerState& state);     ///< fps, traces per frame, microseconds per trace.
void helpPanel(ViewerState& state);      ///< Keys.

/// The Trace panel's method switch (brush / planeshift / both), bevels, the tree and the comparison;
/// edits `t`, the panel's copy of state.trace (the panel applies it with setTrace).
void traceMethodSection(ViewerState& state, TraceSettings& t);
/// Every panel, placed on first use (the ini file keeps what the user arranges).
void drawAll(ViewerState& state);

/// Over the 3D view, under the panels: with the mouse captured, the crosshair (where a click
/// probes) and a "mouse captured: Esc releases" hint.
void viewOverlay(const ViewerState& state, bool mouseCaptured);

/// The Stats panel's plane-shift tree figures (bevels on and off) and mean trace times per method.
void planeShiftStatsSection(ViewerState& state);
/// Which colour and glyph stand for which method.
void methodLegend();
/// One segment by both methods side by side: fractions, planes and their differences.
void methodComparison(const LoggedTrace& brush, const LoggedTrace& shifted);

/// Plots a rolling series (oldest first) with its latest value in the label.
void plotSeries(const char* label, const std::deque<float>& series, const char* format);

} // namespace cliplab::viewer::panels
