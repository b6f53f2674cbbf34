#pragma once
// The CUDA versions of the CG demo, for runCgDemo(config, cudaCgSolvers()).
#include "gpu/demos/cg/cg_demo.hpp"

namespace kc::cg {

CgGpuSolverFn cudaCgSolvers();

}  // namespace kc::cg
