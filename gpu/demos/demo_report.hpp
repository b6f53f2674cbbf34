#pragma once
// What a classroom demo run returns to the CLI and the UI panel: one row per version.
#include <cmath>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpu/core/backend.hpp"
#include "gpu/demos/demo_control.hpp"

namespace kc::demos {

enum class DemoRowKind { Cpu, Gpu, Library };

struct DemoRow {
  std::string version;
  std::string why;           // two short lines, '\n' between
  std::string sourceAnchor;  // function name the source view jumps to
  DemoRowKind kind = DemoRowKind::Gpu;
  double ms = NAN;          // median of the timed repetitions; NaN when skipped
  double throughput = NAN;  // GB/s (reduce) or GFLOP/s (matmul)
  std::string throughputUnit;
  std::optional<double> speedupVsFirstGpu, speedupVsCpu, speedupVsLibrary;  // empty: not measured
  bool correct = false;
  bool skipped = false;
  std::string note;    // why skipped, or how it was checked
  std::string result;  // the value (reduce) or empty
};

struct DemoReport {
  std::string title;
  std::string verification;  // the correctness rule applied (tolerances)
  std::vector<DemoRow> rows;
};

// Median of the samples (the mean of the two middle ones for an even count).
double medianOf(std::vector<double> samples);

// Times fn with std::chrono: one warm-up call, then `reps` timed calls; returns the median ms.
// Throws Cancelled after any call that ends with `cancel` set (fn may return early then).
double timeCpuMedianMs(const std::function<void()>& fn, int reps, const CancelToken& cancel = CancelToken());

// Fills every row's speedups: ms of the first timed GPU row, of the first timed CPU row and of
// the first timed library row, each divided by this row's ms. Missing references stay empty.
void fillSpeedups(DemoReport& report);

// A demo's GPU versions, injected by the caller so that a demo header means the same in every
// build (the CUDA build's factories live in *_demo_cuda.cuh; each demo's NAME_record.cu registers
// its own, and the demo registry hands it to the record's run: demo_registry.hpp). They add
// their rows to a report that already holds the CPU rows, from the input the CPU part made.
template <class Config, class Input>
using GpuRowsFn = std::function<void(const Config&, const Input&, DemoReport&)>;

// Whether a run takes the GPU versions: Cpu never, Cuda always (and without them
// kc::InvalidArgument naming `demo`). Auto is kc::InvalidArgument: which backend runs is decided
// once, by the caller (app/session's RunSession), not again by each demo.
bool demoRunsOnGpu(Backend backend, bool gpuGiven, const char* demo);

// The runners' common shape: the input and the CPU rows, the GPU rows where demoRunsOnGpu says
// so, then the speedups. The parts report each version through config.control.beginVersion
// (the CPU ones from makeInput, the GPU ones numbered after the rows already in the report);
// the progress they report says "of cpuVersions + gpuVersions" (GPU ones only where they run).
template <class Config, class Input, class MakeInput, class CpuReport>
DemoReport runDemoVersions(const Config& config, const GpuRowsFn<Config, Input>& gpu, MakeInput&& makeInput,
                           CpuReport&& cpuReport, const char* demo, int cpuVersions, int gpuVersions) {
  const bool onGpu = demoRunsOnGpu(config.backend, gpu != nullptr, demo);
  Config counted = config;
  counted.control = config.control.counting(cpuVersions + (onGpu ? gpuVersions : 0));
  const Input input = makeInput(counted);
  DemoReport report = cpuReport(counted, input);
  if (onGpu) gpu(counted, input, report);
  counted.control.throwIfCancelled();  // a part that returned early: no half table
  fillSpeedups(report);
  return report;
}

}  // namespace kc::demos
