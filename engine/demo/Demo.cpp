#include "demo/Demo.h"

#include "core/Format.h"

#include <glm/common.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::demo {

const char* playerTypeName(PlayerType type) {
    switch (type) {
    case PlayerType::Normal:
        return "normal";
    case PlayerType::Dead:
        return "dead";
    case PlayerType::Spectator:
        return "spectator";
    case PlayerType::Intermission:
        return "intermission";
    }
    return "?";
}

const char* stateSourceName(StateSource source) {
    return source == StateSource::PlayerState ? "ps" : "es";
}

std::string teamName(int32_t team) {
    static constexpr const char* kNames[] = {"free", "red", "blue", "spectator"};
    return team >= 0 && team < 4 ? kNames[team] : core::format("team %d", team);
}

const PlayerSample* Snapshot::find(int32_t client) const {
    auto it = std::lower_bound(players.begin(), players.end(), client,
                               [](const PlayerSample& p, int32_t c) { return p.client < c; });
    return it != players.end() && it->client == client ? &*it : nullptr;
}

double Demo::seconds() const {
    if (snapshots.empty())
        return 0.0;
    return double(snapshots.back().serverTime - snapshots.front().serverTime) / 1000.0;
}

namespace {

/// `a` to `b` by `f` in [0, 1], the short way round a circle of 360 degrees.
float lerpAngle(float a, float b, float f) {
    const float d = std::remainder(b - a, 360.0f);
    return a + d * f;
}

PlayerSample interpolate(const PlayerSample& a, const PlayerSample& b, float f) {
    PlayerSample s = f < 0.5f ? a : b;
    s.origin = glm::mix(a.origin, b.origin, f);
    s.velocity = glm::mix(a.velocity, b.velocity, f);
    for (int i = 0; i < 3; ++i)
        s.viewAngles[i] = lerpAngle(a.viewAngles[i], b.viewAngles[i], f);
    return s;
}

} // namespace

std::optional<PlayerSample> Demo::playerAt(int32_t client, double timeMs) const {
    if (snapshots.empty() || !std::isfinite(timeMs))
        return std::nullopt;
    // The first snapshot after timeMs, and the one before it.
    auto after = std::upper_bound(snapshots.begin(), snapshots.end(), timeMs,
                                  [](double t, const Snapshot& s) { return t < double(s.serverTime); });
    if (after == snapshots.begin()) {
        const PlayerSample* p = after->find(client);
        return p ? std::optional<PlayerSample>(*p) : std::nullopt;
    }
    const Snapshot& before = *(after - 1);
    const PlayerSample* a = before.find(client);
    if (after == snapshots.end())
        return a ? std::optional<PlayerSample>(*a) : std::nullopt;
    const PlayerSample* b = after->find(client);
    const double span = double(after->serverTime - before.serverTime);
    const float f = span > 0.0 ? float((timeMs - double(before.serverTime)) / span) : 0.0f;
    if (a && b) {
        if (a->teleportBit != b->teleportBit || a->type != b->type)
            return f < 0.5f ? *a : *b;
        return interpolate(*a, *b, f);
    }
    if (a || b)
        return *(a ? a : b);
    return std::nullopt;
}

std::vector<PlayerSample> Demo::playersAt(double timeMs) const {
    std::vector<PlayerSample> out;
    if (snapshots.empty())
        return out;
    auto after = std::upper_bound(snapshots.begin(), snapshots.end(), timeMs,
                                  [](double t, const Snapshot& s) { return t < double(s.serverTime); });
    std::vector<int32_t> clients;
    for (auto it : {after == snapshots.begin() ? after : after - 1, after})
        if (it != snapshots.end())
            for (const PlayerSample& p : it->players)
                clients.push_back(p.client);
    std::sort(clients.begin(), clients.end());
    clients.erase(std::unique(clients.begin(), clients.end()), clients.end());
    for (int32_t c : clients)
        if (auto p = playerAt(c, timeMs))
            out.push_back(*p);
    return out;
}

std::vector<Demo::TrackPoint> Demo::track(int32_t client) const {
    std::vector<TrackPoint> out;
    for (size_t i = 0; i < snapshots.size(); ++i)
        if (const PlayerSample* p = snapshots[i].find(client))
            out.push_back({i, *p});
    return out;
}

const std::string& Demo::nameOf(const PlayerSample& sample) const {
    static const std::string kNone;
    const PlayerInfo* p = player(sample.client);
    if (!p || sample.nameIndex < 0 || size_t(sample.nameIndex) >= p->names.size())
        return kNone;
    return p->names[size_t(sample.nameIndex)];
}

const PlayerInfo* Demo::player(int32_t client) const {
    for (const PlayerInfo& p : players)
        if (p.client == client)
            return &p;
    return nullptr;
}

} // namespace cliplab::demo
