// Reachability: a floor scan of the map's columns, then a breadth-first flood of the floor cells
// in which every step is a move simulated with movement::move.

#include "analysis/Reach.h"

#include "analysis/ReachMove.h"

#include "bsp/PointLeaf.h"
#include "movement/Movement.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <thread>

namespace cliplab::analysis {

namespace {

using detail::Grid;
using detail::Landing;
using detail::markDeadly;
using detail::parallelFor;
using detail::simulateMove;
using detail::touchesTrigger;
using detail::World;

/// N of `e`'s "*N" model key, when it names an inline model of `data` other than the world.
std::optional<int32_t> inlineModel(const bsp::BspData& data, const bsp::Entity& e) {
    const auto n = e.inlineModel();
    if (!n || *n <= 0 || static_cast<size_t>(*n) >= data.models.size())
        return std::nullopt;
    return n;
}

/// A player clip top is a floor when a seen face lies within this many units under it (units).
constexpr float kClipFloorDepth = 64.0f;
/// Ray hits scanned per column at most (floors stacked one above another).
constexpr int kMaxScanHits = 256;

/// Whether the face a downward ray `hit` (at the column's `centre`) is a floor players are meant
/// to walk: a face they see (caulk and nodraw tops of roofs and slabs are not), or the top of a
/// player clip brush laid over seen faces close below it (smoothed stairs and ledges, not the
/// clip lids some maps put over the whole playing area).
bool isFloorFace(const World& w, const collision::TraceResult& hit, const glm::vec2& centre) {
    const bool seen = !(hit.surfaceFlags & bsp::surf::NoDraw);
    if (seen || !(hit.contents & bsp::contents::PlayerClip))
        return seen;
    const float z = hit.endpos.z;
    const collision::TraceResult below =
        w.trace(collision::Shape::ray(), glm::vec3(centre, z - 0.25f), glm::vec3(centre, z - kClipFloorDepth),
                w.settings.movement.contentsMask);
    // (A ray that stays inside the clip brush is all in solid: nothing seen under it.)
    return !below.allSolid && below.fraction < 1.0f && !(below.surfaceFlags & bsp::surf::NoDraw);
}

/// The floor under a column's centre: every walkable face a downward ray meets, as a standing
/// player's origin, inside the map.
std::vector<glm::vec3> scanColumn(const World& w, const bsp::BspData& data, bool useClusters,
                                  const glm::vec2& centre) {
    const movement::Settings& ms = w.settings.movement;
    const collision::Shape box = collision::Shape::box(ms.mins, ms.maxs);
    const float top = w.worldMaxs.z + 1.0f;
    const float bottom = w.worldMins.z - 1.0f;
    std::vector<glm::vec3> floors;
    float z = top;
    for (int hit = 0; hit < kMaxScanHits && z > bottom; ++hit) {
        const collision::TraceResult r = w.trace(collision::Shape::ray(), glm::vec3(centre, z),
                                                 glm::vec3(centre, bottom), ms.contentsMask);
        if (r.fraction >= 1.0f)
            break;
        // Go on from just inside what was hit: a ray that starts in a brush meets the next one below.
        const float next = std::min(r.endpos.z, z) - 0.25f;
        if (!r.allSolid && isFloorFace(w, r, centre) && r.plane.normal.z >= ms.minWalkNormal) {
            const float feet = r.endpos.z;
            // The box just above the face, or a step higher (a stair's edge under the centre).
            for (const float lift : {1.0f, ms.stepHeight}) {
                const glm::vec3 from(centre, feet - ms.mins.z + lift);
                const glm::vec3 to(centre, feet - ms.mins.z - 2.0f);
                const collision::TraceResult stand = w.trace(box, from, to, ms.contentsMask);
                if (stand.startSolid)
                    continue;
                if (stand.fraction >= 1.0f || stand.plane.normal.z < ms.minWalkNormal)
                    break;
                // A sweep that meets a brush at once stops testing the others, as the game's does,
                // so it may miss that it started in a wall: the box must also pass a position test.
                if (w.trace(box, stand.endpos, stand.endpos, ms.contentsMask).startSolid)
                    break;
                // Inside the map: something above it (a ceiling, or the sky's brushes) and, in a map
                // with visibility, a leaf of a cluster (outside leaves have none).
                const collision::TraceResult up =
                    w.trace(collision::Shape::ray(), stand.endpos, glm::vec3(centre, top), ms.contentsMask);
                const int32_t leaf = useClusters ? bsp::findLeaf(data, stand.endpos) : -1;
                const bool outside = up.fraction >= 1.0f ||
                                     (useClusters && (leaf < 0 || data.leafs[size_t(leaf)].cluster < 0));
                const bool known = std::any_of(floors.begin(), floors.end(), [&](const glm::vec3& f) {
                    return std::fabs(f.z - stand.endpos.z) < 1.0f;
                });
                if (!outside && !known && !touchesTrigger(w, stand.endpos))
                    floors.push_back(stand.endpos);
                break;
            }
        }
        z = next;
    }
    std::sort(floors.begin(), floors.end(), [](const glm::vec3& a, const glm::vec3& b) { return a.z < b.z; });
    return floors;
}

} // namespace

movement::Settings ReachSettings::quake3Movement() {
    movement::Settings s;
    s.preset = movement::Preset::Quake3;
    return s;
}

collision::TraceOptions ReachSettings::defaultTrace() {
    collision::TraceOptions o;
    o.curves = true;
    o.semantics = collision::Semantics::Robust;
    return o;
}

const char* reachViaName(ReachVia via) {
    switch (via) {
    case ReachVia::None:
        return "none";
    case ReachVia::Spawn:
        return "spawn";
    case ReachVia::Walk:
        return "walk";
    case ReachVia::Fall:
        return "fall";
    case ReachVia::Jump:
        return "jump";
    case ReachVia::Pad:
        return "pad";
    case ReachVia::Teleport:
        return "teleport";
    }
    return "none";
}

std::vector<Teleporter> findTeleporters(const bsp::BspData& data, const std::vector<bsp::Entity>& entities,
                                        std::vector<std::string>* problems) {
    std::vector<Teleporter> out;
    for (const bsp::Entity& e : entities) {
        if (e.classname() != "trigger_teleport")
            continue;
        const auto model = inlineModel(data, e);
        if (!model)
            continue;
        if (static_cast<int>(e.number("spawnflags").value_or(0.0f)) & 1)
            continue; // spectators only
        const std::string* target = e.get("target");
        const bsp::Entity* dest = nullptr;
        for (const bsp::Entity& other : entities) {
            const std::string* name = other.get("targetname");
            if (target && name && *name == *target && other.vec3("origin")) {
                dest = &other;
                break;
            }
        }
        if (!dest) {
            if (problems)
                problems->push_back("trigger_teleport *" + std::to_string(*model) +
                                    (target ? ": target '" + *target + "' not found (or without an origin)"
                                            : ": no target key"));
            continue;
        }
        Teleporter t;
        t.model = *model;
        const glm::vec3 offset = e.vec3("origin").value_or(glm::vec3(0.0f));
        t.mins = data.models[size_t(*model)].mins + offset;
        t.maxs = data.models[size_t(*model)].maxs + offset;
        t.destination = *dest->vec3("origin");
        if (const auto angles = dest->vec3("angles"))
            t.yaw = angles->y;
        else
            t.yaw = dest->number("angle").value_or(0.0f);
        out.push_back(t);
    }
    return out;
}

std::vector<KillVolume> findKillVolumes(const bsp::BspData& data, const std::vector<bsp::Entity>& entities) {
    std::vector<KillVolume> out;
    for (const bsp::Entity& e : entities) {
        if (e.classname() != "trigger_hurt")
            continue;
        const auto model = inlineModel(data, e);
        if (!model || !(e.number("dmg").value_or(5.0f) >= 100.0f))
            continue;
        const glm::vec3 offset = e.vec3("origin").value_or(glm::vec3(0.0f));
        out.push_back(
            {*model, data.models[size_t(*model)].mins + offset, data.models[size_t(*model)].maxs + offset});
    }
    return out;
}

bool touchesModel(const collision::Model& world, int32_t model, const collision::Shape& box,
                  const glm::vec3& origin) {
    collision::TraceOptions o;
    o.model = model;
    const collision::Shape grown = collision::Shape::box(box.mins - 1.0f, box.maxs + 1.0f);
    return world.trace(grown, origin, origin, -1, o).startSolid;
}

std::optional<std::string> validateReachSettings(const ReachSettings& s) {
    if (!(s.grid >= 4.0f && s.grid <= 256.0f))
        return "grid: expected 4 to 256 units, got " + std::to_string(s.grid);
    if (!(s.rate >= 30.0 && s.rate <= 333.0))
        return "rate: expected 30 to 333 ticks per second, got " + std::to_string(s.rate);
    if (s.threads < 1 || s.threads > 64)
        return "threads: expected 1 to 64, got " + std::to_string(s.threads);
    if (s.directions < 4 || s.directions > 32)
        return "directions: expected 4 to 32, got " + std::to_string(s.directions);
    if (!(s.maxMoveTime > 0.0 && s.maxMoveTime <= 60.0))
        return "move time: expected more than 0 and up to 60 s, got " + std::to_string(s.maxMoveTime);
    return std::nullopt;
}

namespace {

/// The map as moves see it: the world's trace under the search's rules, the pads that launch,
/// the teleporters, the deadly trigger_hurts, and the bounds beyond which a move is lost.
World makeWorld(const bsp::BspData& data, const collision::Model& model,
                const std::vector<bsp::Entity>& entities, const ReachSettings& settings) {
    World w{model, model.traceFunction(settings.trace), settings, {}, {}, {}, {}, {}, {}, {}};
    w.settings.movement = movement::sanitize(w.settings.movement);
    for (JumpPad& p : findJumpPads(data, entities, w.settings.movement.gravity))
        if (p.launch)
            w.pads.push_back(std::move(p));
    w.teleporters = findTeleporters(data, entities);
    w.kills = findKillVolumes(data, entities);
    w.worldMins = data.models.front().mins;
    w.worldMaxs = data.models.front().maxs;
    w.mins = w.worldMins - 256.0f;
    w.maxs = w.worldMaxs + 256.0f;
    return w;
}

/// Phase 1, the floor scan, one column at a time (in parallel): lists every floor cell in `map`,
/// column by column, lowest first, and returns the cell indices of each column (by Grid::slot).
std::vector<std::vector<int32_t>> scanFloors(const World& w, const bsp::BspData& data, const Grid& grid,
                                             ReachProgress* progress, ReachMap& map) {
    // Maps compiled with visibility mark the leaves outside the map with cluster -1.
    const bool useClusters =
        std::any_of(data.leafs.begin(), data.leafs.end(), [](const bsp::Leaf& l) { return l.cluster < 0; }) &&
        std::any_of(data.leafs.begin(), data.leafs.end(), [](const bsp::Leaf& l) { return l.cluster >= 0; });
    auto columnOf = [&](size_t slot) {
        return glm::ivec2(grid.first.x + int(slot % size_t(grid.count.x)),
                          grid.first.y + int(slot / size_t(grid.count.x)));
    };
    std::vector<std::vector<glm::vec3>> scanned(grid.slots());
    parallelFor(grid.slots(), w.settings.threads, [&](size_t slot) {
        if (progress && progress->cancel)
            return;
        scanned[slot] = scanColumn(w, data, useClusters, grid.centre(columnOf(slot)));
    });
    std::vector<std::vector<int32_t>> floorsOf(grid.slots());
    for (size_t slot = 0; slot < grid.slots(); ++slot)
        for (const glm::vec3& origin : scanned[slot]) {
            floorsOf[slot].push_back(static_cast<int32_t>(map.cells.size()));
            map.cells.push_back({columnOf(slot), origin, true, ReachVia::None, -1});
        }
    map.listed = map.cells.size();
    return floorsOf;
}

/// The moves tried from a floor cell at `origin`: a run in each of the directions, and a running
/// jump where the run is blocked or falls (onto ledges, over gaps). Appends the landings to `out`;
/// counts ticks and moves.
void movesFrom(const World& w, const glm::vec3& origin, std::vector<Landing>& out, int64_t& ticks,
               int64_t& moves) {
    const int directions = w.settings.directions;
    for (int d = 0; d < directions; ++d) {
        const float yaw = 360.0f * float(d) / float(directions);
        const Landing walk = simulateMove(w, {origin, yaw, true, false}, ticks);
        ++moves;
        if (walk.landed)
            out.push_back(walk);
        if (w.settings.jumps && (!walk.landed || walk.via == ReachVia::Fall)) {
            const Landing jump = simulateMove(w, {origin, yaw, true, true}, ticks);
            ++moves;
            if (jump.landed)
                out.push_back(jump);
        }
    }
}

/// Phases 2 and 3: the flood of the floor cells from the spawn points, breadth first.
class Flood {
public:
    /// `floorsOf`: the listed cells of each column (scanFloors()); unlisted cells are added to it
    /// and to `map` where moves land off the scanned floors.
    Flood(const World& w, const Grid& grid, ReachMap& map, std::vector<std::vector<int32_t>> floorsOf,
          ReachProgress* progress)
        : m_w(w), m_grid(grid), m_map(map), m_floorsOf(std::move(floorsOf)), m_progress(progress),
          m_tolerance(std::max(w.settings.grid, w.settings.movement.stepHeight) + 8.0f) {}

