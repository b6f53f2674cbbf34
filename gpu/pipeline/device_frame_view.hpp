#pragma once
// A DeviceFrame as a typed image view: how the CUDA pipeline and the stages' launches read and
// write device images (no CUDA types: a view is a pointer, a size and a pitch).
#include "gpu/image/image_view.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc {

template <class T>
ImageView<T> deviceView(const DeviceFrame& frame) {
  return {static_cast<T*>(frame.data), frame.shape.width, frame.shape.height, frame.pitch};
}

}  // namespace kc
