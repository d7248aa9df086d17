#pragma once
/// \file ReachMove.h
/// One move of the reachability search (Reach.cpp): the map as a move sees it, and a run, jump or
/// drop simulated tick by tick with movement::move through the map's triggers. Internal to
/// engine/analysis.

#include "analysis/JumpPads.h"
#include "analysis/Reach.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <thread>
#include <vector>

namespace cliplab::analysis::detail {

/// The world grid: columns of `grid` units over the world's bounds.
struct Grid {
    float size = 16.0f;
    glm::ivec2 first{0}; ///< Column index of the lowest corner.
    glm::ivec2 count{0}; ///< Columns along x and y.

    glm::ivec2 column(const glm::vec3& p) const {
        return {static_cast<int>(std::floor(p.x / size)), static_cast<int>(std::floor(p.y / size))};
    }
    bool contains(const glm::ivec2& c) const {
        const glm::ivec2 i = c - first;
        return i.x >= 0 && i.y >= 0 && i.x < count.x && i.y < count.y;
    }
    size_t slot(const glm::ivec2& c) const {
        const glm::ivec2 i = c - first;
        return static_cast<size_t>(i.x) + static_cast<size_t>(i.y) * static_cast<size_t>(count.x);
    }
    size_t slots() const { return static_cast<size_t>(count.x) * static_cast<size_t>(count.y); }
    glm::vec2 centre(const glm::ivec2& c) const {
        return {(float(c.x) + 0.5f) * size, (float(c.y) + 0.5f) * size};
    }
};

/// Everything a move needs to know about the map: the world, its triggers and its bounds.
struct World {
    const collision::Model& model;
    collision::TraceFunction trace;
    ReachSettings settings;
    std::vector<JumpPad> pads; ///< With a launch only.
    std::vector<Teleporter> teleporters;
    std::vector<KillVolume> kills;
    glm::vec3 mins{0.0f}, maxs{0.0f}; ///< The world's bounds grown by a margin: beyond them a move is lost.
    glm::vec3 worldMins{0.0f}, worldMaxs{0.0f}; ///< Model 0's bounds.
};

/// Where one simulated move ended.
struct Landing {
    bool landed = false;
    glm::vec3 origin{0.0f};
    ReachVia via = ReachVia::None;
};

/// What a move is: a run (with or without a jump) along `yaw`, or a drop with no input (spawns).
struct MoveRequest {
    glm::vec3 origin{0.0f};
    float yaw = 0.0f;
    bool run = true;
    bool jump = false;
};

/// Box bounds of the player at `origin` grown by the game's 1-unit trigger margin overlap [mins, maxs].
bool boundsTouch(const glm::vec3& origin, const collision::Shape& box, const glm::vec3& mins,
                 const glm::vec3& maxs);

/// Whether the standing player at `origin` touches a jump pad, a teleporter or a kill volume: a
/// place no player stays in, so not a floor cell.
bool touchesTrigger(const World& w, const glm::vec3& origin);

/// Simulates one move until the player stands in another column (or anywhere after being in the
/// air), is blocked, dies, gets stuck or runs out of time. Counts its ticks into `ticks`.
Landing simulateMove(const World& w, const MoveRequest& request, int64_t& ticks);

/// Whether nobody stands alive on the floor cell at `origin` (a standing player's origin): a
/// killing trigger_hurt in the open column above it (up to what a ray from the origin meets), or
/// a sky face under it (ReachDeadly.cpp).
bool deadlyFloor(const World& w, const glm::vec3& origin);

/// The last phase of a search: marks the listed cells not reached for which deadlyFloor() holds
/// and counts them in map.deadly (ReachDeadly.cpp).
void markDeadly(const World& w, ReachMap& map);

/// Runs `work(i)` for i in [0, n) on `threads` threads (the calling one included).
template <typename Work> inline void parallelFor(size_t n, int threads, const Work& work) {
    std::atomic<size_t> next{0};
    auto loop = [&] {
        for (size_t i = next++; i < n; i = next++)
            work(i);
    };
    const size_t extra = std::min(static_cast<size_t>(std::max(threads, 1) - 1), n > 0 ? n - 1 : 0);
    std::vector<std::thread> pool;
    pool.reserve(extra);
    for (size_t t = 0; t < extra; ++t)
        pool.emplace_back(loop);
    loop();
    for (std::thread& t : pool)
        t.join();
}

} // namespace cliplab::analysis::detail
