#pragma once
// Wall-clock time on the host, for the CPU timings (stages, references, solvers, compiles, the
// edit-to-frame time): the one place that turns steady_clock time points into milliseconds or
// seconds. GPU work is timed with CUDA events instead (gpu/core/stream.cuh).
#include <chrono>

namespace kc {

// Milliseconds from `from` to `to` (two std::chrono::steady_clock::now()s; negative if `to` is earlier).
inline double msBetween(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// Milliseconds from `start` (a std::chrono::steady_clock::now()) to now.
inline double msSince(std::chrono::steady_clock::time_point start) {
  return msBetween(start, std::chrono::steady_clock::now());
}

// Seconds from `start` to now.
inline double secondsSince(std::chrono::steady_clock::time_point start) { return msSince(start) / 1e3; }

// The steady clock now, in seconds from its epoch: a frame's capture time (HostFrame::timestampSeconds).
inline double steadyNowSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace kc
