#pragma once
/// \file Tape.h
/// The mapper's measuring tape: the distance between two points with its x, y and z parts, whether
/// the player's box fits through from one to the other standing and crouched, and whether a
/// running jump from the first point reaches the second, simulated tick by tick with the movement
/// code (as the reach search and the jump pad arcs are).

#include "collision/Trace.h"
#include "movement/Movement.h"

#include <glm/vec3.hpp>

#include <optional>
#include <vector>

namespace cliplab::analysis {

/// One end of the tape: a point on a surface (units) and, when known (a probe's hit), the
/// surface's unit normal. Without a normal the point is taken to be on a floor (normal +z).
struct TapePoint {
    glm::vec3 point{0.0f};
    std::optional<glm::vec3> normal;
};

/// Whether one box (standing or crouched) fits.
struct TapeFit {
    bool roomAtStart = false; ///< The box fits where it stands at the first point.
    bool roomAtEnd = false;   ///< The box fits where it stands at the second point.
    /// The box swept in a straight line from the first stand to the second gets there: it fits
    /// through the gap between them (both rooms too).
    bool passes = false;
    float fraction = 0.0f;   ///< How far along the sweep got, [0, 1].
    glm::vec3 stopped{0.0f}; ///< Where the sweep stopped (the box's origin, units).
};

/// A running jump from the first point towards the second.
struct TapeJump {
    bool simulated = false; ///< The first stand has room for the standing box (else no jump is tried).
    bool tookOff = false;   ///< The player left the ground (no jump velocity, a low roof: it may not).
    /// The jump lands at the second point's height or higher (within 1 unit), at least as far
    /// along the way as the second point less the box's half width (the box then covers it).
    bool reaches = false;
    std::optional<glm::vec3> landing; ///< Where the player first stood again (origin, units).
    float along = 0.0f;   ///< Horizontal distance of the landing along the way from the first stand (units).
    float apex = 0.0f;    ///< Highest point above the take-off (units).
    float airtime = 0.0f; ///< Seconds from take-off to landing (or to the end of the simulation).
    std::vector<glm::vec3> path; ///< The origin at the take-off and after each tick (units).
};

/// What the tape measures.
struct TapeResult {
    glm::vec3 a{0.0f}, b{0.0f}; ///< The two points (units).
    glm::vec3 delta{0.0f};      ///< b - a (units).
    float distance = 0.0f;      ///< |b - a| (units).
    float horizontal = 0.0f;    ///< |(b - a).xy| (units).
    /// Where the player's box stands at each point: its origin moved off the surface along the
    /// normal until the box just clears it (plus kClearance).
    glm::vec3 standA{0.0f}, standB{0.0f};
    TapeFit standing, crouched;
    TapeJump jump;
};

/// How the tape's player moves.
struct TapeSettings {
    movement::Settings movement; ///< The Movement panel's (box, crouch height, speeds, gravity, mask).
    double rate = 125.0;         ///< Ticks per second of the jump simulation (30..1000).
    double maxTime = 4.0;        ///< Give up a jump still in the air after this long (s).
};

/// Gap between a surface and the box standing on it (units): the ground check's reach, so a box
/// standing on a floor is on the ground.
inline constexpr float kClearance = 0.25f;

/// Where a box of `mins`..`maxs` stands at `p`: moved along the normal (default +z) until its
/// nearest corner is kClearance units off the surface.
glm::vec3 standPoint(const TapePoint& p, const glm::vec3& mins, const glm::vec3& maxs);

/// Measures from `a` to `b` with `trace` (the world, the movement's contents mask).
TapeResult measureTape(const TapePoint& a, const TapePoint& b, const TapeSettings& settings,
                       const collision::TraceFunction& trace);

} // namespace cliplab::analysis
