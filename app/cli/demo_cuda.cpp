#include "app/cli/demo_cuda.hpp"

#include "gpu/core/device_query.cuh"
#include "gpu/demos/cg/cg_demo_cuda.cuh"

namespace kc::cli {

std::string demoCudaDeviceName() { return currentDeviceInfo().name; }

cg::CgGpuSolverFn demoCudaCgSolvers() { return cg::cudaCgSolvers(); }

}  // namespace kc::cli
