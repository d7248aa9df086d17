#pragma once
/// \file NetFields.h
/// The entity and player states as the game sends them: each a list of 32-bit fields in the order
/// of the game's field tables (the order decides the delta coding: a delta says how many leading
/// fields it covers), decoded against an earlier state. Float fields hold their bit patterns.

#include "demo/MessageReader.h"
#include "demo/MessageWriter.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <span>

namespace cliplab::demo {

/// One field of a delta-coded state.
struct NetField {
    const char* name; ///< The game's name for it, e.g. "pos.trBase[0]".
    /// Bits sent: 0 for a float (sent as a 13-bit integer when it is a small whole number, else as
    /// its 32 bits), N for an N-bit unsigned integer, -N for an N-bit signed one.
    int bits;
};

/// Limits and special numbers shared with the game.
inline constexpr int kEntityNumberBits = 10;                    ///< GENTITYNUM_BITS.
inline constexpr int32_t kMaxEntities = 1 << kEntityNumberBits; ///< MAX_GENTITIES.
inline constexpr int32_t kNoEntity = kMaxEntities - 1;          ///< ENTITYNUM_NONE: no ground, end of list.
inline constexpr int32_t kMaxClients = 64;                      ///< MAX_CLIENTS.

/// The entity-state fields in the game's table order (51).
enum class EntityField : uint8_t {
    PosTime,
    PosBaseX,
    PosBaseY,
    PosDeltaX,
    PosDeltaY,
    PosBaseZ,
    AposBaseY,
    PosDeltaZ,
    AposBaseX,
    Event,
    Angles2Y,
    Type,
    TorsoAnim,
    EventParm,
    LegsAnim,
    GroundEntity,
    PosType,
    Flags,
    OtherEntity,
    Weapon,
    ClientNum,
    AnglesY,
    PosDuration,
    AposType,
    OriginX,
    OriginY,
    OriginZ,
    Solid,
    Powerups,
    ModelIndex,
    OtherEntity2,
    LoopSound,
    Generic1,
    Origin2Z,
    Origin2X,
    Origin2Y,
    ModelIndex2,
    AnglesX,
    Time,
    AposTime,
    AposDuration,
    AposBaseZ,
    AposDeltaX,
    AposDeltaY,
    AposDeltaZ,
    Time2,
    AnglesZ,
    Angles2X,
    Angles2Z,
    ConstantLight,
    Frame,
    Count
};

/// The player-state fields in the game's table order (48); the stats, persistant, ammo and
/// powerup arrays follow them in every delta.
enum class PlayerField : uint8_t {
    CommandTime,
    OriginX,
    OriginY,
    BobCycle,
    VelocityX,
    VelocityY,
    ViewAngleY,
    ViewAngleX,
    WeaponTime,
    OriginZ,
    VelocityZ,
    LegsTimer,
    PmTime,
    EventSequence,
    TorsoAnim,
    MovementDir,
    Event0,
    LegsAnim,
    Event1,
    PmFlags,
    GroundEntity,
    WeaponState,
    Flags,
    ExternalEvent,
    Gravity,
    Speed,
    DeltaAngleY,
    ExternalEventParm,
    ViewHeight,
    DamageEvent,
    DamageYaw,
    DamagePitch,
    DamageCount,
    Generic1,
    PmType,
    DeltaAngleX,
    DeltaAngleZ,
    TorsoTimer,
    EventParm0,
    EventParm1,
    ClientNum,
    Weapon,
    ViewAngleZ,
    GrapplePointX,
    GrapplePointY,
    GrapplePointZ,
    JumppadEntity,
    LoopSound,
    Count
};

/// The entity-state table (EntityField order).
std::span<const NetField> entityFields();
/// The player-state table (PlayerField order).
std::span<const NetField> playerFields();

/// How an entity moves between updates (the game's trType_t).
enum class TrajectoryType : int32_t { Stationary, Interpolate, Linear, LinearStop, Sine, Gravity };

/// A trajectory as sent: base position at `time`, moving by `delta`.
struct Trajectory {
    int32_t type = 0;     ///< TrajectoryType value as sent (any number; unknown ones stand still).
    int32_t time = 0;     ///< Start time (server ms).
    int32_t duration = 0; ///< Linear-stop and sine period (ms).
    glm::vec3 base{0.0f};
    glm::vec3 delta{0.0f}; ///< Units/s (the velocity for players).
};

/// Position and velocity of a trajectory at server time `atMs` (ms), as the game evaluates it
/// (gravity 800 units/s^2 for TR_GRAVITY). The velocity is `delta` for stationary and interpolated
/// trajectories too: players send their velocity there (the game itself would report zero).
struct TrajectorySample {
    glm::vec3 position{0.0f};
    glm::vec3 velocity{0.0f};
};
TrajectorySample evaluateTrajectory(const Trajectory& trajectory, double atMs);

/// An entity as sent: its number and the table's fields.
struct EntityState {
    int32_t number = 0;                                       ///< 0 to kMaxEntities - 1.
    std::array<uint32_t, size_t(EntityField::Count)> words{}; ///< Raw 32-bit fields.

