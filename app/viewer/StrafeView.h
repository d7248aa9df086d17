#pragma once
/// \file StrafeView.h
/// What the strafe HUD shows for the tick in view: the live player's next tick (its state, the
/// keys held and the view's angles), or the shown tick of a recording being played or edited (its
/// state and that tick's input). The numbers come from replay::strafeHud and replay::tickMeters
/// (engine/replay/Meters.h); nothing of the physics is worked out here. No ImGui or GL.

#include "replay/Meters.h"

#include <cstddef>
#include <optional>

namespace cliplab::viewer {

struct ViewerState;

/// The strafe HUD's content at one tick.
struct StrafeView {
    replay::StrafeHud hud;       ///< Bands, snap zones, view angles of the tick about to run.
    bool assumedKeys = false;    ///< No horizontal key held: the bands are those of forward + right.
    movement::Settings settings; ///< The movement settings the tick runs under.
    double rate = 0.0;           ///< Its tick rate (ticks/s).
    /// The tick that led to the state shown (none at a run's start or before the first live tick).
    std::optional<replay::TickMeters> last;
    /// The timing of the latest jump taken at or before the state shown.
    std::optional<replay::JumpTiming> jump;
    replay::StrafeSummary recent; ///< The last second's ticks (up to the state shown) together.
    bool replayed = false;        ///< From a recording (played or edited), not the live player.
};

/// Whether the HUD is drawn: cg_strafeHud on, or auto and the player shown runs the quake3 preset;
/// and the player shown walks (walk mode).
bool strafeHudWanted(const ViewerState& state);

/// The HUD of the tick in view: a recording's shown tick when one is open, else the live player's
/// next tick with `liveKeys` (the keys held, the view's angles). `withZones` works out the snap
/// zones too (the quake3 preset with snapVelocity).
StrafeView strafeView(const ViewerState& state, const movement::Input& liveKeys, bool withZones = true);

} // namespace cliplab::viewer
