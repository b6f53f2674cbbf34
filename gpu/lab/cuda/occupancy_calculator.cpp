#include "gpu/lab/cuda/occupancy_calculator.hpp"

#include <cuda_occupancy.h>
#include <cuda_runtime.h>

namespace kc::lab {
namespace {

bool attribute(int* value, cudaDeviceAttr which, int device) {
  if (cudaDeviceGetAttribute(value, which, device) == cudaSuccess) return true;
  (void)cudaGetLastError();
  return false;
}

}  // namespace

std::optional<DeviceLimits> queryDeviceLimits(int device) {
  DeviceLimits l;
  if (!attribute(&l.computeMajor, cudaDevAttrComputeCapabilityMajor, device) ||
      !attribute(&l.computeMinor, cudaDevAttrComputeCapabilityMinor, device) ||
      !attribute(&l.maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock, device) ||
      !attribute(&l.maxThreadsPerSm, cudaDevAttrMaxThreadsPerMultiProcessor, device) ||
      !attribute(&l.registersPerBlock, cudaDevAttrMaxRegistersPerBlock, device) ||
      !attribute(&l.registersPerSm, cudaDevAttrMaxRegistersPerMultiprocessor, device) ||
      !attribute(&l.warpSize, cudaDevAttrWarpSize, device) ||
      !attribute(&l.sharedPerBlock, cudaDevAttrMaxSharedMemoryPerBlock, device) ||
      !attribute(&l.sharedPerSm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) ||
      !attribute(&l.smCount, cudaDevAttrMultiProcessorCount, device) ||
      !attribute(&l.sharedPerBlockOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) ||
      !attribute(&l.reservedSharedPerBlock, cudaDevAttrReservedSharedMemoryPerBlock, device))
    return std::nullopt;
  return l;
}

std::optional<Occupancy> calculateOccupancy(const CompiledKernel& kernel, int device) {
  if (!kernel.ok() || !kernel.resources.known) return std::nullopt;
  const std::optional<DeviceLimits> limits = queryDeviceLimits(device);
  return limits ? calculateOccupancy(kernel, *limits) : std::nullopt;
}

std::optional<Occupancy> calculateOccupancy(const CompiledKernel& kernel, const DeviceLimits& limits) {
  if (!kernel.ok() || !kernel.resources.known || limits.warpSize <= 0) return std::nullopt;
  if (limits.arch() != kernel.arch) return std::nullopt;  // a cubin for another GPU never runs here
  const int blockThreads = limits.maxThreadsPerBlock, smThreads = limits.maxThreadsPerSm, warp = limits.warpSize;

  cudaOccDeviceProp properties{};
  properties.computeMajor = limits.computeMajor;
  properties.computeMinor = limits.computeMinor;
  properties.maxThreadsPerBlock = blockThreads;
  properties.maxThreadsPerMultiprocessor = smThreads;
  properties.regsPerBlock = limits.registersPerBlock;
  properties.regsPerMultiprocessor = limits.registersPerSm;
  properties.warpSize = warp;
  properties.sharedMemPerBlock = static_cast<std::size_t>(limits.sharedPerBlock);
  properties.sharedMemPerMultiprocessor = static_cast<std::size_t>(limits.sharedPerSm);
  properties.numSms = limits.smCount;
  properties.sharedMemPerBlockOptin = static_cast<std::size_t>(limits.sharedPerBlockOptin);
  properties.reservedSharedMemPerBlock = static_cast<std::size_t>(limits.reservedSharedPerBlock);

  cudaOccFuncAttributes attributes{};
  attributes.maxThreadsPerBlock = blockThreads;  // no __launch_bounds__ in a lab kernel's contract
  attributes.numRegs = kernel.resources.registers;
  attributes.sharedSizeBytes = static_cast<std::size_t>(kernel.resources.sharedBytes);
  attributes.partitionedGCConfig = PARTITIONED_GC_OFF;
  attributes.shmemLimitConfig = FUNC_SHMEM_LIMIT_DEFAULT;
  attributes.maxDynamicSharedSizeBytes = 0;
  attributes.numBlockBarriers = kernel.resources.barriers > 0 ? kernel.resources.barriers : 1;

  cudaOccDeviceState state;  // the default cache configuration, as the lab's worker launches
  cudaOccResult result{};
  Occupancy occupancy;
  occupancy.blockThreads = kernel.analysis.annotations.block.threads();
  if (cudaOccMaxActiveBlocksPerMultiprocessor(&result, &properties, &attributes, &state, occupancy.blockThreads, 0) !=
      CUDA_OCC_SUCCESS)
    return std::nullopt;
  occupancy.activeBlocksPerSm = result.activeBlocksPerMultiprocessor;
  occupancy.activeWarpsPerSm = result.activeBlocksPerMultiprocessor * ((occupancy.blockThreads + warp - 1) / warp);
  occupancy.maxWarpsPerSm = smThreads / warp;
  return occupancy;
}

}  // namespace kc::lab
