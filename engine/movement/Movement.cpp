#include "movement/Movement.h"

#include "movement/MoveInternal.h"

#include "collision/TraceLimits.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::movement {

namespace detail {

collision::TraceResult Tracer::trace(TracePurpose purpose, const collision::Shape& shape,
                                     const glm::vec3& start, const glm::vec3& end, int32_t mask) const {
    collision::TraceResult result = m_fn(shape, start, end, mask);
    if (m_recorder)
        m_recorder->onTrace(TraceRecord{purpose, shape, start, end, mask, result});
    return result;
}

collision::Correction Tracer::correct(TracePurpose purpose, const collision::Shape& shape,
                                      const glm::vec3& position) const {
    collision::Correction result = (*m_correct)(shape, position, m_mask);
    if (m_recorder)
        m_recorder->onCorrection(CorrectionRecord{purpose, shape, position, m_mask, result});
    return result;
}

collision::TraceResult Tracer::groundProbe(const collision::Shape& shape, const glm::vec3& origin,
                                           float length) const {
    if (!correcting())
        return trace(TracePurpose::GroundProbe, shape, origin, origin - glm::vec3(0.0f, 0.0f, length));
    const collision::Correction c =
        correct(TracePurpose::GroundProbe, shape, origin - glm::vec3(0.0f, 0.0f, length));
    collision::TraceResult result;
    result.endpos = origin;
    const int n = std::min(c.pushes, collision::Correction::kMaxNormals);
    int best = -1;
    for (int i = 0; i < n; ++i)
        if (best < 0 || c.normals[static_cast<size_t>(i)].z > c.normals[static_cast<size_t>(best)].z)
            best = i;
    if (best >= 0 && c.normals[static_cast<size_t>(best)].z > 0.0f) {
        result.fraction = 0.0f;
        result.plane.normal = c.normals[static_cast<size_t>(best)];
        result.plane.dist = glm::dot(result.plane.normal, origin);
    }
    return result;
}

namespace {
// Non-finite input (a NaN from a broken device or script) counts as zero instead of poisoning the state.
float finite(float v) {
    return std::isfinite(v) ? v : 0.0f;
}

int toMove(float value) {
    // usercmd_t holds signed chars; the reference walks convert with value * 127 truncated.
    const float clamped = std::clamp(finite(value), -1.0f, 1.0f);
    return static_cast<int>(clamped * 127.0f);
}

// usercmd_t carries angles as 16-bit shorts (ANGLE2SHORT); the game reads them back as
// short * 360 / 65536. Reproducing the round trip keeps the direction bit-identical to the game.
float quantizeAngle(float degrees) {
    degrees = std::fmod(degrees, 360.0f); // same short as the unwrapped angle, without int overflow
    const int asInt = static_cast<int>(degrees * 65536.0f / 360.0f) & 65535;
    const auto asShort = static_cast<int16_t>(static_cast<uint16_t>(asInt));
    return static_cast<float>(asShort * (360.0 / 65536.0));
}
} // namespace

Command makeCommand(const Input& input, const Settings& settings) {
    Command cmd;
    cmd.forwardmove = toMove(input.forward);
    cmd.rightmove = toMove(input.right);
    cmd.upmove = toMove(input.up);
    if (input.jump)
        cmd.upmove = 127;
    if (input.crouch)
        cmd.upmove = -127;
    float pitch = std::clamp(finite(input.pitch), -89.0f, 89.0f);
    const float yaw = finite(input.yaw);
    if (settings.preset == Preset::Quake3 && settings.quantizeAngles) {
        cmd.yaw = quantizeAngle(yaw);
        // PM_UpdateViewAngles clamps the pitch short to +/-16000 (87.9 degrees).
        const int asInt = static_cast<int>(pitch * 65536.0f / 360.0f);
        pitch = static_cast<float>(std::clamp(asInt, -16000, 16000) * (360.0 / 65536.0));
        cmd.pitch = pitch;
    } else {
        cmd.yaw = std::fmod(yaw, 360.0f);
        cmd.pitch = std::clamp(pitch, -87.9f, 87.9f);
    }
    return cmd;
}

void angleVectors(float pitchDeg, float yawDeg, glm::vec3& forward, glm::vec3& right, glm::vec3& up) {
    // Same float/double steps as the game's AngleVectors, so quake3 walks match bit for bit.
    const double toRad = 3.14159265358979323846 * 2.0 / 360.0;
    const auto yaw = static_cast<float>(yawDeg * toRad);
    const auto pitch = static_cast<float>(pitchDeg * toRad);
    const auto sy = static_cast<float>(std::sin(static_cast<double>(yaw)));
    const auto cy = static_cast<float>(std::cos(static_cast<double>(yaw)));
    const auto sp = static_cast<float>(std::sin(static_cast<double>(pitch)));
    const auto cp = static_cast<float>(std::cos(static_cast<double>(pitch)));
    forward = glm::vec3(cp * cy, cp * sy, -sp);
    right = glm::vec3(sy, -cy, 0.0f);
    up = glm::vec3(sp * cy, sp * sy, cp);
}

float normalize(glm::vec3& v) {
    const float length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    if (length != 0.0f) {
        const float inv = 1.0f / length;
        v *= inv;
    }
    return length;
}

glm::vec3 clipVelocity(const glm::vec3& in, const glm::vec3& normal, float overclip) {
    float backoff = in.x * normal.x + in.y * normal.y + in.z * normal.z;
    if (backoff < 0.0f)
        backoff *= overclip;
    else
        backoff /= overclip;
    return in - normal * backoff;
}

float cmdScale(const Command& cmd, float maxSpeed) {
    int max = std::abs(cmd.forwardmove);
    max = std::max(max, std::abs(cmd.rightmove));
    max = std::max(max, std::abs(cmd.upmove));
    if (max == 0)
        return 0.0f;
    const auto total = static_cast<float>(std::sqrt(static_cast<double>(
        cmd.forwardmove * cmd.forwardmove + cmd.rightmove * cmd.rightmove + cmd.upmove * cmd.upmove)));
    const float speedTimesMax = maxSpeed * static_cast<float>(max);
    return static_cast<float>(speedTimesMax / (127.0 * static_cast<double>(total)));
}

void accelerate(glm::vec3& velocity, const glm::vec3& wishdir, float wishspeed, float accel,
                float frametime) {
    const float currentspeed = velocity.x * wishdir.x + velocity.y * wishdir.y + velocity.z * wishdir.z;
    const float addspeed = wishspeed - currentspeed;
    if (addspeed <= 0.0f)
        return;
    float accelspeed = accel * frametime * wishspeed;
    if (accelspeed > addspeed)
        accelspeed = addspeed;
    velocity += accelspeed * wishdir;
}

void noclipMove(PlayerState& ps, const Command& cmd, float frametime, const Settings& s) {
    glm::vec3 forward, right, up;
    angleVectors(cmd.pitch, cmd.yaw, forward, right, up);
    const float speed = glm::length(ps.velocity);
    if (speed < 1.0f) {
        ps.velocity = glm::vec3(0.0f);
    } else {
        const float control = speed < s.stopSpeed ? s.stopSpeed : speed;
        float newspeed = speed - control * s.noclipFriction * frametime;
        if (newspeed < 0.0f)
            newspeed = 0.0f;
        ps.velocity *= newspeed / speed;
    }
    const float scale = cmdScale(cmd, s.maxSpeed);
    glm::vec3 wishvel =
        forward * static_cast<float>(cmd.forwardmove) + right * static_cast<float>(cmd.rightmove);
    wishvel.z += static_cast<float>(cmd.upmove);
    glm::vec3 wishdir = wishvel;
    const float wishspeed = normalize(wishdir) * scale;
    accelerate(ps.velocity, wishdir, wishspeed, s.accelerate, frametime);
    ps.origin += frametime * ps.velocity;
    ps.onGround = false;
    ps.groundNormal = glm::vec3(0.0f);
    ps.stuck = false;
}

} // namespace detail

