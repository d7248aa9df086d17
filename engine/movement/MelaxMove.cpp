// The "melax" preset: position-target sliding and path lifting as Stan Melax describes them for
// MDK2 (Melax's MDK2 collision article). The intended move is a target point; when a trace stops short, the
// rest of the move is deflected into the planes hit so far, all of them together, and traced again.
// Acceleration and friction follow Quake 3's numbers, but acceleration pushes toward the wished velocity
// ("proper" acceleration), so sliding along a wall never makes the player faster.

#include "movement/MoveInternal.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace cliplab::movement::detail {

namespace {

using collision::TraceResult;

constexpr int kMaxPlanes = 16;

/// The planes touched during one tick; the move must stay on their front side.
struct PlaneSet {
    std::array<glm::vec3, kMaxPlanes> normals{};
    int count = 0;
    int capacity = 5;

    /// Adds `n` unless an almost identical plane is present. False when full.
    bool add(const glm::vec3& n) {
        for (int i = 0; i < count; ++i)
            if (glm::dot(normals[static_cast<size_t>(i)], n) > 0.99f)
                return true;
        if (count >= capacity)
            return false;
        normals[static_cast<size_t>(count++)] = n;
        return true;
    }
};

bool feasible(const glm::vec3& c, const PlaneSet& planes, float tolerance) {
    for (int i = 0; i < planes.count; ++i)
        if (glm::dot(c, planes.normals[static_cast<size_t>(i)]) < -tolerance)
            return false;
    return true;
}

/// The motion closest to `v` that enters none of the planes: `v` itself, its projection onto one
/// plane (pushed out by `overclip`), its projection onto the crease of two planes, or nothing.
/// Resolving all planes at once is what stops a player cleanly in a V or a corner.
glm::vec3 resolve(const glm::vec3& v, const PlaneSet& planes, float overclip) {
    const float length = glm::length(v);
    if (length == 0.0f)
        return v;
    const float tolerance = 1e-4f * length;
    if (feasible(v, planes, 0.0f))
        return v;
    glm::vec3 best(0.0f);
    float bestDistance = length * length;
    for (int i = 0; i < planes.count; ++i) {
        const glm::vec3& n = planes.normals[static_cast<size_t>(i)];
        const float into = glm::dot(v, n);
        if (into >= 0.0f)
            continue;
        const glm::vec3 c = v - n * (into * overclip);
        const glm::vec3 d = v - c;
        if (glm::dot(d, d) < bestDistance && feasible(c, planes, tolerance)) {
            best = c;
            bestDistance = glm::dot(d, d);
        }
    }
    for (int i = 0; i < planes.count; ++i)
        for (int j = i + 1; j < planes.count; ++j) {
            glm::vec3 dir =
                glm::cross(planes.normals[static_cast<size_t>(i)], planes.normals[static_cast<size_t>(j)]);
            const float dirLength = glm::length(dir);
            if (dirLength < 1e-4f)
                continue;
            dir /= dirLength;
            const glm::vec3 c = dir * glm::dot(dir, v);
            const glm::vec3 d = v - c;
            if (glm::dot(d, d) < bestDistance && feasible(c, planes, tolerance)) {
                best = c;
                bestDistance = glm::dot(d, d);
            }
        }
    return best;
}

/// Result of sliding a box along a path.
struct Slide {
    glm::vec3 origin{0.0f};
    glm::vec3 velocity{0.0f};
    bool blockedByWall = false; ///< A non-walkable plane stopped part of the move.
    bool trapped = false;       ///< The box was inside a solid for the whole trace.
};

class MelaxMover {
public:
    MelaxMover(PlayerState& ps, Command& cmd, float frametime, const Settings& s, const Tracer& tracer)
        : m_ps(ps), m_cmd(cmd), m_dt(frametime), m_s(s), m_tracer(tracer) {}

