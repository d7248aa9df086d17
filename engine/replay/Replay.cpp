#include "replay/Replay.h"

#include "movement/Simulation.h"

#include <algorithm>
#include <cmath>

namespace cliplab::replay {

World::World(const collision::Model& model, collision::CorrectFunction correct)
    : m_tracer(model), m_correct(std::move(correct)) {}

const collision::CorrectFunction& World::correct() {
    if (!m_correct)
        m_correct = collision::correctFunction(m_tracer.model());
    return m_correct;
}

const collision::PlaneShiftTree& World::planeShiftTree(int32_t mask, bool bevels) {
    return m_tracer.planeShiftTree(mask, bevels);
}

collision::TraceFunction World::traceFunction(const RunSettings& settings) {
    return m_tracer.function({settings.trace, settings.method, settings.bevels});
}

namespace {

/// Counts traces; forwards everything to an optional inner recorder.
class CountingRecorder : public movement::Recorder {
public:
    explicit CountingRecorder(movement::Recorder* inner) : m_inner(inner) {}
    void onTrace(const movement::TraceRecord& record) override {
        ++count;
        if (m_inner)
            m_inner->onTrace(record);
    }
    void onCorrection(const movement::CorrectionRecord& record) override {
        if (m_inner)
            m_inner->onCorrection(record);
    }
    int64_t count = 0;

private:
    movement::Recorder* m_inner;
};

/// Keeps the records of the ticks it is switched on for.
class TickRecorder : public movement::Recorder {
public:
    void onTrace(const movement::TraceRecord& record) override {
        if (on)
            out.traces.push_back(record);
    }
    void onCorrection(const movement::CorrectionRecord& record) override {
        if (on)
            out.corrections.push_back(record);
    }
    bool on = false;
    TickTraces out;
};

} // namespace

size_t ticksAtRate(const Recording& recording, double rate) {
    const double recorded = recording.settings.rate;
    if (rate == recorded || !(rate > 0.0) || !(recorded > 0.0))
        return recording.ticks.size();
    return static_cast<size_t>(std::llround(double(recording.ticks.size()) * rate / recorded));
}

const movement::Input& inputAt(const Recording& recording, double rate, size_t k) {
    const double recorded = recording.settings.rate;
    if (rate == recorded || !(rate > 0.0) || !(recorded > 0.0))
        return recording.ticks.at(k).input;
    const double middle = (double(k) + 0.5) / rate; // seconds
    const auto index = static_cast<size_t>(std::max(0.0, std::floor(middle * recorded)));
    return recording.ticks.at(std::min(index, recording.ticks.size() - 1)).input;
}

glm::vec3 Run::originAt(double seconds) const {
    if (states.empty())
        return glm::vec3(0.0f);
    const double at = seconds * settings.rate;
    if (!(at > 0.0))
        return states.front().origin;
    const auto i = static_cast<size_t>(std::floor(at));
    if (i + 1 >= states.size())
        return states.back().origin;
    const auto f = static_cast<float>(at - double(i));
    return states[i].origin + (states[i + 1].origin - states[i].origin) * f;
}

namespace {

/// What every tick of one replay shares.
struct Stepper {
    Stepper(const RunSettings& runSettings, World& world)
        : settings(runSettings), trace(world.traceFunction(runSettings)),
          correct(runSettings.movement.method == movement::Method::StepCorrect ? &world.correct() : nullptr),
          dt(1.0 / movement::Simulation::clampRate(runSettings.rate)) {}

    movement::PlayerState tick(const movement::PlayerState& state, const movement::Input& input,
                               movement::Recorder* recorder) const {
        return movement::move(state, input, dt, settings.movement, trace, recorder, correct);
    }

    const RunSettings& settings;
    const collision::TraceFunction trace;
    const collision::CorrectFunction* correct;
    /// The tick length exactly as movement::Simulation::tick computes it.
    const double dt;
};

} // namespace

int64_t replayRange(const Recording& recording, const RunSettings& settings, World& world,
                    const movement::PlayerState& state, size_t first, size_t count,
                    std::vector<movement::PlayerState>& states, std::vector<int32_t>* tracesPerTick,
                    movement::Recorder* recorder) {
    const size_t total = ticksAtRate(recording, settings.rate);
    const size_t end = first >= total ? first : first + std::min(count, total - first);
    const Stepper stepper(settings, world);
    CountingRecorder counter(recorder);
    movement::PlayerState now = state;
    for (size_t i = first; i < end; ++i) {
        const int64_t before = counter.count;
        now = stepper.tick(now, inputAt(recording, settings.rate, i), &counter);
        states.push_back(now);
        if (tracesPerTick)
            tracesPerTick->push_back(static_cast<int32_t>(counter.count - before));
    }
    return counter.count;
}

Run replay(const Recording& recording, const RunSettings& settings, World& world,
           movement::Recorder* recorder, size_t maxTicks) {
    Run run;
    run.settings = settings;
    const size_t n = std::min(maxTicks, ticksAtRate(recording, settings.rate));
    run.states.reserve(n + 1);
    run.tracesPerTick.reserve(n);
    run.states.push_back(recording.start);
    run.traces = replayRange(recording, settings, world, recording.start, 0, n, run.states,
                             &run.tracesPerTick, recorder);
    return run;
}

movement::PlayerState replayTick(const Recording& recording, const RunSettings& settings, World& world,
                                 const movement::PlayerState& state, size_t k, movement::Recorder* recorder) {
    return Stepper(settings, world).tick(state, inputAt(recording, settings.rate, k), recorder);
}

TickTraces tracesOfTick(const Recording& recording, const RunSettings& settings, World& world, size_t tick) {
    if (tick == 0 || tick > ticksAtRate(recording, settings.rate))
        return {};
    // Replays up to the tick before without recording, then the tick itself with.
    const Run before = replay(recording, settings, world, nullptr, tick - 1);
    TickRecorder rec;
    rec.on = true;
    replayTick(recording, settings, world, before.states.back(), tick - 1, &rec);
    return rec.out;
}

bool sameState(const movement::PlayerState& a, const movement::PlayerState& b) {
    return a.origin == b.origin && a.velocity == b.velocity && a.mode == b.mode && a.onGround == b.onGround &&
           a.groundNormal == b.groundNormal && a.crouched == b.crouched && a.jumpHeld == b.jumpHeld &&
           a.timer == b.timer && a.waterJump == b.waterJump && a.waterLevel == b.waterLevel &&
           a.stuck == b.stuck;
}

std::optional<Mismatch> firstMismatch(const Recording& recording, const Run& run) {
    const size_t n = std::min(recording.ticks.size(), run.ticks());
    for (size_t i = 0; i < n; ++i) {
        const auto& recorded = recording.ticks[i].origin;
        if (recorded && *recorded != run.states[i + 1].origin)
            return Mismatch{i + 1, *recorded, run.states[i + 1].origin};
    }
    return std::nullopt;
}

} // namespace cliplab::replay
