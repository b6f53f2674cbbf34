#pragma once
#include "gpu/image/grayscale.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

struct GrayConfig : StageConfig {
  GrayWeights weights = GrayWeights::Lab;
};

}  // namespace kc::stages
