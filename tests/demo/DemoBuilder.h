#pragma once
/// \file DemoBuilder.h
/// Demo files made in code for the tests: messages written with the game's coding (gamestate,
/// snapshots delta coded against earlier ones, server commands), wrapped in records.

#include "demo/MessageWriter.h"
#include "demo/NetFields.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cliplab::test {

/// A player state standing (or not) at `origin`, moving at `velocity`, as client `client`.
demo::PlayerState makePlayerState(int32_t client, const glm::vec3& origin, const glm::vec3& velocity,
                                  int32_t commandTime, bool onGround, bool ducked = false,
                                  int32_t pmType = 0);

/// A player entity (number = client) at `origin` (the interpolated trajectory the game sends).
demo::EntityState makePlayerEntity(int32_t client, const glm::vec3& origin, const glm::vec3& velocity,
                                   bool onGround, bool dead = false);

/// Server message commands.
inline constexpr uint8_t kSvcNop = 1, kSvcGamestate = 2, kSvcConfigString = 3, kSvcBaseline = 4,
                         kSvcServerCommand = 5, kSvcDownload = 6, kSvcSnapshot = 7, kSvcEof = 8;

/// Writes a gamestate command: configstrings, baselines (entities with a non-zero number field
/// set or any field), the end, the client number and the checksum feed.
void writeGamestate(demo::MessageWriter& w, const std::map<int, std::string>& configStrings,
                    const std::vector<demo::EntityState>& baselines, int32_t client,
                    int32_t commandSequence = 0);

/// Writes a snapshot command: `deltaBack` messages back (0: none) against `fromPs` and `fromEntities`
/// (both null for a full snapshot), `entities` in increasing number order.
void writeSnapshot(demo::MessageWriter& w, int32_t serverTime, uint8_t deltaBack, const demo::PlayerState& ps,
                   const std::vector<demo::EntityState>& entities, const demo::PlayerState* fromPs = nullptr,
                   const std::vector<demo::EntityState>* fromEntities = nullptr);

/// Writes the entity list of a snapshot (deltas, removals, the end marker) as the server does.
void writeEntities(demo::MessageWriter& w, const std::vector<demo::EntityState>& entities,
                   const std::vector<demo::EntityState>* fromEntities);

/// Writes a server command.
void writeServerCommand(demo::MessageWriter& w, int32_t sequence, const std::string& text);

/// A message: the reliable acknowledge, then whatever `body` writes, then the end command.
template <typename Body> std::vector<uint8_t> message(Body&& body) {
    demo::MessageWriter w;
    w.i32(0);
    body(w);
    w.byte(kSvcEof);
    return w.bytes();
}

/// The info string of a player ("n\NAME\t\TEAM").
std::string playerInfo(const std::string& name, int team = 0);

/// A small valid demo on map `map`: the gamestate (recording client 0 named "Walker", client 3
/// "Other"), then `snapshots` snapshots 50 ms apart from server time 1000: client 0 (player state)
/// walks along +x at 320 units/s on the ground at z 24.125 from x 0 (16 units a snapshot), client 3 (entity)
/// stands at (100, 200, 24); the first snapshot is full, the others delta from the one before. Ends with the
/// end marker unless `endMarker` is false.
std::vector<uint8_t> walkingDemo(int snapshots, const std::string& map = "testmap", bool endMarker = true);

} // namespace cliplab::test
