#pragma once
// out(y, x) = in(x, y); out is in.height wide and in.width high.
#include <cstdint>

#include "gpu/image/image_view.hpp"

namespace kc {

template <class T>
void transposeCpu(ConstImageView<T> in, ImageView<T> out) {
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) out.at(y, x) = in.at(x, y);
}

}  // namespace kc
