// Reading a demo's messages into a Demo: the gamestate (configstrings, baselines), snapshots delta
// coded against earlier ones, server commands, as the game's client parses them (cl_parse.c).
#include "demo/Demo.h"
#include "demo/DemoFile.h"
#include "demo/GameText.h"
#include "demo/MessageReader.h"
#include "demo/NetFields.h"
#include "demo/SnapshotPlayers.h"

#include "core/Format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

namespace cliplab::demo {

namespace {

/// Server message commands (svc_ops_e).
enum Command : uint8_t {
    kBad = 0,
    kNop = 1,
    kGamestate = 2,
    kConfigString = 3,
    kBaseline = 4,
    kServerCommand = 5,
    kDownload = 6,
    kSnapshot = 7,
    kEndOfMessage = 8,
    kVoipSpeex = 9, ///< ioquake3's VoIP commands (after its 2011 protocol change).
    kVoipOpus = 10,
};

constexpr int32_t kMaxConfigStrings = 1024;   ///< MAX_CONFIGSTRINGS.
constexpr size_t kMaxGamestateChars = 16000;  ///< MAX_GAMESTATE_CHARS: configstring text in a gamestate.
constexpr size_t kMaxBigString = 8191;        ///< BIG_INFO_STRING - 1: longest configstring.
constexpr size_t kMaxCommandString = 1023;    ///< MAX_STRING_CHARS - 1: longest server command.
constexpr int kSnapshotBackup = 32;           ///< PACKET_BACKUP: snapshots a delta may refer to.
constexpr size_t kMaxAreaMaskBytes = 32;      ///< MAX_MAP_AREA_BYTES.
constexpr int32_t kPlayerConfigStrings = 544; ///< CS_PLAYERS: one info string per client from here.
constexpr int kVoipFlagBits = 2;              ///< VOIP_FLAGCNT.
constexpr float kMaxCoordinate = 1.0e6f; ///< Largest player coordinate or speed taken (maps fit in 65536).

/// Finite and within +/-kMaxCoordinate on every axis.
bool usable(const glm::vec3& v) {
    for (int i = 0; i < 3; ++i)
        if (!(std::fabs(v[i]) <= kMaxCoordinate))
            return false;
    return true;
}

/// A snapshot kept for later deltas: the full states, not just the players.
struct StoredSnapshot {
    int32_t message = 0;
    bool valid = false;
    PlayerState ps;
    std::vector<EntityState> entities; ///< Increasing numbers.
};

enum class Outcome { Continue, Stop };

class DemoParser {
public:
    explicit DemoParser(Demo& demo) : m_demo(demo) { m_demo.configStrings.assign(kMaxConfigStrings, {}); }

    /// Parses one record. Errors are left in the reader.
    Outcome parseMessage(MessageReader& r, const DemoRecord& record) {
        m_record = &record;
        r.i32(); // the reliable acknowledge: which client commands the server had, not ours to check
        while (!r.failed()) {
            const size_t at = r.bitOffset();
            const uint8_t command = r.byte();
            if (r.failed())
                break;
            if (command == kEndOfMessage) // VoIP from before 2011 follows the end marker: never read
                break;
            if (command != kGamestate && !m_haveGamestate) {
                r.failAt(at, core::format("command %d before the gamestate", command));
                break;
            }
            switch (command) {
            case kNop:
                break;
            case kGamestate:
                if (parseGamestate(r) == Outcome::Stop)
                    return Outcome::Stop;
                break;
            case kServerCommand:
                parseServerCommand(r, at);
                break;
            case kSnapshot:
                parseSnapshot(r, at);
                break;
            case kVoipSpeex:
            case kVoipOpus:
                skipVoip(r, at);
                break;
            case kDownload:
                r.failAt(at, "a download message (downloads come only with a new map, where reading stops)");
                break;
            default:
                r.failAt(at, core::format("unknown command byte %d", command));
                break;
            }
        }
        return Outcome::Continue;
    }

