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

std::optional<Occupancy> calculateOccupancy(const CompiledKernel& kernel, int device) {
  if (!kernel.ok() || !kernel.resources.known) return std::nullopt;
  int major = 0, minor = 0, blockThreads = 0, smThreads = 0, blockRegs = 0, smRegs = 0, warp = 0, blockShared = 0,
      smShared = 0, sms = 0, optin = 0, reserved = 0;
  if (!attribute(&major, cudaDevAttrComputeCapabilityMajor, device) ||
      !attribute(&minor, cudaDevAttrComputeCapabilityMinor, device) ||
      !attribute(&blockThreads, cudaDevAttrMaxThreadsPerBlock, device) ||
      !attribute(&smThreads, cudaDevAttrMaxThreadsPerMultiProcessor, device) ||
      !attribute(&blockRegs, cudaDevAttrMaxRegistersPerBlock, device) ||
      !attribute(&smRegs, cudaDevAttrMaxRegistersPerMultiprocessor, device) ||
      !attribute(&warp, cudaDevAttrWarpSize, device) ||
      !attribute(&blockShared, cudaDevAttrMaxSharedMemoryPerBlock, device) ||
      !attribute(&smShared, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) ||
      !attribute(&sms, cudaDevAttrMultiProcessorCount, device) ||
      !attribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) ||
      !attribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, device))
    return std::nullopt;
  if (major * 10 + minor != kernel.arch) return std::nullopt;  // a cubin for another GPU never runs here

  cudaOccDeviceProp properties{};
  properties.computeMajor = major;
  properties.computeMinor = minor;
  properties.maxThreadsPerBlock = blockThreads;
  properties.maxThreadsPerMultiprocessor = smThreads;
  properties.regsPerBlock = blockRegs;
  properties.regsPerMultiprocessor = smRegs;
  properties.warpSize = warp;
  properties.sharedMemPerBlock = static_cast<std::size_t>(blockShared);
  properties.sharedMemPerMultiprocessor = static_cast<std::size_t>(smShared);
  properties.numSms = sms;
  properties.sharedMemPerBlockOptin = static_cast<std::size_t>(optin);
  properties.reservedSharedMemPerBlock = static_cast<std::size_t>(reserved);

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
