#include "replay/Capture.h"

#include "replay/Replay.h"

namespace cliplab::replay {

Capture::Capture(std::string map, const RunSettings& settings, const movement::PlayerState& start,
                 float viewYaw, float viewPitch)
    : m_last(start) {
    m_recording.map = std::move(map);
    m_recording.settings = inEffect(settings);
    m_recording.start = start;
    m_recording.viewYaw = viewYaw;
    m_recording.viewPitch = viewPitch;
}

bool Capture::add(const movement::Input& input, const movement::PlayerState& before,
                  const movement::PlayerState& after, const RunSettings& settings) {
    if (static_cast<int64_t>(m_recording.ticks.size()) >= kMaxTicks) {
        m_stopReason = "the recording holds its most ticks (" + std::to_string(kMaxTicks) + ")";
        return false;
    }
    if (!sameState(before, m_last)) {
        m_stopReason = "the player was moved between ticks (teleport, respawn or a mode switch)";
        return false;
    }
    if (!(inEffect(settings) == m_recording.settings)) {
        m_stopReason = "a movement or trace setting changed";
        return false;
    }
    m_recording.ticks.push_back(Tick{input, after.origin});
    m_last = after;
    return true;
}

} // namespace cliplab::replay
