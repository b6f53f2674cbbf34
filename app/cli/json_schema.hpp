#pragma once
// The "schema" field of every JSON document kernelcam writes: which document it is and its
// version. Keys are snake_case everywhere. Bump the number when a key changes meaning or goes
// away (adding a key keeps it). The bench's own writer (gpu/bench/bench_report.cpp, no Qt) uses
// "kernelcam-bench/3" (kBenchJsonSchema, gpu/bench/bench_report.hpp).
#include <QLatin1String>

namespace kc::cli {

// process/2: "backend" is spelled "cuda" / "cpu" as in the demo's report (process/1 wrote "CUDA" / "CPU").
// process/3, demo/2 (and kernelcam-bench/3): "device" is the device's own name in all three, the
// CPU's model name on the CPU backend (demo/1 wrote "CPU", bench/2 "<model> (CPU backend)"), and a
// figure not measured is null, never 0.
inline constexpr QLatin1String kProcessJsonSchema{"kernelcam-process/3"};
inline constexpr QLatin1String kDemoJsonSchema{"kernelcam-demo/2"};

}  // namespace kc::cli
