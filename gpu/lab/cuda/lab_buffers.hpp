#pragma once
// The frames a lab kernel runs on, in memory the worker maps (ExportedBuffer): each a pitched image
// with guard rows around it (Plane), the copies in and out of them, and checked mode's guards
// around the output (OutputGuards; the pattern and its report: gpu/lab/guard_report.hpp).
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/lab/cuda/exported_buffer.hpp"
#include "gpu/lab/guard_report.hpp"
#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

// A pitched image inside one exported buffer, with `guardRows` rows above and below it.
struct Plane {
  std::unique_ptr<ExportedBuffer> buffer;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 0, guardRows = 0;
  std::size_t rowBytes() const { return static_cast<std::size_t>(width) * channels; }
  std::size_t bytes() const { return pitch * static_cast<std::size_t>(height + 2 * guardRows); }
  unsigned char* base() const { return buffer->data(); }
  unsigned char* origin() const { return base() + guardRows * pitch; }
  unsigned char* rowAfterLast() const { return origin() + height * pitch; }
  std::uint64_t id() const { return buffer ? buffer->shared().id : 0; }
  FrameInAllocation frame() const { return {id(), guardRows * pitch, pitch, width, height, channels}; }
  GuardLayout guardLayout() const { return {width, height, channels, pitch, guardRows}; }
};

// The pitch of a plane's rows: `rowBytes` and `guardRight` bytes, aligned as cudaMallocPitch would.
std::size_t planePitch(std::size_t rowBytes, std::size_t guardRight);

void copy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch, std::size_t widthBytes, int height,
            cudaStream_t stream);
std::vector<unsigned char> downloadRows(const unsigned char* from, std::size_t pitch, std::size_t widthBytes, int rows,
                                        cudaStream_t stream);

// Checked mode's guards around the output plane: the pattern filled once per output buffer (and again
// after writes), the changed bytes counted on the GPU after each frame, and downloaded and described
// only when there are any.
struct OutputGuards {
  bool filled = false;  // the output's guards hold the pattern
  std::optional<DeviceBuffer<unsigned long long>> countDevice;
  std::optional<PinnedBuffer<unsigned long long>> count;  // the count, where the host reads it

  // The counters, made once (with the counting kernel loaded: not lazily behind an ordered frame's
  // wait, see guard_check.cuh).
  void allocate();
  void fill(const Plane& out, cudaStream_t s);
  void fillIfNeeded(const Plane& out, cudaStream_t s);
  // The number of changed guard bytes, counted on the GPU, into pinned memory (in stream order).
  void enqueueCount(const Plane& out, cudaStream_t s);
  // After the count arrived: where the writes landed, and the guards filled again for the next
  // frame. Empty when there were none.
  std::string writes(const Plane& out, Stream& stream);
};

}  // namespace kc::lab
