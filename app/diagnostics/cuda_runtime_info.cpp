#include "app/diagnostics/cuda_runtime_info.hpp"

#include "app/cuda/cuda_backend_loader.hpp"

namespace kc {

std::string cudaVersionText(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

CudaRuntimeInfo queryCudaRuntime() {
  CudaRuntimeInfo info;
#ifdef KC_HAVE_CUDA
  info.built = true;
#endif
  CudaBackend* cuda = cudaBackend();
  if (!cuda) {
    if (info.built) info.loadError = cudaBackendLoadError();
    return info;
  }
  const CudaRuntimeFacts facts = cuda->runtimeFacts();
  info.runtimeVersion = facts.runtimeVersion;
  info.driverVersion = facts.driverVersion;
  info.deviceCount = facts.deviceCount;
  info.deviceError = facts.deviceError;
  return info;
}

}  // namespace kc
