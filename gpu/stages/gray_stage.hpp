#pragma once
#include "gpu/image/grayscale.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

struct GrayConfig : StageConfig {
  GrayWeights weights = GrayWeights::Lab;
};

// gray_opencv.cpp (builds with OpenCV): the CPU backend's path and the bare OpenCV call.
void grayOpenCv(const StageSpec& spec, const CpuStageIo& io);
CpuBaselineCall grayOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io);

}  // namespace kc::stages
