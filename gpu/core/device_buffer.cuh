#pragma once
// RAII owners of device and pinned host memory. Move-only; plain cudaMalloc / cudaMallocHost.
#include <cstddef>
#include <string>
#include <utility>

#include "gpu/core/cuda_check.cuh"

namespace kc {

namespace detail {
void* allocateDevice(std::size_t bytes, const char* file, int line);
void* allocatePinned(std::size_t bytes, const char* file, int line);
void* allocatePitched(std::size_t widthBytes, std::size_t height, std::size_t* pitch, const char* file, int line);
void freeDevice(void* ptr) noexcept;
void freePinned(void* ptr) noexcept;
}  // namespace detail

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count)
      : data_(static_cast<T*>(detail::allocateDevice(count * sizeof(T), __FILE__, __LINE__))), count_(count) {}
  ~DeviceBuffer() { detail::freeDevice(data_); }
  DeviceBuffer(DeviceBuffer&& other) noexcept { swap(other); }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    DeviceBuffer(std::move(other)).swap(*this);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return count_; }
  std::size_t bytes() const noexcept { return count_ * sizeof(T); }
  bool empty() const noexcept { return count_ == 0; }
  void swap(DeviceBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
  }

  // Copies between host and device on a stream; the caller owns synchronisation.
  void uploadAsync(const T* host, std::size_t count, cudaStream_t stream) {
    KC_REQUIRE(count <= count_, "DeviceBuffer::uploadAsync: more elements than the buffer holds");
    KC_CUDA_CHECK(cudaMemcpyAsync(data_, host, count * sizeof(T), cudaMemcpyHostToDevice, stream));
  }
  void downloadAsync(T* host, std::size_t count, cudaStream_t stream) const {
    KC_REQUIRE(count <= count_, "DeviceBuffer::downloadAsync: more elements than the buffer holds");
    KC_CUDA_CHECK(cudaMemcpyAsync(host, data_, count * sizeof(T), cudaMemcpyDeviceToHost, stream));
  }
  // Fills every byte with `value` (tests poison outputs with this).
  void fillBytes(unsigned char value, cudaStream_t stream = nullptr) {
    KC_CUDA_CHECK(cudaMemsetAsync(data_, value, bytes(), stream));
  }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t count)
      : data_(static_cast<T*>(detail::allocatePinned(count * sizeof(T), __FILE__, __LINE__))), count_(count) {}
  ~PinnedBuffer() { detail::freePinned(data_); }
  PinnedBuffer(PinnedBuffer&& other) noexcept { swap(other); }
  PinnedBuffer& operator=(PinnedBuffer&& other) noexcept {
    PinnedBuffer(std::move(other)).swap(*this);
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return count_; }
  std::size_t bytes() const noexcept { return count_ * sizeof(T); }
  T& operator[](std::size_t i) const noexcept { return data_[i]; }
  void swap(PinnedBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
  }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace kc