    /// Phase 2, the spawn points: the player dropped where the game puts it.
    void dropAtSpawns(const std::vector<bsp::SpawnPoint>& spawnPoints) {
        int64_t spawnTicks = 0;
        for (const bsp::SpawnPoint& sp : spawnPoints) {
            const Landing l = simulateMove(
                m_w, {sp.origin + glm::vec3(0.0f, 0.0f, 9.0f), sp.angle, false, false}, spawnTicks);
            ++m_map.moves;
            if (!l.landed)
                continue;
            const int32_t cell = cellAt(l.origin);
            if (cell < 0)
                continue;
            ++m_map.spawns;
            reach(cell, ReachVia::Spawn, -1, m_frontier);
        }
        m_map.ticks += spawnTicks;
    }

    /// Phase 3, a level at a time: the moves of a level in parallel, their landings taken in order
    /// afterwards, so the result does not depend on the threads.
    void run() {
        std::vector<std::vector<Landing>> landings;
        while (!m_frontier.empty()) {
            if (m_progress && m_progress->cancel) {
                m_map.cancelled = true;
                break;
            }
            landings.assign(m_frontier.size(), {});
            std::atomic<int64_t> levelTicks{0}, levelMoves{0};
            parallelFor(m_frontier.size(), m_w.settings.threads, [&](size_t i) {
                if (m_progress && m_progress->cancel)
                    return;
                int64_t t = 0, moves = 0;
                movesFrom(m_w, m_map.cells[size_t(m_frontier[i])].origin, landings[i], t, moves);
                levelTicks += t;
                levelMoves += moves;
                if (m_progress)
                    ++m_progress->expanded;
            });
            m_map.ticks += levelTicks;
            m_map.moves += levelMoves;
            std::vector<int32_t> next;
            for (size_t i = 0; i < m_frontier.size(); ++i)
                for (const Landing& l : landings[i]) {
                    const int32_t cell = cellAt(l.origin);
                    if (cell >= 0)
                        reach(cell, l.via, m_frontier[i], next);
                }
            m_frontier.swap(next);
        }
    }

private:
    /// The cell a move that ended at `origin` stands in: the column's floor nearest in height
    /// within a step and a cell's slope, or a new unlisted one; -1 outside the grid.
    int32_t cellAt(const glm::vec3& origin) {
        const glm::ivec2 c = m_grid.column(origin);
        if (!m_grid.contains(c))
            return -1;
        std::vector<int32_t>& floors = m_floorsOf[m_grid.slot(c)];
        int32_t best = -1;
        float bestDz = m_tolerance;
        for (int32_t i : floors) {
            const float dz = std::fabs(m_map.cells[size_t(i)].origin.z - origin.z);
            if (dz <= bestDz) {
                bestDz = dz;
                best = i;
            }
        }
        if (best >= 0)
            return best;
        floors.push_back(static_cast<int32_t>(m_map.cells.size()));
        m_map.cells.push_back({c, origin, false, ReachVia::None, -1});
        return floors.back();
    }

