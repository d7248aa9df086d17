#pragma once
/// \file JumpMetrics.h
/// What movement people measure on a run: every jump (take-off, landing, distance, apex, airtime,
/// speeds) and the horizontal acceleration tick by tick (strafe-jump gains).

#include "movement/Movement.h"

#include <cstddef>
#include <span>
#include <vector>

namespace cliplab::replay {

/// One jump: the player left walkable ground moving up (a jump, or a launch off a ramp's edge) and,
/// unless the run ended first, came down on ground again. Walk mode only.
struct Jump {
    size_t takeoffTick = 0; ///< Index in the states of the last state on the ground before leaving.
    size_t landingTick =
        0;               ///< Index of the first state on the ground again (the last state when not landed).
    bool landed = false; ///< False when the run ended in the air.
    glm::vec3 takeoff{0.0f};   ///< Origin at takeoffTick (units).
    glm::vec3 landing{0.0f};   ///< Origin at landingTick (units).
    float distance = 0.0f;     ///< Horizontal distance from take-off to landing (units).
    float apexHeight = 0.0f;   ///< Highest origin z in the air minus the take-off z (units).
    double airtime = 0.0;      ///< (landingTick - takeoffTick) ticks (s).
    float takeoffSpeed = 0.0f; ///< Horizontal speed of the first state in the air (units/s).
    float landingSpeed = 0.0f; ///< Horizontal speed of the last state in the air (units/s).
};

/// The jumps of a run: `states[0]` the start, states[i] after tick i, at `rate` ticks/s. A state
/// is on the ground when PlayerState::onGround; leaving it counts as a jump when the first state in
/// the air moves up (velocity z > 0) in walk mode; falling off a ledge does not.
std::vector<Jump> findJumps(std::span<const movement::PlayerState> states, double rate);

/// The same for states sampled at any times (demo snapshots): each state's `time` (s) gives the
/// airtime, (landing time - take-off time); takeoffTick and landingTick index `states`.
std::vector<Jump> findJumpsTimed(std::span<const movement::PlayerState> states);

/// Horizontal speed of a state (units/s).
float horizontalSpeed(const movement::PlayerState& state);

/// Tick-by-tick horizontal acceleration (units/s^2): element i is (speed(states[i + 1]) -
/// speed(states[i])) * rate, so states.size() - 1 values (none for fewer than two states).
std::vector<float> horizontalAcceleration(std::span<const movement::PlayerState> states, double rate);

} // namespace cliplab::replay
