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

}  // namespace kc
