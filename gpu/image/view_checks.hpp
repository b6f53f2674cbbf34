#pragma once
// Argument checks shared by the image kernels and their CPU references: a bad view becomes a
// kc::InvalidArgument naming the function, never an out-of-bounds access.
#include <cstdint>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/image/image_view.hpp"

namespace kc {

// Non-negative size; for a non-empty view also a data pointer and a pitch that holds a row.
template <class T>
void requireValidView(ImageView<const T> view, const char* function, const char* name) {
  const std::string where = std::string(function) + ": " + name;
  KC_REQUIRE(view.width >= 0 && view.height >= 0, where + " has a negative size");
  if (view.empty()) return;
  KC_REQUIRE(view.data != nullptr, where + " has no data");
  KC_REQUIRE(view.pitch >= view.rowBytes(), where + " pitch is smaller than a row");
}

template <class A, class B>
void requireSameSize(ImageView<const A> a, ImageView<const B> b, const char* function) {
  KC_REQUIRE(a.width == b.width && a.height == b.height,
             std::string(function) + ": input is " + std::to_string(a.width) + "x" + std::to_string(a.height) +
                 " but output is " + std::to_string(b.width) + "x" + std::to_string(b.height));
}

// GPUs fault on misaligned loads, so device views of multi-byte pixels must be aligned to them.
template <class T>
void requireElementAligned(ImageView<const T> view, const char* function, const char* name) {
  if (view.empty()) return;
  KC_REQUIRE(reinterpret_cast<std::uintptr_t>(view.data) % alignof(T) == 0 && view.pitch % alignof(T) == 0,
             std::string(function) + ": " + name + " data and pitch must be multiples of " +
                 std::to_string(alignof(T)) + " bytes");
}

// A kernel that reads a neighbourhood (convolution) would read pixels it already overwrote: the
// two images' byte ranges (pitch * height from each start) must not overlap.
template <class A, class B>
void requireDistinct(ImageView<const A> in, ImageView<const B> out, const char* function) {
  if (in.empty() || out.empty()) return;
  const auto inBegin = reinterpret_cast<std::uintptr_t>(in.data), outBegin = reinterpret_cast<std::uintptr_t>(out.data);
  const bool overlap = inBegin < outBegin + out.pitch * static_cast<std::uintptr_t>(out.height) &&
                       outBegin < inBegin + in.pitch * static_cast<std::uintptr_t>(in.height);
  KC_REQUIRE(!overlap, std::string(function) + ": input and output must be distinct, non-overlapping images");
}

}  // namespace kc
