#pragma once
#include <vector>

#include "gpu/core/device_info.hpp"

namespace kc {

// Number of usable CUDA devices; 0 (never an exception) when there is no driver or no device.
int cudaDeviceCountOrZero() noexcept;

// All CUDA devices; empty when none.
std::vector<DeviceInfo> listCudaDevices();

// The current device's properties.
DeviceInfo currentDeviceInfo();

// The current device's number of SMs (one attribute read: cheap enough per launch), for sizing grids.
int currentDeviceSmCount();

// Device memory of the current device as cudaMemGetInfo sees it (all processes together).
struct DeviceMemory {
  std::size_t freeBytes = 0;
  std::size_t totalBytes = 0;
  std::size_t usedBytes() const { return totalBytes - freeBytes; }
};
DeviceMemory currentDeviceMemory();

}  // namespace kc
