#include "movement/Soak.h"

#include "bsp/Entities.h"
#include "movement/Simulation.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>

namespace cliplab::movement {

namespace {

/// SplitMix64: small, fast, and the same numbers on every platform and standard library (the
/// <random> distributions are not), so a seed replays anywhere.
class SoakRng {
public:
    explicit SoakRng(uint64_t seed) : m_state(seed) {}
    uint64_t next() {
        uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// [0, 1).
    double unit() { return double(next() >> 11) * 0x1.0p-53; }
    /// [lo, hi).
    double range(double lo, double hi) { return lo + (hi - lo) * unit(); }
    /// [0, n), n >= 1.
    size_t below(size_t n) { return static_cast<size_t>(next() % n); }

private:
    uint64_t m_state;
};

/// Counts the traces of one tick and passes them on.
class TraceCounter final : public Recorder {
public:
    explicit TraceCounter(Recorder* next) : m_next(next) {}
    void onTrace(const TraceRecord& record) override {
        ++count;
        if (m_next)
            m_next->onTrace(record);
    }
    int count = 0;

private:
    Recorder* m_next;
};

/// One random player.
struct Walker {
    explicit Walker(uint64_t seed) : rng(seed) {}
    SoakRng rng;
    PlayerState state;
    Input input;
    float turnRate = 0.0f;   ///< Degrees/s added to the yaw every tick.
    double rate = 125.0;     ///< Hz.
    double time = 0.0;       ///< Simulated seconds since the walker started (all lives).
    double nextInput = 0.0;  ///< When the input changes next (s, walker time).
    double nextRate = 0.0;   ///< When the tick rate changes next.
    glm::vec3 anchor{0.0f};  ///< Where the current "wants to move" stretch started.
    double anchorTime = 0.0; ///< Walker time when it started; < 0 = not pushing.
    int64_t tick = 0;        ///< The walker's own tick index.
};

uint64_t walkerSeed(uint64_t seed, int index) {
    // Distinct, well-mixed streams per walker: one SplitMix64 step over (seed, index).
    SoakRng mix(seed ^ (0xD1B54A32D192ED03ull * (static_cast<uint64_t>(index) + 1)));
    return mix.next();
}

/// -1, 0 or +1 most of the time (keys), sometimes an analog value.
float randomAxis(SoakRng& rng, double pPlus, double pMinus) {
    const double r = rng.unit();
    if (r < pPlus)
        return 1.0f;
    if (r < pPlus + pMinus)
        return -1.0f;
    if (r < 0.9)
        return 0.0f;
    return static_cast<float>(rng.range(-1.0, 1.0));
}

void newInput(Walker& w) {
    SoakRng& rng = w.rng;
    w.input.forward = randomAxis(rng, 0.55, 0.15); // players mostly run forward
    w.input.right = randomAxis(rng, 0.2, 0.2);
    w.input.up = 0.0f;
    const double button = rng.unit();
    w.input.jump = button < 0.15;
    w.input.crouch = button >= 0.15 && button < 0.25;
    // Half the time keep the heading, else turn steadily; sometimes snap to a new heading.
    w.turnRate = rng.unit() < 0.5 ? 0.0f : static_cast<float>(rng.range(-180.0, 180.0));
    if (rng.unit() < 0.2)
        w.input.yaw = static_cast<float>(rng.range(0.0, 360.0));
    w.input.pitch = static_cast<float>(rng.range(-60.0, 60.0));
    w.nextInput = w.time + rng.range(0.1, 1.5);
}

void respawn(Walker& w, const SoakConfig& config) {
    const SoakSpawn& spawn = config.spawns[w.rng.below(config.spawns.size())];
    w.state = PlayerState{};
    w.state.origin = spawn.origin;
    w.state.time = w.time;
    w.input.yaw = spawn.yaw;
    w.anchorTime = -1.0;
    w.nextInput = w.time; // fresh input on the next tick
}

bool outOfWorld(const glm::vec3& p, const SoakConfig& config) {
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(p[i]) || p[i] < config.worldMins[i] - config.worldMargin ||
            p[i] > config.worldMaxs[i] + config.worldMargin)
            return true;
    }
    return false;
}

/// The walkers [first, last) of a soak, each from its own seed, with a tick rate and a spawn.
std::vector<Walker> makeWalkers(const SoakConfig& config, int first, int last) {
    std::vector<Walker> walkers;
    for (int k = first; k < last; ++k) {
        Walker w(walkerSeed(config.seed, k));
        w.rate = w.rng.range(config.minRate, config.maxRate);
        w.nextRate = w.rng.range(1.0, 10.0);
        respawn(w, config);
        walkers.push_back(w);
    }
    return walkers;
}

/// Before a walker's tick: a new tick rate and new keys when theirs are due, and the turn. Returns
/// the tick's length (s).
double prepareTick(Walker& w, const SoakConfig& config) {
    if (w.time >= w.nextRate) {
        w.rate = w.rng.range(config.minRate, config.maxRate);
        w.nextRate = w.time + w.rng.range(1.0, 10.0);
    }
    if (w.time >= w.nextInput)
        newInput(w);
    const double dt = 1.0 / w.rate;
    w.input.yaw = std::fmod(w.input.yaw + w.turnRate * static_cast<float>(dt) + 360.0f, 360.0f);
    return dt;
}

/// What went wrong in the tick the walker just made, if anything: it left the world, ended in
/// solid (by config.inSolidJudge, else `trace`), or is stuck: wanting to move (forward or strafe
/// held) without getting stuckDistance away for stuckSeconds (this keeps the walker's anchor).
std::optional<SoakFailureKind> judgeTick(Walker& w, const SoakConfig& config,
                                         const collision::TraceFunction& trace) {
    const Settings& settings = config.settings;
    if (outOfWorld(w.state.origin, config))
        return SoakFailureKind::OutOfWorld;
    if ((config.inSolidJudge ? config.inSolidJudge : trace)(
            playerShape(settings, w.state.crouched), w.state.origin, w.state.origin, settings.contentsMask)
            .startSolid)
        return SoakFailureKind::InSolid;
    const bool pushing = w.input.forward != 0.0f || w.input.right != 0.0f;
    if (!pushing) {
        w.anchorTime = -1.0;
    } else if (w.anchorTime < 0.0 || glm::length(w.state.origin - w.anchor) >= config.stuckDistance) {
        w.anchor = w.state.origin;
        w.anchorTime = w.time;
    } else if (w.time - w.anchorTime >= config.stuckSeconds) {
        return SoakFailureKind::Stuck;
    }
    return std::nullopt;
}

/// The report's count of failures of `kind`.
int64_t& failureCount(SoakReport& report, SoakFailureKind kind) {
    switch (kind) {
    case SoakFailureKind::OutOfWorld:
        return report.outOfWorld;
    case SoakFailureKind::InSolid:
        return report.inSolid;
    case SoakFailureKind::Stuck:
        break;
    }
    return report.stuck;
}

} // namespace