    bool haveGamestate() const { return m_haveGamestate; }
    /// Numbers the record parsed next (1 = the first), for notes.
    void setRecordNumber(size_t number) { m_recordNumber = number; }
    /// VoIP packets skipped so far.
    size_t voipPackets() const { return m_voipPackets; }

private:
    Outcome parseGamestate(MessageReader& r) {
        std::vector<std::string> strings(kMaxConfigStrings);
        std::vector<EntityState> baselines(kMaxEntities);
        const int32_t commandSequence = r.i32();
        size_t chars = 1; // the game keeps one character for unset strings
        while (!r.failed()) {
            const size_t at = r.bitOffset();
            const uint8_t command = r.byte();
            if (r.failed() || command == kEndOfMessage)
                break;
            if (command == kConfigString) {
                const int32_t index = r.i16();
                std::string text = r.string(kMaxBigString);
                if (r.failed())
                    break;
                if (index < 0 || index >= kMaxConfigStrings) {
                    r.failAt(at,
                             core::format("configstring index %d is not 0-%d", index, kMaxConfigStrings - 1));
                    break;
                }
                chars += text.size() + 1;
                if (chars > kMaxGamestateChars) {
                    r.failAt(at, core::format("gamestate text over %zu characters", kMaxGamestateChars));
                    break;
                }
                strings[size_t(index)] = std::move(text);
            } else if (command == kBaseline) {
                const int32_t number = int32_t(r.bits(kEntityNumberBits));
                EntityState state;
                if (readEntityDelta(r, EntityState{}, number, state) && !r.failed())
                    baselines[size_t(number)] = state;
            } else {
                r.failAt(at, core::format("unknown command byte %d in the gamestate", command));
            }
        }
        const size_t clientAt = r.bitOffset();
        const int32_t client = r.i32();
        r.i32(); // checksum feed: for pure-server checks, nothing to do with the demo
        if (r.failed())
            return Outcome::Continue;
        if (client < 0 || client >= kMaxClients) {
            r.failAt(clientAt,
                     core::format("recording client number %d is not 0-%d", client, kMaxClients - 1));
            return Outcome::Continue;
        }
        const std::string map = infoValue(strings[0], "mapname");
        if (m_haveGamestate && map != m_demo.mapName) {
            m_demo.notes.push_back(
                core::format("message %zu starts map %s: read up to there", m_recordNumber, map.c_str()));
            return Outcome::Stop;
        }
        if (m_haveGamestate)
            m_demo.notes.push_back(
                core::format("message %zu brings a new gamestate (same map)", m_recordNumber));
        else
            m_demo.configStrings = strings;
        m_strings = std::move(strings);
        m_baselines = std::move(baselines);
        for (StoredSnapshot& s : m_backup)
            s.valid = false;
        m_commandSequence = commandSequence;
        m_haveGamestate = true;
        m_demo.mapName = map;
        m_demo.recordingClient = client;
        if (const std::string p = infoValue(m_strings[0], "protocol"); !p.empty())
            m_demo.protocol = std::atoi(p.c_str());
        for (int32_t c = 0; c < kMaxClients; ++c)
            noteName(c);
        return Outcome::Continue;
    }

    void parseServerCommand(MessageReader& r, size_t at) {
        const int32_t sequence = r.i32();
        std::string text = r.string(kMaxCommandString);
        if (r.failed() || sequence <= m_commandSequence) // the server repeats a command until acknowledged
            return;
        m_commandSequence = sequence;
        applyCommand(r, at, text);
        const int32_t time = m_demo.snapshots.empty() ? 0 : m_demo.snapshots.back().serverTime;
        m_demo.commands.push_back({sequence, time, std::move(text)});
    }

