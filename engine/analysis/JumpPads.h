#pragma once
/// \file JumpPads.h
/// Jump pads (trigger_push) as the game launches players from them, and flights simulated with
/// the real movement code: where an airborne player goes, where it lands, and whether a pad's arc
/// hits a brush before its target.

#include "bsp/BspData.h"
#include "bsp/Entities.h"
#include "collision/Model.h"
#include "movement/Movement.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::analysis {

/// What the game computes for a pad aimed at a target (its AimAtTarget): the push velocity that
/// carries a point from `from` to an apex at `target` under `gravity`.
struct Launch {
    glm::vec3 velocity{0.0f}; ///< Units/s: horizontal towards the target, vertical time * gravity.
    float apexHeight = 0.0f;  ///< target.z - from.z (units).
    float apexTime = 0.0f;    ///< sqrt(apexHeight / (gravity / 2)) (s): time to the apex.
};

/// The launch from `from` (the pad's centre) to `target` (units) under `gravity` (units/s^2);
/// nullopt when the game would drop the pad: the target is not above the centre, or the gravity
/// is not positive (the time to the apex is then zero or not a number).
std::optional<Launch> aimAtTarget(const glm::vec3& from, const glm::vec3& target, float gravity);

/// One trigger_push of a map.
struct JumpPad {
    int32_t entity = -1;                   ///< Index in the entity list.
    int32_t model = -1;                    ///< Its inline model (the trigger's brushes).
    glm::vec3 mins{0.0f}, maxs{0.0f};      ///< The trigger's bounds in the world (units).
    glm::vec3 centre{0.0f};                ///< Middle of the bounds: where the game aims from.
    std::string target;                    ///< Its "target" key ("" when it has none).
    std::optional<glm::vec3> targetOrigin; ///< Origin of the first entity of that targetname.
    std::optional<Launch> launch;          ///< Set when the target exists and is above the centre.
    std::string problem; ///< Why there is no launch ("no target key", "target 'x' not found"...).
};

/// Every trigger_push with a valid inline model, in entity order, aimed with `gravity`. The
/// target is the first entity with the targetname (the game picks at random among several).
std::vector<JumpPad> findJumpPads(const bsp::BspData& data, const std::vector<bsp::Entity>& entities,
                                  float gravity);

/// How a flight is simulated.
struct FlightSettings {
    movement::Settings movement;   ///< The controller and its settings (preset, gravity, box...).
    double rate = 125.0;           ///< Ticks per second.
    collision::TraceOptions trace; ///< The world's trace rules (curves, semantics, epsilon).
    double maxTime = 10.0;         ///< Give up after this long in the air (s).
};

/// One simulated flight.
struct Flight {
    std::vector<glm::vec3> path; ///< The origin at the start and after each tick (units).
    std::vector<bool>
        pushed;             ///< Per point of `path` after the first: a pad set the velocity after that tick.
    glm::vec3 launch{0.0f}; ///< The origin where the last push before the free flight happened.
    glm::vec3 launchVelocity{0.0f};
    std::optional<glm::vec3>
        landing;          ///< Where the player first stood again (units); nullopt: never within maxTime.
    double airtime = 0.0; ///< Seconds from the last push (or the start) to the landing or the end.
    /// The flight was deflected (a brush or patch changed its velocity other than by gravity)
    /// before the first pad's apex time had passed: the arc hits something before its target.
    bool blocked = false;
    std::optional<glm::vec3> blockedAt; ///< The origin after the tick that was deflected.
    std::vector<int32_t> padsTouched;   ///< Indices (in the pads given) of the pads that pushed, in order.
    /// The flight fell back into a pad that had pushed it before (after flying free): it would go
    /// round for ever with zero input, so the simulation stopped there. Index in the pads given, or -1.
    int32_t returnedTo = -1;
};

/// True when the player's box at `origin` (grown by 1 unit, as the game links entities)
/// touches a brush of `pad`'s inline model: the game's trigger contact.
bool touchesPad(const collision::Model& model, const JumpPad& pad, const collision::Shape& box,
                const glm::vec3& origin);

/// Simulates `start` with zero input, tick by tick with movement::move. After each tick a pad the
/// player touches sets its velocity to the pad's launch velocity, as the game's trigger touch does
/// (so pads chain). Stops at the first tick after the last push that ends on the ground, when the
/// player falls back into a pad that pushed it before (Flight::returnedTo), or after
/// settings.maxTime. `blocked` compares each tick of the free flight with free fall (horizontal
/// velocity kept, vertical losing gravity * dt, within 1.5 units/s for the game's velocity
/// snapping) until the apex time of the pad that pushed last (or of `apexTime` without a push).
Flight simulateFlight(const collision::Model& model, const movement::PlayerState& start,
                      const std::vector<JumpPad>& pads, const FlightSettings& settings,
                      std::optional<float> apexTime = std::nullopt);

/// Where a player launched by `pad` starts: standing on what is under the pad's centre when it
/// touches the trigger there, else at the pad's centre.
glm::vec3 padStart(const collision::Model& model, const JumpPad& pad, const movement::Settings& settings,
                   const collision::TraceOptions& options);

/// The flight of a player standing on `pad` (padStart), with its blocked test over the pad's apex time.
Flight simulatePad(const collision::Model& model, const JumpPad& pad, const std::vector<JumpPad>& pads,
                   const FlightSettings& settings);

} // namespace cliplab::analysis
