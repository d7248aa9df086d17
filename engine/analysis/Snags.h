#pragma once
/// \file Snags.h
/// Where players moving along a floor lose speed for no reason they can see: ticks on the ground
/// that lose more speed than friction and the keys can take, with nothing in the way a step up
/// could not pass (seams, bevel edges, patch edges). With the ticks that end in solid and the
/// players that get stuck, gathered into cells of the map.

#include "collision/Model.h"
#include "movement/Movement.h"
#include "movement/Soak.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace cliplab::analysis {

/// What counts as a snag.
struct SnagSettings {
    /// Speed before the tick must be at least this (units/s): slow players lose little to seams.
    float minSpeed = 150.0f;
    /// A snag loses more than this share of the speed before the tick, [0, 1], beyond the most
    /// the controller's own friction and acceleration can take in that tick.
    float lossShare = 0.2f;
};

/// Why a place is listed.
enum class SnagKind {
    Snag,    ///< Speed lost on the floor with no wall ahead.
    InSolid, ///< A tick ended with the box in solid (the soak's judge).
    Stuck,   ///< A walker wanting to move did not for the soak's stuck time.
};

/// One listed tick.
struct SnagEvent {
    SnagKind kind = SnagKind::Snag;
    glm::vec3 position{0.0f};                    ///< The origin after the tick (units).
    float speedBefore = 0.0f, speedAfter = 0.0f; ///< Units/s (snags).
    int walker = 0;                              ///< The soak's walker index.
    int64_t tick = 0;  ///< The walker's own tick index: replays with --walker K --ticks tick+1.
    double rate = 0.0; ///< Hz.
};

/// Decides whether one tick of a walking player is a snag. Const and thread-safe.
class SnagDetector {
public:
    /// `model` and `options` are the world the players move in (the wall check traces it);
    /// `movement` their settings (box, friction, acceleration, step height, mask).
    SnagDetector(const collision::Model& model, const collision::TraceOptions& options,
                 const movement::Settings& movement, const SnagSettings& settings = {});

    /// The tick from `before` to `after` (at `rate` Hz, keys `input`): a snag when the player
    /// walks (walk mode, on the ground before and after, dry, not jumping, same crouch), moved
    /// at least SnagSettings::minSpeed, lost more speed than its friction and acceleration
    /// explain plus lossShare of the speed, and the box lifted by the step height, moved along
    /// the horizontal velocity by that tick's travel plus 16 units, meets nothing steeper than
    /// walkable (a wall would explain the loss). That check traces with epsilon 0: it asks what
    /// is in the way, so a box caught on a corner it passes within the trace's epsilon (0.125
    /// units) is a snag.
    std::optional<SnagEvent> check(int walker, int64_t tick, double rate, const movement::Input& input,
                                   const movement::PlayerState& before,
                                   const movement::PlayerState& after) const;

    /// The most speed (units/s) the controller itself can take in one tick of `dt` s from a
    /// player at `speed` units/s on the ground (friction, then accelerating against the motion).
    float explainedLoss(float speed, double dt, bool crouched) const;

private:
    const collision::Model& m_model;
    collision::TraceOptions m_options;
    movement::Settings m_movement;
    SnagSettings m_settings;
};

/// Events gathered per cell of `cellSize` units (a cube grid).
struct SnagCell {
    glm::ivec3 cell{0};     ///< Grid index: floor(position / cellSize).
    glm::vec3 centre{0.0f}; ///< Mean position of its events (units).
    int snags = 0, inSolid = 0, stuck = 0;
    float worstLoss = 0.0f; ///< Largest share of speed lost by one of its snags, [0, 1].
    SnagEvent example;      ///< The worst snag (or the first other event when it has none).

    int total() const { return snags + inSolid + stuck; }
};

/// `events` per cell, most events first (ties: lower cell index first).
std::vector<SnagCell> gatherSnags(const std::vector<SnagEvent>& events, float cellSize);

/// The soak's failures as events (in-solid and stuck ones; out-of-world ones are not places).
std::vector<SnagEvent> failureEvents(const movement::SoakReport& report);

/// A soak run checked for snags.
struct SnagRun {
    movement::SoakReport report; ///< The soak's own counts (its failures all listed: maxReported raised).
    size_t snags = 0;            ///< Snag events (the cells also hold the in-solid and stuck places).
    std::vector<SnagCell> cells; ///< gatherSnags of every event.
};

/// Runs the soak of `config` (spawns and bounds set, e.g. by movement::soakSetupFromMap) on
/// `model` traced with `options`, every tick checked by a SnagDetector, and gathers the snags,
/// in-solid ticks and stuck walkers into cells of `cellSize` units. An invalid config gives an
/// empty run (check it with movement::validateSoakConfig first).
SnagRun findSnags(const collision::Model& model, const collision::TraceOptions& options,
                  movement::SoakConfig config, const SnagSettings& settings, float cellSize);

} // namespace cliplab::analysis
