#pragma once
// An owning pitched device image (cudaMallocPitch), plus host<->device copies of whole images.
#include "gpu/core/device_buffer.cuh"
#include "gpu/image/host_image.hpp"

namespace kc {

template <class T>
class DeviceImage {
 public:
  DeviceImage() = default;
  DeviceImage(int width, int height) : width_(width), height_(height) {
    KC_REQUIRE(width >= 0 && height >= 0, "DeviceImage: negative size");
    data_ = detail::allocatePitched(static_cast<std::size_t>(width) * sizeof(T), height, &pitch_, __FILE__, __LINE__);
  }
  ~DeviceImage() { detail::freeDevice(data_); }
  DeviceImage(DeviceImage&& o) noexcept { swap(o); }
  DeviceImage& operator=(DeviceImage&& o) noexcept {
    DeviceImage(std::move(o)).swap(*this);
    return *this;
  }
  DeviceImage(const DeviceImage&) = delete;
  DeviceImage& operator=(const DeviceImage&) = delete;

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t pitch() const { return pitch_; }
  ImageView<T> view() const { return {static_cast<T*>(data_), width_, height_, pitch_}; }
  void fillBytes(unsigned char value, cudaStream_t stream = nullptr) {
    if (data_) KC_CUDA_CHECK(cudaMemset2DAsync(data_, pitch_, value, width_ * sizeof(T), height_, stream));
  }
  void swap(DeviceImage& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(width_, o.width_);
    std::swap(height_, o.height_);
    std::swap(pitch_, o.pitch_);
  }

 private:
  void* data_ = nullptr;
  int width_ = 0;
  int height_ = 0;
  std::size_t pitch_ = 0;
};

template <class T>
void copyToDeviceAsync(ImageView<const T> host, ImageView<T> device, cudaStream_t stream) {
  KC_REQUIRE(host.width == device.width && host.height == device.height, "copyToDeviceAsync: size mismatch");
  if (host.empty()) return;
  KC_CUDA_CHECK(cudaMemcpy2DAsync(device.data, device.pitch, host.data, host.pitch, host.rowBytes(), host.height,
                                  cudaMemcpyHostToDevice, stream));
}

template <class T>
void copyToHostAsync(ImageView<const T> device, ImageView<T> host, cudaStream_t stream) {
  KC_REQUIRE(host.width == device.width && host.height == device.height, "copyToHostAsync: size mismatch");
  if (host.empty()) return;
  KC_CUDA_CHECK(cudaMemcpy2DAsync(host.data, host.pitch, device.data, device.pitch, host.rowBytes(), host.height,
                                  cudaMemcpyDeviceToHost, stream));
}

// Synchronous conveniences for tests and one-shot tools.
template <class T>
DeviceImage<T> uploadImage(const HostImage<T>& host) {
  DeviceImage<T> device(host.width(), host.height());
  copyToDeviceAsync<T>(host.view(), device.view(), nullptr);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  return device;
}

template <class T>
HostImage<T> downloadImage(const DeviceImage<T>& device) {
  HostImage<T> host(device.width(), device.height());
  copyToHostAsync<T>(device.view(), host.view(), nullptr);
  KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  return host;
}

}  // namespace kc
