#pragma once
/// \file Capture.h
/// Building a recording while a simulation runs, one tick at a time (the viewer's recording,
/// `walk --record-input`), refusing what a replay could not reproduce.

#include "replay/Recording.h"

#include <string>

namespace cliplab::replay {

/// Collects the ticks of a running simulation into a Recording.
class Capture {
public:
    /// Starts a recording on `map` from `start` (the state before the first tick) under
    /// `settings` (recorded as inEffect(settings)); `viewYaw`/`viewPitch` are the camera's (degrees).
    Capture(std::string map, const RunSettings& settings, const movement::PlayerState& start,
            float viewYaw = 0.0f, float viewPitch = 0.0f);

    /// Adds one tick: the input it ran with, the state it started from, the state it ended in and
    /// the settings it ran under. Refused (false; nothing added; stopReason() says why) when
    /// `before` is not the state the previous tick ended in (the player was moved or switched mode
    /// between ticks), when `settings` are not the recording's (a setting changed), or when the
    /// recording holds kMaxTicks ticks: a replay could not reproduce what follows.
    bool add(const movement::Input& input, const movement::PlayerState& before,
             const movement::PlayerState& after, const RunSettings& settings);

    /// Why the last add() was refused; empty when none was.
    const std::string& stopReason() const { return m_stopReason; }
    const Recording& recording() const { return m_recording; }
    size_t ticks() const { return m_recording.ticks.size(); }

private:
    Recording m_recording;
    movement::PlayerState m_last; ///< Where the last tick ended (the start before the first).
    std::string m_stopReason;
};

} // namespace cliplab::replay
