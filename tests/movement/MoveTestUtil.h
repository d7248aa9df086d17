#pragma once
/// \file MoveTestUtil.h
/// Running the controller for a while in a test world.

#include "movement/AnalyticWorld.h"
#include "movement/Movement.h"

#include <functional>

namespace cliplab::test {

/// Runs `seconds` of ticks at `rate` Hz; `onTick(state, tickIndex)` after every tick may return
/// false to stop early. Returns the last state.
inline movement::PlayerState
runFor(const AnalyticWorld& world, const movement::Settings& settings, movement::PlayerState state,
       const movement::Input& input, double seconds, double rate,
       const std::function<bool(const movement::PlayerState&, int)>& onTick = {}) {
    const auto trace = world.function();
    const int ticks = static_cast<int>(seconds * rate + 0.5);
    for (int i = 0; i < ticks; ++i) {
        state = movement::move(state, input, 1.0 / rate, settings, trace);
        if (onTick && !onTick(state, i))
            break;
    }
    return state;
}

/// A player standing on a floor whose top is at `floorZ`, at rest (the trace keeps 0.125 away).
inline movement::PlayerState standingAt(float x, float y, float floorZ) {
    movement::PlayerState s;
    s.origin = {x, y, floorZ + 24.125f};
    return s;
}

inline movement::Input forwardInput(float yaw) {
    movement::Input in;
    in.forward = 1.0f;
    in.yaw = yaw;
    return in;
}

} // namespace cliplab::test
