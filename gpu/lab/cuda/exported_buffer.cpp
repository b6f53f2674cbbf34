#include "gpu/lab/cuda/exported_buffer.hpp"

#include <cuda_runtime.h>

#include <cstring>
#include <string>

#include "gpu/core/cuda_check.cuh"

namespace kc::lab {

namespace {
constexpr std::size_t kMappingGranularity = std::size_t{2} << 20;
}  // namespace

static_assert(sizeof(cudaIpcMemHandle_t) == sizeof(IpcHandleBytes));

ExportedBuffer::ExportedBuffer(std::size_t bytes, std::uint64_t id) {
  bytes = (bytes + kMappingGranularity - 1) / kMappingGranularity * kMappingGranularity;
  void* data = nullptr;
  KC_CUDA_CHECK(cudaMalloc(&data, bytes));
  data_ = static_cast<unsigned char*>(data);
  cudaIpcMemHandle_t handle;
  const cudaError_t exported = cudaIpcGetMemHandle(&handle, data);
  if (exported != cudaSuccess) {
    (void)cudaGetLastError();
    (void)cudaFree(data);
    throwError(__FILE__, __LINE__, "cudaIpcGetMemHandle",
               std::string(cudaGetErrorName(exported)) + ": " + cudaGetErrorString(exported) +
                   " (the kernel lab shares frames with its worker process through CUDA IPC)",
               exported);
  }
  shared_.id = id;
  std::memcpy(shared_.handle.data(), &handle, sizeof handle);
  shared_.bytes = bytes;
}

ExportedBuffer::~ExportedBuffer() {
  if (data_) (void)cudaFree(data_);
}

}  // namespace kc::lab