    /// Marks `cell` reached (the first time only) and puts it on `frontier`.
    void reach(int32_t cell, ReachVia via, int32_t from, std::vector<int32_t>& frontier) {
        ReachCell& rc = m_map.cells[size_t(cell)];
        if (rc.reached())
            return;
        rc.via = via;
        rc.from = from;
        if (rc.listed)
            ++m_map.reachable;
        frontier.push_back(cell);
    }

    const World& m_w;
    const Grid& m_grid;
    ReachMap& m_map;
    std::vector<std::vector<int32_t>> m_floorsOf;
    ReachProgress* m_progress;
    float m_tolerance;               ///< How far in height a landing may be from a column's floor (units).
    std::vector<int32_t> m_frontier; ///< The level being expanded.
};

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

core::Result<ReachMap> findReach(const bsp::BspData& data, const collision::Model& model,
                                 const std::vector<bsp::Entity>& entities, const ReachSettings& settings,
                                 ReachProgress* progress) {
    const auto started = std::chrono::steady_clock::now();
    if (auto problem = validateReachSettings(settings))
        return core::makeError(data.name + ": reach: " + *problem);
    const auto spawnPoints = bsp::spawnPoints(entities);
    if (spawnPoints.empty())
        return core::makeError(data.name +
                               ": the map has no spawn point (info_player_deathmatch or info_player_start)");
    if (data.models.empty())
        return core::makeError(data.name + ": the map has no world model (model 0)");

    const World w = makeWorld(data, model, entities, settings);
    Grid grid{settings.grid};
    grid.first = grid.column(w.worldMins);
    grid.count = grid.column(w.worldMaxs) - grid.first + 1;
    ReachMap map;
    map.grid = settings.grid;
    std::vector<std::vector<int32_t>> floorsOf = scanFloors(w, data, grid, progress, map);
    if (progress && progress->cancel) {
        map.cancelled = true;
        map.seconds = secondsSince(started);
        return map;
    }
    if (progress) {
        progress->cells = map.listed;
        progress->scanning = false;
    }
    Flood flood(w, grid, map, std::move(floorsOf), progress);
    flood.dropAtSpawns(spawnPoints);
    flood.run();
    if (!map.cancelled)
        markDeadly(w, map);
    map.seconds = secondsSince(started);
    return map;
}

std::vector<std::vector<int32_t>> unreachableRegions(const ReachMap& map, float stepHeight) {
    const float tolerance = std::max(map.grid, stepHeight) + 8.0f;
    std::vector<int32_t> parent(map.listed);
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&](int32_t i) {
        while (parent[size_t(i)] != i)
            i = parent[size_t(i)] = parent[size_t(parent[size_t(i)])];
        return i;
    };
    // Listed cells are in column order: index them by column for the neighbour search.
    std::vector<int32_t> order;
    for (size_t i = 0; i < map.listed; ++i)
        if (!map.cells[i].reached() && !map.cells[i].deadly)
            order.push_back(static_cast<int32_t>(i));
    auto key = [&](const glm::ivec2& c) { return std::pair<int, int>(c.y, c.x); };
    std::vector<std::pair<std::pair<int, int>, int32_t>> byColumn;
    byColumn.reserve(order.size());
    for (int32_t i : order)
        byColumn.push_back({key(map.cells[size_t(i)].column), i});
    std::sort(byColumn.begin(), byColumn.end());
    for (int32_t i : order) {
        const ReachCell& a = map.cells[size_t(i)];
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const auto k = key(a.column + glm::ivec2(dx, dy));
                auto it = std::lower_bound(byColumn.begin(), byColumn.end(), std::make_pair(k, INT32_MIN));
                for (; it != byColumn.end() && it->first == k; ++it)
                    if (std::fabs(map.cells[size_t(it->second)].origin.z - a.origin.z) <= tolerance)
                        parent[size_t(root(it->second))] = root(i);
            }
    }
    std::vector<std::vector<int32_t>> regions;
    std::vector<int32_t> regionOf(map.listed, -1);
    for (int32_t i : order) {
        const int32_t r = root(i);
        if (regionOf[size_t(r)] < 0) {
            regionOf[size_t(r)] = static_cast<int32_t>(regions.size());
            regions.emplace_back();
        }
        regions[size_t(regionOf[size_t(r)])].push_back(i);
    }
    std::stable_sort(regions.begin(), regions.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    return regions;
}

} // namespace cliplab::analysis
