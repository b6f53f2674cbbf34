#pragma once
// Runner of the matmul demo for the CLI and the UI panel (plain C++: no CUDA header).
// Seeded A and B, the CPU versions (skipped above cpuFlopLimit, where the single-threaded loop
// would take too long: their speedup columns stay blank), every GPU version timed with CUDA events
// (one warm-up, median of reps) and checked against the double / uint32 CPU reference: the whole
// of C when the reference is affordable, else a sample of entries (corners, last row and column,
// random ones), each recomputed on the CPU.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gpu/core/error.hpp"
#include "gpu/demos/demo_report.hpp"
#include "gpu/demos/matmul/matmul_cpu.hpp"

namespace kc::demos {

MatmulType parseMatmulType(const std::string& text);  // int32 | float

struct MatmulDemoConfig {
  MatmulType type = MatmulType::Float32;
  int M = 1024, N = 1024, K = 1024;
  Backend backend = Backend::Cpu;  // Cuda or Cpu, as the caller resolved --backend (demo_report.hpp)
  std::uint32_t seed = 1;
  int reps = 5;
  double cpuFlopLimit = 2147483648.0;  // 2^31 flops (2*M*N*K): above, the CPU rows are skipped
  DemoControl control;                 // cancel and progress ("version i of n"), both optional
};

struct MatmulDemoInput {
  std::vector<float> Af, Bf;
  std::vector<std::int32_t> Ai, Bi;
  bool fullReference = false;                // true: refF / refI hold all of C
  std::vector<double> refF;                  // float reference
  std::vector<std::int32_t> refI;            // int reference
  std::vector<std::pair<int, int>> samples;  // checked entries when !fullReference
  std::vector<double> sampleRefF;
  std::vector<std::int32_t> sampleRefI;
  double maxAbsA = 0, maxAbsB = 0;
  double cpuReferenceMs = NAN, cpuTransposedMs = NAN;
  bool cpuTransposedMatches = false;
};

void validate(const MatmulDemoConfig& config);
double matmulFlops(const MatmulDemoConfig& config);  // 2 * M * N * K
MatmulDemoInput makeMatmulDemoInput(const MatmulDemoConfig& config);
DemoReport matmulDemoCpuReport(const MatmulDemoConfig& config, const MatmulDemoInput& input);
// Checks a GPU result (all of C, row-major MxN) against the input's reference; `note` says how.
bool matmulResultMatches(const MatmulDemoConfig& config, const MatmulDemoInput& input, const void* hostC,
                         std::string& note);

using MatmulGpuRowsFn = GpuRowsFn<MatmulDemoConfig, MatmulDemoInput>;

// The entry point for the CLI and the UI: the CPU rows, then the GPU rows from `gpu`
// (cudaMatmulRows() in matmul_demo_cuda.cuh) unless the backend is cpu; as runReduceDemo.
DemoReport runMatmulDemo(const MatmulDemoConfig& config, const MatmulGpuRowsFn& gpu = nullptr);

}  // namespace kc::demos
