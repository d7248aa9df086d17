#pragma once
/// \file Demo.h
/// A Quake 3 / OpenArena demo (.dm_68, .dm_70, .dm_71) read into memory as a timeline: per
/// snapshot the server time and every player's state (from the player state for the player it
/// describes, from entity states for the others), the configstrings, the server commands, and who
/// the players were. Positions can be evaluated at any time between snapshots (playerAt).

#include "core/Result.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cliplab::demo {

/// What a player is doing, from the game's pm_type (player state) or entity flags.
enum class PlayerType : uint8_t {
    Normal,       ///< Alive and moving (pm_type normal or frozen).
    Dead,         ///< pm_type dead, or an entity with the dead flag.
    Spectator,    ///< pm_type spectator or noclip (flies through walls), or an unknown pm_type.
    Intermission, ///< The end-of-game scoreboard (pm_type intermission, for everyone in that snapshot).
};

/// "normal", "dead", "spectator", "intermission".
const char* playerTypeName(PlayerType type);

/// Where a player's state came from.
enum class StateSource : uint8_t {
    PlayerState, ///< The snapshot's player state: exact floats, as the game moved the player.
    EntityState, ///< The player's entity: the game cuts its origin to whole units (toward zero).
};

/// "ps" or "es".
const char* stateSourceName(StateSource source);

/// One player in one snapshot.
struct PlayerSample {
    int32_t client = 0;         ///< Client number, 0-63.
    glm::vec3 origin{0.0f};     ///< Units; for entities evaluated at the snapshot's time.
    glm::vec3 velocity{0.0f};   ///< Units/s.
    glm::vec3 viewAngles{0.0f}; ///< Pitch, yaw, roll (degrees).
    bool onGround = false;      ///< Standing on something (ground entity set).
    bool ducked = false;        ///< Crouched (the short box).
    PlayerType type = PlayerType::Normal;
    StateSource source = StateSource::PlayerState;
    bool teleportBit = false;    ///< The game flips it on every teleport and respawn: no path between.
    int32_t groundEntity = 1023; ///< Entity stood on (1022 the world, 1023 none).
    int32_t stateTime = 0;       ///< Server time the state is for (ms): the player state's command time,
                                 ///< or the snapshot's time for entities.
    int32_t nameIndex = -1;      ///< The name it had then: index into its PlayerInfo::names (-1: none yet).
};

/// One snapshot of the game.
struct Snapshot {
    int32_t serverTime = 0;            ///< Server time (ms).
    int32_t message = 0;               ///< Sequence number of the message that carried it.
    int32_t flags = 0;                 ///< The game's snapFlags.
    int32_t viewClient = 0;            ///< The client the player state describes.
    bool following = false;            ///< The recording client is a spectator following viewClient.
    std::vector<PlayerSample> players; ///< Sorted by client number, at most one each.

    /// The sample of `client`, or null.
    const PlayerSample* find(int32_t client) const;
};

/// A reliable command the server sent (chat, configstring changes, scores...), in order.
struct ServerCommand {
    int32_t sequence = 0;   ///< The game's command sequence number.
    int32_t serverTime = 0; ///< Time of the last snapshot before it (ms; the first one's before any).
    std::string text;
};

/// A client that played (or watched) in the demo.
struct PlayerInfo {
    int32_t client = 0;
    std::string name;               ///< The name the first time it appears in a snapshot (else the last).
    std::vector<std::string> names; ///< Every name it had, in order.
    int32_t team = 0;               ///< 0 free, 1 red, 2 blue, 3 spectator (as the name above).
    size_t samples = 0;             ///< Snapshots it is in.
};

/// Team names by the game's numbers ("free", "red", "blue", "spectator", else "team N").
std::string teamName(int32_t team);

/// A demo in memory.
struct Demo {
    std::string name;            ///< The file as given (used in messages).
    int32_t protocol = 0;        ///< From the server info's "protocol", else the file name's .dm_N.
    int32_t fileProtocol = 0;    ///< The .dm_N of the file name (0 when it has none).
    std::string mapName;         ///< "mapname" of the server info (configstring 0).
    int32_t recordingClient = 0; ///< The client that recorded it.
    std::vector<std::string> configStrings; ///< 1024 entries as of the gamestate ("" when unset).
    std::vector<Snapshot> snapshots;        ///< In order of time.
    std::vector<ServerCommand> commands;
    std::vector<PlayerInfo> players; ///< Every client with a player configstring or a sample, by number.
    size_t messages = 0;             ///< Whole records read.
    size_t bytes = 0;                ///< File size.
    bool complete = true;            ///< Has its end marker.
    std::string cut;                 ///< Where and how an incomplete file was cut ("" when complete).
    std::vector<std::string> notes;  ///< Things skipped on the way, one line each.

    /// Time from the first snapshot to the last (s).
    double seconds() const;
    /// The player `client` at server time `timeMs`: between two snapshots that both hold it, origin,
    /// velocity and angles are interpolated linearly (yaw the short way round) and the rest taken from
    /// the nearer one; across a teleport or respawn (teleport bit flipped) or a change of type the
    /// nearer snapshot's state is taken. Before the first or after the last snapshot: that snapshot.
    /// Nothing when neither neighbouring snapshot holds the player.
    std::optional<PlayerSample> playerAt(int32_t client, double timeMs) const;
    /// Every player at `timeMs` (playerAt for each client in the neighbouring snapshots), by client.
    std::vector<PlayerSample> playersAt(double timeMs) const;
    /// The samples of one player across the demo, with the index of each one's snapshot.
    struct TrackPoint {
        size_t snapshot = 0;
        PlayerSample sample;
    };
    std::vector<TrackPoint> track(int32_t client) const;
    /// The info of `client`, or null.
    const PlayerInfo* player(int32_t client) const;
    /// The name `sample`'s player had at its snapshot ("" when it had none).
    const std::string& nameOf(const PlayerSample& sample) const;
};

/// Reads a demo from its bytes. `name` is used in errors and for the protocol in the file name
/// (".dm_71"). Errors name the file, the message number (1 = the first record) and the byte
/// offset of the problem. A file cut short is read up to its last whole message (Demo::cut says so).
core::Result<Demo> readDemo(std::span<const uint8_t> bytes, const std::string& name);

} // namespace cliplab::demo
