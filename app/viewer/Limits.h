#pragma once
/// \file Limits.h
/// Ranges of the viewer's settings that the command line shares (view's --chase, shot's --fov and
/// --patch-level, --sweep): the settings registry declares each setting with these, and its setters
/// keep every value inside.

#include "collision/TraceLimits.h"

namespace cliplab::viewer::limits {

inline constexpr float kProbeExtent = 128.0f; ///< Probe box/capsule mins/maxs components, +/- (units).
inline constexpr float kProbeRadius =
    64.0f; ///< Probe sphere/cylinder radius and half height, [0, this] (units).
inline constexpr float kEpsilon = collision::kMaxEpsilon; ///< Trace epsilon, [0, this] (units), as --epsilon.
inline constexpr int kPatchLevelMin = 1;                  ///< Patch subdivisions, as shot's --patch-level.
inline constexpr int kPatchLevelMax = 64;
inline constexpr float kFovMin = 1.0f; ///< Horizontal field of view (degrees).
inline constexpr float kFovMax = 179.0f;
inline constexpr float kChaseMax = 1024.0f; ///< Chase camera distance, [0, this] (units), as view's --chase.
inline constexpr float kChaseDefault = 120.0f; ///< The chase camera's distance at first (units).
inline constexpr float kFlySpeedMin = 0.05f;   ///< Fly/noclip speed factor (mouse wheel).
inline constexpr float kFlySpeedMax = 20.0f;
inline constexpr int kTicksShownMax = 200;          ///< Ticks of player traces drawn, [0, this].
inline constexpr float kSweepCoordinate = 65536.0f; ///< Sweep tool points, +/- (units), as shot's --sweep.

} // namespace cliplab::viewer::limits
