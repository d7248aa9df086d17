// The "quake3" preset: ioquake3's PmoveSingle for a player on foot (bg_pmove.c, bg_slidemove.c),
// re-implemented step by step so that walks match the game's own positions. Movers, animations
// and events are left out: they do not change where the player goes. Liquids are found with
// zero-length ray traces (the game's pointcontents).

#include "movement/Quake3Pmove.h"

#include <cmath>

namespace cliplab::movement::detail {

using collision::TraceResult;

void Q3Pmove::run() {
    m_previousVelocity = m_ps.velocity;
    angleVectors(m_cmd.pitch, m_cmd.yaw, m_forward, m_right, m_up);
    if (m_cmd.upmove < 10)
        m_ps.jumpHeld = false;

    setWaterLevel();
    checkDuck();
    groundTrace();
    dropTimers();
    if (m_ps.mode == Mode::Fly)
        flyMove();
    else if (m_ps.waterJump)
        waterJumpMove();
    else if (m_ps.waterLevel > 1)
        waterMove();
    else if (m_walking)
        walkMove();
    else
        airMove();
    // (The game samples the water level again here, for splash events only: the next command
    // samples it afresh before using it, so that probe is left out.)
    groundTrace();

    // trap_SnapVector: round to the nearest whole unit (ties to even, as the FPU does).
    if (m_s.snapVelocity)
        m_ps.velocity = glm::vec3(std::nearbyint(m_ps.velocity.x), std::nearbyint(m_ps.velocity.y),
                                  std::nearbyint(m_ps.velocity.z));
}

void Q3Pmove::setWaterLevel() {
    // Sample the feet, the waist and the eyes (eye height as the game's integer viewheight).
    constexpr int32_t kLiquids = bsp::contents::Water | bsp::contents::Lava | bsp::contents::Slime;
    m_ps.waterLevel = 0;
    glm::vec3 point = m_ps.origin + glm::vec3(0.0f, 0.0f, m_s.mins.z + 1.0f);
    if (!m_tracer.pointInside(point, kLiquids))
        return;
    const int viewheight = static_cast<int>(m_ps.crouched ? m_s.crouchEyeHeight : m_s.eyeHeight);
    const int sample2 = viewheight - static_cast<int>(m_s.mins.z);
    const int sample1 = sample2 / 2;
    m_ps.waterLevel = 1;
    point.z = m_ps.origin.z + m_s.mins.z + static_cast<float>(sample1);
    if (!m_tracer.pointInside(point, kLiquids))
        return;
    m_ps.waterLevel = 2;
    point.z = m_ps.origin.z + m_s.mins.z + static_cast<float>(sample2);
    if (m_tracer.pointInside(point, kLiquids))
        m_ps.waterLevel = 3;
}

bool Q3Pmove::checkWaterJump() {
    if (m_ps.timer > 0.0f || m_ps.waterLevel != 2)
        return false;
    // A ledge ahead at the waist with free space above it: jump out.
    glm::vec3 flat(m_forward.x, m_forward.y, 0.0f);
    normalize(flat);
    glm::vec3 spot = m_ps.origin + 30.0f * flat;
    spot.z += 4.0f;
    if (!m_tracer.pointInside(spot, bsp::contents::Solid))
        return false;
    spot.z += 16.0f;
    if (m_tracer.pointInside(spot, bsp::contents::MaskPlayerSolid))
        return false;
    m_ps.velocity = m_forward * 200.0f;
    m_ps.velocity.z = 350.0f;
    m_ps.waterJump = true;
    m_ps.timer = 2.0f;
    return true;
}

void Q3Pmove::waterJumpMove() {
    // No control, but falls.
    stepSlideMove(true);
    m_ps.velocity.z -= m_s.gravity * m_frametime;
    if (m_ps.velocity.z < 0.0f) {
        m_ps.waterJump = false;
        m_ps.timer = 0.0f;
    }
}

void Q3Pmove::waterMove() {
    if (checkWaterJump()) {
        waterJumpMove();
        return;
    }
    friction();
    const float scale = cmdScale(m_cmd, m_s.maxSpeed);
    glm::vec3 wishvel(0.0f, 0.0f, -60.0f); // no input: sink towards the bottom
    if (scale != 0.0f) {
        wishvel = scale * m_forward * static_cast<float>(m_cmd.forwardmove) +
                  scale * m_right * static_cast<float>(m_cmd.rightmove);
        wishvel.z += scale * static_cast<float>(m_cmd.upmove);
    }
    glm::vec3 wishdir = wishvel;
    float wishspeed = normalize(wishdir);
    if (wishspeed > m_s.maxSpeed * m_s.swimScale)
        wishspeed = m_s.maxSpeed * m_s.swimScale;
    accelerate(m_ps.velocity, wishdir, wishspeed, m_s.waterAccelerate, m_frametime);
    // Go up slopes easily under water.
    if (m_groundPlane && dot(m_ps.velocity, m_groundTrace.plane.normal) < 0.0f) {
        const float vel = std::sqrt(dot(m_ps.velocity, m_ps.velocity));
        m_ps.velocity = clipVelocity(m_ps.velocity, m_groundTrace.plane.normal, m_s.overclip);
        normalize(m_ps.velocity);
        m_ps.velocity *= vel;
    }
    slideMove(false);
}

void Q3Pmove::checkDuck() {
    if (m_cmd.upmove < 0) {
        m_ps.crouched = true;
    } else if (m_ps.crouched) {
        // Stand up only where the standing box fits.
        const collision::Shape standing = playerShape(m_s, false);
        const TraceResult tr = m_tracer.trace(TracePurpose::Position, standing, m_ps.origin, m_ps.origin);
        if (!tr.allSolid)
            m_ps.crouched = false;
    }
    m_shape = playerShape(m_s, m_ps.crouched);
}

bool Q3Pmove::correctAllSolid(TraceResult& tr) {
    // The game jitters the position by one unit in each axis to find free space, then traces
    // down from the ORIGINAL origin (it never moves the player there); reproduced as is.
    for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j)
            for (int k = -1; k <= 1; ++k) {
                const glm::vec3 point = m_ps.origin + glm::vec3(static_cast<float>(i), static_cast<float>(j),
                                                                static_cast<float>(k));
                tr = trace(TracePurpose::Position, point, point);
                if (!tr.allSolid) {
                    const glm::vec3 down = m_ps.origin - glm::vec3(0.0f, 0.0f, m_s.groundProbe);
                    tr = trace(TracePurpose::GroundProbe, m_ps.origin, down);
                    m_groundTrace = tr;
                    return true;
                }
            }
    m_ps.onGround = false;
    m_groundPlane = false;
    m_walking = false;
    m_ps.stuck = true;
    return false;
}

