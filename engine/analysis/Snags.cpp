// Snags: speed lost on the floor that neither the controller nor a wall explains.

#include "analysis/Snags.h"

#include "stepcorrect/StepCorrect.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cliplab::analysis {

namespace {
/// How far past the tick's travel the wall check looks (units): half the player box's width.
constexpr float kLookAhead = 16.0f;
} // namespace

SnagDetector::SnagDetector(const collision::Model& model, const collision::TraceOptions& options,
                           const movement::Settings& movement, const SnagSettings& settings)
    : m_model(model), m_options(options), m_movement(movement), m_settings(settings) {
    // The wall check asks what the geometry has in the way, not what the trace's epsilon rule
    // makes of it: that rule is what catches a box passing a corner within 0.125 units.
    m_options.epsilon = 0.0f;
}

float SnagDetector::explainedLoss(float speed, double dt, bool crouched) const {
    // Friction takes speed * friction * dt (stopSpeed at least); then the keys can accelerate
    // straight against the motion by accelerate * wished speed * dt.
    const float friction = std::max(speed, m_movement.stopSpeed) * m_movement.friction * float(dt);
    const float wish = m_movement.maxSpeed * (crouched ? m_movement.crouchSpeedScale : 1.0f);
    return friction + m_movement.accelerate * wish * float(dt);
}

std::optional<SnagEvent> SnagDetector::check(int walker, int64_t tick, double rate,
                                             const movement::Input& input,
                                             const movement::PlayerState& before,
                                             const movement::PlayerState& after) const {
    if (before.mode != movement::Mode::Walk || !before.onGround || !after.onGround || input.jump ||
        input.up > 0.0f || before.crouched != after.crouched || before.waterLevel > 0 ||
        after.waterLevel > 0 || !(rate > 0.0))
        return std::nullopt;
    const float v0 = glm::length(before.velocity), v1 = glm::length(after.velocity);
    const double dt = 1.0 / rate;
    if (!(v0 >= m_settings.minSpeed) ||
        !(v0 - v1 > explainedLoss(v0, dt, before.crouched) + m_settings.lossShare * v0))
        return std::nullopt;
    // A wall (or anything a step up does not clear) ahead explains the loss. The look ahead goes
    // half a box beyond the tick's travel: a steep face leaning back is further away at step
    // height than where the box met it.
    glm::vec3 dir(before.velocity.x, before.velocity.y, 0.0f);
    const float horizontal = glm::length(dir);
    if (horizontal > 0.0f) {
        dir /= horizontal;
        const glm::vec3 lift(0.0f, 0.0f, m_movement.stepHeight);
        const glm::vec3 from = before.origin + lift;
        const glm::vec3 to = from + dir * (horizontal * float(dt) + kLookAhead);
        const collision::TraceResult r = m_model.trace(movement::playerShape(m_movement, before.crouched),
                                                       from, to, m_movement.contentsMask, m_options);
        if (r.startSolid || (r.fraction < 1.0f && r.plane.normal.z < m_movement.minWalkNormal))
            return std::nullopt;
    }
    SnagEvent e;
    e.kind = SnagKind::Snag;
    e.position = after.origin;
    e.speedBefore = v0;
    e.speedAfter = v1;
    e.walker = walker;
    e.tick = tick;
    e.rate = rate;
    return e;
}

std::vector<SnagCell> gatherSnags(const std::vector<SnagEvent>& events, float cellSize) {
    std::map<std::tuple<int, int, int>, SnagCell> cells;
    std::map<std::tuple<int, int, int>, glm::vec3> sums;
    for (const SnagEvent& e : events) {
        const glm::ivec3 c(glm::floor(e.position / cellSize));
        const auto key = std::make_tuple(c.x, c.y, c.z);
        auto [it, fresh] = cells.try_emplace(key);
        SnagCell& cell = it->second;
        if (fresh) {
            cell.cell = c;
            cell.example = e;
        }
        sums[key] += e.position;
        if (e.kind == SnagKind::Snag) {
            const float loss = e.speedBefore > 0.0f ? 1.0f - e.speedAfter / e.speedBefore : 0.0f;
            if (cell.snags == 0 || loss > cell.worstLoss) {
                cell.worstLoss = loss;
                cell.example = e;
            }
            ++cell.snags;
        } else if (e.kind == SnagKind::InSolid) {
            ++cell.inSolid;
        } else {
            ++cell.stuck;
        }
    }
    std::vector<SnagCell> out;
    for (auto& [key, cell] : cells) {
        cell.centre = sums[key] / float(cell.total());
        out.push_back(cell);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const SnagCell& a, const SnagCell& b) { return a.total() > b.total(); });
    return out;
}

std::vector<SnagEvent> failureEvents(const movement::SoakReport& report) {
    std::vector<SnagEvent> out;
    for (const movement::SoakFailure& f : report.failures) {
        if (f.kind == movement::SoakFailureKind::OutOfWorld)
            continue;
        SnagEvent e;
        e.kind = f.kind == movement::SoakFailureKind::InSolid ? SnagKind::InSolid : SnagKind::Stuck;
        e.position = f.after.origin;
        e.walker = f.walker;
        e.tick = f.tick;
        e.rate = f.rate;
        out.push_back(e);
    }
    return out;
}

SnagRun findSnags(const collision::Model& model, const collision::TraceOptions& options,
                  movement::SoakConfig config, const SnagSettings& settings, float cellSize) {
    SnagRun run;
    config.maxReported = static_cast<size_t>(1) << 20; // every in-solid and stuck place
    const collision::TraceFunction trace = model.traceFunction(options);
    const collision::CorrectFunction correct = collision::correctFunction(model);
    const SnagDetector detector(model, options, config.settings, settings);
    std::vector<SnagEvent> events;
    run.report = movement::runSoak(
        config, trace,
        [&](int walker, int64_t tick, double rate, const movement::Input& input,
            const movement::PlayerState& before, const movement::PlayerState& after) {
            if (auto e = detector.check(walker, tick, rate, input, before, after))
                events.push_back(*e);
        },
        nullptr, &correct);
    run.snags = events.size();
    for (const SnagEvent& e : failureEvents(run.report))
        events.push_back(e);
    run.cells = gatherSnags(events, cellSize);
    return run;
}

} // namespace cliplab::analysis
