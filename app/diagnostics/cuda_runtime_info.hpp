#pragma once
// What the CUDA runtime and driver say about this machine, for Help > About, --version and the
// "why are we on the CPU" notice. Works in every build: without the CUDA backend it says so.
#include <string>

#include "gpu/plugin/device_backend.hpp"  // CudaRuntimeFacts

namespace kc {

// The backend's own facts (versions, devices: zero where it is not loaded), and whether it is there.
struct CudaRuntimeInfo : CudaRuntimeFacts {
  bool built = false;     // this build has the CUDA backend (libkernelcam-cuda.so)
  std::string loadError;  // why the CUDA backend could not be loaded ("" when it was, or not built)
};

// Loads the CUDA backend where it is not yet (gpu/plugin/cuda_backend_loader.hpp); cheap after
// that (no context is created) and never throws.
CudaRuntimeInfo queryCudaRuntime();

// 12040 -> "12.4", 13000 -> "13.0".
std::string cudaVersionText(int version);

}  // namespace kc
