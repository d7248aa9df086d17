#pragma once
/// \file RandomInput.h
/// Random player input and the random walk of the movement tests (the player must never end a
/// tick in solid).

#include "movement/Movement.h"

#include <functional>
#include <random>
#include <vector>

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

/// How a random walk goes.
struct RandomWalkPlan {
    int ticks = 10000;       ///< Ticks in all.
    int restartEvery = 5000; ///< Ticks between restarts at a random start point (at rest).
    int inputEvery = 40;     ///< Ticks between new random inputs.
    int buttonChoices = 8;   ///< randomizeInput's button range (jump and crouch 1 in N each).
    uint32_t seed = 1;       ///< Seed of every random choice.
    double rate = 125.0;     ///< Ticks per second.
};

/// What a random walk saw at the end of its ticks.
struct RandomWalkCounts {
    int solid = 0;    ///< Ticks ending inside solid (per the walk's `inSolid`).
    int stuck = 0;    ///< Ticks ending with PlayerState::stuck.
    int grounded = 0; ///< Ticks ending on the ground.
};

/// Is `shape` at `origin` inside something? (A zero-length trace of the test's world and options.)
using InSolidTest = std::function<bool(const collision::Shape& shape, const glm::vec3& origin)>;

/// Walks one player with random input from `starts` (one picked at random at every restart) under
/// `settings`, through `trace` (and `correct` for step-and-correct), counting the ends of ticks.
/// `onTick`, when given, sees every state.
inline RandomWalkCounts randomWalk(const std::vector<glm::vec3>& starts, const movement::Settings& settings,
                                   const collision::TraceFunction& trace, const InSolidTest& inSolid,
                                   const RandomWalkPlan& plan,
                                   const collision::CorrectFunction* correct = nullptr,
                                   const std::function<void(const movement::PlayerState&)>& onTick = {}) {
    RandomWalkCounts counts;
    if (starts.empty())
        return counts;
    std::mt19937 rng(plan.seed);
    std::uniform_int_distribution<size_t> pick(0, starts.size() - 1);
    movement::PlayerState p;
    movement::Input in;
    for (int i = 0; i < plan.ticks; ++i) {
        if (i % plan.restartEvery == 0) {
            p = movement::PlayerState{};
            p.origin = starts[pick(rng)];
        }
        if (i % plan.inputEvery == 0)
            randomizeInput(rng, plan.buttonChoices, in);
        p = movement::move(p, in, 1.0 / plan.rate, settings, trace, nullptr, correct);
        counts.solid += inSolid(movement::playerShape(settings, p.crouched), p.origin);
        counts.stuck += p.stuck;
        counts.grounded += p.onGround;
        if (onTick)
            onTick(p);
    }
    return counts;
}

} // namespace cliplab::test