collision::Shape playerShape(const Settings& settings, bool crouched) {
    glm::vec3 maxs = settings.maxs;
    if (crouched)
        maxs.z = settings.crouchMaxsZ;
    switch (settings.shape) {
    case collision::ShapeKind::Ray:
        return collision::Shape::ray();
    case collision::ShapeKind::Sphere:
        return collision::Shape::sphere(0.5f * (maxs.x - settings.mins.x));
    case collision::ShapeKind::Capsule:
        return collision::Shape::capsule(settings.mins, maxs);
    case collision::ShapeKind::Cylinder: {
        // Upright cylinder inscribed in the box's footprint, as tall as the box, same middle.
        collision::Shape c =
            collision::Shape::cylinder(0.5f * (maxs.x - settings.mins.x), 0.5f * (maxs.z - settings.mins.z));
        c.mins = settings.mins;
        c.maxs = maxs;
        return c;
    }
    case collision::ShapeKind::Box:
        break;
    }
    return collision::Shape::box(settings.mins, maxs);
}

glm::vec3 eyePosition(const PlayerState& state, const Settings& settings) {
    return state.origin +
           glm::vec3(0.0f, 0.0f, state.crouched ? settings.crouchEyeHeight : settings.eyeHeight);
}

namespace {

/// Velocity components kept finite and within +/-kMaxVelocity (NaN -> 0).
glm::vec3 clampVelocity(const glm::vec3& v) {
    return collision::clampComponents(v, kMaxVelocity);
}

bool usableOrigin(const glm::vec3& p) {
    return collision::pointUsable(p);
}

} // namespace

