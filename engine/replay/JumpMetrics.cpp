#include "replay/JumpMetrics.h"

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::replay {

float horizontalSpeed(const movement::PlayerState& state) {
    return std::hypot(state.velocity.x, state.velocity.y);
}

namespace {

/// The jumps of `states`; `airtime(takeoff, landing)` gives the seconds between two state indices.
template <typename Airtime>
std::vector<Jump> jumpsOf(std::span<const movement::PlayerState> states, const Airtime& airtime) {
    std::vector<Jump> jumps;
    size_t i = 1;
    while (i < states.size()) {
        const movement::PlayerState& before = states[i - 1];
        const movement::PlayerState& now = states[i];
        const bool leaves = before.onGround && !now.onGround && now.mode == movement::Mode::Walk &&
                            before.mode == movement::Mode::Walk && now.velocity.z > 0.0f;
        if (!leaves) {
            ++i;
            continue;
        }
        Jump j;
        j.takeoffTick = i - 1;
        j.takeoff = before.origin;
        j.takeoffSpeed = horizontalSpeed(now);
        float top = now.origin.z;
        size_t k = i;
        while (k < states.size() && !states[k].onGround && states[k].mode == movement::Mode::Walk) {
            top = std::max(top, states[k].origin.z);
            ++k;
        }
        // k: the first state on the ground again (or past the end, or another mode).
        j.landed = k < states.size() && states[k].onGround;
        j.landingTick = std::min(k, states.size() - 1);
        j.landing = states[j.landingTick].origin;
        j.landingSpeed = horizontalSpeed(states[k - 1]);
        j.distance = glm::length(glm::vec2(j.landing - j.takeoff));
        j.apexHeight = top - j.takeoff.z;
        j.airtime = airtime(j.takeoffTick, j.landingTick);
        jumps.push_back(j);
        i = std::max(k, i + 1);
    }
    return jumps;
}

} // namespace

std::vector<Jump> findJumps(std::span<const movement::PlayerState> states, double rate) {
    if (!(rate > 0.0))
        return {};
    return jumpsOf(states,
                   [rate](size_t takeoff, size_t landing) { return double(landing - takeoff) / rate; });
}

std::vector<Jump> findJumpsTimed(std::span<const movement::PlayerState> states) {
    return jumpsOf(states, [states](size_t takeoff, size_t landing) {
        return states[landing].time - states[takeoff].time;
    });
}

std::vector<float> horizontalAcceleration(std::span<const movement::PlayerState> states, double rate) {
    std::vector<float> out;
    if (states.size() < 2)
        return out;
    out.reserve(states.size() - 1);
    for (size_t i = 1; i < states.size(); ++i)
        out.push_back(
            static_cast<float>(double(horizontalSpeed(states[i]) - horizontalSpeed(states[i - 1])) * rate));
    return out;
}

} // namespace cliplab::replay
