#pragma once
/// \file PlayerColours.h
/// The colours that tell players apart in the view: a recording's runs and ghosts, a demo's clients.

#include "debugdraw/DebugDraw.h"

#include <array>
#include <cstddef>

namespace cliplab::viewer {

/// Bright colours far apart in hue, used in order (the first is the recorded run's, or the first
/// client's); repeated from the start when there are more players.
inline constexpr std::array<debugdraw::Color, 12> kPlayerColours{{
    {1.0f, 0.9f, 0.2f, 1.0f},
    {0.2f, 0.9f, 1.0f, 1.0f},
    {1.0f, 0.3f, 0.9f, 1.0f},
    {1.0f, 0.55f, 0.1f, 1.0f},
    {0.3f, 1.0f, 0.3f, 1.0f},
    {0.45f, 0.5f, 1.0f, 1.0f},
    {1.0f, 0.65f, 0.7f, 1.0f},
    {0.6f, 1.0f, 0.8f, 1.0f},
    {0.8f, 0.6f, 1.0f, 1.0f},
    {1.0f, 1.0f, 0.6f, 1.0f},
    {0.5f, 0.8f, 0.5f, 1.0f},
    {0.9f, 0.75f, 0.5f, 1.0f},
}};

/// Player `index`'s colour (any index >= 0: the palette repeats).
constexpr debugdraw::Color playerColour(size_t index) {
    return kPlayerColours[index % kPlayerColours.size()];
}

} // namespace cliplab::viewer