    void run();

private:
    TraceResult trace(TracePurpose purpose, const glm::vec3& start, const glm::vec3& end) const {
        return m_tracer.trace(purpose, m_shape, start, end);
    }
    bool freeAt(const glm::vec3& p) const { return !trace(TracePurpose::Position, p, p).startSolid; }
    bool unstick();
    /// Sets onGround/groundNormal from a short downward trace; false when the box starts in solid.
    bool probeGround();
    void wish(glm::vec3& wishdir, float& wishspeed) const;
    /// Crouches at once, stands up only where the standing box fits; sets the shape.
    void updateCrouch(bool walkMode);
    /// probeGround(); when the box starts in solid, pushes it out first (false: stuck this tick).
    bool probeOrUnstick();
    /// Jumps when the jump key is newly down (the caller checks the ground); true when it jumped.
    bool tryJump();
    void applyFriction(bool walkMode, bool walking);
    void accelerate(bool walkMode, bool walking);
    /// The end velocity the state keeps and the velocity the move uses (the tick's average).
    void applyGravity(bool walkMode, bool walking, bool jumped, glm::vec3& endVelocity,
                      glm::vec3& moveVelocity) const;
    /// The slide along `delta`, or a lifted path over a step when a wall cost real progress.
    Slide slideOrStep(const glm::vec3& start, const glm::vec3& delta, const glm::vec3& endVelocity,
                      bool walking) const;
    /// Walking off a step or down a slope keeps the player on the ground.
    void glueToGround();
    /// After the move: standing on the ground removes the velocity going into it.
    void landOnGround(bool walkMode);
    Slide slide(const glm::vec3& start, const glm::vec3& delta, const glm::vec3& velocity,
                bool walking) const;
    /// Lift by `height`, slide, drop; true with `result` when it lands on walkable ground and got
    /// farther along `delta` than `minProgress` (a dot product with the horizontal delta).
    bool tryStep(float height, const glm::vec3& start, const glm::vec3& delta, const glm::vec3& velocity,
                 float minProgress, Slide& result) const;

