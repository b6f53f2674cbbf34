#pragma once
#include <cstdint>

#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

struct HistConfig : StageConfig {
  int bins = 256;
};

// Sets io.stats up for this stage's histogram of io.in (bins, channels, all counts zero) and
// returns its counts: bins per channel, grey or r, g, b.
std::uint32_t* resetHistogram(const StageSpec& spec, const CpuStageIo& io);

// hist_opencv.cpp (builds with OpenCV): the CPU backend's path and the bare OpenCV call.
void histogramOpenCv(const StageSpec& spec, const CpuStageIo& io);
CpuBaselineCall histOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io);

}  // namespace kc::stages
