// The measuring tape: distances, the player's boxes traced between the two points, and a running
// jump simulated with movement::move as the reach search runs its jumps.

#include "analysis/Tape.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::analysis {

namespace {

/// Whether `shape` fits at its two stands and sweeps from one to the other.
TapeFit fit(const collision::Shape& shape, const glm::vec3& from, const glm::vec3& to, int32_t mask,
            const collision::TraceFunction& trace) {
    TapeFit f;
    f.roomAtStart = !trace(shape, from, from, mask).startSolid;
    f.roomAtEnd = !trace(shape, to, to, mask).startSolid;
    const collision::TraceResult r = trace(shape, from, to, mask);
    f.fraction = r.startSolid ? 0.0f : r.fraction;
    f.stopped = r.startSolid ? from : r.endpos;
    f.passes = f.roomAtStart && f.roomAtEnd && !r.startSolid && r.fraction >= 1.0f;
    return f;
}

/// A running jump from `from` with the yaw towards `to`, holding forward, as the reach search's
/// jumps start: at full running speed on the ground.
TapeJump runningJump(const glm::vec3& from, const glm::vec3& to, const TapeSettings& settings,
                     const collision::TraceFunction& trace) {
    TapeJump j;
    j.simulated = true;
    const movement::Settings& ms = settings.movement;
    glm::vec2 way(to.x - from.x, to.y - from.y);
    const float wayLength = glm::length(way);
    way = wayLength > 1e-3f ? way / wayLength : glm::vec2(1.0f, 0.0f);
    movement::PlayerState s;
    s.origin = from;
    s.velocity = glm::vec3(way * ms.maxSpeed, 0.0f);
    s.onGround = true;
    s.groundNormal = glm::vec3(0.0f, 0.0f, 1.0f);
    movement::Input input;
    input.forward = 1.0f;
    input.jump = true;
    input.yaw = glm::degrees(std::atan2(way.y, way.x));
    const double rate = std::clamp(settings.rate, 30.0, 1000.0);
    const double dt = 1.0 / rate;
    const auto maxTicks = static_cast<int64_t>(settings.maxTime * rate);
    j.path.push_back(from);
    bool airborne = false;
    int64_t airTicks = 0;
    for (int64_t tick = 0; tick < maxTicks; ++tick) {
        s = movement::move(s, input, dt, ms, trace);
        j.path.push_back(s.origin);
        j.apex = std::max(j.apex, s.origin.z - from.z);
        if (s.stuck)
            break;
        if (!s.onGround) {
            airborne = j.tookOff = true;
            ++airTicks;
            continue;
        }
        if (airborne) {
            j.landing = s.origin;
            break;
        }
        if (tick > 2)
            break; // still on the ground: something in the way kept it from taking off
    }
    j.airtime = float(double(airTicks) * dt);
    if (j.landing)
        j.along = glm::dot(glm::vec2(*j.landing - from), way);
    return j;
}

} // namespace

glm::vec3 standPoint(const TapePoint& p, const glm::vec3& mins, const glm::vec3& maxs) {
    glm::vec3 n = p.normal.value_or(glm::vec3(0.0f, 0.0f, 1.0f));
    const float length = glm::length(n);
    n = length > 1e-6f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 0.0f, 1.0f);
    // How far the box reaches against the normal from its origin: its corner deepest into the surface.
    float reach = 0.0f;
    for (int i = 0; i < 3; ++i)
        reach += std::max(-n[i] * mins[i], -n[i] * maxs[i]);
    return p.point + n * (reach + kClearance);
}

TapeResult measureTape(const TapePoint& a, const TapePoint& b, const TapeSettings& settings,
                       const collision::TraceFunction& trace) {
    TapeResult r;
    r.a = a.point;
    r.b = b.point;
    r.delta = b.point - a.point;
    r.distance = glm::length(r.delta);
    r.horizontal = glm::length(glm::vec2(r.delta));
    const movement::Settings& ms = settings.movement;
    const collision::Shape standing = movement::playerShape(ms, false);
    const collision::Shape crouched = movement::playerShape(ms, true);
    // Both boxes stand on the same point (they share their lower corner), the standing one decides.
    r.standA = standPoint(a, standing.mins, standing.maxs);
    r.standB = standPoint(b, standing.mins, standing.maxs);
    r.standing = fit(standing, r.standA, r.standB, ms.contentsMask, trace);
    r.crouched = fit(crouched, r.standA, r.standB, ms.contentsMask, trace);
    if (r.standing.roomAtStart) {
        r.jump = runningJump(r.standA, r.standB, settings, trace);
        const float halfWidth = std::min(ms.maxs.x - ms.mins.x, ms.maxs.y - ms.mins.y) * 0.5f;
        const float needed = glm::length(glm::vec2(r.standB - r.standA)) - halfWidth;
        r.jump.reaches = r.jump.landing && r.jump.landing->z >= r.standB.z - 1.0f && r.jump.along >= needed;
    }
    return r;
}

} // namespace cliplab::analysis
