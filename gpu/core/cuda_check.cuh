#pragma once
// KC_CUDA_CHECK(call): throws kc::Error with file, line, the call's text and cudaGetErrorString.
// KC_CUDA_CHECK_LAUNCH("name"): after a <<<>>> launch; reads and clears the sticky last error so it
// cannot leak into an unrelated call. Define KC_SYNC_AFTER_LAUNCH to also synchronise (debugging).
#include <cuda_runtime.h>

#include <string>

#include "gpu/core/error.hpp"

namespace kc::detail {
inline void checkCuda(cudaError_t status, const char* file, int line, const char* call) {
  if (status != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky error where it is not sticky-fatal
    throwError(file, line, call, std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status),
               static_cast<int>(status));
  }
}
inline void checkLaunch(const char* file, int line, const char* kernelName) {
  cudaError_t status = cudaGetLastError();
#ifdef KC_SYNC_AFTER_LAUNCH
  if (status == cudaSuccess) status = cudaDeviceSynchronize();
#endif
  if (status != cudaSuccess)
    throwError(file, line, (std::string("launch of kernel ") + kernelName).c_str(),
               std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status), static_cast<int>(status));
}
}  // namespace kc::detail

#define KC_CUDA_CHECK(call) ::kc::detail::checkCuda((call), __FILE__, __LINE__, #call)
#define KC_CUDA_CHECK_LAUNCH(kernelName) ::kc::detail::checkLaunch(__FILE__, __LINE__, kernelName)
