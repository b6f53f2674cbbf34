#include "gpu/pipeline/frame_pool.hpp"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <vector>

#include "gpu/pipeline/frame_limits.hpp"

namespace kc {

namespace {

constexpr std::size_t kBufferAlignment = 64;
constexpr std::size_t kBufferGranule = 4096;  // sizes rounded up: frames of nearly one size share buffers

class AlignedHostMemory final : public HostMemory {
 public:
  void* allocate(std::size_t bytes) override {
    void* data =
        std::aligned_alloc(kBufferAlignment, (bytes + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment);
    if (!data) KC_FAIL("std::aligned_alloc", "out of host memory for a " + std::to_string(bytes) + "-byte frame");
    return data;
  }
  void release(void* data) noexcept override { std::free(data); }
  bool pageLocked() const override { return false; }
  const char* name() const override { return "aligned"; }
};

struct Buffer {
  std::uint8_t* data;
  std::size_t bytes;
};

}  // namespace

struct FramePoolState {
  std::shared_ptr<HostMemory> memory;
  int maxIdle = 0;
  std::mutex mutex;          // a camera may fill frames on its own thread while the GUI thread drops others
  std::vector<Buffer> idle;  // oldest first
  bool poolAlive = true;     // false once the FramePool is gone: returning leases free their buffer
  FramePoolStats stats;

  void giveBack(Buffer buffer) noexcept {
    std::vector<Buffer> toFree;
    {
      std::lock_guard lock(mutex);
      --stats.buffersOut;
      if (poolAlive) {
        idle.push_back(buffer);
        ++stats.buffersIdle;
        while (static_cast<int>(idle.size()) > maxIdle) {
          toFree.push_back(idle.front());
          idle.erase(idle.begin());
          --stats.buffersIdle;
          stats.bytesHeld -= toFree.back().bytes;
        }
      } else {
        toFree.push_back(buffer);
        stats.bytesHeld -= buffer.bytes;
      }
    }
    for (const Buffer& b : toFree) memory->release(b.data);  // outside the lock: cudaFreeHost may be slow
  }
};

FrameLease::FrameLease(std::shared_ptr<FramePoolState> pool, std::uint8_t* data, std::size_t bytes)
    : pool_(std::move(pool)), data_(data), bytes_(bytes) {}

FrameLease::~FrameLease() { pool_->giveBack({data_, bytes_}); }

std::shared_ptr<HostMemory> alignedHostMemory() { return std::make_shared<AlignedHostMemory>(); }

FramePool::FramePool(std::shared_ptr<HostMemory> memory, int maxIdleBuffers)
    : state_(std::make_shared<FramePoolState>()) {
  KC_REQUIRE(memory != nullptr, "FramePool: no memory to allocate from");
  KC_REQUIRE(maxIdleBuffers >= 0, "FramePool: negative idle buffer count");
  state_->memory = std::move(memory);
  state_->maxIdle = maxIdleBuffers;
}

FramePool::~FramePool() {
  std::vector<Buffer> idle;
  {
    std::lock_guard lock(state_->mutex);
    state_->poolAlive = false;
    idle.swap(state_->idle);
    state_->stats.buffersIdle = 0;
    for (const Buffer& b : idle) state_->stats.bytesHeld -= b.bytes;
  }
  for (const Buffer& b : idle) state_->memory->release(b.data);
}

std::shared_ptr<FrameLease> FramePool::lease(std::size_t bytes) {
  KC_REQUIRE(bytes > 0, "FramePool::lease: zero bytes");
  const std::size_t wanted = (bytes + kBufferGranule - 1) / kBufferGranule * kBufferGranule;
  {
    std::lock_guard lock(state_->mutex);
    // The smallest idle buffer that fits and is not wastefully large (a 4K buffer is not lent for
    // a thumbnail: after a size change the old buffers age out instead).
    auto best = state_->idle.end();
    for (auto it = state_->idle.begin(); it != state_->idle.end(); ++it)
      if (it->bytes >= wanted && it->bytes <= 2 * wanted && (best == state_->idle.end() || it->bytes < best->bytes))
        best = it;
    if (best != state_->idle.end()) {
      const Buffer buffer = *best;
      state_->idle.erase(best);
      --state_->stats.buffersIdle;
      ++state_->stats.buffersOut;
      ++state_->stats.reuses;
      return std::make_shared<FrameLease>(state_, buffer.data, buffer.bytes);
    }
  }
  auto* data = static_cast<std::uint8_t*>(state_->memory->allocate(wanted));
  std::lock_guard lock(state_->mutex);
  ++state_->stats.allocations;
  ++state_->stats.buffersOut;
  state_->stats.bytesHeld += wanted;
  return std::make_shared<FrameLease>(state_, data, wanted);
}

HostFrame FramePool::acquire(PixelFormat format, int width, int height, YuvEncoding encoding) {
  KC_REQUIRE(frameSizeAllowed(width, height), "FramePool::acquire: " + frameSizeProblem(width, height));
  // Plane byte sizes in memory order.
  struct PlanePlace {
    int index;  // which of the frame's planes
    std::size_t rowBytes;
    int rows;
  };
  std::vector<PlanePlace> places;
  if (isYuv(format)) {
    const YuvLayout layout = yuvLayout(format);
    for (int p = 0; p < yuvPlaneCount(layout); ++p) {
      const PlaneSize size = yuvPlaneSize(layout, width, height, p);
      places.push_back({p, static_cast<std::size_t>(size.widthBytes), size.height});
    }
    if (format == PixelFormat::Yv12) std::swap(places[1], places[2]);  // Y, Cr, Cb in memory
  } else {
    places.push_back({0, static_cast<std::size_t>(width) * bytesPerPixel(format), height});
  }
  std::size_t total = 0;
  for (const auto& place : places) total += poolRowPitch(place.rowBytes) * static_cast<std::size_t>(place.rows);
  const std::shared_ptr<FrameLease> lease = this->lease(total);

  HostFrame frame;
  frame.format = format;
  std::size_t offset = 0;
  for (const auto& place : places) {
    std::uint8_t* data = lease->data() + offset;
    const std::size_t pitch = poolRowPitch(place.rowBytes);
    offset += pitch * static_cast<std::size_t>(place.rows);
    if (format == PixelFormat::Gray8) {
      frame.gray = FrameImage<std::uint8_t>({data, width, height, pitch}, lease);
    } else if (!isYuv(format)) {
      frame.rgba = FrameImage<Rgba8>({reinterpret_cast<Rgba8*>(data), width, height, pitch}, lease);
    } else {
      frame.yuv.planes[place.index] =
          FrameImage<std::uint8_t>({data, static_cast<int>(place.rowBytes), place.rows, pitch}, lease);
    }
  }
  if (isYuv(format)) {
    frame.yuv.width = width;
    frame.yuv.height = height;
    frame.yuv.encoding = encoding;
  }
  return frame;
}

FramePoolStats FramePool::stats() const {
  std::lock_guard lock(state_->mutex);
  return state_->stats;
}

bool FramePool::pageLocked() const { return state_->memory->pageLocked(); }
const char* FramePool::memoryName() const { return state_->memory->name(); }

}  // namespace kc
