#pragma once
/// \file Quake3Pmove.h
/// Private to engine/movement: the quake3 preset's per-command state (ioquake3's pml), shared by
/// Quake3Move.cpp (the command, ground, water, walk/air/fly moves) and Quake3Slide.cpp
/// (PM_SlideMove and PM_StepSlideMove).

#include "movement/MoveInternal.h"

namespace cliplab::movement::detail {

inline float dot(const glm::vec3& a, const glm::vec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

inline glm::vec3 cross(const glm::vec3& a, const glm::vec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/// The state ioquake3 keeps in pml for one command.
class Q3Pmove {
public:
    Q3Pmove(PlayerState& ps, Command& cmd, float frametime, const Settings& s, const Tracer& tracer)
        : m_ps(ps), m_cmd(cmd), m_frametime(frametime), m_s(s), m_tracer(tracer) {}

    void run();

private:
    collision::TraceResult trace(TracePurpose purpose, const glm::vec3& start, const glm::vec3& end) const {
        return m_tracer.trace(purpose, m_shape, start, end);
    }
    void setWaterLevel();
    bool checkWaterJump();
    void waterJumpMove();
    void waterMove();
    void checkDuck();
    void groundTrace();
    bool correctAllSolid(collision::TraceResult& tr);
    void dropTimers();
    void friction();
    bool checkJump();
    void walkMove();
    void airMove();
    void flyMove();
    bool slideMove(bool gravity);
    /// One bump of slideMove: clips the velocity (and `endVelocity`, with gravity) to the first of
    /// `planes[0, count)` it enters, then along the crease with a second one; false when a third
    /// one stops the player dead (the velocity zeroed).
    bool clipToPlanes(const glm::vec3* planes, int count, bool gravity, glm::vec3& endVelocity);
    /// Step-and-correct in place of slideMove/stepSlideMove (Method::StepCorrect).
    void correctSlide(bool gravity);
    void stepSlideMove(bool gravity);

    PlayerState& m_ps;
    Command& m_cmd;
    float m_frametime;
    const Settings& m_s;
    const Tracer& m_tracer;

    collision::Shape m_shape;
    glm::vec3 m_forward{0.0f}, m_right{0.0f}, m_up{0.0f};
    bool m_walking = false;
    bool m_groundPlane = false;
    collision::TraceResult m_groundTrace;
    glm::vec3 m_previousVelocity{0.0f};
};

} // namespace cliplab::movement::detail
