#pragma once
/// \file Simulation.h
/// Fixed-step simulation: frames of any length advance the player in whole ticks of 1/rate s.

#include "movement/Movement.h"

namespace cliplab::movement {

/// Runs movement::move at a fixed rate with an accumulator, so behaviour does not depend on the
/// display frame rate. Deterministic: the same frame times and inputs give the same states.
class Simulation {
public:
    static constexpr double kDefaultRate = 125.0; ///< Ticks per second (Quake 3's usual 8 ms).
    static constexpr double kMinRate = 30.0;
    static constexpr double kMaxRate = 333.0;

    /// `rate` is clamped to [kMinRate, kMaxRate] ticks/s (NaN: kDefaultRate).
    explicit Simulation(const Settings& settings, double rate = kDefaultRate);

    /// The rate actually used for `rate` ticks/s: NaN -> kDefaultRate, else clamped to
    /// [kMinRate, kMaxRate] (0 -> 30, 1e9 -> 333, -inf -> 30).
    static double clampRate(double rate);

    /// Adds `frameTime` seconds (>= 0; at most 0.25 s per call are used, so a stall does not run
    /// away: at most 0.25 * kMaxRate + 1 ticks per call) and runs as many whole ticks as fit.
    /// NaN, negative or zero frame times run nothing. Returns the number of ticks run.
    /// `correct` (optional) is movement::move's, for Method::StepCorrect.
    int advance(double frameTime, const Input& input, const collision::TraceFunction& trace,
                Recorder* recorder = nullptr, const collision::CorrectFunction* correct = nullptr);
    /// Runs exactly one tick.
    void tick(const Input& input, const collision::TraceFunction& trace, Recorder* recorder = nullptr,
              const collision::CorrectFunction* correct = nullptr);

    const PlayerState& state() const { return m_state; }
    void setState(const PlayerState& state) { m_state = state; }
    const Settings& settings() const { return m_settings; }
    void setSettings(const Settings& settings) { m_settings = settings; }
    double rate() const { return m_rate; }
    /// Fraction [0, 1) of a tick waiting in the accumulator (for interpolating the view).
    double alpha() const { return m_accumulator * m_rate; }

private:
    Settings m_settings;
    PlayerState m_state;
    double m_rate;
    double m_accumulator = 0.0;
};

} // namespace cliplab::movement
