#pragma once
/// \file Movement.h
/// The player controller: one move of the player box, seeing the world only through traces (and,
/// for step-and-correct, corrections).

#include "collision/Trace.h"
#include "movement/Settings.h"
#include "stepcorrect/Correction.h"

#include <glm/vec3.hpp>

#include <cstdint>

namespace cliplab::movement {

/// What the player asks for during one move.
struct Input {
    float forward = 0.0f; ///< [-1, 1], +1 = forward along the view.
    float right = 0.0f;   ///< [-1, 1], +1 = strafe right.
    float up = 0.0f;      ///< [-1, 1]; in walk mode > 0 jumps and < 0 crouches, as Quake 3's upmove.
    bool jump = false;    ///< Jump button (Quake 3: upmove = 127).
    bool crouch = false;  ///< Crouch button (Quake 3: upmove = -127; wins over jump).
    float yaw = 0.0f;     ///< Degrees, Quake 3 convention: 0 = +X, 90 = +Y.
    float pitch = 0.0f;   ///< Degrees, positive looks down, clamped to about +/-88.
};

/// Everything the controller carries from one move to the next.
struct PlayerState {
    glm::vec3 origin{0.0f};   ///< Centre of the player box's reference point (units).
    glm::vec3 velocity{0.0f}; ///< Units/s.
    Mode mode = Mode::Walk;
    bool onGround = false;        ///< Standing on a walkable surface (Quake 3's groundEntityNum).
    glm::vec3 groundNormal{0.0f}; ///< Normal of the surface below (zero when none was found).
    bool crouched = false;        ///< Using the crouched box.
    bool jumpHeld = false;        ///< Jump must be released before the next jump.
    /// Quake 3's pm_time (s, >= 0): set by a hard landing (Settings::landTime) or a jump out of
    /// water (2 s); while it runs, slides keep the velocity unchanged.
    float timer = 0.0f;
    bool waterJump = false; ///< Quake 3: jumping out of water (PMF_TIME_WATERJUMP).
    int waterLevel = 0;     ///< Quake 3: 0 dry, 1 feet, 2 waist, 3 head under a liquid.
    bool stuck = false;     ///< Started inside a solid and no free position was found nearby (with
                            ///< step-and-correct also: a step could not be pushed free).
    double time = 0.0;      ///< Simulated time (s).
};

/// Why a trace was made, for the debug view.
enum class TracePurpose {
    Slide,       ///< The move itself (and its re-tries along planes).
    StepUp,      ///< Lifting the path by the step (or climb) height.
    StepDown,    ///< Dropping back onto a step, or staying glued to stairs and slopes.
    GroundProbe, ///< The short downward trace that decides whether the player stands.
    Position,    ///< Zero-length tests: standing up from a crouch, getting out of a solid, liquids.
};

/// Every purpose and its name, in enum order (soak reports, compare-runs, the debug view).
inline constexpr std::array<core::EnumName<TracePurpose>, 5> kTracePurposeNames{{
    {TracePurpose::Slide, "slide"},
    {TracePurpose::StepUp, "step-up"},
    {TracePurpose::StepDown, "step-down"},
    {TracePurpose::GroundProbe, "ground"},
    {TracePurpose::Position, "position"},
}};
static_assert(core::inEnumOrder(kTracePurposeNames));

/// One trace made during a move.
struct TraceRecord {
    TracePurpose purpose = TracePurpose::Slide;
    collision::Shape shape;
    glm::vec3 start{0.0f}, end{0.0f}; ///< Units.
    int32_t mask = 0;
    collision::TraceResult result;
};

/// One correction made during a step-and-correct move (Settings::method == StepCorrect).
struct CorrectionRecord {
    TracePurpose purpose = TracePurpose::Slide; ///< Slide: a step; StepUp/StepDown: stairs; GroundProbe.
    collision::Shape shape;
    glm::vec3 position{0.0f}; ///< The position corrected (units).
    int32_t mask = 0;
    collision::Correction result;
};

/// Receives every trace of a move (for drawing or counting). Optional.
class Recorder {
public:
    virtual ~Recorder() = default;
    /// Called after each trace, in order.
    virtual void onTrace(const TraceRecord& record) = 0;
    /// Called after each correction, in order (step-and-correct only). Ignored unless overridden.
    virtual void onCorrection(const CorrectionRecord& record) { (void)record; }
};

/// Longest time one move() call simulates (s): a longer dt is cut to this, so a hostile dt (1e9)
/// costs at most kMaxMoveTime / 1 ms = 1000 pieces.
inline constexpr double kMaxMoveTime = 1.0;
/// Largest |velocity component| a move leaves (units/s); larger values are clamped, NaN -> 0.
inline constexpr float kMaxVelocity = 1.0e6f;

/// The state move() starts from: an origin that is NaN, infinite or beyond +/-1e6 is replaced by
/// collision::clampPoint(origin) (NaN -> 0) with zero velocity and `stuck` set; velocity NaN -> 0,
/// clamped to +/-kMaxVelocity; a non-finite ground normal -> none (not on ground); timer NaN -> 0,
/// clamped to [0, 10] s; waterLevel to [0, 3]; an invalid mode -> Walk; non-finite time -> 0.
PlayerState sanitizeState(const PlayerState& state);

/// Advances `state` by `dt` seconds under `input`, tracing through `trace`. Deterministic: the same
/// arguments give the same result. `recorder` may be null. Hostile numbers: `state` passes through
/// sanitizeState and `settings` through sanitize (Settings.h); dt that is NaN or <= 0 returns the
/// sanitized state unchanged; dt is cut to kMaxMoveTime and then into pieces of at most
/// settings.maxCommandTime. After each piece, an origin that became unusable (NaN or beyond
/// +/-1e6, e.g. noclip flying away) is put back to the piece's start (or clamped when finite) with
/// zero velocity and `stuck` set, so a move never returns a NaN position.
///
/// With settings.method == Method::StepCorrect and a non-empty `correct`, the position update
/// (the presets' slide and step moves and the ground probe) uses corrections instead of sweeps:
/// the move is cut into steps of at most settings.stepLength, and after each step `correct` pushes
/// the box out of what it overlaps; the velocity (and the rest of the move) loses its part going
/// into each push plane. Ground is a push with a walkable normal (z >= minWalkNormal) when the box
/// is corrected groundProbe units below its position. Stairs: when a walking step is pushed back
/// by a wall, the step is retried lifted by stepHeight (the lifted box must overlap nothing, so no
/// ceiling is passed), then dropped back to the highest free height found by bisection (within
/// stepHeight / 128) and kept only if that landing is pushed up by walkable ground; so steps up to
/// stepHeight are climbed, and steps down are simply fallen down (no glue). A step carrying the
/// box past the middle of a wall grown by the box (thickness + box size across it) comes out on
/// the far side: walls thinner than 2 * stepLength - 30 (the 30-wide player box) can be passed
/// (the half-thickness rule, docs/performance.md); patches are not corrected against. Without
/// `correct`, StepCorrect falls back to Swept. Traces are still used for crouch, liquids and the
/// getting-unstuck search.
PlayerState move(const PlayerState& state, const Input& input, double dt, const Settings& settings,
                 const collision::TraceFunction& trace, Recorder* recorder = nullptr,
                 const collision::CorrectFunction* correct = nullptr);

/// The box used in `state` (crouched or standing).
collision::Shape playerShape(const Settings& settings, bool crouched);

/// Eye position of `state` (units).
glm::vec3 eyePosition(const PlayerState& state, const Settings& settings);

} // namespace cliplab::movement
