#include "replay/Compare.h"

#include "replay/JumpMetrics.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace cliplab::replay {

std::optional<Parting> firstParting(const Run& a, const Run& b, float threshold) {
    // Same rate: tick by tick. Other rates: each tick of `a` against `b` where it was at that time.
    const bool sameRate = a.settings.rate == b.settings.rate;
    const size_t n = sameRate ? std::min(a.states.size(), b.states.size()) : a.states.size();
    const double bEnd = double(b.ticks()) / b.settings.rate;
    for (size_t i = 0; i < n; ++i) {
        const double t = double(i) / a.settings.rate;
        if (!sameRate && t > bEnd + 1e-9)
            break;
        const glm::vec3 other = sameRate ? b.states[i].origin : b.originAt(t);
        const float d = glm::distance(a.states[i].origin, other);
        if (d > threshold) {
            Parting p;
            p.tick = i;
            p.distance = d;
            p.originA = a.states[i].origin;
            p.originB = other;
            return p;
        }
    }
    return std::nullopt;
}

namespace {

bool sameShape(const collision::Shape& a, const collision::Shape& b) {
    return a.kind == b.kind && a.mins == b.mins && a.maxs == b.maxs && a.radius == b.radius &&
           a.halfHeight == b.halfHeight;
}

bool sameResult(const collision::TraceResult& a, const collision::TraceResult& b) {
    return a.fraction == b.fraction && a.endpos == b.endpos && a.startSolid == b.startSolid &&
           a.allSolid == b.allSolid && a.plane.normal == b.plane.normal && a.plane.dist == b.plane.dist &&
           a.surfaceFlags == b.surfaceFlags && a.contents == b.contents && a.refused == b.refused;
}

} // namespace

bool sameTrace(const movement::TraceRecord& a, const movement::TraceRecord& b) {
    return a.purpose == b.purpose && sameShape(a.shape, b.shape) && a.start == b.start && a.end == b.end &&
           a.mask == b.mask && sameResult(a.result, b.result);
}

RunSet::RunSet(Recording recording, World& world) : m_recording(std::move(recording)), m_world(world) {
    add("recorded", m_recording.settings);
}

size_t RunSet::add(std::string label, const RunSettings& settings) {
    Run run = replay(m_recording, settings, m_world);
    run.label = std::move(label);
    m_runs.push_back(std::move(run));
    m_summaries.push_back(summarize(m_runs.back()));
    return m_runs.size() - 1;
}

RunSummary RunSet::summarize(const Run& run) const {
    RunSummary s;
    const Run& reference = m_runs.front();
    s.finalPosition = run.states.back().origin;
    s.finalDistance = glm::distance(s.finalPosition, reference.states.back().origin);
    const double dt = 1.0 / run.settings.rate;
    collision::TraceOptions judge = run.settings.trace;
    judge.model = 0;
    for (size_t i = 1; i < run.states.size(); ++i) {
        const movement::PlayerState& st = run.states[i];
        if (run.settings.rate == reference.settings.rate) {
            if (i < reference.states.size())
                s.maxDistance = std::max(s.maxDistance, glm::distance(st.origin, reference.states[i].origin));
        } else {
            s.maxDistance =
                std::max(s.maxDistance, glm::distance(st.origin, reference.originAt(double(i) * dt)));
        }
        if (st.mode == movement::Mode::Walk && !st.onGround)
            s.airtime += dt;
        s.topSpeed = std::max(s.topSpeed, horizontalSpeed(st));
        if (st.stuck)
            ++s.stuckTicks;
        if (st.mode != movement::Mode::Noclip) {
            const collision::Shape shape = movement::playerShape(run.settings.movement, st.crouched);
            if (m_world.model()
                    .trace(shape, st.origin, st.origin, run.settings.movement.contentsMask, judge)
                    .startSolid)
                ++s.inSolidTicks;
        }
    }
    s.jumps = static_cast<int>(findJumps(run.states, run.settings.rate).size());
    return s;
}

std::optional<Parting> RunSet::parting(size_t i, size_t j) const {
    auto p = replay::firstParting(m_runs.at(i), m_runs.at(j));
    if (p) {
        p->a = i;
        p->b = j;
    }
    return p;
}

std::optional<Parting> RunSet::firstParting() const {
    std::optional<Parting> best;
    for (size_t i = 0; i < m_runs.size(); ++i)
        for (size_t j = i + 1; j < m_runs.size(); ++j) {
            auto p = parting(i, j);
            if (p && (!best || p->tick < best->tick))
                best = p;
        }
    return best;
}

TraceComparison RunSet::compareTraces(size_t i, size_t j, size_t tick) {
    TraceComparison c;
    c.tick = tick;
    c.a = tracesOfTick(m_recording, m_runs.at(i).settings, m_world, tick);
    c.b = tracesOfTick(m_recording, m_runs.at(j).settings, m_world, tick);
    const size_t n = std::min(c.a.traces.size(), c.b.traces.size());
    for (size_t k = 0; k < n; ++k)
        if (!sameTrace(c.a.traces[k], c.b.traces[k])) {
            c.firstDifferent = static_cast<int>(k);
            return c;
        }
    if (c.a.traces.size() != c.b.traces.size())
        c.firstDifferent = static_cast<int>(n);
    return c;
}

} // namespace cliplab::replay
