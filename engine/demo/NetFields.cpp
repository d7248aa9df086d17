#include "demo/NetFields.h"

#include "core/Format.h"

#include <cmath>
#include <cstring>
#include <numbers>

namespace cliplab::demo {

namespace {

// The tables are facts of the protocol: field order and widths as ioquake3's msg.c sends them.
constexpr NetField kEntityFields[] = {
    {"pos.trTime", 32},      {"pos.trBase[0]", 0},    {"pos.trBase[1]", 0},
    {"pos.trDelta[0]", 0},   {"pos.trDelta[1]", 0},   {"pos.trBase[2]", 0},
    {"apos.trBase[1]", 0},   {"pos.trDelta[2]", 0},   {"apos.trBase[0]", 0},
    {"event", 10},           {"angles2[1]", 0},       {"eType", 8},
    {"torsoAnim", 8},        {"eventParm", 8},        {"legsAnim", 8},
    {"groundEntityNum", 10}, {"pos.trType", 8},       {"eFlags", 19},
    {"otherEntityNum", 10},  {"weapon", 8},           {"clientNum", 8},
    {"angles[1]", 0},        {"pos.trDuration", 32},  {"apos.trType", 8},
    {"origin[0]", 0},        {"origin[1]", 0},        {"origin[2]", 0},
    {"solid", 24},           {"powerups", 16},        {"modelindex", 8},
    {"otherEntityNum2", 10}, {"loopSound", 8},        {"generic1", 8},
    {"origin2[2]", 0},       {"origin2[0]", 0},       {"origin2[1]", 0},
    {"modelindex2", 8},      {"angles[0]", 0},        {"time", 32},
    {"apos.trTime", 32},     {"apos.trDuration", 32}, {"apos.trBase[2]", 0},
    {"apos.trDelta[0]", 0},  {"apos.trDelta[1]", 0},  {"apos.trDelta[2]", 0},
    {"time2", 32},           {"angles[2]", 0},        {"angles2[0]", 0},
    {"angles2[2]", 0},       {"constantLight", 32},   {"frame", 16},
};
static_assert(std::size(kEntityFields) == size_t(EntityField::Count));

constexpr NetField kPlayerFields[] = {
    {"commandTime", 32},     {"origin[0]", 0},       {"origin[1]", 0},        {"bobCycle", 8},
    {"velocity[0]", 0},      {"velocity[1]", 0},     {"viewangles[1]", 0},    {"viewangles[0]", 0},
    {"weaponTime", -16},     {"origin[2]", 0},       {"velocity[2]", 0},      {"legsTimer", 8},
    {"pm_time", -16},        {"eventSequence", 16},  {"torsoAnim", 8},        {"movementDir", 4},
    {"events[0]", 8},        {"legsAnim", 8},        {"events[1]", 8},        {"pm_flags", 16},
    {"groundEntityNum", 10}, {"weaponstate", 4},     {"eFlags", 16},          {"externalEvent", 10},
    {"gravity", 16},         {"speed", 16},          {"delta_angles[1]", 16}, {"externalEventParm", 8},
    {"viewheight", -8},      {"damageEvent", 8},     {"damageYaw", 8},        {"damagePitch", 8},
    {"damageCount", 8},      {"generic1", 8},        {"pm_type", 8},          {"delta_angles[0]", 16},
    {"delta_angles[2]", 16}, {"torsoTimer", 12},     {"eventParms[0]", 8},    {"eventParms[1]", 8},
    {"clientNum", 8},        {"weapon", 5},          {"viewangles[2]", 0},    {"grapplePoint[0]", 0},
    {"grapplePoint[1]", 0},  {"grapplePoint[2]", 0}, {"jumppad_ent", 10},     {"loopSound", 16},
};
static_assert(std::size(kPlayerFields) == size_t(PlayerField::Count));

/// A whole-number float is sent in 13 bits, biased so that -4096..4095 fit.
constexpr int kSmallFloatBits = 13;
constexpr int32_t kSmallFloatBias = 1 << (kSmallFloatBits - 1);

float asFloat(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

uint32_t asBits(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}

/// A changed float: a small whole number or all 32 bits.
uint32_t readFloat(MessageReader& reader) {
    if (reader.bits(1) == 0)
        return asBits(float(int32_t(reader.bits(kSmallFloatBits)) - kSmallFloatBias));
    return reader.bits(32);
}

/// A changed integer field of `bits` (negative: signed).
uint32_t readInteger(MessageReader& reader, int bits) {
    return bits < 0 ? uint32_t(reader.signedBits(-bits)) : reader.bits(bits);
}

/// The delta's field count: at most the table's size.
int readFieldCount(MessageReader& reader, size_t tableSize, const char* what) {
    const int count = reader.byte();
    if (!reader.failed() && size_t(count) > tableSize)
        reader.fail(core::format("%s delta changes %d fields, the table has %zu", what, count, tableSize));
    return reader.failed() ? 0 : count;
}

/// An array of the player state: a mask of which of the 16 changed, then each changed value.
void readArray(MessageReader& reader, std::array<int32_t, kStatCount>& values, bool longs) {
    if (reader.bits(1) == 0)
        return;
    const uint32_t mask = reader.bits(kStatCount);
    for (int i = 0; i < kStatCount && !reader.failed(); ++i)
        if (mask & (1u << i))
            values[size_t(i)] = longs ? reader.i32() : reader.i16();
}

/// A float field's value: as a small whole number when it is one, else all 32 bits.
void writeFloat(MessageWriter& writer, uint32_t bits) {
    const float f = asFloat(bits);
    if (std::isfinite(f) && f == std::trunc(f) && f >= -float(kSmallFloatBias) &&
        f < float(kSmallFloatBias)) {
        writer.bits(0, 1);
        writer.bits(uint32_t(int32_t(f) + kSmallFloatBias), kSmallFloatBits);
    } else {
        writer.bits(1, 1);
        writer.bits(bits, 32);
    }
}

/// One player-state array: changed flag, mask and the changed values.
void writeArray(MessageWriter& writer, const std::array<int32_t, kStatCount>& from,
                const std::array<int32_t, kStatCount>& to, bool longs) {
    uint32_t mask = 0;
    for (int i = 0; i < kStatCount; ++i)
        if (from[size_t(i)] != to[size_t(i)])
            mask |= 1u << i;
    writer.bits(mask ? 1 : 0, 1);
    if (!mask)
        return;
    writer.bits(mask, kStatCount);
    for (int i = 0; i < kStatCount; ++i)
        if (mask & (1u << i))
            writer.bits(uint32_t(to[size_t(i)]), longs ? 32 : 16);
}

/// Count of leading fields that hold every difference.
template <size_t N> int changedCount(const std::array<uint32_t, N>& from, const std::array<uint32_t, N>& to) {
    int count = 0;
    for (size_t i = 0; i < N; ++i)
        if (from[i] != to[i])
            count = int(i) + 1;
    return count;
}

} // namespace

std::span<const NetField> entityFields() {
    return kEntityFields;
}

std::span<const NetField> playerFields() {
    return kPlayerFields;
}

TrajectorySample evaluateTrajectory(const Trajectory& tr, double atMs) {
    constexpr float kGravity = 800.0f; // DEFAULT_GRAVITY: what the game uses for TR_GRAVITY
    TrajectorySample s{tr.base, tr.delta};
    double seconds = (atMs - double(tr.time)) * 0.001;
    switch (TrajectoryType(tr.type)) {
    case TrajectoryType::Linear:
        s.position = tr.base + tr.delta * float(seconds);
        break;
    case TrajectoryType::LinearStop:
        // Moves until time + duration, then stays (and never runs backwards).
        if (atMs > double(tr.time) + double(tr.duration))
            seconds = double(tr.duration) * 0.001;
        s.position = tr.base + tr.delta * float(std::max(seconds, 0.0));
        break;
    case TrajectoryType::Sine: {
        const double period = tr.duration != 0 ? double(tr.duration) : 1.0;
        const double phase = (atMs - double(tr.time)) / period * 2.0 * std::numbers::pi;
        s.position = tr.base + tr.delta * float(std::sin(phase));
        s.velocity = tr.delta * float(std::cos(phase) * 2.0 * std::numbers::pi * 1000.0 / period);
        break;
    }
    case TrajectoryType::Gravity:
        s.position = tr.base + tr.delta * float(seconds);
        s.position.z -= 0.5f * kGravity * float(seconds * seconds);
        s.velocity.z = tr.delta.z - kGravity * float(seconds);
        break;
    default: // stationary, interpolated (the base is the position), unknown types
        break;
    }
    return s;
}

float EntityState::getFloat(EntityField f) const {
    return asFloat(words[size_t(f)]);
}

Trajectory EntityState::pos() const {
    using F = EntityField;
    return {get(F::PosType),
            get(F::PosTime),
            get(F::PosDuration),
            {getFloat(F::PosBaseX), getFloat(F::PosBaseY), getFloat(F::PosBaseZ)},
            {getFloat(F::PosDeltaX), getFloat(F::PosDeltaY), getFloat(F::PosDeltaZ)}};
}

Trajectory EntityState::apos() const {
    using F = EntityField;
    return {get(F::AposType),
            get(F::AposTime),
            get(F::AposDuration),
            {getFloat(F::AposBaseX), getFloat(F::AposBaseY), getFloat(F::AposBaseZ)},
            {getFloat(F::AposDeltaX), getFloat(F::AposDeltaY), getFloat(F::AposDeltaZ)}};
}

float PlayerState::getFloat(PlayerField f) const {
    return asFloat(words[size_t(f)]);
}

void PlayerState::setFloat(PlayerField f, float value) {
    words[size_t(f)] = asBits(value);
}

void EntityState::setFloat(EntityField f, float value) {
    words[size_t(f)] = asBits(value);
}

glm::vec3 PlayerState::origin() const {
    return {getFloat(PlayerField::OriginX), getFloat(PlayerField::OriginY), getFloat(PlayerField::OriginZ)};
}

glm::vec3 PlayerState::velocity() const {
    return {getFloat(PlayerField::VelocityX), getFloat(PlayerField::VelocityY),
            getFloat(PlayerField::VelocityZ)};
}

glm::vec3 PlayerState::viewAngles() const {
    return {getFloat(PlayerField::ViewAngleX), getFloat(PlayerField::ViewAngleY),
            getFloat(PlayerField::ViewAngleZ)};
}

bool readEntityDelta(MessageReader& reader, const EntityState& from, int32_t number, EntityState& to) {
    if (reader.bits(1) == 1) // removed
        return false;
    to = from;
    to.number = number;
    if (reader.bits(1) == 0) // present, unchanged
        return true;
    const int count = readFieldCount(reader, std::size(kEntityFields), "entity");
    for (int i = 0; i < count && !reader.failed(); ++i) {
        if (reader.bits(1) == 0)
            continue;
        uint32_t& word = to.words[size_t(i)];
        const int bits = kEntityFields[i].bits;
        // Entities send a zero (float or integer) in one bit: a common value after a reset.
        if (reader.bits(1) == 0)
            word = 0;
        else
            word = bits == 0 ? readFloat(reader) : readInteger(reader, bits);
    }
    return true;
}

void readPlayerStateDelta(MessageReader& reader, const PlayerState* from, PlayerState& to) {
    to = from ? *from : PlayerState{};
    const int count = readFieldCount(reader, std::size(kPlayerFields), "player state");
    for (int i = 0; i < count && !reader.failed(); ++i) {
        if (reader.bits(1) == 0)
            continue;
        const int bits = kPlayerFields[i].bits;
        to.words[size_t(i)] = bits == 0 ? readFloat(reader) : readInteger(reader, bits);
    }
    if (reader.bits(1) == 0) // no array changed
        return;
    readArray(reader, to.stats, false);
    readArray(reader, to.persistant, false);
    readArray(reader, to.ammo, false);
    readArray(reader, to.powerups, true);
}

void writeEntityDelta(MessageWriter& writer, const EntityState& from, const EntityState& to, bool force) {
    const int count = changedCount(from.words, to.words);
    if (count == 0 && !force)
        return;
    writer.bits(uint32_t(to.number), kEntityNumberBits);
    writer.bits(0, 1); // not removed
    writer.bits(count ? 1 : 0, 1);
    if (count == 0)
        return;
    writer.byte(uint8_t(count));
    for (int i = 0; i < count; ++i) {
        const uint32_t word = to.words[size_t(i)];
        if (word == from.words[size_t(i)]) {
            writer.bits(0, 1);
            continue;
        }
        writer.bits(1, 1);
        writer.bits(word != 0 ? 1 : 0, 1);
        if (word == 0)
            continue;
        const int bits = kEntityFields[i].bits;
        if (bits == 0)
            writeFloat(writer, word);
        else
            writer.bits(word, bits < 0 ? -bits : bits);
    }
}

void writeEntityRemoval(MessageWriter& writer, int32_t number) {
    writer.bits(uint32_t(number), kEntityNumberBits);
    writer.bits(1, 1);
}

void writePlayerStateDelta(MessageWriter& writer, const PlayerState* from, const PlayerState& to) {
    const PlayerState zero;
    const PlayerState& base = from ? *from : zero;
    const int count = changedCount(base.words, to.words);
    writer.byte(uint8_t(count));
    for (int i = 0; i < count; ++i) {
        const uint32_t word = to.words[size_t(i)];
        writer.bits(word != base.words[size_t(i)] ? 1 : 0, 1);
        if (word == base.words[size_t(i)])
            continue;
        const int bits = kPlayerFields[i].bits;
        if (bits == 0)
            writeFloat(writer, word);
        else
            writer.bits(word, bits < 0 ? -bits : bits);
    }
    const bool arrays = base.stats != to.stats || base.persistant != to.persistant || base.ammo != to.ammo ||
                        base.powerups != to.powerups;
    writer.bits(arrays ? 1 : 0, 1);
    if (!arrays)
        return;
    writeArray(writer, base.stats, to.stats, false);
    writeArray(writer, base.persistant, to.persistant, false);
    writeArray(writer, base.ammo, to.ammo, false);
    writeArray(writer, base.powerups, to.powerups, true);
}

} // namespace cliplab::demo
