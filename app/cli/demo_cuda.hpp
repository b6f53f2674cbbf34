#pragma once
// The CUDA side of `kernelcam demo`, behind plain declarations: demo_cuda.cpp includes the .cuh
// headers and is built only with CUDA (app/CMakeLists.txt drops *_cuda.cpp otherwise).
#ifdef KC_HAVE_CUDA
#include <string>

#include "gpu/demos/cg/cg_demo.hpp"

namespace kc::cli {

std::string demoCudaDeviceName();       // the current device, for the table's header line
cg::CgGpuSolverFn demoCudaCgSolvers();  // the CG demo's CUDA versions

}  // namespace kc::cli
#endif
