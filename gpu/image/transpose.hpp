#pragma once
// out(y, x) = in(x, y); out is in.height wide and in.width high.
#include <cstdint>

#include "gpu/image/view_checks.hpp"

namespace kc {

template <class T>
void transposeCpu(ConstImageView<T> in, ImageView<T> out) {
  requireValidView(in, "transposeCpu", "input");
  requireValidView<T>(out, "transposeCpu", "output");
  KC_REQUIRE(out.width == in.height && out.height == in.width, "transposeCpu: output must be in.height x in.width");
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) out.at(y, x) = in.at(x, y);
}

}  // namespace kc
