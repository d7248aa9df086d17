#pragma once
/// \file SnapshotPlayers.h
/// Who is where in one snapshot: the player the player state describes, and every other player
/// from its entity (entities 0-63 of the player type; the one the player state describes is never
/// sent as an entity).

#include "demo/Demo.h"
#include "demo/NetFields.h"

#include <vector>

namespace cliplab::demo {

/// The game's numbers this reads (bg_public.h of Quake 3 and OpenArena).
namespace game {
inline constexpr int32_t kEntityTypePlayer = 1; ///< ET_PLAYER.
inline constexpr int32_t kFlagDead = 0x1;       ///< EF_DEAD.
inline constexpr int32_t kFlagTeleport = 0x4;   ///< EF_TELEPORT_BIT: flipped on teleports and respawns.
inline constexpr int32_t kPmFlagDucked = 1;     ///< PMF_DUCKED.
inline constexpr int32_t kPmFlagFollow = 4096;  ///< PMF_FOLLOW: a spectator's view of another player.
inline constexpr int32_t kStandingMaxsZ = 32;   ///< The standing box's top (the ducked one's is 16).
} // namespace game

/// The player type of a pm_type value.
PlayerType playerTypeOf(int32_t pmType);

/// The snapshot at `serverTime` (ms) carried by message `message` with snapFlags `flags`: the
/// player-state player and the player entities (in increasing number order in `entities`),
/// entity positions and velocities evaluated at `serverTime`.
Snapshot snapshotPlayers(const PlayerState& ps, const std::vector<EntityState>& entities, int32_t serverTime,
                         int32_t message, int32_t flags);

} // namespace cliplab::demo
