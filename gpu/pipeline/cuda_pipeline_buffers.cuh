#pragma once
// The CUDA pipeline's memory: pitched device images and buffers that grow to the largest frame
// seen and are kept (upload, stage executor and display output each own theirs per frame slot).
#include <cstddef>
#include <cstdint>

#include "gpu/core/device_buffer.cuh"
#include "gpu/pipeline/device_frame_view.hpp"

namespace kc {

// 256-byte rows keep every row start aligned for 16-byte vector loads and whole 128-byte lines.
constexpr std::size_t kPitchAlignment = 256;
inline std::size_t alignedPitch(std::size_t rowBytes) {
  return (rowBytes + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
}
inline std::size_t deviceImageBytes(FrameShape shape) {
  return alignedPitch(shape.rowBytes()) * static_cast<std::size_t>(shape.height);
}

// An image of `shape` at `base`, its rows alignedPitch apart: what every buffer below holds.
inline DeviceFrame pitchedFrame(std::uint8_t* base, FrameShape shape) {
  return {base, shape, alignedPitch(shape.rowBytes())};
}

// Device bytes that grow to the largest request and are kept (raw, so one buffer serves both the
// w x h and the transposed h x w image of a chain).
class GrowingDeviceBytes {
 public:
  std::uint8_t* reserve(std::size_t bytes) {
    if (bytes > buffer_.bytes()) buffer_ = DeviceBuffer<std::uint8_t>(bytes);
    return buffer_.data();
  }
  std::uint8_t* data() const { return buffer_.data(); }

 private:
  DeviceBuffer<std::uint8_t> buffer_;
};

class GrowingPinnedBytes {
 public:
  std::uint8_t* reserve(std::size_t bytes) {
    if (bytes > buffer_.bytes()) buffer_ = PinnedBuffer<std::uint8_t>(bytes);
    return buffer_.data();
  }

 private:
  PinnedBuffer<std::uint8_t> buffer_;
};

}  // namespace kc
