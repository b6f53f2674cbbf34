#pragma once
// What a classroom demo run returns to the CLI and the UI panel: one row per version.
#include <cmath>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kc::demos {

enum class DemoBackend { Cuda, Cpu };  // Cpu: the CPU rows only (works in builds without nvcc)
DemoBackend parseDemoBackend(const std::string& text);  // "cuda" | "cpu", else kc::InvalidArgument

enum class DemoRowKind { Cpu, Gpu, Library };

struct DemoRow {
  std::string version;
  std::string why;           // two short lines, '\n' between
  std::string sourceAnchor;  // function name the source view jumps to
  DemoRowKind kind = DemoRowKind::Gpu;
  double ms = NAN;           // median of the timed repetitions; NaN when skipped
  double throughput = NAN;   // GB/s (reduce) or GFLOP/s (matmul)
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
double timeCpuMedianMs(const std::function<void()>& fn, int reps);

// Fills every row's speedups: ms of the first timed GPU row, of the first timed CPU row and of
// the first timed library row, each divided by this row's ms. Missing references stay empty.
void fillSpeedups(DemoReport& report);

}  // namespace kc::demos
