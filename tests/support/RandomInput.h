#pragma once
/// \file RandomInput.h
/// Random player input for the random-walk tests (the player must never end a tick in solid).

#include "movement/Movement.h"

#include <random>

namespace cliplab::test {

/// Draws, in this order from `rng`: forward and right in [-1, 1], yaw in [0, 360) degrees, and a
/// button out of `buttonChoices` (0 = jump, 1 = crouch, others none) into `in`.
inline void randomizeInput(std::mt19937& rng, int buttonChoices, movement::Input& in) {
    std::uniform_real_distribution<float> axis(-1, 1), yaw(0, 360);
    std::uniform_int_distribution<int> button(0, buttonChoices - 1);
    in.forward = axis(rng);
    in.right = axis(rng);
    in.yaw = yaw(rng);
    const int b = button(rng);
    in.jump = b == 0;
    in.crouch = b == 1;
}

} // namespace cliplab::test
