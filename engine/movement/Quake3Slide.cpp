// The quake3 preset's collision response: ioquake3's PM_SlideMove (up to 4 bumps against up to 5
// planes, clipping against each plane entered, along the crease of two, stopping dead at three)
// and PM_StepSlideMove (slide; when clipped, retry from a step higher and push back down).

#include "movement/Quake3Pmove.h"

namespace cliplab::movement::detail {

using collision::TraceResult;

void Q3Pmove::correctSlide(bool gravity) {
    // The same velocity bookkeeping as slideMove (half the gravity before the move), then steps.
    glm::vec3 endVelocity = m_ps.velocity;
    glm::vec3 moveVelocity = m_ps.velocity;
    if (gravity) {
        endVelocity.z -= m_s.gravity * m_frametime;
        moveVelocity.z = (m_ps.velocity.z + endVelocity.z) * 0.5f;
        if (m_groundPlane) {
            moveVelocity = clipVelocity(moveVelocity, m_groundTrace.plane.normal, m_s.overclip);
            endVelocity = clipVelocity(endVelocity, m_groundTrace.plane.normal, m_s.overclip);
        }
    }
    const CorrectedMove moved = correctedMove(m_tracer, m_s, m_shape, m_ps.origin, moveVelocity * m_frametime,
                                              endVelocity, m_walking);
    m_ps.origin = moved.origin;
    m_ps.stuck = m_ps.stuck || moved.stuck;
    // pm_time (a hard landing, a water jump): collisions leave the velocity as it was.
    m_ps.velocity = m_ps.timer > 0.0f && !moved.stuck ? endVelocity : moved.velocity;
}

bool Q3Pmove::slideMove(bool gravity) {
    if (m_tracer.correcting()) {
        correctSlide(gravity);
        return false; // no swept step-up: correctSlide climbs stairs itself
    }
    const int maxPlanes = m_s.maxPlanes < 2 ? 2 : m_s.maxPlanes;
    glm::vec3 planes[16];
    const int planeCap = maxPlanes > 16 ? 16 : maxPlanes;
    glm::vec3 primal = m_ps.velocity;
    glm::vec3 endVelocity(0.0f);
    if (gravity) {
        // Half the gravity before the move, the rest after: the move uses the average velocity.
        endVelocity = m_ps.velocity;
        endVelocity.z -= m_s.gravity * m_frametime;
        m_ps.velocity.z = (m_ps.velocity.z + endVelocity.z) * 0.5f;
        primal.z = endVelocity.z;
        if (m_groundPlane)
            m_ps.velocity = clipVelocity(m_ps.velocity, m_groundTrace.plane.normal, m_s.overclip);
    }
    float timeLeft = m_frametime;
    int numplanes = 0;
    if (m_groundPlane)
        planes[numplanes++] = m_groundTrace.plane.normal; // never turn against the ground
    planes[numplanes] = m_ps.velocity;                    // nor against the original velocity
    if (normalize(planes[numplanes]) == 0.0f)
        planes[numplanes] = glm::vec3(0.0f);
    ++numplanes;

    int bump = 0;
    for (; bump < m_s.maxSlideIterations; ++bump) {
        const glm::vec3 end = m_ps.origin + timeLeft * m_ps.velocity;
        const TraceResult tr = trace(TracePurpose::Slide, m_ps.origin, end);
        if (tr.allSolid) {
            m_ps.velocity.z = 0.0f; // trapped: no falling speed build-up, sideways acceleration allowed
            return true;
        }
        if (tr.fraction > 0.0f)
            m_ps.origin = tr.endpos;
        if (tr.fraction == 1.0f)
            break;
        timeLeft -= timeLeft * tr.fraction;
        if (numplanes >= planeCap) {
            m_ps.velocity = glm::vec3(0.0f);
            return true;
        }
        // The same plane again: nudge out along it (fixes epsilon problems on non-axial planes).
        int i = 0;
        for (; i < numplanes; ++i)
            if (dot(tr.plane.normal, planes[i]) > 0.99f) {
                m_ps.velocity += tr.plane.normal;
                break;
            }
        if (i < numplanes)
            continue;
        planes[numplanes++] = tr.plane.normal;
        if (!clipToPlanes(planes, numplanes, gravity, endVelocity))
            return true;
    }
    if (gravity)
        m_ps.velocity = endVelocity;
    if (m_ps.timer > 0.0f)
        m_ps.velocity = primal; // the game's "don't change velocity if in a timer"
    return bump != 0;
}

bool Q3Pmove::clipToPlanes(const glm::vec3* planes, int count, bool gravity, glm::vec3& endVelocity) {
    // Find a plane the velocity enters and clip to it; then to a second one along their crease;
    // a third one stops the player dead.
    for (int i = 0; i < count; ++i) {
        if (dot(m_ps.velocity, planes[i]) >= 0.1f)
            continue;
        glm::vec3 clipV = clipVelocity(m_ps.velocity, planes[i], m_s.overclip);
        glm::vec3 endClipV = gravity ? clipVelocity(endVelocity, planes[i], m_s.overclip) : glm::vec3(0.0f);
        for (int j = 0; j < count; ++j) {
            if (j == i)
                continue;
            if (dot(clipV, planes[j]) >= 0.1f)
                continue;
            clipV = clipVelocity(clipV, planes[j], m_s.overclip);
            if (gravity)
                endClipV = clipVelocity(endClipV, planes[j], m_s.overclip);
            if (dot(clipV, planes[i]) >= 0.0f)
                continue;
            glm::vec3 dir = cross(planes[i], planes[j]);
            normalize(dir);
            clipV = dir * dot(dir, m_ps.velocity);
            if (gravity)
                endClipV = dir * dot(dir, endVelocity);
            for (int k = 0; k < count; ++k) {
                if (k == i || k == j)
                    continue;
                if (dot(clipV, planes[k]) >= 0.1f)
                    continue;
                m_ps.velocity = glm::vec3(0.0f);
                return false;
            }
        }
        m_ps.velocity = clipV;
        if (gravity)
            endVelocity = endClipV;
        break;
    }
    return true;
}

void Q3Pmove::stepSlideMove(bool gravity) {
    const glm::vec3 startO = m_ps.origin;
    const glm::vec3 startV = m_ps.velocity;
    if (!slideMove(gravity))
        return; // got there on the first try

    const glm::vec3 down = startO - glm::vec3(0.0f, 0.0f, m_s.stepHeight);
    TraceResult tr = trace(TracePurpose::StepDown, startO, down);
    // Never step up while still moving up, unless standing on walkable ground.
    if (m_ps.velocity.z > 0.0f && (tr.fraction == 1.0f || tr.plane.normal.z < m_s.minWalkNormal))
        return;

    const glm::vec3 up = startO + glm::vec3(0.0f, 0.0f, m_s.stepHeight);
    tr = trace(TracePurpose::StepUp, startO, up);
    if (tr.allSolid)
        return; // no room to step up
    const float stepSize = tr.endpos.z - startO.z;
    m_ps.origin = tr.endpos;
    m_ps.velocity = startV;
    slideMove(gravity);

    // Push down the amount lifted.
    const glm::vec3 drop = m_ps.origin - glm::vec3(0.0f, 0.0f, stepSize);
    tr = trace(TracePurpose::StepDown, m_ps.origin, drop);
    if (!tr.allSolid)
        m_ps.origin = tr.endpos;
    if (tr.fraction < 1.0f)
        m_ps.velocity = clipVelocity(m_ps.velocity, tr.plane.normal, m_s.overclip);
}

} // namespace cliplab::movement::detail
