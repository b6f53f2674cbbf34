#pragma once
// Frame memory. Sources fill frames in buffers from a pool the pipeline owns
// (FramePipeline::framePool()), so a frame is allocated once, never zero-filled, and never copied
// between the source and the upload. The CUDA pipeline's pool hands out page-locked memory: the
// copy engine reads it directly and the upload is truly asynchronous, with no staging copy. The CPU
// pipeline's hands out plain memory, 64-byte aligned. No CUDA types here: memory comes through the
// HostMemory interface.
//
// A buffer is on loan (a FrameLease) while any frame made from it lives; copies of a HostFrame
// share it (host_frame.hpp). When the last one goes, the buffer returns to its pool for the next
// frame, or is freed when the pool keeps enough idle buffers already. A lease outliving its pool
// frees its buffer itself.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Where a pool's buffers come from.
class HostMemory {
 public:
  virtual ~HostMemory() = default;
  virtual void* allocate(std::size_t bytes) = 0;  // throws kc::Error when it cannot
  virtual void release(void* data) noexcept = 0;
  virtual bool pageLocked() const = 0;   // the CUDA copy engine may read it directly
  virtual const char* name() const = 0;  // for logs: "page-locked", "aligned"
};

// Plain memory, aligned for SIMD and cache lines (std::aligned_alloc; no CUDA needed).
std::shared_ptr<HostMemory> alignedHostMemory();

struct FramePoolState;

// One buffer on loan from a pool; back to the pool when destroyed (the last frame using it is gone).
class FrameLease {
 public:
  FrameLease(std::shared_ptr<FramePoolState> pool, std::uint8_t* data, std::size_t bytes);
  ~FrameLease();
  FrameLease(const FrameLease&) = delete;
  FrameLease& operator=(const FrameLease&) = delete;

  std::uint8_t* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }

 private:
  std::shared_ptr<FramePoolState> pool_;
  std::uint8_t* data_;
  std::size_t bytes_;
};

struct FramePoolStats {
  std::uint64_t allocations = 0;  // buffers ever allocated (a steady stream of frames adds none)
  std::uint64_t reuses = 0;       // leases served from an idle buffer
  int buffersOut = 0;             // on loan now
  int buffersIdle = 0;            // kept for the next frames
  std::size_t bytesHeld = 0;      // out + idle
};

class FramePool {
 public:
  // `maxIdleBuffers`: idle buffers kept for reuse (a camera or a read-ahead ring needs a few); more
  // are freed as they come back.
  explicit FramePool(std::shared_ptr<HostMemory> memory = alignedHostMemory(), int maxIdleBuffers = 12);
  ~FramePool();
  FramePool(const FramePool&) = delete;
  FramePool& operator=(const FramePool&) = delete;

  // A frame of `format`, width x height (1..kMaxFrameSide), every plane in one pooled buffer, rows
  // 64-byte aligned (YV12's Cr plane before its Cb plane, as in memory). Its pixels are NOT
  // initialised: the caller writes every one. YUV frames carry `encoding`.
  HostFrame acquire(PixelFormat format, int width, int height, YuvEncoding encoding = {});
  // A raw buffer of at least `bytes`.
  std::shared_ptr<FrameLease> lease(std::size_t bytes);

  FramePoolStats stats() const;
  bool pageLocked() const;  // frames from this pool upload without a staging copy
  const char* memoryName() const;

 private:
  std::shared_ptr<FramePoolState> state_;
};

// The row pitch the pool gives a row of `rowBytes`: a multiple of 64.
constexpr std::size_t poolRowPitch(std::size_t rowBytes) { return (rowBytes + 63) / 64 * 64; }

}  // namespace kc
