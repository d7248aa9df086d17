#include "replay/Meters.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cliplab::replay {

namespace {

double horizontal(const movement::PlayerState& state) {
    return std::hypot(double(state.velocity.x), double(state.velocity.y));
}

/// The wish direction's angle from the velocity for `input` at `state`, where both exist.
std::optional<double> wishAngleOf(const movement::PlayerState& state, const movement::Input& input,
                                  const movement::Settings& settings) {
    const glm::vec2 velocity(state.velocity);
    const std::optional<double> offset = movement::wishYawOffset(input, settings);
    if (!offset || (velocity.x == 0.0f && velocity.y == 0.0f))
        return std::nullopt;
    const double wishYaw = double(movement::commandAngles(input, settings).yaw) + *offset;
    return movement::angleDifference(wishYaw, movement::velocityYaw(velocity));
}

bool walking(const movement::PlayerState& s) {
    return s.mode == movement::Mode::Walk;
}

} // namespace

StrafeHud strafeHud(const movement::PlayerState& state, const movement::Input& input,
                    const movement::Settings& settings, double rate, bool withZones) {
    StrafeHud hud;
    hud.speed = horizontal(state);
    hud.velocityYaw = movement::velocityYaw(glm::vec2(state.velocity));
    hud.wishOffset = movement::wishYawOffset(input, settings);
    hud.wishAngle = wishAngleOf(state, input, settings);
    hud.view = movement::commandAngles(input, settings);
    hud.model = movement::tickStrafeModel(state, input, settings, rate);
    if (hud.model) {
        hud.angles = movement::strafeAngles(*hud.model, hud.speed);
        if (withZones)
            hud.zones = movement::snapZones(*hud.model, glm::vec2(state.velocity));
    }
    return hud;
}

TickMeters tickMeters(const movement::PlayerState& before, const movement::Input& input,
                      const movement::PlayerState& after, const movement::Settings& settings, double rate) {
    TickMeters m;
    m.speedBefore = horizontal(before);
    m.speedAfter = horizontal(after);
    m.gain = m.speedAfter - m.speedBefore;
    const movement::CommandAngles angles = movement::commandAngles(input, settings);
    m.yaw = angles.yaw;
    m.pitch = angles.pitch;
    m.wishAngle = wishAngleOf(before, input, settings);
    m.phase = movement::tickPhase(before, input, settings);
    if (!m.phase)
        return m;
    // The best the tick could do: full keys (forward plus one side) in the tick's phase; wading
    // drag is the state's either way.
    movement::StrafeModel best = movement::strafeModel(settings, rate, *m.phase);
    const auto own = movement::tickStrafeModel(before, input, settings, rate);
    if (own) {
        best.drag = own->drag;
        m.optAngle = movement::strafeAngles(*own, m.speedBefore).opt;
    }
    m.bestGain = movement::strafeAngles(best, m.speedBefore).accelOpt;
    if (m.bestGain > 0.0)
        m.quality = m.gain / m.bestGain;
    return m;
}

std::vector<TickMeters> runMeters(std::span<const movement::PlayerState> states,
                                  std::span<const movement::Input> inputs, const movement::Settings& settings,
                                  double rate) {
    std::vector<TickMeters> out;
    if (states.size() < 2)
        return out;
    const size_t n = std::min(states.size() - 1, inputs.size());
    out.reserve(n);
    for (size_t i = 0; i < n; ++i)
        out.push_back(tickMeters(states[i], inputs[i], states[i + 1], settings, rate));
    return out;
}

std::vector<JumpTiming> jumpTimings(std::span<const movement::PlayerState> states) {
    std::vector<JumpTiming> out;
    constexpr size_t kNone = SIZE_MAX; // no landing seen since the last jump (or a mode change)
    size_t landing = kNone;
    for (size_t i = 1; i < states.size(); ++i) {
        const movement::PlayerState& before = states[i - 1];
        const movement::PlayerState& now = states[i];
        if (!walking(before) || !walking(now)) {
            landing = kNone;
            continue;
        }
        if (!before.onGround && now.onGround)
            landing = i;
        // A jump as findJumps counts it: off walkable ground, moving up.
        if (before.onGround && !now.onGround && now.velocity.z > 0.0f && landing != kNone) {
            out.push_back(JumpTiming{landing, i - 1, i - 1 - landing});
            landing = kNone;
        }
    }
    return out;
}

std::optional<JumpTiming> lastJumpTiming(std::span<const JumpTiming> timings, size_t index) {
    std::optional<JumpTiming> found;
    for (const JumpTiming& t : timings) {
        if (t.takeoff > index)
            break;
        found = t;
    }
    return found;
}

StrafeSummary summarize(std::span<const TickMeters> meters) {
    StrafeSummary s;
    for (const TickMeters& m : meters) {
        if (!m.quality)
            continue;
        ++s.ticks;
        s.gained += m.gain;
        s.possible += m.bestGain;
    }
    return s;
}

} // namespace cliplab::replay
