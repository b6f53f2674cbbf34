#include "app/demos/cuda_demo_parts.hpp"

#include "gpu/demos/cg/cg_demo_cuda.cuh"
#include "gpu/demos/matmul/matmul_demo_cuda.cuh"
#include "gpu/demos/reduce/reduce_demo_cuda.cuh"

namespace kc {

DemoGpuParts cudaDemoParts() { return {demos::cudaReduceRows(), demos::cudaMatmulRows(), cg::cudaCgSolvers()}; }

}  // namespace kc
