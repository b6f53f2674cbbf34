#pragma once
// What the bench measures and how it is written out: one BenchRow per timed thing, a BenchReport
// for the run, and the two writers (markdown table for people, JSON for scripts). Plain C++: the
// Qt CLI and the standalone kc_bench share it.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "gpu/bench/sm_clock.hpp"

namespace kc::bench {

// The JSON's "schema"; bump when a key changes meaning or goes away (app/cli/json_schema.hpp).
inline constexpr const char* kBenchJsonSchema = "kernelcam-bench/3";

struct BenchRow {
  std::string name;          // "gray RGBA->Gray 3840x2160"
  std::string group;         // copy, gray, hist, conv, transpose, pipeline, reduce, gemm, cg
  std::string key;           // machine-readable id ("conv/general/gray/5/3840x2160"); "" for baselines
  double ms = 0;             // events: median over the repetitions, one event pair each
  double graphMs = 0;        // graph: the repetitions as one CUDA graph, per repetition (0: not measured)
  int graphReps = 0;         // repetitions in that graph
  std::string graphNote;     // why there is no graph figure (not capturable, own timing)
  double bytes = 0;          // bytes read + written once each (the roofline's count); 0 if not memory-bound
  double flops = 0;          // floating-point operations; 0 if not compute-bound
  std::string baselineName;  // the fastest library baseline measured in the same run ("" if none)
  double baselineMs = 0;
  double baselineGraphMs = 0;  // that baseline's graph figure
  // A rotated device-to-device copy of the same bytes (bytes / 2 copied, read + written) over the
  // same number of buffer sets, timed both ways in the same run: the bound for this row's traffic.
  int sets = 0;               // buffer sets the row rotates over (0: rotationCount of its bytes)
  bool hostTransfer = false;  // bytes cross PCIe / C2C (uploads): no device copy to compare with
  double copyMs = 0;
  double copyGraphMs = 0;
  // The stage this row times, so the CPU backend can time the same work: its --filters text and
  // input ("" when the row is not one stage of a chain).
  std::string stage;
  int width = 0, height = 0;
  bool grayInput = false;
  // The same stage on the CPU (only `kernelcam bench` fills these): kernelcam's CPU backend, and
  // the bare OpenCV call that does the stage's work (StageDefinition::cpuBaseline).
  double cpuBackendMs = 0;
  std::string cpuBaselineName;
  double cpuBaselineMs = 0;
  bool isBaseline = false;  // a library's own row (NPP, CUB, cuBLAS, cuSPARSE)
  std::string note;
  std::vector<std::pair<std::string, double>> extra;  // e.g. {"fps", 1650}, {"overlap", 0.97}

  double gbPerS() const { return ms > 0 ? bytes / (ms * 1e6) : 0; }
  double gflopPerS() const { return ms > 0 ? flops / (ms * 1e6) : 0; }
  double speedup() const { return baselineMs > 0 && ms > 0 ? baselineMs / ms : 0; }
  double graphSpeedup() const { return baselineGraphMs > 0 && graphMs > 0 ? baselineGraphMs / graphMs : 0; }
  // "% of copy": the copy's time over this row's (100 = as fast as copying its bytes); 0 if none.
  double percentOfCopy() const { return copyMs > 0 && ms > 0 ? 100.0 * copyMs / ms : 0; }
  double percentOfCopyGraph() const { return copyGraphMs > 0 && graphMs > 0 ? 100.0 * copyGraphMs / graphMs : 0; }
};

// time = fixed + bytes / bandwidth, fitted to the rotated copies of several sizes (least squares on
// the relative error, so the small copies, where the fixed cost shows, weigh as much as the large).
struct CopyFit {
  double fixedUs = 0;       // events: the fixed cost of one copy
  double gbPerS = 0;        // events: the bandwidth (bytes read + written)
  double graphFixedUs = 0;  // the same from the graph figures
  double graphGbPerS = 0;
  int points = 0;                     // copies fitted (0: no fit)
  double minBytes = 0, maxBytes = 0;  // moved (read + written) by the smallest and largest
};

// y = intercept + slope x minimising sum ((y_i - fit_i) / y_i)^2. Needs two distinct x and y > 0;
// otherwise both are 0.
struct LineFit {
  double intercept = 0;
  double slope = 0;
};
LineFit fitRelativeLeastSquares(const std::vector<std::pair<double, double>>& points);
// The copy fit from (bytes moved, events ms, graph ms) of each copy; graph ms <= 0 are left out.
CopyFit fitCopies(const std::vector<double>& bytes, const std::vector<double>& ms, const std::vector<double>& graphMs);

struct BenchReport {
  std::string device;  // "NVIDIA H200, 132 SMs, L2 60 MB, CC 9.0"
  std::string method;  // how the rows were timed, when not the CUDA-event method (CPU rows)
  std::size_t l2Bytes = 0;
  double rooflineGBs = 0;  // the measured 1 GiB device-to-device copy, bytes read + written
  CopyFit copyFit;
  SmClock clockBefore, clockAfter;  // the SM clock read (never set) before and after the rows
  int reps = 0;
  int warmup = 0;
  int graphLaunches = 0;  // timed launches per row's graph (0: no graph figures, e.g. CPU rows)
  int graphMinReps = 0;   // runs in a short row's graph
  std::vector<BenchRow> rows;
};

// "% of roofline" for memory-bound rows; "% of baseline" (e.g. of cuBLAS) for compute-bound ones.
// Negative when it does not apply.
double percentColumn(const BenchRow& row, double rooflineGBs);

// One row as the bench prints it while it runs: "  name   0.0123 ms   0.0101 ms graph".
std::string progressLine(const BenchRow& row);

std::string formatMarkdown(const BenchReport& report);
std::string formatJson(const BenchReport& report);

}  // namespace kc::bench
