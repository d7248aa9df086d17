#include "movement/Simulation.h"

#include <algorithm>
#include <cmath>

namespace cliplab::movement {

Simulation::Simulation(const Settings& settings, double rate)
    : m_settings(settings), m_rate(clampRate(rate)) {}

double Simulation::clampRate(double rate) {
    // std::clamp would pass NaN through.
    return std::isnan(rate) ? kDefaultRate : std::clamp(rate, kMinRate, kMaxRate);
}

void Simulation::tick(const Input& input, const collision::TraceFunction& trace, Recorder* recorder,
                      const collision::CorrectFunction* correct) {
    m_state = move(m_state, input, 1.0 / m_rate, m_settings, trace, recorder, correct);
}

int Simulation::advance(double frameTime, const Input& input, const collision::TraceFunction& trace,
                        Recorder* recorder, const collision::CorrectFunction* correct) {
    if (!(frameTime > 0.0))
        return 0;
    m_accumulator += std::min(frameTime, 0.25);
    const double step = 1.0 / m_rate;
    int ticks = 0;
    // A tiny slack absorbs rounding so that frames of exactly one tick run exactly one tick.
    while (m_accumulator + 1e-9 >= step) {
        tick(input, trace, recorder, correct);
        m_accumulator = std::max(0.0, m_accumulator - step);
        ++ticks;
    }
    return ticks;
}

} // namespace cliplab::movement
