#include "gpu/lab/cuda/lab_buffers.hpp"

#include "gpu/core/cuda_check.cuh"
#include "gpu/lab/cuda/guard_check.cuh"

namespace kc::lab {

namespace {

// Checked mode's guards (guard_report.hpp) catch off-by-one rows and columns; a write further out
// lands in the buffers' slack or the other shared buffer, or faults: never in kernelcam's other
// memory, which the worker does not map.
constexpr std::size_t kRowAlignment = 256;  // cudaMallocPitch's alignment on current GPUs

std::size_t alignUp(std::size_t value, std::size_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

GuardBytes downloadGuards(const Plane& out, cudaStream_t stream) {
  return {downloadRows(out.base(), out.pitch, out.pitch, out.guardRows, stream),
          downloadRows(out.rowAfterLast(), out.pitch, out.pitch, out.guardRows, stream),
          downloadRows(out.origin() + out.rowBytes(), out.pitch, out.pitch - out.rowBytes(), out.height, stream)};
}

}  // namespace

std::size_t planePitch(std::size_t rowBytes, std::size_t guardRight) {
  return alignUp(rowBytes + guardRight, kRowAlignment);
}

void copy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch, std::size_t widthBytes, int height,
            cudaStream_t stream) {
  KC_CUDA_CHECK(cudaMemcpy2DAsync(to, toPitch, from, fromPitch, widthBytes, static_cast<std::size_t>(height),
                                  cudaMemcpyDefault, stream));
}

std::vector<unsigned char> downloadRows(const unsigned char* from, std::size_t pitch, std::size_t widthBytes, int rows,
                                        cudaStream_t stream) {
  std::vector<unsigned char> host(widthBytes * static_cast<std::size_t>(rows));
  if (!host.empty()) copy2D(host.data(), widthBytes, from, pitch, widthBytes, rows, stream);
  return host;
}

void OutputGuards::allocate() {
  if (!countDevice) {
    countDevice.emplace(1);
    loadGuardCheck();  // not lazily behind an ordered frame's wait: see guard_check.cuh
  }
  if (!count) count.emplace(1);
}

void OutputGuards::fill(const Plane& out, cudaStream_t s) {
  KC_CUDA_CHECK(cudaMemset2DAsync(out.base(), out.pitch, kGuardByte, out.pitch, out.guardRows, s));
  KC_CUDA_CHECK(cudaMemset2DAsync(out.rowAfterLast(), out.pitch, kGuardByte, out.pitch, out.guardRows, s));
  KC_CUDA_CHECK(cudaMemset2DAsync(out.origin() + out.rowBytes(), out.pitch, kGuardByte, out.pitch - out.rowBytes(),
                                  out.height, s));
}

// The guards hold the pattern from here on: filled once per output buffer, not per frame.
void OutputGuards::fillIfNeeded(const Plane& out, cudaStream_t s) {
  if (filled) return;
  fill(out, s);
  filled = true;
}

void OutputGuards::enqueueCount(const Plane& out, cudaStream_t s) {
  unsigned long long* device = countDevice->data();
  countGuardWrites(out.base(), out.pitch, out.rowBytes(), out.height, out.guardRows, device, s);
  KC_CUDA_CHECK(cudaMemcpyAsync(count->data(), device, sizeof *device, cudaMemcpyDeviceToHost, s));
}

std::string OutputGuards::writes(const Plane& out, Stream& stream) {
  if (*count->data() == 0) return {};
  const GuardBytes bytes = downloadGuards(out, stream);
  stream.synchronize();
  fill(out, stream);
  stream.synchronize();
  const std::string writes = describeGuardWrites(out.guardLayout(), bytes);
  return writes.empty() ? std::to_string(*count->data()) + " guard bytes changed" : writes;
}

}  // namespace kc::lab
