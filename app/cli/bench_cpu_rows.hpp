#pragma once
// The bench's CPU side, from the stage registry: kernelcam's CPU backend (each stage's applyCpu)
// against the bare OpenCV call for the same work (StageDefinition::cpuBaseline), and the reference
// loop (applyReference) for scale. Rows of their own on a machine without CUDA; extra columns of
// the GPU rows otherwise.
#include <functional>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"

namespace kc::cli {

// Every registered stage's benchCases on grey and RGBA at each size: ms is the CPU backend,
// the baseline the bare OpenCV call, the reference loop in the note (and "referenceMs").
bench::BenchReport runCpuBench(const bench::BenchOptions& options,
                               const std::function<void(const bench::BenchRow&)>& onRow = {});

// Fills cpuBackendMs and cpuBaselineName/Ms of the rows that time one stage (BenchRow::stage).
void addCpuColumns(bench::BenchReport& report, const bench::BenchOptions& options);

}  // namespace kc::cli
