#pragma once
/// \file Panels.h
/// The viewer's Dear ImGui panels, one function (and file) each. Each draws the body of its
/// section of the sidebar (Layout.cpp: a collapsing header per panel, item width leaving
/// labelColumn() for the labels), reads the state's parts and changes them through their
/// settings (the widgets below take a registry entry and write through its setter, which keeps
/// the value in range) or their commands; the main loop applies the changes the same frame.

#include "replay/JumpMetrics.h"
#include "viewer/ViewerState.h"

#include <span>
#include <string>
#include <vector>

struct ImVec4;

namespace cliplab::viewer::panels {

void tracePanel(ViewerState& state);    ///< Shape, extents, epsilon, mask, curves, semantics.
void movementPanel(ViewerState& state); ///< Mode, preset, settings, tick rate, player state, speed plot.
void probePanel(ViewerState& state);    ///< Probe click result and the sweep tool.
void debuggerPanel(ViewerState& state); ///< Last traces, details, brushes tested.
void renderPanel(ViewerState& state);   ///< View mode, patch level, culling, counters.
void mapPanel(ViewerState& state);      ///< Maps in the VFS, load, stations and spawn points.
void statsPanel(ViewerState& state);    ///< fps, traces per frame, microseconds per trace.
void helpPanel(ViewerState& state);     ///< Keys.
/// The watched map file and its reloads, the leak path (fly to its start), the measuring tape.
void mapperPanel(ViewerState& state);
/// The tape's distance and parts, and the leak path's ends, labelled over the 3D view.
void mapperLabels(const ViewerState& state);
/// Record (F5), open, play a recording; ghosts, where they part, jump metrics (RecordingPanel.cpp).
/// A window docked along the bottom of the window, left of the sidebar (`viewWidth` wide, window
/// coordinates), open or collapsed as ui_recording says; returns its height (window coordinates):
/// the 3D view ends above it.
float recordingPanel(ViewerState& state, float viewWidth);
/// The playback controls of `timeline`: play/pause, step, speed, recorded view, close, the slider.
/// False when "close" ended the playback: what it played is gone, nothing after may read it this
/// frame.
bool playbackSection(ViewerState& state, Timeline& timeline);
/// A table of jumps (distance, apex, airtime, take-off and landing speeds).
void jumpTable(std::span<const replay::Jump> jumps);
/// The open demo (DemoPanel.cpp): whom the camera follows and how, the followed player's figures,
/// the samples in solid.
void demoSection(ViewerState& state);
/// The followed demo player's jumps that took off up to the playhead.
std::vector<replay::Jump> demoJumpsToPlayhead(const DemoPlayback& demo);
/// Every demo player's name over its box in the 3D view.
void demoLabels(const ViewerState& state);
/// The Map panel's demo opener: a path or name field and the demos in the game data.
void demoOpenSection(ViewerState& state);
/// The traces of the recorded run and the first ghost to part, side by side at the parting tick,
/// the first difference highlighted (Recording panel and Trace debugger), under a header open or not.
void partingTraceTable(ViewerState& state, bool open = true);
/// Horizontal speed and acceleration tick by tick, of the played recording or the live player.
void accelerationPlot(ViewerState& state);
void inspectorPanel(
    ViewerState& state); ///< Shader, flags and contents by name, the brush's sides, its entity.

/// The collision brush view switch and its legend: a colour and a filter per brush kind, bevels.
void brushViewSection(ViewerState& state);
/// The surface class view switch and its legend (a colour and a filter per class, with the map's
/// counts), and the hull view switch with its box (the player's or the probe's) and range.
void analysisViewSection(ViewerState& state);
/// The jump pad arc and airborne prediction switches, with the pads' count and the predicted landing.
void arcViewSection(ViewerState& state);
/// The snag heat map switch, its search button (blocking: the soak runs in the frame) and ticks.
void snagSection(ViewerState& state);
/// The reach map: its switch, the search (a background thread with a progress bar), its grid, and
/// buttons to the biggest unreachable regions.
void reachSection(ViewerState& state);
/// The tooltip by the cursor naming what it points at in the surface class view (state.hover).
void surfaceHoverTooltip(const ViewerState& state);
/// Entity marker kinds: a colour and a toggle each, and labels.
void markerSection(ViewerState& state);
/// Draws the shown markers' labels over the 3D view (behind the panels); markers hidden behind
/// solid brushes or beyond MarkerToggles::labelRange get none.
void markerLabels(const ViewerState& state);

/// The Trace panel's method switch (brush / planeshift / both), bevels, the tree and the comparison.
void traceMethodSection(ViewerState& state);
/// The sidebar, docked to the right edge at full height, with every panel as a collapsing
/// section (open or closed as state.sectionOpen says, defaults for the missing ones). Returns
/// the width left of it for the 3D view (window coordinates).
float drawAll(ViewerState& state);
/// The sections' names, top to bottom (the keys of ViewerState::sectionOpen).
std::vector<std::string> sectionNames();
/// The viewer's ImGui style: the dark colours with opaque window backgrounds.
void applyStyle();
/// Width kept for the labels right of the widgets (pixels).
float labelColumn();

/// The ImGui window the strafe HUD draws in.
inline constexpr const char* kStrafeHudWindow = "##strafe hud";
/// The strafe HUD across the middle of the 3D view (`viewWidth` wide) when strafeHudWanted: the
/// CGaz bands, the snap zones and the meters of the tick in view (StrafeView; `liveKeys` the keys
/// held for the live player). True when drawn.
bool strafeHud(const ViewerState& state, const movement::Input& liveKeys, float viewWidth);
/// The run editor of the Recording panel (RunEditor.cpp): start and stop editing, the range, the
/// inputs, strafe fill, bookmarks, undo and redo, save as.
void runEditor(ViewerState& state);

/// The 3D view's part of the window this frame, for what is drawn over it.
struct ViewArea {
    float width = 1.0f, height = 1.0f; ///< From the window's top left corner (window coordinates).
    bool mouseCaptured = false;        ///< Mouse look: the crosshair is drawn.
    bool firstCapturePending = false;  ///< The mouse was never captured yet: the first-minute hint.
};

/// Over the 3D view, under the panels: the "player left the world" note at the top; before the
/// first capture the hint "click in the view to capture the mouse, ~ for the console"; with the
/// mouse captured the crosshair (where a click probes) and a "mouse captured: Esc releases" hint;
/// the name of the face and brush under the crosshair (or the cursor) when there is one; the
/// legend of the overlays drawn (view.legend).
void viewOverlay(const ViewerState& state, const ViewArea& area);
/// The lines of the overlay legend for the current settings and state: one per overlay drawn,
/// its colour and what it is (the legend draws these; tests read them).
struct LegendLine {
    unsigned int colour; ///< ImGui's packed ABGR colour.
    const char* text;
};
std::vector<LegendLine> overlayLegend(const ViewerState& state);

/// The Stats panel's plane-shift tree figures (bevels on and off) and mean trace times per method.
void planeShiftStatsSection(ViewerState& state);
/// Which colour and glyph stand for which method.
void methodLegend(const std::string& first, const std::string& second);
/// One segment by both methods side by side: fractions, planes and their differences.
void methodComparison(const LoggedTrace& brush, const LoggedTrace& shifted);

/// A debug-draw colour as ImGui takes it, opaque (legend swatches, coloured text).
ImVec4 imColor(const debugdraw::Color& colour);

/// A text field over the row but for a button after it (a path and "load", say): true when the
/// button is clicked or Enter pressed in the field, with text in it. `id` and `button` are the
/// items' labels (their IDs).
bool fieldAndButton(const char* id, const char* hint, char* text, size_t size, const char* button);

/// Widgets of settings: each shows the setting's value under its label (or `label`) and, when the
/// user changes it, writes it through the setting's setter; true when it changed. Sliders take
/// the setting's slider hint (range, format, logarithmic).
bool checkbox(FlagSetting& setting, const char* label = nullptr);
bool slider(NumberSetting& setting, const char* label = nullptr);
bool slider(WholeSetting& setting, const char* label = nullptr);
bool drag3(VectorSetting& setting, const char* label = nullptr);
/// Three number settings (a box corner's x, y, z) as one drag box, with x's slider hint.
bool drag3(const char* label, NumberSetting& x, NumberSetting& y, NumberSetting& z);
bool combo(ChoiceSetting& setting, const char* label = nullptr);
/// One radio button of a choice: selected when the setting is `index`; a click sets it.
bool radio(ChoiceSetting& setting, int index, const char* label);
/// One checkbox of a set of names: name `index` in or out.
bool nameCheckbox(NameSetSetting& setting, int index, const char* label);
/// Checkboxes for the contents bits a trace stops at (solid, playerclip, water...) and the mask
/// as a number; true when one was clicked. `id` tells two such groups apart.
bool maskCheckboxes(const char* id, MaskSetting& setting);

/// A button a line high, as ImGui::SmallButton, with a pixel of frame above and below its text:
/// SmallButton's zero padding cuts the descenders of g, p and q.
bool smallButton(const char* label);

/// A dimmed explanation, wrapped to the section's width.
void note(const char* text);

/// A titled group inside a section: the title in the accent colour over a separator.
void subheading(const char* text);

/// Plots a rolling series (oldest first) with its latest value in the label.
void plotSeries(const char* label, const std::deque<float>& series, const char* format);

} // namespace cliplab::viewer::panels
