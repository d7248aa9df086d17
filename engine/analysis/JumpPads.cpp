// Jump pads: the game's aim at the target, and flights simulated with movement::move.

#include "analysis/JumpPads.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace cliplab::analysis {

namespace {

/// Velocity changes smaller than this are the game's rounding of velocities to whole units (units/s).
constexpr float kSnapTolerance = 1.5f;

} // namespace

std::optional<Launch> aimAtTarget(const glm::vec3& from, const glm::vec3& target, float gravity) {
    const float height = target.z - from.z;
    if (!(height > 0.0f) || !(gravity > 0.0f))
        return std::nullopt;
    Launch l;
    l.apexHeight = height;
    l.apexTime = std::sqrt(height / (0.5f * gravity));
    glm::vec3 across(target.x - from.x, target.y - from.y, 0.0f);
    const float dist = glm::length(across);
    if (dist > 0.0f)
        across /= dist;
    l.velocity = across * (dist / l.apexTime);
    l.velocity.z = l.apexTime * gravity;
    return l;
}

std::vector<JumpPad> findJumpPads(const bsp::BspData& data, const std::vector<bsp::Entity>& entities,
                                  float gravity) {
    std::vector<JumpPad> pads;
    for (size_t i = 0; i < entities.size(); ++i) {
        const bsp::Entity& e = entities[i];
        if (e.classname() != "trigger_push")
            continue;
        const auto model = e.inlineModel();
        if (!model || *model <= 0 || static_cast<size_t>(*model) >= data.models.size())
            continue;
        JumpPad pad;
        pad.entity = static_cast<int32_t>(i);
        pad.model = *model;
        const glm::vec3 offset = e.vec3("origin").value_or(glm::vec3(0.0f));
        pad.mins = data.models[static_cast<size_t>(*model)].mins + offset;
        pad.maxs = data.models[static_cast<size_t>(*model)].maxs + offset;
        pad.centre = (pad.mins + pad.maxs) * 0.5f;
        if (const std::string* t = e.get("target"))
            pad.target = *t;
        if (pad.target.empty()) {
            pad.problem = "no target key";
        } else {
            for (const bsp::Entity& other : entities) {
                const std::string* name = other.get("targetname");
                if (name && *name == pad.target) {
                    pad.targetOrigin = other.vec3("origin");
                    break;
                }
            }
            if (!pad.targetOrigin)
                pad.problem = "target '" + pad.target + "' not found (or without an origin)";
            else if (!(pad.launch = aimAtTarget(pad.centre, *pad.targetOrigin, gravity)))
                pad.problem = "target '" + pad.target + "' is not above the pad";
        }
        pads.push_back(std::move(pad));
    }
    return pads;
}

bool touchesPad(const collision::Model& model, const JumpPad& pad, const collision::Shape& box,
                const glm::vec3& origin) {
    collision::TraceOptions o;
    o.model = pad.model;
    const collision::Shape grown = collision::Shape::box(box.mins - 1.0f, box.maxs + 1.0f);
    return model.trace(grown, origin, origin, -1, o).startSolid;
}

Flight simulateFlight(const collision::Model& model, const movement::PlayerState& start,
                      const std::vector<JumpPad>& pads, const FlightSettings& settings,
                      std::optional<float> apexTime) {
    Flight f;
    const collision::TraceFunction trace = model.traceFunction(settings.trace);
    const double dt = 1.0 / settings.rate;
    const float gravity = settings.movement.gravity;
    movement::PlayerState s = start;
    f.path.push_back(s.origin);
    f.launch = s.origin;
    f.launchVelocity = s.velocity;
    double freeTime = 0.0; // since the last push
    const int maxTicks = static_cast<int>(settings.maxTime * settings.rate);
    // The touch before the first tick: a player standing in a pad's trigger is pushed at once.
    bool inPad = false; // the last tick ended in a pad's trigger
    auto push = [&](movement::PlayerState& state) {
        const collision::Shape box = movement::playerShape(settings.movement, state.crouched);
        for (size_t p = 0; p < pads.size(); ++p) {
            if (!pads[p].launch || !touchesPad(model, pads[p], box, state.origin))
                continue;
            state.velocity = pads[p].launch->velocity;
            state.onGround = false;
            const auto index = static_cast<int32_t>(p);
            if (!inPad && std::find(f.padsTouched.begin(), f.padsTouched.end(), index) != f.padsTouched.end())
                f.returnedTo = index; // back in a pad after flying free
            else if (f.padsTouched.empty() || f.padsTouched.back() != index)
                f.padsTouched.push_back(index);
            apexTime = pads[p].launch->apexTime;
            return true;
        }
        return false;
    };
    if (push(s)) {
        inPad = true;
        f.launch = s.origin;
        f.launchVelocity = s.velocity;
    }
    for (int tick = 0; tick < maxTicks; ++tick) {
        const glm::vec3 before = s.velocity;
        s = movement::move(s, movement::Input{}, dt, settings.movement, trace);
        f.path.push_back(s.origin);
        freeTime += dt;
        // Free fall keeps the horizontal velocity and loses gravity * dt upwards; anything else is
        // a brush (or patch) in the way.
        const bool deflected = std::fabs(s.velocity.x - before.x) > kSnapTolerance ||
                               std::fabs(s.velocity.y - before.y) > kSnapTolerance ||
                               std::fabs(s.velocity.z - (before.z - gravity * float(dt))) > kSnapTolerance;
        if (deflected && !f.blocked && apexTime && freeTime < double(*apexTime)) {
            f.blocked = true; // hit a wall or a ceiling, or landed, before the apex
            f.blockedAt = s.origin;
        }
        const bool pushed = push(s);
        inPad = pushed;
        f.pushed.push_back(pushed);
        if (f.returnedTo >= 0)
            break;
        if (pushed) {
            freeTime = 0.0;
            f.launch = s.origin;
            f.launchVelocity = s.velocity;
            f.blocked = false; // a new arc starts; only its own hits count
            f.blockedAt.reset();
            continue;
        }
        if (s.onGround) {
            f.landing = s.origin;
            break;
        }
    }
    f.airtime = freeTime;
    return f;
}

glm::vec3 padStart(const collision::Model& model, const JumpPad& pad, const movement::Settings& settings,
                   const collision::TraceOptions& options) {
    const collision::Shape box = movement::playerShape(settings, false);
    // Standing on what is under the centre: drop the box from just above the trigger's top.
    const glm::vec3 from(pad.centre.x, pad.centre.y, pad.maxs.z - box.mins.z + 1.0f);
    const glm::vec3 to(pad.centre.x, pad.centre.y, pad.mins.z - box.maxs.z - 64.0f);
    const collision::TraceResult r = model.trace(box, from, to, settings.contentsMask, options);
    if (!r.startSolid && r.fraction < 1.0f && touchesPad(model, pad, box, r.endpos))
        return r.endpos;
    return pad.centre;
}

Flight simulatePad(const collision::Model& model, const JumpPad& pad, const std::vector<JumpPad>& pads,
                   const FlightSettings& settings) {
    movement::PlayerState s;
    s.origin = padStart(model, pad, settings.movement, settings.trace);
    s.onGround = true;
    return simulateFlight(model, s, pads, settings,
                          pad.launch ? std::optional<float>(pad.launch->apexTime) : std::nullopt);
}

} // namespace cliplab::analysis
