// Step-and-correct position update (Settings::method == StepCorrect), shared by both presets:
// the move is cut into short steps and after each the box is pushed out of whatever it overlaps
// (the block-engine point correction, on brushes). No sweep: the price is the half-thickness rule.

#include "movement/MoveInternal.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::movement::detail {

namespace {

/// Removes the part of `v` going into the plane of normal `n` (no overshoot: the push keeps the margin).
glm::vec3 withoutInto(const glm::vec3& v, const glm::vec3& n) {
    const float into = glm::dot(v, n);
    return into < 0.0f ? v - n * into : v;
}

int normalCount(const collision::Correction& c) {
    return std::min(c.pushes, collision::Correction::kMaxNormals);
}

/// A push by a plane the walking player cannot stand on or pass under: a wall (|z| below walkable).
bool pushedByWall(const collision::Correction& c, float minWalkNormal) {
    for (int i = 0; i < normalCount(c); ++i)
        if (std::fabs(c.normals[static_cast<size_t>(i)].z) < minWalkNormal)
            return true;
    return false;
}

bool pushedUpWalkable(const collision::Correction& c, float minWalkNormal) {
    for (int i = 0; i < normalCount(c); ++i)
        if (c.normals[static_cast<size_t>(i)].z >= minWalkNormal)
            return true;
    return false;
}

/// Stairs: the step `step` from `from` lifted by `height`, moved along, dropped back. True with
/// the landing correction when the lifted box overlaps nothing, the lifted step meets no wall and
/// the drop lands on walkable ground. The drop is found by bisection on free heights (7 halvings:
/// within height / 128), so that the landing overlaps the step's top by less than the box overlaps
/// its riser and the least-penetration push is up, not back.
bool liftedStep(const Tracer& tracer, const collision::Shape& shape, const glm::vec3& from,
                const glm::vec3& step, float height, float minWalkNormal, collision::Correction& landing) {
    const glm::vec3 up(0.0f, 0.0f, height);
    const collision::Correction lifted = tracer.correct(TracePurpose::StepUp, shape, from + up);
    if (lifted.pushes != 0) // a ceiling (or anything) at the lifted height: no room
        return false;
    const glm::vec3 flat(step.x, step.y, 0.0f);
    const collision::Correction along = tracer.correct(TracePurpose::StepUp, shape, from + up + flat);
    if (along.stuck || pushedByWall(along, minWalkNormal))
        return false;
    const glm::vec3 top = along.position;
    float freeDrop = 0.0f, blockedDrop = height;
    if (tracer.correct(TracePurpose::StepDown, shape, top - up).pushes == 0)
        return false; // nothing to stand on within the lift: not a step
    for (int i = 0; i < 7; ++i) {
        const float mid = 0.5f * (freeDrop + blockedDrop);
        if (tracer.correct(TracePurpose::StepDown, shape, top - glm::vec3(0.0f, 0.0f, mid)).pushes == 0)
            freeDrop = mid;
        else
            blockedDrop = mid;
    }
    landing = tracer.correct(TracePurpose::StepDown, shape, top - glm::vec3(0.0f, 0.0f, blockedDrop));
    return !landing.stuck && pushedUpWalkable(landing, minWalkNormal);
}

} // namespace

CorrectedMove correctedMove(const Tracer& tracer, const Settings& s, const collision::Shape& shape,
                            const glm::vec3& start, const glm::vec3& delta, const glm::vec3& velocity,
                            bool walking) {
    CorrectedMove out;
    out.origin = start;
    out.velocity = velocity;
    const float stepLength = std::max(s.stepLength, collision::kMinStepLength);
    const float length = glm::length(delta);
    // Bounded: a non-finite or absurd move takes one step (and the correction then decides).
    const float wanted = std::isfinite(length) ? std::ceil(length / stepLength) : 1.0f;
    const int steps = static_cast<int>(std::clamp(wanted, 1.0f, 4096.0f));
    glm::vec3 rest = delta;
    for (int k = 0; k < steps; ++k) {
        const glm::vec3 step = rest / static_cast<float>(steps - k);
        collision::Correction c = tracer.correct(TracePurpose::Slide, shape, out.origin + step);
        if (walking && s.stepHeight > 0.0f && !c.stuck && pushedByWall(c, s.minWalkNormal)) {
            collision::Correction landing;
            if (liftedStep(tracer, shape, out.origin, step, s.stepHeight, s.minWalkNormal, landing))
                c = landing; // climbed: its pushes (the step's top) clip the vertical motion only
        }
        if (c.stuck) {
            out.stuck = true;
            out.velocity = glm::vec3(0.0f);
            return out;
        }
        rest -= step;
        for (int i = 0; i < normalCount(c); ++i) {
            const glm::vec3& n = c.normals[static_cast<size_t>(i)];
            out.velocity = withoutInto(out.velocity, n);
            rest = withoutInto(rest, n);
        }
        out.origin = c.position;
    }
    return out;
}

} // namespace cliplab::movement::detail
