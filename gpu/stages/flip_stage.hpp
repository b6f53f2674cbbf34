#pragma once
#include "gpu/image/flip.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

struct FlipConfig : StageConfig {
  FlipAxis axis = FlipAxis::Horizontal;
};

}  // namespace kc::stages
