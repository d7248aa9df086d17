#pragma once
/// \file Soak.h
/// Soak test of the player controller: many walkers with random inputs and random tick rates
/// move through a map, and every tick is checked (box in solid, out of the world, stuck).

#include "bsp/BspData.h"
#include "collision/Trace.h"
#include "core/Result.h"
#include "movement/Movement.h"
#include "movement/Settings.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace cliplab::movement {

/// A place where walkers (re)spawn.
struct SoakSpawn {
    glm::vec3 origin{0.0f}; ///< Where the player box's origin starts (units).
    float yaw = 0.0f;       ///< Degrees.
};

/// What a soak run does.
struct SoakConfig {
    Settings settings;             ///< Controller settings (preset, box, mask...). Walk mode always.
    std::vector<SoakSpawn> spawns; ///< At least one.
    glm::vec3 worldMins{0.0f};     ///< The world's bounds (units): model 0 of the map.
    glm::vec3 worldMaxs{0.0f};
    /// A walker whose origin leaves the world's bounds grown by this much is out of the world
    /// (units, >= 0). The default covers a player standing on the highest brush and jumping.
    float worldMargin = 128.0f;
    int walkers = 8;        ///< Players moving at once, [1, 4096]; they do not see each other.
    int64_t ticks = 100000; ///< Total ticks over all walkers (round robin), >= 0.
    uint64_t seed = 1;      ///< Every random choice derives from it and the walker's index.
    /// When set, only this walker runs (all `ticks` are its own): it makes the same moves as in a
    /// run of any walker count with the same seed, so a failure at its tick t replays with
    /// onlyWalker = K, ticks = t + 1.
    std::optional<int> onlyWalker;
    double minRate = 30.0; ///< Tick rates are drawn per walker from [minRate, maxRate] Hz.
    double maxRate = 250.0;
    double stuckSeconds = 5.0;  ///< Wanting to move but covering < stuckDistance this long = stuck (s).
    float stuckDistance = 1.0f; ///< Units.
    size_t maxReported = 100;   ///< Failures kept in SoakReport::failures (all are counted).
    /// Decides whether a tick ended in solid (a zero-length trace's startSolid). Empty: the trace
    /// the walkers move with. Tests give an independent judge (every brush tested in turn, no
    /// tree), so a bug in the trace cannot hide its own failures.
    collision::TraceFunction inSolidJudge;
};

/// Why a walker was counted and respawned.
enum class SoakFailureKind {
    InSolid,    ///< The tick ended with the player box in solid (a position test).
    OutOfWorld, ///< The origin left the world's bounds (with the margin), or is not finite.
    Stuck,      ///< Wanted to move for stuckSeconds without moving stuckDistance.
};

/// "in_solid", "out_of_world", "stuck".
const char* soakFailureName(SoakFailureKind kind);

/// One counted failure, with what is needed to replay it.
struct SoakFailure {
    SoakFailureKind kind = SoakFailureKind::InSolid;
    int walker = 0;     ///< Walker index.
    int64_t tick = 0;   ///< The walker's own tick index (0-based) at which it was counted.
    double rate = 0.0;  ///< The walker's tick rate then (Hz).
    PlayerState before; ///< State before that tick.
    PlayerState after;  ///< State after it.
    Input input;        ///< Input of that tick.
};

/// Counters of a run.
struct SoakReport {
    int64_t ticks = 0;                 ///< Ticks run (all walkers).
    int64_t inSolid = 0;               ///< Ticks that ended with the box in solid.
    int64_t outOfWorld = 0;            ///< Walkers that left the world's bounds.
    int64_t stuck = 0;                 ///< Walkers counted stuck.
    int64_t traces = 0;                ///< Traces made by the controller (not the checks).
    int tracesPerTickMax = 0;          ///< Most traces in one tick.
    double moveSeconds = 0.0;          ///< Wall time spent inside movement::move (s).
    std::vector<SoakFailure> failures; ///< The first SoakConfig::maxReported failures, in order.

    /// Traces per tick on average (0 without ticks).
    double tracesPerTickMean() const { return ticks ? double(traces) / double(ticks) : 0.0; }
    /// Wall time inside movement::move per tick (µs; 0 without ticks).
    double microsecondsPerTick() const { return ticks ? moveSeconds * 1e6 / double(ticks) : 0.0; }
};

/// Called after every tick when given: walker, its tick index, rate (Hz), input, the state before
/// the tick and the new state (before any respawn the tick's checks cause).
using SoakTickObserver = std::function<void(int walker, int64_t tick, double rate, const Input& input,
                                            const PlayerState& before, const PlayerState& state)>;

/// Checks `config` (walkers, ticks, rates, spawns, bounds); returns an error text or nothing.
std::optional<std::string> validateSoakConfig(const SoakConfig& config);

/// Runs the soak. `trace` is the world (its options, e.g. curves, are the caller's). The counts
/// depend only on config and the world, never on timing; moveSeconds is wall time. Walkers that
/// fail are counted, recorded and respawned at a random spawn point. `config` must pass
/// validateSoakConfig (else an empty report is returned). `recorder`, when given, receives every
/// trace the controller makes (not the checks'), before the tick's observer call. `correct` is
/// movement::move's: with config.settings.method == Method::StepCorrect it must be given (the soak
/// then exercises step-and-correct; without it the report is empty, like a failed validation).
SoakReport runSoak(const SoakConfig& config, const collision::TraceFunction& trace,
                   const SoakTickObserver& observer = {}, Recorder* recorder = nullptr,
                   const collision::CorrectFunction* correct = nullptr);

/// Spawn points (raised 9 units, as the game spawns players) and world bounds of `data` into
/// `config`. Error when the map has no spawn point or its entity text does not parse.
core::Status soakSetupFromMap(const bsp::BspData& data, SoakConfig& config);

} // namespace cliplab::movement
