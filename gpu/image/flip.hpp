#pragma once
// Mirror an image: left-right (the selfie view a webcam user expects), upside down, or both (a
// 180-degree turn). The CPU reference here; flip.cuh is the CUDA kernel it is tested against.
#include <cstdint>
#include <string>

#include "gpu/image/view_checks.hpp"

namespace kc {

enum class FlipAxis { Horizontal, Vertical, Both };

// Where output pixel x of a row (or row y of the image) comes from.
KC_HD int flipSource(int i, int n, bool mirrored) { return mirrored ? n - 1 - i : i; }
KC_HD bool flipsColumns(FlipAxis axis) { return axis != FlipAxis::Vertical; }
KC_HD bool flipsRows(FlipAxis axis) { return axis != FlipAxis::Horizontal; }

template <class T>
void requireFlipViews(ConstImageView<T> in, ImageView<T> out, const char* function) {
  requireValidView(in, function, "input");
  requireValidView<T>(out, function, "output");
  requireSameSize<T, T>(in, out, function);
}

template <class T>
void flipCpu(ConstImageView<T> in, ImageView<T> out, FlipAxis axis) {
  requireFlipViews(in, out, "flipCpu");
  KC_REQUIRE(in.data != out.data || in.empty(), "flipCpu: input and output must not be the same image");
  for (int y = 0; y < out.height; ++y) {
    const T* source = in.row(flipSource(y, in.height, flipsRows(axis)));
    T* target = out.row(y);
    for (int x = 0; x < out.width; ++x) target[x] = source[flipSource(x, in.width, flipsColumns(axis))];
  }
}

}  // namespace kc
