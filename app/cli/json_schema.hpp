#pragma once
// The "schema" field of every JSON document kernelcam writes: which document it is and its
// version. Keys are snake_case everywhere. Bump the number when a key changes meaning or goes
// away (adding a key keeps it). The bench's own writer (gpu/bench/bench_report.cpp, no Qt) uses
// "kernelcam-bench/2" (kBenchJsonSchema, gpu/bench/bench_report.hpp).
#include <QLatin1String>

namespace kc::cli {

// process/2: "backend" is spelled "cuda" / "cpu" as in the demo's report (process/1 wrote "CUDA" / "CPU").
inline constexpr QLatin1String kProcessJsonSchema{"kernelcam-process/2"};
inline constexpr QLatin1String kDemoJsonSchema{"kernelcam-demo/1"};

}  // namespace kc::cli
