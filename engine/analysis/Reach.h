#pragma once
/// \file Reach.h
/// Reachability: which parts of a map's walkable floor a player can get to from the spawn points,
/// found by flooding a grid of floor cells with the real controller (walking, stepping, falling,
/// jumping, jump pads and teleporters), and which walkable cells it never gets to.

#include "analysis/JumpPads.h"
#include "bsp/BspData.h"
#include "bsp/Entities.h"
#include "collision/Model.h"
#include "core/Result.h"
#include "movement/Settings.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::analysis {

/// How a reach search moves.
struct ReachSettings {
    /// Cell size (units, [4, 256]): one floor sample per cell and floor level, at the cell's centre.
    float grid = 16.0f;
    /// The controller. Walk mode always; the default is the game's own movement.
    movement::Settings movement = quake3Movement();
    collision::TraceOptions trace = defaultTrace(); ///< The world's trace rules.
    double rate = 125.0;                            ///< Ticks per second of every simulated move, [30, 333].
    int threads = 1; ///< Worker threads, [1, 64]; the result does not depend on it.
    /// Directions tried from every cell (evenly spaced yaws, [4, 32]).
    int directions = 8;
    /// Jump in a direction too when walking that way is blocked or falls (ledges, gaps).
    bool jumps = true;
    /// Longest one simulated move may take before it is given up (s): a fall, a pad's flight.
    double maxMoveTime = 4.0;

    /// The quake3 preset with the defaults of movement::Settings otherwise.
    static movement::Settings quake3Movement();
    /// Curves on, robust semantics (a player must never end in solid): the controller's rules.
    static collision::TraceOptions defaultTrace();
};

/// How a cell was first reached.
enum class ReachVia : uint8_t {
    None,     ///< Not reached.
    Spawn,    ///< A spawn point drops the player here.
    Walk,     ///< Walking (and stepping) from a neighbouring cell.
    Fall,     ///< Walking off an edge and falling.
    Jump,     ///< A running jump.
    Pad,      ///< Launched by a jump pad (trigger_push).
    Teleport, ///< Through a teleporter (trigger_teleport).
};

/// "none", "spawn", "walk", "fall", "jump", "pad", "teleport".
const char* reachViaName(ReachVia via);

/// One floor cell: a place where the standing player box fits.
struct ReachCell {
    glm::ivec2 column{0};   ///< Grid index: floor(x / grid), floor(y / grid).
    glm::vec3 origin{0.0f}; ///< The standing player's origin (units).
    /// Found by the floor scan (a walkable face under the column's centre, inside the map). The
    /// others are places moves ended at where the scan had no floor (near walls, on edges): they
    /// carry the flood on but are not counted as cells.
    bool listed = true;
    ReachVia via = ReachVia::None;
    int32_t from = -1; ///< The cell it was reached from (-1: a spawn, or not reached).
    /// Not reached, and nobody stands there alive: a killing trigger_hurt lies in the open column
    /// above it (the void under a space map's death plane, the floor of a deadly pit), or its face
    /// is the sky's. Neither reachable nor unreachable: nothing to fix there.
    bool deadly = false;
    bool reached() const { return via != ReachVia::None; }
};

/// The result of a reach search.
struct ReachMap {
    float grid = 16.0f;
    std::vector<ReachCell> cells; ///< Listed cells first (column order, lowest floor first), then the others.
    size_t listed = 0;            ///< Listed cells (the first `listed` of `cells`).
    size_t reachable = 0;         ///< Listed cells reached.
    size_t deadly = 0;            ///< Listed cells not reached where nobody stands alive (ReachCell::deadly).
    size_t spawns = 0;            ///< Spawn points that landed on a floor.
    int64_t moves = 0;            ///< Moves simulated.
    int64_t ticks = 0;            ///< Controller ticks simulated.
    double seconds = 0.0;         ///< Wall time of the search (s).
    bool cancelled = false;       ///< Stopped early by ReachProgress::cancel.
    /// Listed cells neither reached nor deadly: floor a player could stand on but never gets to.
    size_t unreachable() const { return listed - reachable - deadly; }
};

/// Progress of a search, for a progress bar in another thread. All fields may be read at any time.
struct ReachProgress {
    std::atomic<size_t> cells{0};    ///< Listed cells, known once the floor scan is done.
    std::atomic<size_t> expanded{0}; ///< Cells whose moves were simulated so far.
    std::atomic<bool> scanning{true};
    std::atomic<bool> cancel{false}; ///< Set by the caller: the search stops at the next cell.
};

/// A teleporter as the game uses one: touching its brushes puts the player at the destination.
struct Teleporter {
    int32_t model = -1;               ///< Its inline model.
    glm::vec3 mins{0.0f}, maxs{0.0f}; ///< Bounds (units).
    glm::vec3 destination{0.0f};      ///< Origin of its target entity (units).
    float yaw = 0.0f; ///< The target's facing (degrees): the player leaves at 400 u/s along it.
};

/// Every trigger_teleport with a valid inline model and a target that exists (players only: the
/// spectator-only ones, spawnflags 1, are left out), in entity order. `problems` gets one line per
/// teleporter left out for another reason.
std::vector<Teleporter> findTeleporters(const bsp::BspData& data, const std::vector<bsp::Entity>& entities,
                                        std::vector<std::string>* problems = nullptr);

/// A trigger_hurt that kills (dmg >= 100): a player touching it is dead, not somewhere.
struct KillVolume {
    int32_t model = -1;
    glm::vec3 mins{0.0f}, maxs{0.0f};
};

/// Every trigger_hurt with a valid inline model and "dmg" of at least 100 (the default is 5).
std::vector<KillVolume> findKillVolumes(const bsp::BspData& data, const std::vector<bsp::Entity>& entities);

/// True when the player box at `origin` (grown by 1 unit, as the game links entities) touches a
/// brush of inline model `model`: the game's trigger contact.
bool touchesModel(const collision::Model& world, int32_t model, const collision::Shape& box,
                  const glm::vec3& origin);

/// Floods the floor of `data` (whose collision model is `model` and entities `entities`) from
/// its spawn points. Deterministic: the same inputs give the same map for any thread count.
/// `progress` (optional) is updated as it goes and its `cancel` honoured. Error when the map has
/// no spawn point or the settings are out of range.
core::Result<ReachMap> findReach(const bsp::BspData& data, const collision::Model& model,
                                 const std::vector<bsp::Entity>& entities, const ReachSettings& settings,
                                 ReachProgress* progress = nullptr);

/// The settings' problem, or nothing: grid, rate, threads, directions and move time out of range.
std::optional<std::string> validateReachSettings(const ReachSettings& settings);

/// Unreached, not deadly listed cells grouped into regions (cells of neighbouring columns, within a step
/// height of each other), biggest first; each region lists indices into map.cells in column order.
std::vector<std::vector<int32_t>> unreachableRegions(const ReachMap& map, float stepHeight);

} // namespace cliplab::analysis