    PlayerState& m_ps;
    Command& m_cmd;
    float m_dt;
    const Settings& m_s;
    const Tracer& m_tracer;
    collision::Shape m_shape;
    bool m_groundPlane = false; ///< Something is below within the probe (walkable or not).
};

bool MelaxMover::unstick() {
    // Nearest free position first: growing distances; at each, faces before edges before corners
    // (the order of the block-engine correction's neighbour search).
    static constexpr float kDistances[] = {0.125f, 0.25f, 0.5f, 1.0f, 2.0f, 4.0f, 8.0f, 16.0f};
    for (float distance : kDistances)
        for (int axes = 1; axes <= 3; ++axes)
            for (int x = -1; x <= 1; ++x)
                for (int y = -1; y <= 1; ++y)
                    for (int z = -1; z <= 1; ++z) {
                        if (std::abs(x) + std::abs(y) + std::abs(z) != axes)
                            continue;
                        const glm::vec3 p =
                            m_ps.origin + distance * glm::vec3(static_cast<float>(x), static_cast<float>(y),
                                                               static_cast<float>(z));
                        if (freeAt(p)) {
                            m_ps.origin = p;
                            return true;
                        }
                    }
    return false;
}

bool MelaxMover::probeGround() {
    const TraceResult tr = m_tracer.groundProbe(m_shape, m_ps.origin, m_s.groundProbe);
    m_ps.onGround = false;
    m_groundPlane = false;
    m_ps.groundNormal = glm::vec3(0.0f);
    if (tr.startSolid)
        return false;
    if (tr.fraction == 1.0f)
        return true;
    m_ps.groundNormal = tr.plane.normal;
    // Moving up and away from the surface: leaving it (a jump, or launched off a slope).
    if (m_ps.velocity.z > 0.0f && glm::dot(m_ps.velocity, tr.plane.normal) > 10.0f)
        return true;
    m_groundPlane = true;
    m_ps.onGround = tr.plane.normal.z >= m_s.minWalkNormal;
    return true;
}

void MelaxMover::wish(glm::vec3& wishdir, float& wishspeed) const {
    glm::vec3 forward, right, up;
    angleVectors(m_cmd.pitch, m_cmd.yaw, forward, right, up);
    const float scale = cmdScale(m_cmd, m_s.maxSpeed);
    const auto fmove = static_cast<float>(m_cmd.forwardmove);
    const auto smove = static_cast<float>(m_cmd.rightmove);
    if (m_ps.mode == Mode::Fly) {
        wishdir = scale * (forward * fmove + right * smove);
        wishdir.z += scale * static_cast<float>(m_cmd.upmove);
        wishspeed = normalize(wishdir);
        return;
    }
    forward.z = 0.0f;
    right.z = 0.0f;
    if (m_ps.onGround) {
        // Along the ground plane, so slopes are walked at full speed.
        forward = clipVelocity(forward, m_ps.groundNormal, m_s.overclip);
        right = clipVelocity(right, m_ps.groundNormal, m_s.overclip);
    }
    normalize(forward);
    normalize(right);
    wishdir = forward * fmove + right * smove;
    wishspeed = normalize(wishdir) * scale;
    if (m_ps.crouched && wishspeed > m_s.maxSpeed * m_s.crouchSpeedScale)
        wishspeed = m_s.maxSpeed * m_s.crouchSpeedScale;
}

Slide MelaxMover::slide(const glm::vec3& start, const glm::vec3& delta, const glm::vec3& velocity,
                        bool walking) const {
    Slide out;
    out.origin = start;
    out.velocity = velocity;
    PlaneSet planes;
    planes.capacity = m_s.maxPlanes < 2 ? 2 : (m_s.maxPlanes > kMaxPlanes ? kMaxPlanes : m_s.maxPlanes);
    if (walking)
        planes.add(m_ps.groundNormal); // never push into the floor
    glm::vec3 target = start + delta;
    for (int i = 0; i < m_s.maxSlideIterations; ++i) {
        const glm::vec3 remaining = target - out.origin;
        if (glm::dot(remaining, remaining) < 1e-10f)
            break;
        const TraceResult tr = trace(TracePurpose::Slide, out.origin, target);
        if (tr.allSolid) {
            out.trapped = true;
            out.velocity = glm::vec3(0.0f);
            return out;
        }
        if (tr.fraction > 0.0f)
            out.origin = tr.endpos;
        if (tr.fraction == 1.0f)
            break;
        glm::vec3 n = tr.plane.normal;
        if (n.z < m_s.minWalkNormal) {
            out.blockedByWall = true;
            // A steep slope is a wall to a walking player: he must not run up it.
            if (walking && n.z > 0.0f) {
                n.z = 0.0f;
                if (normalize(n) == 0.0f)
                    n = tr.plane.normal;
            }
        }
        if (!planes.add(n)) {
            out.velocity = glm::vec3(0.0f);
            return out;
        }
        // Deflect the rest of the move into all planes hit so far; never back against the move.
        glm::vec3 rest = resolve(target - out.origin, planes, m_s.overclip);
        if (glm::dot(rest, delta) <= 0.0f)
            rest = glm::vec3(0.0f);
        target = out.origin + rest;
        out.velocity = resolve(out.velocity, planes, m_s.overclip);
        if (glm::dot(out.velocity, velocity) <= 0.0f)
            out.velocity = glm::vec3(0.0f);
    }
    return out;
}

bool MelaxMover::tryStep(float height, const glm::vec3& start, const glm::vec3& delta,
                         const glm::vec3& velocity, float minProgress, Slide& result) const {
    // Lift the path, move along it, drop back down; only a walkable landing counts.
    const TraceResult up = trace(TracePurpose::StepUp, start, start + glm::vec3(0.0f, 0.0f, height));
    if (up.allSolid || up.startSolid)
        return false;
    const float lift = up.endpos.z - start.z;
    if (lift <= 0.0f)
        return false;
    const glm::vec3 flatDelta(delta.x, delta.y, 0.0f);
    const glm::vec3 flatVelocity(velocity.x, velocity.y, 0.0f);
    Slide lifted = slide(up.endpos, flatDelta, flatVelocity, false);
    if (lifted.trapped)
        return false;
    // Dropping only changes the height: a lifted path that got no farther cannot win.
    const glm::vec2 want(delta.x, delta.y);
    const auto progress = [&](const glm::vec3& p) {
        return glm::dot(glm::vec2(p.x - start.x, p.y - start.y), want);
    };
    if (progress(lifted.origin) <= minProgress)
        return false;
    // Drop a probe length further than the lift, so that a path that only moved along the same
    // floor (the box not yet over the step) still finds that floor and counts as progress.
    const TraceResult down = trace(TracePurpose::StepDown, lifted.origin,
                                   lifted.origin - glm::vec3(0.0f, 0.0f, lift + m_s.groundProbe));
    if (down.allSolid || down.startSolid || down.fraction == 1.0f)
        return false;
    if (down.plane.normal.z < m_s.minWalkNormal)
        return false;
    lifted.origin = down.endpos;
    lifted.velocity.z = 0.0f;
    result = lifted;
    return true;
}

void MelaxMover::run() {
    if (m_cmd.upmove < 10)
        m_ps.jumpHeld = false;
    const bool walkMode = m_ps.mode == Mode::Walk;
    updateCrouch(walkMode);
    m_ps.stuck = false;
    if (!probeOrUnstick())
        return;
    const bool wasGrounded = walkMode && m_ps.onGround;
    const bool jumped = wasGrounded && tryJump();
    const bool walking = walkMode && m_ps.onGround;
    applyFriction(walkMode, walking);
    accelerate(walkMode, walking);
    glm::vec3 endVelocity(0.0f), moveVelocity(0.0f);
    applyGravity(walkMode, walking, jumped, endVelocity, moveVelocity);

    const glm::vec3 start = m_ps.origin;
    const glm::vec3 delta = moveVelocity * m_dt;
    if (m_tracer.correcting()) {
        // Step-and-correct replaces the slide, the lifted path and the step-down glue.
        const CorrectedMove moved = correctedMove(m_tracer, m_s, m_shape, start, delta, endVelocity, walking);
        m_ps.origin = moved.origin;
        m_ps.velocity = moved.velocity;
        m_ps.stuck = moved.stuck;
        probeGround();
        landOnGround(walkMode);
        return;
    }
    const Slide moved = slideOrStep(start, delta, endVelocity, walking);
    m_ps.origin = moved.origin;
    m_ps.velocity = moved.velocity;
    probeGround();
    if (wasGrounded && !jumped)
        glueToGround();
    landOnGround(walkMode);
}

void MelaxMover::updateCrouch(bool walkMode) {
    // Crouch: shrink at once, stand up only where the standing box fits.
    if (walkMode && m_cmd.upmove < 0) {
        m_ps.crouched = true;
    } else if (m_ps.crouched) {
        m_shape = playerShape(m_s, false);
        if (freeAt(m_ps.origin))
            m_ps.crouched = false;
    }
    m_shape = playerShape(m_s, m_ps.crouched);
}

bool MelaxMover::probeOrUnstick() {
    // Started inside a solid (the ground probe starts solid): push out to the nearest free spot,
    // or give up for this tick.
    if (probeGround())
        return true;
    if (!unstick()) {
        m_ps.stuck = true;
        m_ps.velocity = glm::vec3(0.0f);
        m_ps.onGround = false;
        return false;
    }
    probeGround();
    return true;
}

bool MelaxMover::tryJump() {
    if (m_cmd.upmove < 10 || m_ps.jumpHeld)
        return false;
    m_ps.velocity.z = m_s.jumpVelocity;
    m_ps.onGround = false;
    m_ps.jumpHeld = true;
    return true;
}

void MelaxMover::applyFriction(bool walkMode, bool walking) {
    // Ground friction, or the fly mode's air friction.
    glm::vec3 horizontal = m_ps.velocity;
    if (walking)
        horizontal.z = 0.0f;
    const float speed = glm::length(walkMode ? horizontal : m_ps.velocity);
    if (speed < 1.0f) {
        m_ps.velocity.x = 0.0f;
        m_ps.velocity.y = 0.0f;
        if (!walkMode)
            m_ps.velocity.z = 0.0f;
        return;
    }
    float drop = 0.0f;
    if (walking)
        drop += (speed < m_s.stopSpeed ? m_s.stopSpeed : speed) * m_s.friction * m_dt;
    if (!walkMode)
        drop += speed * m_s.flyFriction * m_dt;
    const float newspeed = speed - drop < 0.0f ? 0.0f : speed - drop;
    m_ps.velocity *= newspeed / speed;
}

void MelaxMover::accelerate(bool walkMode, bool walking) {
    // Toward the wished velocity, never past it.
    glm::vec3 wishdir(0.0f);
    float wishspeed = 0.0f;
    wish(wishdir, wishspeed);
    const float accel = !walkMode ? m_s.flyAccelerate : (walking ? m_s.accelerate : m_s.airAccelerate);
    glm::vec3 target = wishdir * wishspeed;
    if (walkMode && !walking)
        target.z = m_ps.velocity.z; // no control over falling
    glm::vec3 push = target - m_ps.velocity;
    if (walkMode && !walking)
        push.z = 0.0f;
    const float pushLength = normalize(push);
    const float canPush = std::min(accel * m_dt * wishspeed, pushLength);
    m_ps.velocity += canPush * push;
}

void MelaxMover::applyGravity(bool walkMode, bool walking, bool jumped, glm::vec3& endVelocity,
                              glm::vec3& moveVelocity) const {
    // The move uses the average velocity over the tick, the state keeps the end velocity.
    endVelocity = m_ps.velocity;
    moveVelocity = m_ps.velocity;
    if (walking) {
        const float vel = glm::length(m_ps.velocity);
        endVelocity = clipVelocity(m_ps.velocity, m_ps.groundNormal, m_s.overclip);
        normalize(endVelocity);
        endVelocity *= vel;
        moveVelocity = endVelocity;
    } else if (walkMode) {
        endVelocity.z -= m_s.gravity * m_dt;
        moveVelocity.z = 0.5f * (m_ps.velocity.z + endVelocity.z);
        if (m_groundPlane && !jumped) {
            // Resting on a steep slope: slide down along it.
            endVelocity = clipVelocity(endVelocity, m_ps.groundNormal, m_s.overclip);
            moveVelocity = clipVelocity(moveVelocity, m_ps.groundNormal, m_s.overclip);
        }
    }
}

Slide MelaxMover::slideOrStep(const glm::vec3& start, const glm::vec3& delta, const glm::vec3& endVelocity,
                              bool walking) const {
    Slide plain = slide(start, delta, endVelocity, walking);
    const glm::vec2 want(delta.x, delta.y);
    auto progress = [&](const glm::vec3& p) {
        return glm::dot(glm::vec2(p.x - start.x, p.y - start.y), want);
    };
    // Try a step only when a wall cost real progress: a stepped path cannot beat a full one.
    if (walking && plain.blockedByWall && !plain.trapped &&
        progress(plain.origin) < 0.999f * glm::dot(want, want)) {
        Slide stepped;
        const float plainProgress = progress(plain.origin) + 1e-3f;
        bool better = tryStep(m_s.stepHeight, start, delta, endVelocity, plainProgress, stepped);
        if (!better && m_s.climbHeight > m_s.stepHeight)
            better = tryStep(m_s.climbHeight, start, delta, endVelocity, plainProgress, stepped);
        if (better)
            plain = stepped; // the farther result wins
    }
    return plain;
}

void MelaxMover::glueToGround() {
    // Step-down glue: walking off a step or down a slope keeps the player on the ground.
    if (m_groundPlane || !(m_ps.velocity.z <= 0.0f) || !(m_s.stepHeight > 0.0f))
        return; // (NaN velocities and heights do not glue either)
    const TraceResult down = trace(TracePurpose::StepDown, m_ps.origin,
                                   m_ps.origin - glm::vec3(0.0f, 0.0f, m_s.stepHeight + m_s.groundProbe));
    if (!down.startSolid && down.fraction < 1.0f && down.plane.normal.z >= m_s.minWalkNormal) {
        m_ps.origin = down.endpos;
        probeGround();
    }
}

void MelaxMover::landOnGround(bool walkMode) {
    if (walkMode && m_ps.onGround) {
        // Landed or walking: no motion into the ground.
        const float into = glm::dot(m_ps.velocity, m_ps.groundNormal);
        if (into < 0.0f)
            m_ps.velocity -= m_ps.groundNormal * into;
    }
}

} // namespace

void melaxSingle(PlayerState& ps, Command& cmd, float frametime, const Settings& settings,
                 const Tracer& tracer) {
    MelaxMover(ps, cmd, frametime, settings, tracer).run();
}

} // namespace cliplab::movement::detail
