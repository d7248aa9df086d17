#pragma once
/// \file MoveInternal.h
/// Private to engine/movement: the pieces the presets share.

#include "movement/Movement.h"

namespace cliplab::movement::detail {

/// Makes traces for one move: applies the contents mask, tells the recorder.
class Tracer {
public:
    /// `correct` (may be null or empty) is used only when `stepCorrect`.
    Tracer(const collision::TraceFunction& fn, Recorder* recorder, int32_t mask,
           const collision::CorrectFunction* correct = nullptr, bool stepCorrect = false)
        : m_fn(fn), m_recorder(recorder), m_mask(mask),
          m_correct(stepCorrect && correct && *correct ? correct : nullptr) {}

    /// Whether positions are updated by step-and-correct (Method::StepCorrect with a function).
    bool correcting() const { return m_correct != nullptr; }
    /// Pushes `shape` at `position` out of the world (correcting() only), tells the recorder.
    collision::Correction correct(TracePurpose purpose, const collision::Shape& shape,
                                  const glm::vec3& position) const;
    /// The ground probe below `origin` (`length` units): a downward trace, or when correcting()
    /// the box corrected `length` units lower, reported as a hit (fraction 0, endpos = origin)
    /// on the most upward push plane when that plane faces up, else as no hit (fraction 1).
    collision::TraceResult groundProbe(const collision::Shape& shape, const glm::vec3& origin,
                                       float length) const;

    collision::TraceResult trace(TracePurpose purpose, const collision::Shape& shape, const glm::vec3& start,
                                 const glm::vec3& end) const {
        return trace(purpose, shape, start, end, m_mask);
    }
    /// The same with another contents mask (liquids, point contents).
    collision::TraceResult trace(TracePurpose purpose, const collision::Shape& shape, const glm::vec3& start,
                                 const glm::vec3& end, int32_t mask) const;
    /// Whether point `p` is inside a brush whose contents intersect `mask` (a zero-length ray).
    bool pointInside(const glm::vec3& p, int32_t mask) const {
        return trace(TracePurpose::Position, collision::Shape::ray(), p, p, mask).startSolid;
    }

private:
    const collision::TraceFunction& m_fn;
    Recorder* m_recorder;
    int32_t m_mask;
    const collision::CorrectFunction* m_correct;
};

/// Result of a step-and-correct position update.
struct CorrectedMove {
    glm::vec3 origin{0.0f};   ///< Units.
    glm::vec3 velocity{0.0f}; ///< Units/s, with the parts into push planes removed.
    bool stuck = false;       ///< A step could not be freed: stopped at the last free position.
};

/// Moves `shape` from `start` (free) by `delta` in equal steps of at most settings.stepLength,
/// correcting after each (see move() in Movement.h for the rules, stairs when `walking`).
CorrectedMove correctedMove(const Tracer& tracer, const Settings& settings, const collision::Shape& shape,
                            const glm::vec3& start, const glm::vec3& delta, const glm::vec3& velocity,
                            bool walking);

/// Input as Quake 3's usercmd_t carries it: moves in [-127, 127], angles in degrees after their
/// trip through 16-bit shorts (when Settings::quantizeAngles).
struct Command {
    int forwardmove = 0;
    int rightmove = 0;
    int upmove = 0;
    float yaw = 0.0f;
    float pitch = 0.0f;
};

/// The command for `input` in `mode`.
Command makeCommand(const Input& input, const Settings& settings);

/// Quake 3's AngleVectors with roll 0.
void angleVectors(float pitchDeg, float yawDeg, glm::vec3& forward, glm::vec3& right, glm::vec3& up);

/// Quake 3's VectorNormalize: normalizes in place, returns the old length; zero stays zero.
float normalize(glm::vec3& v);

/// Quake 3's PM_ClipVelocity: removes the part of `in` along `normal`, overshooting by `overclip`.
glm::vec3 clipVelocity(const glm::vec3& in, const glm::vec3& normal, float overclip);

/// Quake 3's PM_CmdScale: the speed factor that keeps diagonal moves at `maxSpeed`.
float cmdScale(const Command& cmd, float maxSpeed);

/// Quake 3's PM_Accelerate (the "q2 style" it ships with).
void accelerate(glm::vec3& velocity, const glm::vec3& wishdir, float wishspeed, float accel, float frametime);

/// Quake 3's PM_NoclipMove: friction, acceleration along the full view, no collision.
void noclipMove(PlayerState& ps, const Command& cmd, float frametime, const Settings& settings);

/// One command of each preset; frametime <= settings.maxCommandTime.
void quake3Single(PlayerState& ps, Command& cmd, float frametime, const Settings& settings,
                  const Tracer& tracer);
void melaxSingle(PlayerState& ps, Command& cmd, float frametime, const Settings& settings,
                 const Tracer& tracer);

} // namespace cliplab::movement::detail
