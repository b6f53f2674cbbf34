#pragma once
// Timing with CUDA events, two ways for every row:
// - events: warm-up, then `reps` back-to-back repetitions bracketed by events, median reported;
// - graph: the repetitions captured into one CUDA graph, launched whole between two events, the
//   launch's time over its repetitions (median of a few launches). This drops the per-launch gap
//   the events mode pays between repetitions, so a small kernel's two figures show its launch cost.
// The work gets the repetition index so it can rotate over buffer sets larger than the L2 cache
// (otherwise a 4K frame, 33 MB, is served from a 50-60 MB L2 and the "DRAM" bandwidth is fiction).
#include <cuda_runtime.h>

#include <cstddef>
#include <exception>
#include <functional>
#include <string>

namespace kc::bench {

using BenchWork = std::function<void(cudaStream_t stream, int rep)>;

double medianMs(cudaStream_t stream, int warmup, int reps, const BenchWork& work);

// Launches of each row's graph that are timed (after one warm-up launch); the median is reported.
inline constexpr int kGraphLaunches = 3;
// A graph holds at least this many repetitions when they are short, so that one launch cycles
// through every buffer set (rotationCount gives at most 64): the launch before it then leaves no
// set in the L2. Long repetitions (> kGraphShortMs each) keep `reps`: they rotate over few sets.
inline constexpr int kGraphMinReps = 64;
inline constexpr double kGraphShortMs = 1.5;

struct GraphTiming {
  double ms = 0;       // per repetition; 0 when not measured
  int reps = 0;        // repetitions in the graph (0 without a figure)
  std::string whyNot;  // why there is no figure ("not capturable: <call>: <error>")
};

// `stream` must not be the legacy default stream (capture needs a created stream). Work that
// cannot be captured (a call that synchronises or allocates, a library that does) is reported in
// whyNot, never thrown; the stream is left out of capture mode either way.
GraphTiming graphMedianMs(cudaStream_t stream, int reps, const BenchWork& work);

// "cudaStreamSynchronize(stream): cudaErrorStreamCaptureUnsupported: ..." (a kc::Error's call and
// message, without its file and line), or what() of any other exception.
std::string describeFailure(const std::exception& e);

// The graph's repetition count for a row whose events median is `eventsMs`.
int graphReps(int reps, double eventsMs);

// A row's two figures.
struct RowTiming {
  double ms = 0;       // events: median per repetition
  double graphMs = 0;  // graph: per repetition, 0 when not measured
  int graphReps = 0;
  std::string graphNote;  // why there is no graph figure
};

// Number of buffer sets of `bytesPerSet` so that all of them together hold >= 2x the L2 (at least
// 1, at most 64: a 1 GiB copy needs no rotation, a 2 MB histogram input needs 60).
int rotationCount(std::size_t bytesPerSet, std::size_t l2Bytes);

// Keeps the GPU busy for `ms` so that the CPU can queue the timed repetitions ahead of it: the
// events then time the GPU work, not the launch rate of the CPU (which matters for 15 us kernels).
void enqueueSpin(cudaStream_t stream, double ms);

}  // namespace kc::bench
