#pragma once
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

struct HistConfig : StageConfig {
  int bins = 256;
};

}  // namespace kc::stages