const char* soakFailureName(SoakFailureKind kind) {
    switch (kind) {
    case SoakFailureKind::InSolid:
        return "in_solid";
    case SoakFailureKind::OutOfWorld:
        return "out_of_world";
    case SoakFailureKind::Stuck:
        return "stuck";
    }
    return "?";
}

std::optional<std::string> validateSoakConfig(const SoakConfig& c) {
    // The in-solid check uses these settings' box as given: an inverted one would count falsely.
    if (auto error = validateSettings(c.settings))
        return "settings: " + *error;
    if (c.walkers < 1 || c.walkers > 4096)
        return "walkers: expected 1 to 4096, got " + std::to_string(c.walkers);
    if (c.ticks < 0)
        return "ticks: expected a count >= 0";
    if (c.onlyWalker && (*c.onlyWalker < 0 || *c.onlyWalker >= c.walkers))
        return "walker: expected an index from 0 to walkers - 1";
    if (!(c.minRate >= Simulation::kMinRate && c.minRate <= c.maxRate && c.maxRate <= Simulation::kMaxRate))
        return "tick rates: expected 30 <= min <= max <= 333 Hz";
    if (c.spawns.empty())
        return "no spawn point";
    for (int i = 0; i < 3; ++i)
        if (!std::isfinite(c.worldMins[i]) || !std::isfinite(c.worldMaxs[i]) ||
            c.worldMins[i] > c.worldMaxs[i])
            return "world bounds are not a finite box";
    if (!(c.worldMargin >= 0.0f && std::isfinite(c.worldMargin)))
        return "world margin: expected a finite number >= 0";
    if (!(c.stuckSeconds > 0.0 && std::isfinite(c.stuckSeconds)) || !(c.stuckDistance >= 0.0f))
        return "stuck limits: expected seconds > 0 and a distance >= 0";
    return std::nullopt;
}

