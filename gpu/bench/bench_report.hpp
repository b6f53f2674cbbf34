#pragma once
// What the bench measures and how it is written out: one BenchRow per timed thing, a BenchReport
// for the run, and the two writers (markdown table for people, JSON for scripts). Plain C++: the
// Qt CLI and the standalone kc_bench share it.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace kc::bench {

struct BenchRow {
  std::string name;          // "gray RGBA->Gray 3840x2160"
  std::string group;         // copy, gray, hist, conv, transpose, pipeline, reduce, gemm, cg
  std::string key;           // machine-readable id ("conv/general/gray/5/3840x2160"); "" for baselines
  double ms = 0;             // median over the repetitions
  double bytes = 0;          // bytes read + written once each (the roofline's count); 0 if not memory-bound
  double flops = 0;          // floating-point operations; 0 if not compute-bound
  std::string baselineName;  // the fastest library baseline measured in the same run ("" if none)
  double baselineMs = 0;
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
  bool isBaseline = false;   // a library's own row (NPP, CUB, cuBLAS, cuSPARSE)
  std::string note;
  std::vector<std::pair<std::string, double>> extra;  // e.g. {"fps", 1650}, {"overlap", 0.97}

  double gbPerS() const { return ms > 0 ? bytes / (ms * 1e6) : 0; }
  double gflopPerS() const { return ms > 0 ? flops / (ms * 1e6) : 0; }
  double speedup() const { return baselineMs > 0 && ms > 0 ? baselineMs / ms : 0; }
};

struct BenchReport {
  std::string device;          // "NVIDIA H200, 132 SMs, L2 60 MB, CC 9.0"
  std::string method;          // how the rows were timed, when not the CUDA-event method (CPU rows)
  std::size_t l2Bytes = 0;
  double rooflineGBs = 0;      // the measured 1 GiB device-to-device copy, bytes read + written
  int reps = 0;
  int warmup = 0;
  std::vector<BenchRow> rows;
};

// "% of roofline" for memory-bound rows; "% of baseline" (e.g. of cuBLAS) for compute-bound ones.
// Negative when it does not apply.
double percentColumn(const BenchRow& row, double rooflineGBs);

std::string formatMarkdown(const BenchReport& report);
std::string formatJson(const BenchReport& report);

}  // namespace kc::bench