void Q3Pmove::groundTrace() {
    TraceResult tr = m_tracer.groundProbe(m_shape, m_ps.origin, m_s.groundProbe);
    m_groundTrace = tr;
    m_ps.stuck = false;
    if (tr.allSolid && !correctAllSolid(tr))
        return;

    if (tr.fraction == 1.0f) {
        // Free fall. (The game's extra 64-unit trace here only picks an animation.)
        m_ps.onGround = false;
        m_groundPlane = false;
        m_walking = false;
        m_ps.groundNormal = glm::vec3(0.0f);
        return;
    }
    m_ps.groundNormal = tr.plane.normal;
    // Moving up and away from the plane faster than 10 u/s: kicked off the ground.
    if (m_ps.velocity.z > 0.0f && dot(m_ps.velocity, tr.plane.normal) > 10.0f) {
        m_ps.onGround = false;
        m_groundPlane = false;
        m_walking = false;
        return;
    }
    if (tr.plane.normal.z < m_s.minWalkNormal) {
        // Too steep to stand on, but slid along (see airMove).
        m_ps.onGround = false;
        m_groundPlane = true;
        m_walking = false;
        return;
    }
    m_groundPlane = true;
    m_walking = true;
    if (m_ps.waterJump) {
        // Solid ground ends a water jump.
        m_ps.waterJump = false;
        m_ps.timer = 0.0f;
    }
    if (!m_ps.onGround && m_previousVelocity.z < -200.0f) {
        // A hard landing starts the game's pm_time, during which slides keep the velocity.
        m_ps.timer = m_s.landTime;
    }
    m_ps.onGround = true;
}

void Q3Pmove::dropTimers() {
    if (m_ps.timer > 0.0f) {
        // pm_time counts whole milliseconds; do the same so the last tick ends where the game's does.
        const float msec = std::round(m_frametime * 1000.0f);
        const float timer = std::round(m_ps.timer * 1000.0f);
        if (msec >= timer) {
            m_ps.timer = 0.0f;
            m_ps.waterJump = false;
        } else {
            m_ps.timer = (timer - msec) / 1000.0f;
        }
    }
}

void Q3Pmove::friction() {
    glm::vec3 vec = m_ps.velocity;
    if (m_walking)
        vec.z = 0.0f; // ignore slope movement
    const float speed = std::sqrt(dot(vec, vec));
    if (speed < 1.0f) {
        m_ps.velocity.x = 0.0f;
        m_ps.velocity.y = 0.0f;
        return;
    }
    float drop = 0.0f;
    if (m_ps.waterLevel <= 1 && m_walking) {
        const float control = speed < m_s.stopSpeed ? m_s.stopSpeed : speed;
        drop += control * m_s.friction * m_frametime;
    }
    if (m_ps.waterLevel > 0)
        drop += speed * m_s.waterFriction * static_cast<float>(m_ps.waterLevel) * m_frametime;
    if (m_ps.mode == Mode::Fly)
        drop += speed * m_s.flyFriction * m_frametime;
    float newspeed = speed - drop;
    if (newspeed < 0.0f)
        newspeed = 0.0f;
    newspeed /= speed;
    m_ps.velocity *= newspeed;
}