SoakReport runSoak(const SoakConfig& config, const collision::TraceFunction& trace,
                   const SoakTickObserver& observer, Recorder* recorder,
                   const collision::CorrectFunction* correct) {
    SoakReport report;
    if (validateSoakConfig(config))
        return report;
    // move() would quietly fall back to swept traces: a soak of the wrong method proves nothing.
    if (config.settings.method == Method::StepCorrect && (!correct || !*correct))
        return report;
    const Settings& settings = config.settings;
    const int first = config.onlyWalker.value_or(0);
    const int last = config.onlyWalker ? first + 1 : config.walkers;
    std::vector<Walker> walkers = makeWalkers(config, first, last);

    TraceCounter counter(recorder);
    const size_t count = walkers.size();
    for (int64_t t = 0; t < config.ticks; ++t) {
        const size_t slot = static_cast<size_t>(t % static_cast<int64_t>(count));
        Walker& w = walkers[slot];
        const int index = first + static_cast<int>(slot);
        const double dt = prepareTick(w, config);

        const PlayerState before = w.state;
        counter.count = 0;
        const auto t0 = std::chrono::steady_clock::now();
        w.state = move(w.state, w.input, dt, settings, trace, &counter, correct);
        report.moveSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        w.time += dt;
        ++report.ticks;
        report.traces += counter.count;
        report.tracesPerTickMax = std::max(report.tracesPerTickMax, counter.count);
        if (observer)
            observer(index, w.tick, w.rate, w.input, before, w.state);

        if (const auto failure = judgeTick(w, config, trace)) {
            ++failureCount(report, *failure);
            if (report.failures.size() < config.maxReported)
                report.failures.push_back({*failure, index, w.tick, w.rate, before, w.state, w.input});
            respawn(w, config);
        }
        ++w.tick;
    }
    return report;
}

core::Status soakSetupFromMap(const bsp::BspData& data, SoakConfig& config) {
    auto entities = bsp::parseEntities(data.entities, data.name);
    if (!entities)
        return entities.error();
    const auto spawns = bsp::spawnPoints(entities.value());
    if (spawns.empty())
        return core::makeError(data.name +
                               ": the map has no spawn point (info_player_deathmatch or info_player_start)");
    if (data.models.empty())
        return core::makeError(data.name + ": the map has no world model (model 0) to take the bounds from");
    config.spawns.clear();
    for (const auto& s : spawns) // the game spawns players 9 units above the spawn point's origin
        config.spawns.push_back({s.origin + glm::vec3(0.0f, 0.0f, 9.0f), s.angle});
    config.worldMins = data.models.front().mins;
    config.worldMaxs = data.models.front().maxs;
    return core::Ok{};
}

} // namespace cliplab::movement
