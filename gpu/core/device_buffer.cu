#include <string>

#include "gpu/core/device_buffer.cuh"

namespace kc::detail {

namespace {
std::string mib(std::size_t bytes) {
  return std::to_string(bytes) + " bytes (" + std::to_string(bytes / (1024.0 * 1024.0)) + " MiB)";
}
[[noreturn]] void allocationFailed(cudaError_t status, const char* what, std::size_t bytes, const char* file,
                                   int line) {
  (void)cudaGetLastError();
  throwError(
      file, line, what,
      std::string(cudaGetErrorName(status)) + ": " + cudaGetErrorString(status) + " while asking for " + mib(bytes),
      static_cast<int>(status));
}
}  // namespace

void* allocateDevice(std::size_t bytes, const char* file, int line) {
  if (bytes == 0) return nullptr;
  void* ptr = nullptr;
  cudaError_t status = cudaMalloc(&ptr, bytes);
  if (status != cudaSuccess) allocationFailed(status, "cudaMalloc", bytes, file, line);
  return ptr;
}

void* allocatePinned(std::size_t bytes, const char* file, int line) {
  if (bytes == 0) return nullptr;
  void* ptr = nullptr;
  cudaError_t status = cudaMallocHost(&ptr, bytes);
  if (status != cudaSuccess) allocationFailed(status, "cudaMallocHost", bytes, file, line);
  return ptr;
}

void* allocatePitched(std::size_t widthBytes, std::size_t height, std::size_t* pitch, const char* file, int line) {
  if (widthBytes == 0 || height == 0) {
    *pitch = widthBytes;
    return nullptr;
  }
  void* ptr = nullptr;
  cudaError_t status = cudaMallocPitch(&ptr, pitch, widthBytes, height);
  if (status != cudaSuccess) allocationFailed(status, "cudaMallocPitch", widthBytes * height, file, line);
  return ptr;
}

void freeDevice(void* ptr) noexcept {
  if (ptr) (void)cudaFree(ptr);
}
void freePinned(void* ptr) noexcept {
  if (ptr) (void)cudaFreeHost(ptr);
}

}  // namespace kc::detail
