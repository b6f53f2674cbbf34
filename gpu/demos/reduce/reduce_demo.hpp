#pragma once
// Runner of the reduction demo for the CLI and the UI panel (plain C++: no CUDA header).
// Generates a seeded input, runs the CPU reference and (backend cuda) every GPU version,
// times each (CUDA events / std::chrono: one warm-up, median of reps) and checks each result
// against the CPU reference (reduce_cpu.hpp states the rules).
//
// The GPU versions come in as ReduceGpuRowsFn (cudaReduceRows() in reduce_demo_cuda.cuh), as
// the CG demo's solvers do: this header means the same in every build.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gpu/core/error.hpp"
#include "gpu/demos/demo_report.hpp"
#include "gpu/demos/reduce/reduce_cpu.hpp"

namespace kc::demos {

enum class ReduceDemoOp { Sum, Min, Max, ArgMax, Mat3Min };
ReduceDemoOp parseReduceDemoOp(const std::string& text);  // sum | min | max | argmax | mat3min
ReduceType parseReduceType(const std::string& text);      // int32 | float
const char* toString(ReduceDemoOp op);

struct ReduceDemoConfig {
  ReduceDemoOp op = ReduceDemoOp::Sum;
  ReduceType type = ReduceType::Float32;  // mat3min is int32 only
  std::size_t n = std::size_t(1) << 24;   // elements (mat3min: matrices)
  Backend backend = Backend::Cpu;         // Cuda or Cpu, as the caller resolved --backend (demo_report.hpp)
  std::uint32_t seed = 1;
  int reps = 10;
  DemoControl control;  // cancel and progress ("version i of n"), both optional
};

// GPU rows of mat3min (the fused kernel and nine CUB reductions); the others have one row per
// entry of kReduceVersions.
inline constexpr int kMat3MinGpuVersions = 2;

// The input and its reference, built once and shared by the CPU and GPU parts.
struct ReduceDemoInput {
  std::vector<std::int32_t> ints;  // int32 input, or mat3min's 9 planes of n
  std::vector<float> floats;
  ReduceValue reference;
  Mat3i mat3Reference{};
  double sumAbs = 0.0;  // sum |x_i| (the float-sum tolerance scales with it)
  double cpuMs = 0.0;   // median time of the reference
};

void validate(const ReduceDemoConfig& config);  // kc::InvalidArgument on bad values
std::size_t reduceDemoBytesRead(const ReduceDemoConfig& config);
// Generates the input and runs (and times) the CPU reference.
ReduceDemoInput makeReduceDemoInput(const ReduceDemoConfig& config);
// The report with its title, verification rule and the CPU row.
DemoReport reduceDemoCpuReport(const ReduceDemoConfig& config, const ReduceDemoInput& input);

using ReduceGpuRowsFn = GpuRowsFn<ReduceDemoConfig, ReduceDemoInput>;

// The entry point for the CLI and the UI: the CPU row, then the GPU rows from `gpu` unless the
// backend is cpu (backend cuda without `gpu`, or auto: kc::InvalidArgument).
DemoReport runReduceDemo(const ReduceDemoConfig& config, const ReduceGpuRowsFn& gpu = nullptr);

}  // namespace kc::demos
