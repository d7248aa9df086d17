// One move of the reachability search: the player run, jumped or dropped tick by tick with
// movement::move, through the kill volumes, teleporters and jump pads the game would touch.

#include "analysis/ReachMove.h"

#include "movement/Movement.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>

namespace cliplab::analysis::detail {

namespace {

/// The game's speed out of a teleporter (units/s).
constexpr float kTeleportSpeed = 400.0f;
/// How long a walk may stay on the floor of the column it started in before it counts as
/// blocked (s): a run from a standstill crosses a 256-unit cell well within it.
constexpr double kBlockedTime = 0.75;
/// Longest a move may swim (s): a dive at the swimming speed (160 units/s) reaches a floor 160
/// units down; longer swims are taken to reach nothing (no underwater routes).
constexpr double kMaxSwimTime = 1.0;
/// A move that covers less than kStallDistance units in kStallTicks ticks is given up.
constexpr int64_t kStallTicks = 32;
constexpr float kStallDistance = 2.0f;

/// Applies the triggers the player at `s` touches after a tick, as the game does after the move:
/// a kill volume ends the move (false); a teleporter sends the player out of its destination at
/// the game's speed, otherwise a jump pad launches it; either way the keys are let go (the flight
/// as simulateFlight flies it: no air control).
bool applyTriggers(const World& w, movement::PlayerState& s, movement::Input& input, ReachVia& via) {
    const movement::Settings& ms = w.settings.movement;
    const collision::Shape box = collision::Shape::box(
        ms.mins, glm::vec3(ms.maxs.x, ms.maxs.y, s.crouched ? ms.crouchMaxsZ : ms.maxs.z));
    for (const KillVolume& k : w.kills)
        if (boundsTouch(s.origin, box, k.mins, k.maxs) && touchesModel(w.model, k.model, box, s.origin))
            return false;
    for (const Teleporter& t : w.teleporters) {
        if (!boundsTouch(s.origin, box, t.mins, t.maxs) || !touchesModel(w.model, t.model, box, s.origin))
            continue;
        const float yaw = glm::radians(t.yaw);
        s.origin = t.destination + glm::vec3(0.0f, 0.0f, 1.0f);
        s.velocity = glm::vec3(std::cos(yaw), std::sin(yaw), 0.0f) * kTeleportSpeed;
        s.onGround = false;
        s.groundNormal = glm::vec3(0.0f);
        via = ReachVia::Teleport;
        input = movement::Input{};
        return true;
    }
    for (const JumpPad& p : w.pads) {
        if (!boundsTouch(s.origin, box, p.mins, p.maxs) || !touchesPad(w.model, p, box, s.origin))
            continue;
        s.velocity = p.launch->velocity;
        s.onGround = false;
        if (via != ReachVia::Teleport)
            via = ReachVia::Pad;
        input = movement::Input{};
        break;
    }
    return true;
}

/// The state and keys a move starts with: a run at full speed on the floor, or (a drop) at rest.
void startMove(const movement::Settings& ms, const MoveRequest& request, movement::PlayerState& s,
               movement::Input& input) {
    s.origin = request.origin;
    if (!request.run)
        return;
    const float yaw = glm::radians(request.yaw);
    s.velocity = glm::vec3(std::cos(yaw), std::sin(yaw), 0.0f) * ms.maxSpeed;
    s.onGround = true;
    s.groundNormal = glm::vec3(0.0f, 0.0f, 1.0f);
    input.forward = 1.0f;
    input.yaw = request.yaw;
    input.jump = request.jump;
}

} // namespace

/// Box bounds of the player at `origin` grown by the game's 1-unit trigger margin overlap [mins, maxs].
bool boundsTouch(const glm::vec3& origin, const collision::Shape& box, const glm::vec3& mins,
                 const glm::vec3& maxs) {
    const glm::vec3 lo = origin + box.mins - 1.0f, hi = origin + box.maxs + 1.0f;
    return lo.x <= maxs.x && hi.x >= mins.x && lo.y <= maxs.y && hi.y >= mins.y && lo.z <= maxs.z &&
           hi.z >= mins.z;
}

/// Whether the standing player at `origin` touches a jump pad, a teleporter or a kill volume: a
/// place no player stays in, so not a floor cell.
bool touchesTrigger(const World& w, const glm::vec3& origin) {
    const movement::Settings& ms = w.settings.movement;
    const collision::Shape box = collision::Shape::box(ms.mins, ms.maxs);
    auto touches = [&](int32_t model, const glm::vec3& mins, const glm::vec3& maxs) {
        return boundsTouch(origin, box, mins, maxs) && touchesModel(w.model, model, box, origin);
    };
    return std::any_of(w.pads.begin(), w.pads.end(),
                       [&](const JumpPad& p) { return touches(p.model, p.mins, p.maxs); }) ||
           std::any_of(w.teleporters.begin(), w.teleporters.end(),
                       [&](const Teleporter& t) { return touches(t.model, t.mins, t.maxs); }) ||
           std::any_of(w.kills.begin(), w.kills.end(),
                       [&](const KillVolume& k) { return touches(k.model, k.mins, k.maxs); });
}

/// Simulates one move until the player stands in another column (or anywhere after being in the
/// air), is blocked, dies, gets stuck or runs out of time. Counts its ticks into `ticks`.
Landing simulateMove(const World& w, const MoveRequest& request, int64_t& ticks) {
    const movement::Settings& ms = w.settings.movement;
    const double dt = 1.0 / w.settings.rate;
    const Grid grid{w.settings.grid};
    const glm::ivec2 startColumn = grid.column(request.origin);
    movement::PlayerState s;
    movement::Input input;
    startMove(ms, request, s, input);
    ReachVia via = request.jump ? ReachVia::Jump : (request.run ? ReachVia::Walk : ReachVia::Spawn);
    bool airborne = !request.run;
    const auto maxTicks = static_cast<int64_t>(w.settings.maxMoveTime * w.settings.rate);
    const auto blockedTicks = static_cast<int64_t>(kBlockedTime * w.settings.rate);
    int64_t groundTicks = 0, swimTicks = 0;
    const auto maxSwimTicks = static_cast<int64_t>(kMaxSwimTime * w.settings.rate);
    glm::vec3 lastCheck = s.origin; // where the player was at the last stall check
    for (int64_t tick = 0; tick < maxTicks; ++tick) {
        // A player that has hardly moved for a stall period (pressed into a corner under water,
        // say) gets nowhere new.
        if (tick > 0 && tick % kStallTicks == 0) {
            if (glm::distance(s.origin, lastCheck) < kStallDistance)
                return {};
            lastCheck = s.origin;
        }
        // In water to the waist and off the bottom: dive (look down and swim), so a swimmer
        // reaches the floor under the water instead of swimming level for ever.
        const bool swimming = s.waterLevel >= 2 && !s.onGround;
        if (input.forward != 0.0f)
            input.pitch = swimming ? 89.0f : 0.0f;
        if (swimming && ++swimTicks > maxSwimTicks)
            return {};
        s = movement::move(s, input, dt, ms, w.trace);
        ++ticks;
        if (s.stuck)
            return {};
        for (int axis = 0; axis < 3; ++axis)
            if (!(s.origin[axis] >= w.mins[axis] && s.origin[axis] <= w.maxs[axis]))
                return {}; // fell out of the world
        if (!applyTriggers(w, s, input, via))
            return {};
        if (!s.onGround) {
            airborne = true;
            if (via == ReachVia::Walk)
                via = ReachVia::Fall;
            continue;
        }
        if (airborne || grid.column(s.origin) != startColumn)
            return {true, s.origin, via};
        if (++groundTicks > blockedTicks)
            return {}; // still in its own column: blocked
    }
    return {};
}

} // namespace cliplab::analysis::detail
