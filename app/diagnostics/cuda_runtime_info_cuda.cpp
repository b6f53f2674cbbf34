#include <cuda_runtime_api.h>

#include "app/diagnostics/cuda_runtime_info.hpp"

namespace kc {

CudaRuntimeInfo queryCudaRuntime() {
  CudaRuntimeInfo info;
  info.built = true;
  if (cudaRuntimeGetVersion(&info.runtimeVersion) != cudaSuccess) info.runtimeVersion = CUDART_VERSION;
  if (cudaDriverGetVersion(&info.driverVersion) != cudaSuccess) info.driverVersion = 0;
  const cudaError_t status = cudaGetDeviceCount(&info.deviceCount);
  if (status != cudaSuccess) {
    info.deviceCount = 0;
    info.deviceError = cudaGetErrorString(status);
    (void)cudaGetLastError();  // the sticky error must not surface in the next, unrelated call
  }
  return info;
}

}  // namespace kc
