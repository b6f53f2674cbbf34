#pragma once
// Runs the selected row groups on the current CUDA device. Plain C++ interface (defined in a .cu).
#include <functional>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"

namespace kc::bench {

// onRow (optional) sees each row as soon as it is measured (progress output).
// Throws kc::Error when there is no CUDA device.
BenchReport runBench(const BenchOptions& options, const std::function<void(const BenchRow&)>& onRow = {});

}  // namespace kc::bench
