#pragma once
// The runners with their CUDA versions (cuda_demo_runners_cuda.cpp: only in CUDA builds).
#include "ui/demos/demo_runners.hpp"

namespace kc {

DemoRunners cudaDemoRunners();

}  // namespace kc
