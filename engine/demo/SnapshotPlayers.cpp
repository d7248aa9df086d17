#include "demo/SnapshotPlayers.h"

#include <algorithm>

namespace cliplab::demo {

PlayerType playerTypeOf(int32_t pmType) {
    switch (pmType) {
    case 0: // PM_NORMAL
    case 4: // PM_FREEZE: alive, held in place
        return PlayerType::Normal;
    case 3: // PM_DEAD
        return PlayerType::Dead;
    case 5: // PM_INTERMISSION
    case 6: // PM_SPINTERMISSION
        return PlayerType::Intermission;
    default: // PM_NOCLIP (1), PM_SPECTATOR (2), unknown: none of them is held to the walls
        return PlayerType::Spectator;
    }
}

namespace {

PlayerSample fromPlayerState(const PlayerState& ps) {
    PlayerSample s;
    s.client = ps.get(PlayerField::ClientNum);
    s.origin = ps.origin();
    s.velocity = ps.velocity();
    s.viewAngles = ps.viewAngles();
    s.groundEntity = ps.get(PlayerField::GroundEntity);
    s.onGround = s.groundEntity != kNoEntity;
    s.ducked = (ps.get(PlayerField::PmFlags) & game::kPmFlagDucked) != 0;
    s.type = playerTypeOf(ps.get(PlayerField::PmType));
    s.source = StateSource::PlayerState;
    s.teleportBit = (ps.get(PlayerField::Flags) & game::kFlagTeleport) != 0;
    s.stateTime = ps.get(PlayerField::CommandTime);
    return s;
}

/// The box's top as the game packs it into `solid` (bits 16-23: maxs z + 32), or nothing when the
/// entity is not a packed box (0: not solid; 0xffffff: a brush model).
std::optional<int32_t> packedMaxsZ(int32_t solid) {
    if (solid == 0 || solid == 0xffffff)
        return std::nullopt;
    return ((solid >> 16) & 255) - 32;
}

PlayerSample fromEntity(const EntityState& es, int32_t serverTime, bool intermission) {
    PlayerSample s;
    s.client = es.number;
    const TrajectorySample at = evaluateTrajectory(es.pos(), double(serverTime));
    s.origin = at.position;
    s.velocity = at.velocity;
    s.viewAngles = evaluateTrajectory(es.apos(), double(serverTime)).position;
    s.groundEntity = es.get(EntityField::GroundEntity);
    s.onGround = s.groundEntity != kNoEntity;
    const int32_t flags = es.get(EntityField::Flags);
    const bool dead = (flags & game::kFlagDead) != 0;
    const std::optional<int32_t> top = packedMaxsZ(es.get(EntityField::Solid));
    s.ducked = !dead && top && *top < game::kStandingMaxsZ;
    s.type = intermission ? PlayerType::Intermission : dead ? PlayerType::Dead : PlayerType::Normal;
    s.source = StateSource::EntityState;
    s.teleportBit = (flags & game::kFlagTeleport) != 0;
    s.stateTime = serverTime;
    return s;
}

} // namespace

Snapshot snapshotPlayers(const PlayerState& ps, const std::vector<EntityState>& entities, int32_t serverTime,
                         int32_t message, int32_t flags) {
    Snapshot snap;
    snap.serverTime = serverTime;
    snap.message = message;
    snap.flags = flags;
    const PlayerSample viewed = fromPlayerState(ps);
    snap.viewClient = viewed.client;
    snap.following = (ps.get(PlayerField::PmFlags) & game::kPmFlagFollow) != 0;
    const bool intermission = viewed.type == PlayerType::Intermission;
    bool viewedAdded = false;
    for (const EntityState& es : entities) {
        if (es.number >= kMaxClients)
            break;
        if (es.get(EntityField::Type) != game::kEntityTypePlayer || es.number == viewed.client)
            continue;
        if (!viewedAdded && es.number > viewed.client) {
            snap.players.push_back(viewed);
            viewedAdded = true;
        }
        snap.players.push_back(fromEntity(es, serverTime, intermission));
    }
    if (!viewedAdded)
        snap.players.push_back(viewed);
    return snap;
}

} // namespace cliplab::demo
