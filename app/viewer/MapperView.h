#pragma once
/// \file MapperView.h
/// The mapper's tools drawn through the debug-draw layer (no GL here): the leak path followed
/// through walls, and the measuring tape with its parts, the player's box at each end and the
/// running jump; and the tape's findings as lines of text (panel and console).

#include "analysis/Tape.h"
#include "debugdraw/DebugDraw.h"
#include "viewer/MapperTools.h"

#include <string>
#include <vector>

namespace cliplab::viewer {

/// The leak path's colour: a red seen on any wall.
inline constexpr debugdraw::Color kLeakColor{1.0f, 0.15f, 0.15f, 1.0f};

/// The leak path as arrows from the void to the entity, drawn without the depth test (seen
/// through walls); a box of 16 units around its first point (the void end) and its last (the entity).
void drawLeakPath(const LeakPath& leak, debugdraw::DebugDraw& draw);

/// The tape without the depth test: the line from a to b (white), its x, y and z parts (red,
/// green, blue) as a path a -> +x -> +y -> +z = b, the standing box at each end (green where it
/// has room, red where not) and the running jump's path (cyan when it reaches, orange when not).
void drawTape(const analysis::TapeResult& tape, const movement::Settings& settings,
              debugdraw::DebugDraw& draw);

/// The tape's findings, one line each: distance with its parts, the standing and crouched fits,
/// the running jump ("jump: reaches ..." or "jump: falls short ...").
std::vector<std::string> tapeText(const analysis::TapeResult& tape);

} // namespace cliplab::viewer
