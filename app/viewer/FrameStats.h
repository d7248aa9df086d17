#pragma once
/// \file FrameStats.h
/// The frame statistics (Stats panel): frame time, traces per frame, microseconds per trace and
/// horizontal speed over the last frames, and recent trace times per method. Owned by the frame
/// loop, which starts and ends each frame; the traces made in a frame are counted in.

#include "viewer/MethodTrace.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>

namespace cliplab::viewer {

class FrameStats {
public:
    static constexpr size_t kHistory = 240; ///< Frames kept per series.

    /// Appends `v` to `series`, keeping kHistory values.
    static void push(std::deque<float>& series, float v);

    /// A frame begins: its trace counts start at 0.
    void startFrame();
    /// A trace of `microseconds` by `method` (Brush or PlaneShift) was made this frame.
    void countTrace(TraceMethod method, double microseconds);
    /// The frame ended after `frameSeconds`, the player moving at `speed` (units/s, horizontal).
    void endFrame(double frameSeconds, float speed);
    /// A new map: the per-method times start again.
    void clearMethodTimes();

    const std::deque<float>& frameMs() const { return m_frameMs; }
    const std::deque<float>& tracesPerFrame() const { return m_tracesPerFrame; }
    const std::deque<float>& usPerTrace() const { return m_usPerTrace; }
    const std::deque<float>& speed() const { return m_speed; }
    int64_t tracesThisFrame() const { return m_traces; }
    /// Recent trace times: [0] brush, [1] planeshift.
    const std::array<RecentTimes, 2>& methodTimes() const { return m_methodTimes; }

private:
    std::deque<float> m_frameMs, m_tracesPerFrame, m_usPerTrace, m_speed;
    int64_t m_traces = 0;
    double m_traceMicros = 0.0;
    std::array<RecentTimes, 2> m_methodTimes;
};

} // namespace cliplab::viewer