bool Q3Pmove::checkJump() {
    if (m_cmd.upmove < 10)
        return false;
    if (m_ps.jumpHeld) {
        // Cleared so that PM_CmdScale does not lower the running speed.
        m_cmd.upmove = 0;
        return false;
    }
    m_groundPlane = false;
    m_walking = false;
    m_ps.jumpHeld = true;
    m_ps.onGround = false;
    m_ps.velocity.z = m_s.jumpVelocity;
    return true;
}

void Q3Pmove::walkMove() {
    if (m_ps.waterLevel > 2 && dot(m_forward, m_groundTrace.plane.normal) > 0.0f) {
        waterMove(); // begin swimming
        return;
    }
    if (checkJump()) {
        if (m_ps.waterLevel > 1)
            waterMove();
        else
            airMove();
        return;
    }
    friction();
    const auto fmove = static_cast<float>(m_cmd.forwardmove);
    const auto smove = static_cast<float>(m_cmd.rightmove);
    const float scale = cmdScale(m_cmd, m_s.maxSpeed);

    // Project the view directions onto the ground plane.
    const glm::vec3& normal = m_groundTrace.plane.normal;
    m_forward.z = 0.0f;
    m_right.z = 0.0f;
    m_forward = clipVelocity(m_forward, normal, m_s.overclip);
    m_right = clipVelocity(m_right, normal, m_s.overclip);
    normalize(m_forward);
    normalize(m_right);

    glm::vec3 wishdir = m_forward * fmove + m_right * smove;
    float wishspeed = normalize(wishdir) * scale;
    if (m_ps.crouched && wishspeed > m_s.maxSpeed * m_s.crouchSpeedScale)
        wishspeed = m_s.maxSpeed * m_s.crouchSpeedScale;
    if (m_ps.waterLevel > 0) {
        // Wading: slower the deeper.
        float waterScale = static_cast<float>(m_ps.waterLevel / 3.0);
        waterScale = 1.0f - (1.0f - m_s.swimScale) * waterScale;
        if (wishspeed > m_s.maxSpeed * waterScale)
            wishspeed = m_s.maxSpeed * waterScale;
    }
    accelerate(m_ps.velocity, wishdir, wishspeed, m_s.accelerate, m_frametime);

    // Slide along the ground plane without losing speed on slopes.
    const float vel = std::sqrt(dot(m_ps.velocity, m_ps.velocity));
    m_ps.velocity = clipVelocity(m_ps.velocity, normal, m_s.overclip);
    normalize(m_ps.velocity);
    m_ps.velocity *= vel;

    if (m_ps.velocity.x == 0.0f && m_ps.velocity.y == 0.0f)
        return;
    stepSlideMove(false);
}

void Q3Pmove::airMove() {
    friction();
    const auto fmove = static_cast<float>(m_cmd.forwardmove);
    const auto smove = static_cast<float>(m_cmd.rightmove);
    const float scale = cmdScale(m_cmd, m_s.maxSpeed);
    m_forward.z = 0.0f;
    m_right.z = 0.0f;
    normalize(m_forward);
    normalize(m_right);
    glm::vec3 wishdir(m_forward.x * fmove + m_right.x * smove, m_forward.y * fmove + m_right.y * smove, 0.0f);
    const float wishspeed = normalize(wishdir) * scale;
    accelerate(m_ps.velocity, wishdir, wishspeed, m_s.airAccelerate, m_frametime);
    // A steep plane below (no ground entity): slide along it.
    if (m_groundPlane)
        m_ps.velocity = clipVelocity(m_ps.velocity, m_groundTrace.plane.normal, m_s.overclip);
    stepSlideMove(true);
}

void Q3Pmove::flyMove() {
    friction();
    const float scale = cmdScale(m_cmd, m_s.maxSpeed);
    glm::vec3 wishvel(0.0f);
    if (scale != 0.0f) {
        wishvel = scale * m_forward * static_cast<float>(m_cmd.forwardmove) +
                  scale * m_right * static_cast<float>(m_cmd.rightmove);
        wishvel.z += scale * static_cast<float>(m_cmd.upmove);
    }
    glm::vec3 wishdir = wishvel;
    const float wishspeed = normalize(wishdir);
    accelerate(m_ps.velocity, wishdir, wishspeed, m_s.flyAccelerate, m_frametime);
    stepSlideMove(false);
}

void quake3Single(PlayerState& ps, Command& cmd, float frametime, const Settings& settings,
                  const Tracer& tracer) {
    Q3Pmove(ps, cmd, frametime, settings, tracer).run();
}

} // namespace cliplab::movement::detail
