#include "viewer/FrameStats.h"

namespace cliplab::viewer {

void FrameStats::push(std::deque<float>& series, float v) {
    series.push_back(v);
    while (series.size() > kHistory)
        series.pop_front();
}

void FrameStats::startFrame() {
    m_traces = 0;
    m_traceMicros = 0.0;
}

void FrameStats::countTrace(TraceMethod method, double microseconds) {
    ++m_traces;
    m_traceMicros += microseconds;
    m_methodTimes[method == TraceMethod::PlaneShift ? 1 : 0].add(microseconds * 1000.0);
}

void FrameStats::endFrame(double frameSeconds, float speed) {
    push(m_frameMs, float(frameSeconds * 1000.0));
    push(m_tracesPerFrame, float(m_traces));
    push(m_usPerTrace, m_traces ? float(m_traceMicros / double(m_traces)) : 0.0f);
    push(m_speed, speed);
}

void FrameStats::clearMethodTimes() {
    for (RecentTimes& t : m_methodTimes)
        t.clear();
}

} // namespace cliplab::viewer