    /// Configstring changes: "cs N TEXT", and long ones in parts "bcs0 N A", "bcs1 N B", "bcs2 N C".
    void applyCommand(MessageReader& r, size_t at, const std::string& text) {
        const std::vector<std::string> args = splitCommand(text);
        if (args.size() < 2 ||
            (args[0] != "cs" && args[0] != "bcs0" && args[0] != "bcs1" && args[0] != "bcs2"))
            return;
        char* end = nullptr;
        const long index = std::strtol(args[1].c_str(), &end, 10);
        if (end == args[1].c_str() || *end != '\0' || index < 0 || index >= kMaxConfigStrings) {
            r.failAt(at, core::format("%s command names configstring '%s' (not 0-%d)", args[0].c_str(),
                                      args[1].c_str(), kMaxConfigStrings - 1));
            return;
        }
        std::string value;
        for (size_t i = 2; i < args.size(); ++i)
            value += (i > 2 ? " " : "") + args[i];
        if (args[0] == "bcs0")
            m_bigString = value;
        if (args[0] == "bcs1")
            m_bigString += value;
        if (args[0] == "bcs0" || args[0] == "bcs1")
            return;
        if (args[0] == "bcs2")
            value = m_bigString + value;
        m_strings[size_t(index)] = value;
        if (index >= kPlayerConfigStrings && index < kPlayerConfigStrings + kMaxClients)
            noteName(int32_t(index) - kPlayerConfigStrings);
    }

    void parseSnapshot(MessageReader& r, size_t at) {
        StoredSnapshot snap;
        snap.message = m_record->sequence;
        const int32_t serverTime = r.i32();
        const uint8_t deltaBack = r.byte();
        const int32_t flags = r.byte();
        const StoredSnapshot* from = nullptr;
        if (deltaBack != 0 && !r.failed()) {
            const int32_t deltaMessage = snap.message - deltaBack;
            const StoredSnapshot& old = m_backup[size_t(deltaMessage & (kSnapshotBackup - 1))];
            if (!old.valid || old.message != deltaMessage) {
                r.failAt(at,
                         core::format("snapshot delta from message %d, which brought no snapshot among the "
                                      "last %d read",
                                      deltaMessage, kSnapshotBackup));
                return;
            }
            from = &old;
        }
        const size_t areaBytes = r.byte();
        if (!r.failed() && areaBytes > kMaxAreaMaskBytes)
            r.failAt(at, core::format("area mask of %zu bytes (at most %zu)", areaBytes, kMaxAreaMaskBytes));
        for (size_t i = 0; i < areaBytes && !r.failed(); ++i)
            r.byte();
        readPlayerStateDelta(r, from ? &from->ps : nullptr, snap.ps);
        readEntities(r, from, snap.entities);
        if (r.failed())
            return;
        const int32_t client = snap.ps.get(PlayerField::ClientNum);
        if (client < 0 || client >= kMaxClients) {
            r.failAt(at, core::format("player state client number %d is not 0-%d", client, kMaxClients - 1));
            return;
        }
        if (!m_demo.snapshots.empty() && serverTime < m_demo.snapshots.back().serverTime) {
            r.failAt(at, core::format("snapshot time %d ms is before the previous snapshot's %d ms",
                                      serverTime, m_demo.snapshots.back().serverTime));
            return;
        }
        Snapshot players = snapshotPlayers(snap.ps, snap.entities, serverTime, snap.message, flags);
        for (const PlayerSample& p : players.players)
            if (!usable(p.origin) || !usable(p.velocity)) {
                r.failAt(at, core::format("player %d has a position or velocity that is not a number within "
                                          "+/-%g units",
                                          p.client, double(kMaxCoordinate)));
                return;
            }
        snap.valid = true;
        m_demo.snapshots.push_back(std::move(players));
        for (PlayerSample& p : m_demo.snapshots.back().players)
            countSample(p);
        m_backup[size_t(snap.message & (kSnapshotBackup - 1))] = std::move(snap);
    }

    /// The snapshot's entities: the ones of `from` carried over, changed or removed by the deltas in
    /// entity number order, new ones delta coded against their baseline.
    void readEntities(MessageReader& r, const StoredSnapshot* from, std::vector<EntityState>& out) {
        static const std::vector<EntityState> kNone;
        const std::vector<EntityState>& old = from ? from->entities : kNone;
        size_t oldIndex = 0;
        int32_t previous = -1;
        while (!r.failed()) {
            const size_t at = r.bitOffset();
            const int32_t number = int32_t(r.bits(kEntityNumberBits));
            if (r.failed() || number == kNoEntity)
                break;
            if (number <= previous) {
                r.failAt(
                    at, core::format("entity %d follows entity %d: numbers must increase", number, previous));
                break;
            }
            previous = number;
            while (oldIndex < old.size() && old[oldIndex].number < number)
                out.push_back(old[oldIndex++]);
            const bool inOld = oldIndex < old.size() && old[oldIndex].number == number;
            EntityState state;
            if (readEntityDelta(r, inOld ? old[oldIndex] : m_baselines[size_t(number)], number, state))
                out.push_back(state);
            if (inOld)
                ++oldIndex;
        }
        while (oldIndex < old.size())
            out.push_back(old[oldIndex++]);
    }

