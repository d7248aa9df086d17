#include "demo/DemoBuilder.h"

#include <algorithm>

namespace cliplab::test {

using demo::EntityField;
using demo::EntityState;
using demo::MessageWriter;
using demo::PlayerField;
using demo::PlayerState;

PlayerState makePlayerState(int32_t client, const glm::vec3& origin, const glm::vec3& velocity,
                            int32_t commandTime, bool onGround, bool ducked, int32_t pmType) {
    PlayerState ps;
    ps.set(PlayerField::ClientNum, client);
    ps.set(PlayerField::CommandTime, commandTime);
    ps.setFloat(PlayerField::OriginX, origin.x);
    ps.setFloat(PlayerField::OriginY, origin.y);
    ps.setFloat(PlayerField::OriginZ, origin.z);
    ps.setFloat(PlayerField::VelocityX, velocity.x);
    ps.setFloat(PlayerField::VelocityY, velocity.y);
    ps.setFloat(PlayerField::VelocityZ, velocity.z);
    ps.set(PlayerField::GroundEntity, onGround ? demo::kMaxEntities - 2 : demo::kNoEntity);
    ps.set(PlayerField::PmFlags, ducked ? 1 : 0);
    ps.set(PlayerField::PmType, pmType);
    ps.set(PlayerField::ViewHeight, ducked ? 12 : 26);
    ps.stats[0] = 100;
    return ps;
}

EntityState makePlayerEntity(int32_t client, const glm::vec3& origin, const glm::vec3& velocity,
                             bool onGround, bool dead) {
    EntityState es;
    es.number = client;
    es.set(EntityField::Type, 1);
    es.set(EntityField::ClientNum, client);
    es.set(EntityField::PosType, 1); // interpolated
    es.setFloat(EntityField::PosBaseX, origin.x);
    es.setFloat(EntityField::PosBaseY, origin.y);
    es.setFloat(EntityField::PosBaseZ, origin.z);
    es.setFloat(EntityField::PosDeltaX, velocity.x);
    es.setFloat(EntityField::PosDeltaY, velocity.y);
    es.setFloat(EntityField::PosDeltaZ, velocity.z);
    es.set(EntityField::GroundEntity, onGround ? demo::kMaxEntities - 2 : demo::kNoEntity);
    es.set(EntityField::Flags, dead ? 1 : 0);
    es.set(EntityField::Solid, dead ? 0 : 15 | (24 << 8) | (64 << 16));
    return es;
}

void writeGamestate(MessageWriter& w, const std::map<int, std::string>& configStrings,
                    const std::vector<EntityState>& baselines, int32_t client, int32_t commandSequence) {
    w.byte(kSvcGamestate);
    w.i32(commandSequence);
    for (const auto& [index, text] : configStrings) {
        w.byte(kSvcConfigString);
        w.i16(int16_t(index));
        w.string(text);
    }
    for (const EntityState& b : baselines) {
        w.byte(kSvcBaseline);
        demo::writeEntityDelta(w, EntityState{}, b, true);
    }
    w.byte(kSvcEof);
    w.i32(client);
    w.i32(0); // checksum feed
}

void writeEntities(MessageWriter& w, const std::vector<EntityState>& entities,
                   const std::vector<EntityState>* fromEntities) {
    static const std::vector<EntityState> kNone;
    const std::vector<EntityState>& old = fromEntities ? *fromEntities : kNone;
    size_t i = 0, j = 0;
    while (i < entities.size() || j < old.size()) {
        if (j >= old.size() || (i < entities.size() && entities[i].number < old[j].number)) {
            demo::writeEntityDelta(w, EntityState{}, entities[i++], true); // new: against a zero baseline
        } else if (i >= entities.size() || old[j].number < entities[i].number) {
            demo::writeEntityRemoval(w, old[j++].number);
        } else {
            demo::writeEntityDelta(w, old[j++], entities[i++], false);
        }
    }
    w.bits(uint32_t(demo::kNoEntity), demo::kEntityNumberBits);
}

void writeSnapshot(MessageWriter& w, int32_t serverTime, uint8_t deltaBack, const PlayerState& ps,
                   const std::vector<EntityState>& entities, const PlayerState* fromPs,
                   const std::vector<EntityState>* fromEntities) {
    w.byte(kSvcSnapshot);
    w.i32(serverTime);
    w.byte(deltaBack);
    w.byte(0); // snapshot flags
    w.byte(1); // area mask bytes
    w.byte(0xfe);
    demo::writePlayerStateDelta(w, fromPs, ps);
    writeEntities(w, entities, fromEntities);
}

void writeServerCommand(MessageWriter& w, int32_t sequence, const std::string& text) {
    w.byte(kSvcServerCommand);
    w.i32(sequence);
    w.string(text);
}

std::string playerInfo(const std::string& name, int team) {
    return "n\\" + name + "\\t\\" + std::to_string(team) + "\\model\\sarge";
}

std::vector<uint8_t> walkingDemo(int snapshots, const std::string& map, bool endMarker) {
    demo::DemoFileWriter file;
    const std::map<int, std::string> strings = {
        {0, "\\mapname\\" + map + "\\protocol\\71\\sv_hostname\\test"},
        {1, "\\sv_serverid\\1"},
        {544, playerInfo("Walker")},
        {547, playerInfo("Other")}};
    file.record(10, message([&](MessageWriter& w) { writeGamestate(w, strings, {}, 0); }));
    PlayerState previous;
    std::vector<EntityState> previousEntities;
    for (int k = 0; k < snapshots; ++k) {
        const int32_t time = 1000 + 50 * k;
        const PlayerState ps =
            makePlayerState(0, {16.0f * float(k), 0.0f, 24.125f}, {320.0f, 0.0f, 0.0f}, time, true);
        const std::vector<EntityState> entities = {makePlayerEntity(3, {100.0f, 200.0f, 24.0f}, {}, true)};
        file.record(11 + k, message([&](MessageWriter& w) {
                        if (k == 0)
                            writeSnapshot(w, time, 0, ps, entities);
                        else
                            writeSnapshot(w, time, 1, ps, entities, &previous, &previousEntities);
                    }));
        previous = ps;
        previousEntities = entities;
    }
    if (endMarker)
        file.end();
    return file.bytes();
}

} // namespace cliplab::test
