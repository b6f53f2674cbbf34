#pragma once
// Wall-clock time on the host, for the CPU timings (stages, references, solvers). GPU work is
// timed with CUDA events instead (gpu/core/stream.cuh).
#include <chrono>

namespace kc {

// Milliseconds from `start` (a std::chrono::steady_clock::now()) to now.
inline double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace kc
