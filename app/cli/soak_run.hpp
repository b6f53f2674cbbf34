#pragma once
// `kernelcam process --source pattern --frames N --soak`: the pipeline for N frames while the
// frame size (every `period` frames, through odd and degenerate sizes) and the filter chain (half
// a period later, through presets and kernel sizes) keep changing. Prints resident memory (and
// device memory with the CUDA backend) at the start, every ~10% and at the end, then a verdict
// comparing the end with the end of the first full cycle (warm-up: every size and chain once).
#include <cstdio>

#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

struct SoakOptions {
  int width = 1280, height = 720;  // the first size; the others derive from it
  int frames = 1000;
  FilterChain chain;                // the first chain; presets follow
  double allowedGrowthMiB = 32;     // after warm-up, resident or device; more is reported as GROWING
};

// Returns true when the verdict is OK (growth within the allowance).
bool runSoak(FramePipeline& pipeline, const SoakOptions& options, std::FILE* out);

}  // namespace kc
