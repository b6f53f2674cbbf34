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

}  // namespace kc
