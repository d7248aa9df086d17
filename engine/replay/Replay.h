#pragma once
/// \file Replay.h
/// Playing a recording again: through movement::move at the recording's fixed tick rate, exactly
/// as movement::Simulation::tick ran it, so the same settings give bit-identical states.

#include "collision/Model.h"
#include "planeshift/PlaneShiftTree.h"
#include "replay/Recording.h"
#include "stepcorrect/StepCorrect.h"
#include "tracing/Tracing.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::replay {

/// What replays trace against: a map's collision model with its plane-shift trees
/// (tracing::Tracer), and the step-and-correct function built from it on first use. Not
/// thread-safe (the trees are built lazily, also from inside a trace function it gave out); one
/// World per thread.
class World {
public:
    /// `model` must outlive the world. `correct` may be given when the caller already has one
    /// for `model` (collision::correctFunction with default options); else it is built when a run
    /// first uses step-and-correct.
    explicit World(const collision::Model& model, collision::CorrectFunction correct = {});

    const collision::Model& model() const { return m_tracer.model(); }

    /// The trace function a run under `settings` uses: tracing::Tracer::function with the run's
    /// options, method and bevels (the brush trace, or the world's plane-shift tree for each
    /// contents mask asked for). The world must outlive the function.
    collision::TraceFunction traceFunction(const RunSettings& settings);
    /// The correction step-and-correct runs use (world brushes, default options).
    const collision::CorrectFunction& correct();
    /// The plane-shift tree for `mask` and `bevels`, built on first use.
    const collision::PlaneShiftTree& planeShiftTree(int32_t mask, bool bevels);

private:
    tracing::Tracer m_tracer;
    collision::CorrectFunction m_correct;
};

/// One replay of a recording.
struct Run {
    std::string label;                         ///< Names the run in tables ("recorded", "epsilon=1/32"...).
    RunSettings settings;                      ///< What it ran under.
    std::vector<movement::PlayerState> states; ///< states[0] = the start; states[i] = after tick i.
    std::vector<int32_t> tracesPerTick;        ///< Traces made by tick i + 1.
    int64_t traces = 0;                        ///< All traces of the run.

    /// Ticks run (states.size() - 1).
    size_t ticks() const { return states.empty() ? 0 : states.size() - 1; }
    /// Origin at `seconds` after the start: linear between the two ticks around it, clamped to the
    /// run's first and last state (units).
    glm::vec3 originAt(double seconds) const;
};

/// How many ticks a replay of `recording` at `rate` ticks/s runs: the recording's own count at
/// its own rate, else as many as cover the same time (round(ticks * rate / recorded rate)).
size_t ticksAtRate(const Recording& recording, double rate);

/// The input of tick `k` (0-based) of a replay at `rate` ticks/s: the recorded tick k at the
/// recorded rate; at another rate the recorded tick under the middle of tick k (held inputs are
/// resampled, as if the player had played at that rate). k < ticksAtRate(recording, rate).
const movement::Input& inputAt(const Recording& recording, double rate, size_t k);

/// Replays the first `maxTicks` ticks of `recording` under `settings` (recording.settings for the
/// run as it was recorded): one movement::move of 1 / settings.rate seconds per tick from
/// recording.start with inputAt's input, i.e. the recorded inputs one by one when the rate is the
/// recorded one. `recorder` (optional) sees every trace.
Run replay(const Recording& recording, const RunSettings& settings, World& world,
           movement::Recorder* recorder = nullptr, size_t maxTicks = std::numeric_limits<size_t>::max());

/// Runs the ticks `first` .. `first + count - 1` (0-based) of a replay of `recording` under
/// `settings` from `state` (the state before tick `first`), exactly as replay() runs them: appends
/// the state after each tick to `states` and, when given, its trace count to `tracesPerTick`;
/// returns the traces made. Ticks past ticksAtRate(recording, settings.rate) are not run. For
/// simulating a run again from a state kept from before (the run editor).
int64_t replayRange(const Recording& recording, const RunSettings& settings, World& world,
                    const movement::PlayerState& state, size_t first, size_t count,
                    std::vector<movement::PlayerState>& states, std::vector<int32_t>* tracesPerTick = nullptr,
                    movement::Recorder* recorder = nullptr);

/// Runs tick `k` (0-based) of a replay of `recording` under `settings` from `state`, as replay()
/// runs it: for playing a recording forward one tick at a time. `recorder` (optional) sees every
/// trace.
movement::PlayerState replayTick(const Recording& recording, const RunSettings& settings, World& world,
                                 const movement::PlayerState& state, size_t k,
                                 movement::Recorder* recorder = nullptr);

/// The traces (and corrections) of one tick: tick `tick` (1-based) is the one that produced
/// Run::states[tick]. Replays the ticks before it again (deterministic, so they are the run's).
struct TickTraces {
    std::vector<movement::TraceRecord> traces;
    std::vector<movement::CorrectionRecord> corrections;
};
TickTraces tracesOfTick(const Recording& recording, const RunSettings& settings, World& world, size_t tick);

/// Where a replay first left the origins stored in the recording (Tick::origin).
struct Mismatch {
    size_t tick = 0;          ///< 1-based.
    glm::vec3 recorded{0.0f}; ///< Units.
    glm::vec3 replayed{0.0f};
};
/// The first tick whose replayed origin is not bit-identical to the recorded one (ticks without a
/// recorded origin are skipped), or nullopt when all agree.
std::optional<Mismatch> firstMismatch(const Recording& recording, const Run& run);

/// True when the two states are equal in every field but `time` (bit for bit; -0 == +0).
bool sameState(const movement::PlayerState& a, const movement::PlayerState& b);

} // namespace cliplab::replay
