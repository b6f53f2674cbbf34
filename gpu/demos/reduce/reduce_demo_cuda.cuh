#pragma once
// The CUDA versions of the reduction demo, for runReduceDemo(config, cudaReduceRows()).
#include "gpu/demos/reduce/reduce_demo.hpp"

namespace kc::demos {

ReduceGpuRowsFn cudaReduceRows();

}  // namespace kc::demos
