#pragma once
#include "gpu/image/convolution.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

// The kernel is built and validated once, when the stage is parsed; both pipelines use it as is.
struct ConvConfig : StageConfig {
  ConvPreset preset = ConvPreset::Gaussian;
  BorderMode border = BorderMode::Clamp;
  ConvKernel kernel;
};

}  // namespace kc::stages