    /// An integer field (any field's 32 bits).
    int32_t get(EntityField f) const { return int32_t(words[size_t(f)]); }
    /// A float field.
    float getFloat(EntityField f) const;
    /// Sets an integer field.
    void set(EntityField f, int32_t value) { words[size_t(f)] = uint32_t(value); }
    /// Sets a float field.
    void setFloat(EntityField f, float value);
    /// The position trajectory (pos).
    Trajectory pos() const;
    /// The angle trajectory (apos; degrees).
    Trajectory apos() const;
};

/// Array sizes of the player state.
inline constexpr int kStatCount = 16;

/// The player state as sent: the table's fields and the four arrays.
struct PlayerState {
    std::array<uint32_t, size_t(PlayerField::Count)> words{}; ///< Raw 32-bit fields.
    std::array<int32_t, kStatCount> stats{};                  ///< Signed 16-bit values.
    std::array<int32_t, kStatCount> persistant{};             ///< Signed 16-bit values.
    std::array<int32_t, kStatCount> ammo{};                   ///< Signed 16-bit values.
    std::array<int32_t, kStatCount> powerups{};               ///< Server times the powerups run out.

    /// An integer field (any field's 32 bits).
    int32_t get(PlayerField f) const { return int32_t(words[size_t(f)]); }
    /// A float field.
    float getFloat(PlayerField f) const;
    /// Sets an integer field.
    void set(PlayerField f, int32_t value) { words[size_t(f)] = uint32_t(value); }
    /// Sets a float field.
    void setFloat(PlayerField f, float value);
    glm::vec3 origin() const;
    glm::vec3 velocity() const;
    /// Pitch, yaw, roll (degrees).
    glm::vec3 viewAngles() const;
};

/// Reads an entity delta whose number (already read) is `number`, against `from`. Returns false
/// when the delta removes the entity. Errors (a field count over the table's) go to `reader`.
bool readEntityDelta(MessageReader& reader, const EntityState& from, int32_t number, EntityState& to);

/// Reads a player-state delta against `from` (a zero state when null) into `to`.
void readPlayerStateDelta(MessageReader& reader, const PlayerState* from, PlayerState& to);

/// Writes entity `to` as a delta from `from`, its number first, the way the game does; nothing
/// when they are equal unless `force` (then "unchanged" is written). Integer fields are written in
/// their table widths (higher bits are dropped).
void writeEntityDelta(MessageWriter& writer, const EntityState& from, const EntityState& to, bool force);

/// Writes the removal of entity `number`.
void writeEntityRemoval(MessageWriter& writer, int32_t number);

/// Writes player state `to` as a delta from `from` (a zero state when null).
void writePlayerStateDelta(MessageWriter& writer, const PlayerState* from, const PlayerState& to);

} // namespace cliplab::demo
