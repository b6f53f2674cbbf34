#include "gpu/core/device_query.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc {

int cudaDeviceCountOrZero() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count;
}

namespace {
int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  KC_CUDA_CHECK(cudaDeviceGetAttribute(&value, attr, device));
  return value;
}

DeviceInfo queryDevice(int device) {
  cudaDeviceProp prop{};
  KC_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  DeviceInfo info;
  info.index = device;
  info.name = prop.name;
  info.computeMajor = prop.major;
  info.computeMinor = prop.minor;
  info.multiprocessors = prop.multiProcessorCount;
  info.totalMemoryBytes = prop.totalGlobalMem;
  info.l2CacheBytes = static_cast<std::size_t>(prop.l2CacheSize);
  info.sharedMemoryPerBlock = prop.sharedMemPerBlock;
  info.sharedMemoryPerBlockOptin = prop.sharedMemPerBlockOptin;
  info.maxThreadsPerBlock = prop.maxThreadsPerBlock;
  info.maxThreadsPerMultiprocessor = prop.maxThreadsPerMultiProcessor;
  // CUDA 13 dropped the clock fields from cudaDeviceProp; the attributes remain.
  info.memoryClockKHz = attribute(cudaDevAttrMemoryClockRate, device);
  info.memoryBusWidthBits = attribute(cudaDevAttrGlobalMemoryBusWidth, device);
  info.smClockKHz = attribute(cudaDevAttrClockRate, device);
  int previous = 0;
  KC_CUDA_CHECK(cudaGetDevice(&previous));
  KC_CUDA_CHECK(cudaSetDevice(device));
  std::size_t freeBytes = 0, totalBytes = 0;
  KC_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  KC_CUDA_CHECK(cudaSetDevice(previous));
  info.freeMemoryBytes = freeBytes;
  return info;
}
}  // namespace

std::vector<DeviceInfo> listCudaDevices() {
  std::vector<DeviceInfo> devices;
  const int count = cudaDeviceCountOrZero();
  for (int i = 0; i < count; ++i) devices.push_back(queryDevice(i));
  return devices;
}

int currentDeviceSmCount() {
  int device = 0;
  KC_CUDA_CHECK(cudaGetDevice(&device));
  return attribute(cudaDevAttrMultiProcessorCount, device);
}

DeviceMemory currentDeviceMemory() {
  DeviceMemory memory;
  KC_CUDA_CHECK(cudaMemGetInfo(&memory.freeBytes, &memory.totalBytes));
  return memory;
}

DeviceInfo currentDeviceInfo() {
  int device = 0;
  KC_CUDA_CHECK(cudaGetDevice(&device));
  return queryDevice(device);
}

}  // namespace kc
