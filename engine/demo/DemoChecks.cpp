#include "demo/DemoChecks.h"

#include "bsp/BspData.h"
#include "demo/NetFields.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace cliplab::demo {

namespace {

constexpr int32_t kWorldEntity = kMaxEntities - 2; // ENTITYNUM_WORLD: standing on the map itself

int64_t columnKey(int32_t x, int32_t y) {
    return (int64_t(x) << 32) ^ int64_t(uint32_t(y));
}

/// True when a ray from `from` to `to` meets nothing that blocks players.
bool inSight(const collision::Model& model, const glm::vec3& from, const glm::vec3& to) {
    collision::TraceOptions options;
    options.semantics = collision::Semantics::Quake3;
    options.curves = true;
    const collision::TraceResult r =
        model.trace(collision::Shape::ray(), from, to, bsp::contents::MaskPlayerSolid, options);
    return !r.startSolid && r.fraction >= 1.0f;
}

} // namespace

collision::Shape playerBox(bool ducked) {
    return collision::Shape::box({-15.0f, -15.0f, -24.0f}, {15.0f, 15.0f, ducked ? 16.0f : 32.0f});
}

bool inSolid(const collision::Model& model, const PlayerSample& sample) {
    collision::TraceOptions options;
    options.semantics = collision::Semantics::Quake3;
    options.curves = true;
    const collision::TraceResult r = model.trace(playerBox(sample.ducked), sample.origin, sample.origin,
                                                 bsp::contents::MaskPlayerSolid, options);
    return r.startSolid;
}

std::vector<SolidSample> solidPlayerStates(const Demo& demo, const collision::Model& model) {
    std::vector<SolidSample> out;
    for (size_t i = 0; i < demo.snapshots.size(); ++i)
        for (const PlayerSample& s : demo.snapshots[i].players)
            if (s.source == StateSource::PlayerState && s.type == PlayerType::Normal && inSolid(model, s))
                out.push_back({i, s});
    return out;
}

std::vector<SolidSample> solidEntities(const Demo& demo, const collision::Model& model) {
    collision::TraceOptions options;
    options.semantics = collision::Semantics::Quake3;
    options.curves = true;
    std::vector<SolidSample> out;
    for (size_t i = 0; i < demo.snapshots.size(); ++i)
        for (const PlayerSample& s : demo.snapshots[i].players) {
            if (s.source != StateSource::EntityState || s.type != PlayerType::Normal)
                continue;
            collision::Shape box = playerBox(s.ducked);
            box.mins += glm::vec3(1.0f);
            box.maxs -= glm::vec3(1.0f);
            if (model.trace(box, s.origin, s.origin, bsp::contents::MaskPlayerSolid, options).startSolid)
                out.push_back({i, s});
        }
    return out;
}

size_t aliveEntities(const Demo& demo) {
    size_t n = 0;
    for (const Snapshot& snap : demo.snapshots)
        for (const PlayerSample& s : snap.players)
            n += s.source == StateSource::EntityState && s.type == PlayerType::Normal ? 1 : 0;
    return n;
}

size_t alivePlayerStates(const Demo& demo) {
    size_t n = 0;
    for (const Snapshot& snap : demo.snapshots)
        for (const PlayerSample& s : snap.players)
            n += s.source == StateSource::PlayerState && s.type == PlayerType::Normal ? 1 : 0;
    return n;
}

ReachComparison compareWithReach(const Demo& demo, const analysis::ReachMap& reach,
                                 const collision::Model& model, float stepHeight) {
    ReachComparison out;
    std::unordered_map<int64_t, std::vector<int32_t>> columns;
    for (size_t i = 0; i < reach.listed; ++i)
        columns[columnKey(reach.cells[i].column.x, reach.cells[i].column.y)].push_back(int32_t(i));
    std::unordered_map<int32_t, size_t> unreachedIndex; // cell -> index in out.unreached
    std::vector<bool> stoodOn(reach.listed, false);
    for (size_t snap = 0; snap < demo.snapshots.size(); ++snap) {
        for (const PlayerSample& s : demo.snapshots[snap].players) {
            if (s.type != PlayerType::Normal || !s.onGround)
                continue;
            if (s.groundEntity != kWorldEntity) {
                ++out.onEntities;
                continue;
            }
            ++out.standing;
            const auto it = columns.find(columnKey(int32_t(std::floor(s.origin.x / reach.grid)),
                                                   int32_t(std::floor(s.origin.y / reach.grid))));
            if (it == columns.end())
                continue;
            int32_t best = -1;
            float bestDz = stepHeight;
            for (int32_t c : it->second) {
                const float dz = std::fabs(reach.cells[size_t(c)].origin.z - s.origin.z);
                if (dz <= bestDz && inSight(model, s.origin, reach.cells[size_t(c)].origin)) {
                    best = c;
                    bestDz = dz;
                }
            }
            if (best < 0)
                continue;
            ++out.onCells;
            stoodOn[size_t(best)] = true;
            if (reach.cells[size_t(best)].reached())
                continue;
            auto [entry, added] = unreachedIndex.try_emplace(best, out.unreached.size());
            if (added)
                out.unreached.push_back({best, 0, {}, snap, s.origin});
            UnreachedStand& u = out.unreached[entry->second];
            ++u.samples;
            if (std::find(u.clients.begin(), u.clients.end(), s.client) == u.clients.end())
                u.clients.push_back(s.client);
        }
    }
    out.cellsStoodOn = size_t(std::count(stoodOn.begin(), stoodOn.end(), true));
    for (UnreachedStand& u : out.unreached)
        std::sort(u.clients.begin(), u.clients.end());
    std::sort(out.unreached.begin(), out.unreached.end(),
              [](const UnreachedStand& a, const UnreachedStand& b) { return a.cell < b.cell; });
    return out;
}

} // namespace cliplab::demo
