#pragma once
// What the CUDA runtime and driver say about this machine, for Help > About, --version and the
// "why are we on the CPU" notice. Works in every build: without the CUDA backend it says so.
#include <string>

namespace kc {

struct CudaRuntimeInfo {
  bool built = false;       // this build has the CUDA backend (libkernelcam-cuda.so)
  int runtimeVersion = 0;   // the CUDA runtime in that library (12040 = 12.4); 0 when not loaded
  int driverVersion = 0;    // the newest CUDA the installed driver supports; 0: no NVIDIA driver
  int deviceCount = 0;      // usable CUDA devices
  std::string deviceError;  // why cudaGetDeviceCount failed ("" when it did not)
  std::string loadError;    // why the CUDA backend could not be loaded ("" when it was, or not built)
};

// Loads the CUDA backend where it is not yet (app/cuda/cuda_backend_loader.hpp); cheap after
// that (no context is created) and never throws.
CudaRuntimeInfo queryCudaRuntime();

// 12040 -> "12.4", 13000 -> "13.0".
std::string cudaVersionText(int version);

}  // namespace kc
