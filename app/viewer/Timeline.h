#pragma once
/// \file Timeline.h
/// What the Recording panel's playback controls drive (play, pause, step, speed, scrub): a
/// .cliprec replay (ReplayController, positions are ticks) or a demo (DemoPlayback, positions are
/// snapshots). No ImGui or GL here.

#include "debugdraw/DebugDraw.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cliplab::viewer {

struct ViewerState;

/// A position of the timeline drawn as a coloured line over the slider.
struct TimelineMark {
    size_t position = 0;
    debugdraw::Color color{1.0f};
};

/// Something that plays back along a timeline of positions 0..positions().
class Timeline {
public:
    /// Playback speed range (x real time).
    static constexpr double kMinSpeed = 0.25, kMaxSpeed = 4.0;

    virtual ~Timeline() = default;
    /// Something is open.
    virtual bool active() const = 0;
    virtual bool playing() const = 0;
    virtual void setPlaying(bool playing) = 0;
    virtual double speed() const = 0;
    /// Playback speed, clamped to [kMinSpeed, kMaxSpeed] (NaN: 1).
    virtual void setSpeed(double speed) = 0;
    /// The position shown.
    virtual size_t tick() const = 0;
    /// The last position.
    virtual size_t ticks() const = 0;
    /// Time of position `position` from the start (s).
    virtual double secondsAt(size_t position) const = 0;
    /// What one position is called ("tick", "snapshot").
    virtual const char* unitName() const = 0;
    /// Shows position `position` (clamped).
    virtual void seek(ViewerState& st, size_t position) = 0;
    /// Pauses and moves by `delta` positions.
    virtual void step(ViewerState& st, long delta) = 0;
    /// Whether the camera takes the recorded view angles.
    virtual bool followView() const = 0;
    virtual void setFollowView(bool follow) = 0;
    /// Ends the playback.
    virtual void close(ViewerState& st) = 0;
    /// The name of what is open (its file).
    virtual const std::string& openName() const = 0;
    /// Positions to mark on the slider.
    virtual std::vector<TimelineMark> marks() const = 0;
};

} // namespace cliplab::viewer
