#pragma once
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

// transpose_opencv.cpp (builds with OpenCV): the CPU backend's path (cv::transpose) and the bare
// call (the same).
void transposeOpenCv(const StageSpec& spec, const CpuStageIo& io);
CpuBaselineCall transposeOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io);

}  // namespace kc::stages