    /// ioquake3's VoIP packet: sender, generation, sequence, frames, size, flags, then the data.
    void skipVoip(MessageReader& r, size_t at) {
        r.i16();
        r.byte();
        r.i32();
        r.byte();
        const int32_t size = r.i16();
        r.bits(kVoipFlagBits);
        if (!r.failed() && size < 0)
            r.failAt(at, core::format("VoIP packet of %d bytes", size));
        for (int32_t i = 0; i < size && !r.failed(); ++i)
            r.byte();
        ++m_voipPackets;
    }

    /// Records the current name of `client` in its PlayerInfo (creating one when it has a name).
    void noteName(int32_t client) {
        const std::string& info = m_strings[size_t(kPlayerConfigStrings + client)];
        const std::string name = infoValue(info, "n");
        if (info.empty() || name.empty())
            return;
        PlayerInfo& p = playerInfo(client);
        if (p.names.empty() || p.names.back() != name)
            p.names.push_back(name);
        if (p.samples == 0) {
            p.name = name;
            p.team = std::atoi(infoValue(info, "t").c_str());
        }
    }

    /// Counts a sample of its player and gives it the player's current name.
    void countSample(PlayerSample& sample) {
        PlayerInfo& p = playerInfo(sample.client);
        ++p.samples;
        sample.nameIndex = int32_t(p.names.size()) - 1;
    }

    PlayerInfo& playerInfo(int32_t client) {
        auto it = std::lower_bound(m_demo.players.begin(), m_demo.players.end(), client,
                                   [](const PlayerInfo& p, int32_t c) { return p.client < c; });
        if (it == m_demo.players.end() || it->client != client) {
            it = m_demo.players.insert(it, PlayerInfo{});
            it->client = client;
        }
        return *it;
    }

    Demo& m_demo;
    size_t m_recordNumber = 0;
    size_t m_voipPackets = 0;
    const DemoRecord* m_record = nullptr;
    bool m_haveGamestate = false;
    std::vector<std::string> m_strings;
    std::vector<EntityState> m_baselines;
    std::array<StoredSnapshot, kSnapshotBackup> m_backup;
    int32_t m_commandSequence = 0;
    std::string m_bigString;
};

} // namespace

core::Result<Demo> readDemo(std::span<const uint8_t> bytes, const std::string& name) {
    auto split = splitRecords(bytes, name);
    if (!split)
        return split.error();
    Demo demo;
    demo.name = name;
    demo.bytes = bytes.size();
    demo.fileProtocol = demoFileProtocol(name);
    demo.complete = split->endMarker;
    demo.cut = split->cut;
    if (split->trailingBytes > 0)
        demo.notes.push_back(
            core::format("%zu bytes after the end marker left unread", split->trailingBytes));
    DemoParser parser(demo);
    for (const DemoRecord& record : split->records) {
        parser.setRecordNumber(demo.messages + 1);
        MessageReader reader(record.message);
        const Outcome outcome = parser.parseMessage(reader, record);
        if (reader.failed())
            return core::makeError(core::format("%s: message %zu at byte %zu: %s", name.c_str(),
                                                demo.messages + 1, record.offset + 8 + reader.errorBit() / 8,
                                                reader.error().c_str()));
        ++demo.messages;
        if (outcome == Outcome::Stop)
            break;
    }
    if (!parser.haveGamestate())
        return core::makeError(core::format("%s: no gamestate in %zu whole messages (%s)", name.c_str(),
                                            demo.messages, demo.complete ? "not a demo" : demo.cut.c_str()));
    if (demo.protocol == 0)
        demo.protocol = demo.fileProtocol;
    if (parser.voipPackets() > 0)
        demo.notes.push_back(core::format("%zu VoIP packets skipped", parser.voipPackets()));
    return demo;
}

} // namespace cliplab::demo
