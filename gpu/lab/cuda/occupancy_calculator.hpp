#pragma once
// A compiled kernel's theoretical occupancy without loading it anywhere: the registers and static
// shared memory ptxas reported (ResourceUsage), the device's limits (cudaDeviceGetAttribute, which
// needs no context), and NVIDIA's calculator (cuda_occupancy.h, the arithmetic the driver's
// cuOccupancyMaxActiveBlocksPerMultiprocessor does). `kernel check` and the editor get it in
// microseconds where a lab worker (a process, a context, the module loaded) took ~200 ms on the
// H200; a GPU test holds it equal to the driver's figure.
#include <optional>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/device_limits.hpp"
#include "gpu/lab/occupancy.hpp"

namespace kc::lab {

// The device's limits from the driver (cudaDeviceGetAttribute); nullopt where it cannot be asked.
std::optional<DeviceLimits> queryDeviceLimits(int device);
// nullopt when ptxas gave no report for the kernel, or the kernel is for another architecture.
std::optional<Occupancy> calculateOccupancy(const CompiledKernel& kernel, const DeviceLimits& limits);
// The two above.
std::optional<Occupancy> calculateOccupancy(const CompiledKernel& kernel, int device);

}  // namespace kc::lab
