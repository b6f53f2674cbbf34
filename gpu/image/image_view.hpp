#pragma once
// A non-owning 2D view: base pointer, size in pixels and the row pitch in bytes. Every kernel
// and CPU reference takes these, so any pitch (cudaMallocPitch, a GL buffer, a cv::Mat) works.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "gpu/core/host_device.hpp"

namespace kc {

// One 4-byte pixel. Memory order is R,G,B,A for RGBA8 and B,G,R,A for BGRA8 (then .r holds blue):
// ChannelOrder says which.
struct alignas(4) Rgba8 {
  std::uint8_t r, g, b, a;
};
static_assert(sizeof(Rgba8) == 4);

enum class ChannelOrder { RGBA, BGRA };

template <class T>
struct ImageView {
  T* data = nullptr;
  int width = 0;
  int height = 0;
  std::size_t pitch = 0;  // bytes from one row to the next

  KC_HD T* row(int y) const {
    using Byte = std::conditional_t<std::is_const_v<T>, const unsigned char, unsigned char>;
    return reinterpret_cast<T*>(reinterpret_cast<Byte*>(data) + static_cast<std::size_t>(y) * pitch);
  }
  KC_HD T& at(int x, int y) const { return row(y)[x]; }
  KC_HD bool empty() const { return width <= 0 || height <= 0; }
  KC_HD std::size_t rowBytes() const { return static_cast<std::size_t>(width) * sizeof(T); }
  // Only non-const views convert (a const view converting to itself upsets nvcc, warning #554).
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  KC_HD operator ImageView<const U>() const {
    return {data, width, height, pitch};
  }
};

template <class T>
using ConstImageView = ImageView<const T>;

}  // namespace kc
