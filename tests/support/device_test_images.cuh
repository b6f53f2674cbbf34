#pragma once
// Device images for GPU tests in the two layouts every image kernel must handle:
//   Pitched: DeviceImage (cudaMallocPitch, rows 512-byte aligned).
//   Offset:  a view starting `offset` bytes into a larger buffer with an arbitrary (odd where the
//            pixel type allows) pitch, so rows start at every alignment; the bytes around the view
//            are poisoned too, and outsideUntouched() checks that no kernel wrote there.
//   WordOffset: as Offset, but rows 4-byte aligned (offset 4, pitch a multiple of 4, not of 16):
//            for uint8_t the word-wide paths run on rows that are not 16-byte aligned.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/image/device_image.cuh"

namespace kc::test {

constexpr unsigned char kPoison = 0xCD;

enum class Layout { Pitched, Offset, WordOffset };
inline const char* name(Layout layout) {
  return layout == Layout::Pitched ? "pitched" : layout == Layout::Offset ? "offset view" : "word-aligned offset view";
}

template <class T>
class TestDeviceImage {
 public:
  TestDeviceImage(int width, int height, Layout layout) {
    if (layout == Layout::Pitched) {
      pitched_ = DeviceImage<T>(width, height);
      view_ = pitched_.view();
      return;
    }
    // The smallest offset and pitch padding the type allows: 1 byte for uint8_t (odd pitch),
    // one element otherwise (a pitch that is not a multiple of 16).
    const std::size_t rowBytes = static_cast<std::size_t>(width) * sizeof(T);
    offset_ = layout == Layout::Offset ? alignof(T) : 4;
    const std::size_t pitch =
        layout == Layout::Offset ? rowBytes + (sizeof(T) == 1 ? 3 : sizeof(T)) : (rowBytes + 3) / 4 * 4 + 4;
    buffer_ = DeviceBuffer<unsigned char>(offset_ + pitch * static_cast<std::size_t>(height) + 64);
    view_ = {reinterpret_cast<T*>(buffer_.data() + offset_), width, height, pitch};
  }

  ImageView<T> view() const { return view_; }

  // Poisons the view and, for an offset view, everything around it.
  void poison() {
    if (buffer_.size()) buffer_.fillBytes(kPoison);
    else pitched_.fillBytes(kPoison);
    KC_CUDA_CHECK(cudaDeviceSynchronize());
  }

  void upload(const HostImage<T>& host) {
    copyToDeviceAsync<T>(host.view(), view_, nullptr);
    KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  }

  HostImage<T> download() const {
    HostImage<T> host(view_.width, view_.height);
    copyToHostAsync<T>(view_, host.view(), nullptr);
    KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    return host;
  }

  // For offset views: true when every byte outside the view's rows still holds the poison.
  ::testing::AssertionResult outsideUntouched() const {
    if (!buffer_.size()) return ::testing::AssertionSuccess();
    std::vector<unsigned char> all(buffer_.size());
    buffer_.downloadAsync(all.data(), all.size(), nullptr);
    KC_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    for (std::size_t i = 0; i < all.size(); ++i) {
      const bool inside = i >= offset_ && (i - offset_) / view_.pitch < static_cast<std::size_t>(view_.height) &&
                          (i - offset_) % view_.pitch < view_.rowBytes();
      if (!inside && all[i] != kPoison)
        return ::testing::AssertionFailure() << "byte " << i << " outside the view was written";
    }
    return ::testing::AssertionSuccess();
  }

 private:
  DeviceImage<T> pitched_;
  DeviceBuffer<unsigned char> buffer_;
  std::size_t offset_ = 0;
  ImageView<T> view_;
};

template <class T>
std::string describe(ImageView<T> view) {
  return std::to_string(view.width) + "x" + std::to_string(view.height) + " pitch " + std::to_string(view.pitch);
}

}  // namespace kc::test
