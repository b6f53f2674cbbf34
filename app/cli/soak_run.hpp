#pragma once
// `kernelcam process --source pattern --frames N --soak`: the pipeline for N frames while the
// frame size (every `period` frames, through odd and degenerate sizes) and the filter chain (half
// a period later, through presets and kernel sizes) keep changing. Prints resident memory (and
// device memory with the CUDA backend) at the start, every ~10%, at the end and after the pipeline
// is destroyed, then a verdict over the whole run, shutdown included: the memory the process
// retains (resident after malloc_trim) at the end of the last whole cycle and after shutdown, and
// the peak resident set (getrusage), against the end of the first cycle (the warm-up: every size
// with every chain once).
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

struct SoakOptions {
  int width = 1280, height = 720;  // the first size; the others derive from it
  int frames = 1000;
  FilterChain chain;  // the first chain; presets follow
  // Growth after warm-up that is reported as GROWING: of retained memory (the leak criterion of
  // issue 15.8), and of the peaks and device memory (high-water marks and a driver's allocation
  // granularity vary by a MiB or more with no leak: these catch a blow-up, not a slow leak).
  double allowedGrowthMiB = 1;
  double allowedPeakGrowthMiB = 32;
};

// Frames per size (and per chain) of a soak of `frames`, and the end of its warm-up cycle.
int soakPeriod(int frames);
int soakWarmUpFrames(int frames, int period);

// Makes the pipeline, runs it, destroys it (inside the measured run), prints "soak: run OK|GROWING"
// and returns true when the in-run figures are within the allowance. `period` 0: soakPeriod(frames).
bool runSoak(const std::function<std::unique_ptr<FramePipeline>()>& newPipeline, const SoakOptions& options,
             std::FILE* out, int period = 0);

// The whole run, the process's own exit included (library teardown happens after any in-run
// reading): `command` (this binary and its arguments) runs as child processes, once for `frames`
// (its output shown) and twice for the warm-up cycle alone (output discarded); wait4 gives each
// one's peak resident set. Prints "soak: verdict OK|GROWING: ..." and returns true when the full
// run's verdict was OK and its peak is within `allowedGrowthMiB` of the higher warm-up run's.
bool superviseSoak(const std::vector<std::string>& command, int frames, double allowedGrowthMiB, std::FILE* out);

}  // namespace kc
