#pragma once
// A backend's devices: how many, what they are, their memory, the runtime's own facts. One of the
// concerns a backend module offers (backend_module.hpp); `kernelcam devices`, the memory admission
// and the window's notices ask here.
#include <string>
#include <vector>

#include "gpu/core/device_info.hpp"
#include "gpu/core/device_query.cuh"  // DeviceMemory: plain C++ declarations

namespace kc {

// What the CUDA runtime and driver say about this machine (cheap: no context is created).
struct CudaRuntimeFacts {
  int runtimeVersion = 0;   // the CUDA runtime inside the plugin (12040 = 12.4)
  int driverVersion = 0;    // the newest CUDA the installed driver supports; 0: no NVIDIA driver
  int deviceCount = 0;      // usable CUDA devices
  std::string deviceError;  // why cudaGetDeviceCount failed ("" when it did not)
};

class DeviceBackend {
 public:
  virtual ~DeviceBackend() = default;
  virtual int deviceCountOrZero() noexcept = 0;  // 0: the backend is here but has nothing to run on
  virtual std::vector<DeviceInfo> listDevices() = 0;
  virtual DeviceInfo currentDevice() = 0;
  virtual DeviceMemory currentDeviceMemory() = 0;
  virtual CudaRuntimeFacts runtimeFacts() noexcept = 0;
};

}  // namespace kc
