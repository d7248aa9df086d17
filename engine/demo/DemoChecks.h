#pragma once
/// \file DemoChecks.h
/// A demo against its map: where the recorded players were in solid by our collision, and where
/// they stood on floor that our reach analysis (analysis/Reach.h) says nobody gets to.

#include "analysis/Reach.h"
#include "collision/Model.h"
#include "demo/Demo.h"

#include <glm/vec3.hpp>

#include <vector>

namespace cliplab::demo {

/// The player box the game uses (standing; maxs z 16 when ducked), in units.
collision::Shape playerBox(bool ducked);

/// True when `sample`'s box (playerBox(sample.ducked)) at its origin is in solid for the game's
/// position test: a zero-length box trace with the quake3 semantics, patches on, against what
/// blocks players (MASK_PLAYERSOLID).
bool inSolid(const collision::Model& model, const PlayerSample& sample);

/// A sample found in solid.
struct SolidSample {
    size_t snapshot = 0;
    PlayerSample sample;
};

/// Every alive (PlayerType::Normal) player-state sample of `demo` in solid, in snapshot order. The
/// player state holds the game's exact floats, so the game's own collision never leaves one there;
/// entity samples are left out (their origins are cut to whole units: solidEntities() tests them).
std::vector<SolidSample> solidPlayerStates(const Demo& demo, const collision::Model& model);

/// Alive player-state samples (what solidPlayerStates() tests).
size_t alivePlayerStates(const Demo& demo);

/// Every alive entity sample whose player box made 1 unit smaller on every side is in solid (the
/// same position test). The game cuts entity origins to whole units, so the player's true box holds
/// that smaller box: such a player certainly overlapped what is solid in `model`, which happens when
/// the demo was recorded on another version of the map.
std::vector<SolidSample> solidEntities(const Demo& demo, const collision::Model& model);

/// Alive entity samples (what solidEntities() tests).
size_t aliveEntities(const Demo& demo);

/// A floor cell of a reach map that a demo player stood on although the flood never got there.
struct UnreachedStand {
    int32_t cell = -1;            ///< Index into ReachMap::cells (a listed, unreached cell).
    size_t samples = 0;           ///< Samples standing on it.
    std::vector<int32_t> clients; ///< Who stood there, by number.
    size_t firstSnapshot = 0;     ///< The first snapshot with someone on it.
    glm::vec3 firstOrigin{0.0f};  ///< That sample's origin (units).
};

/// How the demo's standing samples compare with a reach map.
struct ReachComparison {
    size_t standing = 0;     ///< Alive samples on the world's ground (entity 1022), ps and es.
    size_t onCells = 0;      ///< Of those, on a listed cell (same column, within a step of its height).
    size_t cellsStoodOn = 0; ///< Distinct listed cells stood on.
    size_t onEntities = 0;   ///< Alive samples standing on an entity (a mover, another player): not compared.
    std::vector<UnreachedStand> unreached; ///< By cell index.
};

/// Matches every alive sample on the world's ground to the listed cell of its column whose
/// origin is nearest in height, within `stepHeight` (units), and in sight: a ray through `model`
/// from the sample's origin to the cell's (both standing origins, 24 units over their floors)
/// meets nothing. That is the floor it stands on as the reach scan found it; a cell's origin is
/// its column's middle, which can lie beyond a thin or slanted wall the player stands beside.
/// Samples with no such cell (next to walls, on edges the scan has no floor at) are not compared.
ReachComparison compareWithReach(const Demo& demo, const analysis::ReachMap& reach,
                                 const collision::Model& model, float stepHeight);

} // namespace cliplab::demo
