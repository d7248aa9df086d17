#pragma once
/// \file Compare.h
/// One recording replayed under several settings ("ghosts"): where the runs part, which traces
/// differed there, and a summary of each run.

#include "replay/Replay.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::replay {

/// Runs part when their origins are farther apart than this (units).
inline constexpr float kPartDistance = 0.01f;

/// The first tick two runs are more than kPartDistance apart.
struct Parting {
    size_t tick = 0;       ///< 1-based: the tick of run `a` that produced its states[tick].
    size_t a = 0, b = 0;   ///< The two runs (indices in the RunSet).
    float distance = 0.0f; ///< |origin a - origin b| there (units).
    glm::vec3 originA{0.0f}, originB{0.0f};
};

/// The first tick at which `a` and `b` are more than `threshold` apart: tick by tick over their
/// common ticks when they ran at the same rate; else each tick of `a` against `b`'s origin at the
/// same time (Run::originAt), up to the end of `b`. Parting::tick counts ticks of `a`.
std::optional<Parting> firstParting(const Run& a, const Run& b, float threshold = kPartDistance);

/// True when two trace records are bit-identical: purpose, shape, start, end, mask and result.
bool sameTrace(const movement::TraceRecord& a, const movement::TraceRecord& b);

/// The traces of two runs at one tick, side by side.
struct TraceComparison {
    size_t tick = 0;
    TickTraces a, b;
    /// Index of the first trace that differs (in the shorter list, or the first extra one when one
    /// list is a prefix of the other); -1 when all are the same.
    int firstDifferent = -1;
};

/// What a table of ghosts shows for one run.
struct RunSummary {
    glm::vec3 finalPosition{0.0f}; ///< Origin after the last tick (units).
    float finalDistance = 0.0f;    ///< From the reference run's final origin (units).
    float maxDistance = 0.0f;      ///< Largest distance from the reference run at any tick (units).
    double airtime = 0.0;          ///< Ticks spent off the ground in walk mode (s).
    float topSpeed = 0.0f;         ///< Highest horizontal speed (units/s).
    int stuckTicks = 0;            ///< Ticks that ended with PlayerState::stuck.
    /// Ticks that ended with the player's box in solid, judged by a position test of the brush
    /// trace (whatever trace method the run used) with the run's shape, mask and trace options.
    int inSolidTicks = 0;
    int jumps = 0; ///< findJumps of the run.
};

/// A recording and its replays. The reference run (index 0) is the replay under the recorded
/// settings; add() replays under other settings. Not thread-safe (World).
class RunSet {
public:
    /// Replays `recording` under its own settings as run 0, labelled "recorded". `world` must
    /// outlive the set.
    RunSet(Recording recording, World& world);

    /// Replays the recording under `settings`; returns the new run's index.
    size_t add(std::string label, const RunSettings& settings);

    const Recording& recording() const { return m_recording; }
    size_t size() const { return m_runs.size(); }
    const Run& run(size_t i) const { return m_runs.at(i); }
    const std::vector<Run>& runs() const { return m_runs; }
    /// Summary of run i against run 0.
    const RunSummary& summary(size_t i) const { return m_summaries.at(i); }

    /// Where runs i and j part (nullopt: never by more than kPartDistance).
    std::optional<Parting> parting(size_t i, size_t j) const;
    /// The earliest parting of any two runs of the set (ties: the lowest pair).
    std::optional<Parting> firstParting() const;
    /// The traces of runs i and j at `tick` (replayed again).
    TraceComparison compareTraces(size_t i, size_t j, size_t tick);

private:
    Recording m_recording;
    World& m_world;
    std::vector<Run> m_runs;
    std::vector<RunSummary> m_summaries;

    RunSummary summarize(const Run& run) const;
};

} // namespace cliplab::replay
