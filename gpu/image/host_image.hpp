#pragma once
// An owning host image with tightly packed rows (pitch = width * sizeof(T)), or a chosen pitch.
#include <cstring>
#include <vector>

#include "gpu/core/error.hpp"
#include "gpu/image/image_view.hpp"

namespace kc {

template <class T>
class HostImage {
 public:
  HostImage() = default;
  HostImage(int width, int height, std::size_t pitch = 0)
      : width_(width), height_(height), pitch_(pitch ? pitch : static_cast<std::size_t>(width) * sizeof(T)) {
    KC_REQUIRE(width >= 0 && height >= 0, "HostImage: negative size");
    KC_REQUIRE(pitch_ >= static_cast<std::size_t>(width) * sizeof(T), "HostImage: pitch smaller than a row");
    bytes_.resize(pitch_ * static_cast<std::size_t>(height));
  }

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t pitch() const { return pitch_; }
  std::size_t sizeBytes() const { return bytes_.size(); }
  unsigned char* bytes() { return bytes_.data(); }
  const unsigned char* bytes() const { return bytes_.data(); }

  ImageView<T> view() { return {reinterpret_cast<T*>(bytes_.data()), width_, height_, pitch_}; }
  ImageView<const T> view() const { return {reinterpret_cast<const T*>(bytes_.data()), width_, height_, pitch_}; }
  T& at(int x, int y) { return view().at(x, y); }
  const T& at(int x, int y) const { return view().at(x, y); }
  void fillBytes(unsigned char value) { std::memset(bytes_.data(), value, bytes_.size()); }

 private:
  int width_ = 0;
  int height_ = 0;
  std::size_t pitch_ = 0;
  std::vector<unsigned char> bytes_;
};

// True when both views hold the same pixels (padding bytes ignored).
template <class T>
bool samePixels(ImageView<const T> a, ImageView<const T> b) {
  if (a.width != b.width || a.height != b.height) return false;
  for (int y = 0; y < a.height; ++y)
    if (std::memcmp(a.row(y), b.row(y), a.rowBytes()) != 0) return false;
  return true;
}

}  // namespace kc
