#include "app/diagnostics/cuda_runtime_info.hpp"

namespace kc {

std::string cudaVersionText(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

#ifndef KC_HAVE_CUDA
// The CUDA build's version is in cuda_runtime_info_cuda.cpp (left out of CPU-only builds).
CudaRuntimeInfo queryCudaRuntime() { return {}; }
#endif

}  // namespace kc