PlayerState sanitizeState(const PlayerState& state) {
    PlayerState ps = state;
    if (!usableOrigin(ps.origin)) {
        // Nowhere sane to continue from: the clamped point, at rest, flagged.
        ps.origin = collision::clampPoint(ps.origin);
        ps.velocity = glm::vec3(0.0f);
        ps.stuck = true;
    }
    ps.velocity = clampVelocity(ps.velocity);
    const glm::vec3& n = ps.groundNormal;
    if (!(std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z))) {
        ps.groundNormal = glm::vec3(0.0f);
        ps.onGround = false;
    }
    ps.timer = std::isnan(ps.timer) ? 0.0f : std::clamp(ps.timer, 0.0f, 10.0f);
    ps.waterLevel = std::clamp(ps.waterLevel, 0, 3);
    if (ps.mode != Mode::Walk && ps.mode != Mode::Fly && ps.mode != Mode::Noclip)
        ps.mode = Mode::Walk;
    if (!std::isfinite(ps.time))
        ps.time = 0.0;
    return ps;
}

PlayerState move(const PlayerState& state, const Input& input, double dt, const Settings& requested,
                 const collision::TraceFunction& trace, Recorder* recorder,
                 const collision::CorrectFunction* correct) {
    PlayerState ps = sanitizeState(state);
    if (!(dt > 0.0) || !std::isfinite(dt))
        return ps;
    // Hostile settings are clamped (sanitize); in-range settings are used as they are.
    // Checked before copying: the usual in-range settings are used in place.
    Settings clamped;
    const Settings& settings = inRange(requested) ? requested : (clamped = sanitize(requested));
    dt = std::min(dt, kMaxMoveTime);
    const detail::Tracer tracer(trace, recorder, settings.contentsMask, correct,
                                settings.method == Method::StepCorrect);
    detail::Command cmd = detail::makeCommand(input, settings);
    // Like Pmove: long moves are cut into pieces so behaviour does not depend on the frame time.
    // maxCommandTime >= 1 ms and dt <= kMaxMoveTime: at most 1000 pieces.
    const double maxPiece = settings.maxCommandTime;
    double left = dt;
    while (left > 0.0) {
        const glm::vec3 before = ps.origin;
        const double piece = std::min(left, maxPiece);
        left = left - piece < 1e-9 ? 0.0 : left - piece;
        const auto frametime = static_cast<float>(piece);
        if (ps.mode == Mode::Noclip)
            detail::noclipMove(ps, cmd, frametime, settings);
        else if (settings.preset == Preset::Quake3)
            detail::quake3Single(ps, cmd, frametime, settings, tracer);
        else
            detail::melaxSingle(ps, cmd, frametime, settings, tracer);
        ps.time += piece;
        // A piece never leaves a NaN or runaway state: the last usable origin is kept (at rest,
        // flagged stuck), velocity stays finite and bounded.
        if (!usableOrigin(ps.origin)) {
            const bool finite =
                std::isfinite(ps.origin.x) && std::isfinite(ps.origin.y) && std::isfinite(ps.origin.z);
            ps.origin = finite ? collision::clampPoint(ps.origin) : before;
            ps.velocity = glm::vec3(0.0f);
            ps.stuck = true;
        }
        ps.velocity = clampVelocity(ps.velocity);
        // Pmove keeps a held jump from re-triggering in the following pieces.
        if (ps.jumpHeld)
            cmd.upmove = 20;
    }
    return ps;
}

} // namespace cliplab::movement
