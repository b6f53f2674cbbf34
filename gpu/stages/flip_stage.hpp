#pragma once
#include "gpu/image/flip.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

struct FlipConfig : StageConfig {
  FlipAxis axis = FlipAxis::Horizontal;
};

// flip_opencv.cpp (builds with OpenCV): the CPU backend's path (cv::flip) and the bare call (the same).
void flipOpenCv(const StageSpec& spec, const CpuStageIo& io);
CpuBaselineCall flipOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io);

}  // namespace kc::stages
