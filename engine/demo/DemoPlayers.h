#pragma once
/// \file DemoPlayers.h
/// What each player of a demo did, with the metrics recordings have (replay/JumpMetrics.h): the
/// distance covered, the top speed and every jump, measured on the snapshots (20 a second on most
/// servers, so a take-off or landing is known to within one snapshot's time).

#include "demo/Demo.h"
#include "movement/Movement.h"
#include "replay/JumpMetrics.h"

#include <vector>

namespace cliplab::demo {

/// `s` as a controller state: origin, velocity, ground, crouch; walk mode; time the sample's
/// state time (s).
movement::PlayerState controllerState(const PlayerSample& s);

/// A stretch of snapshots in which a player is present in each, alive (PlayerType::Normal) and
/// neither teleports nor respawns (teleport bit unchanged): a path with no jump in it.
struct PlayerRun {
    std::vector<size_t> snapshots;             ///< Snapshot indices, consecutive.
    std::vector<movement::PlayerState> states; ///< The samples as controller states (walk mode;
                                               ///< time: the sample's state time in seconds).
};

/// The runs of `client`, in order.
std::vector<PlayerRun> playerRuns(const Demo& demo, int32_t client);

/// One jump of a player.
struct DemoJump {
    replay::Jump metrics;       ///< Ticks index the run's states; airtime from the state times.
    size_t takeoffSnapshot = 0; ///< Snapshot of the take-off state.
    size_t landingSnapshot = 0; ///< Snapshot of the landing state (the last of the run when not landed).
};

/// A player's figures.
struct PlayerSummary {
    int32_t client = 0;
    size_t samples = 0;            ///< Snapshots holding the player.
    size_t playerStateSamples = 0; ///< Of those, from the player state (src=ps).
    size_t alive = 0;              ///< Samples of type normal.
    double distance = 0.0;         ///< Path length through the runs' origins (units).
    float topSpeed = 0.0f;         ///< Highest horizontal speed of an alive sample (units/s).
    std::vector<DemoJump> jumps;
};

/// The figures of `client` (zero when it is in no snapshot).
PlayerSummary summarizePlayer(const Demo& demo, int32_t client);

} // namespace cliplab::demo
