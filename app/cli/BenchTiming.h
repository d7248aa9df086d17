#pragma once
/// \file BenchTiming.h
/// The clocks and the statistic the `bench-*` commands share, so that their figures are taken alike.

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace cliplab::cli {

/// The wall clock of the bench commands (monotonic).
using BenchClock = std::chrono::steady_clock;

/// Wall milliseconds from `t0` to now.
inline double msSince(BenchClock::time_point t0) {
    return std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count();
}

/// The calling thread's CPU time in milliseconds (what a shared machine's load disturbs least).
inline double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

/// The median of `v` (the upper one of an even count); 0 for none.
inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

} // namespace cliplab::cli
