#pragma once
// The demos' CUDA versions (cuda_demo_parts_cuda.cpp: only in CUDA builds).
#include "app/demos/app_demo_runners.hpp"

namespace kc {

DemoGpuParts cudaDemoParts();

}  // namespace kc
