#include "app/diagnostics/cuda_runtime_info.hpp"

#include "gpu/plugin/cuda_backend_loader.hpp"

namespace kc {

std::string cudaVersionText(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

CudaRuntimeInfo queryCudaRuntime() {
  CudaRuntimeInfo info;
#ifdef KC_HAVE_CUDA
  info.built = true;
#endif
  DeviceBackend* devices = cudaDevices();
  if (!devices) {
    if (info.built) info.loadError = cudaBackendLoadError();
    return info;
  }
  static_cast<CudaRuntimeFacts&>(info) = devices->runtimeFacts();
  return info;
}

}  // namespace kc
