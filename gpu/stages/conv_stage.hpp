#pragma once
#include <optional>

#include "gpu/image/convolution.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

// The kernel is built and validated once, when the stage is parsed; both pipelines use it as is.
struct ConvConfig : StageConfig {
  ConvPreset preset = ConvPreset::Gaussian;
  BorderMode border = BorderMode::Clamp;
  ConvKernel kernel;
  std::optional<SeparableKernel> separable;  // the kernel's two 1D factors, when it has rank one
};

// conv_opencv.cpp (builds with OpenCV): the CPU backend's path and the bare OpenCV call.
void convolveOpenCv(const StageSpec& spec, const CpuStageIo& io);
CpuBaselineCall convOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io);

}  // namespace kc::stages
