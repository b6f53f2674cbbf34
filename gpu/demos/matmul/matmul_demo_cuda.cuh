#pragma once
// The CUDA versions of the matmul demo, for runMatmulDemo(config, cudaMatmulRows()).
#include "gpu/demos/matmul/matmul_demo.hpp"

namespace kc::demos {

MatmulGpuRowsFn cudaMatmulRows();

}  // namespace kc::demos
