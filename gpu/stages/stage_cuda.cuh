#pragma once
// The CUDA side's counterpart of stage_helpers.hpp: typed views of a stage's device frames
// (deviceView, device_frame_view.hpp) and its stream.
#include <cuda_runtime.h>

#include "gpu/pipeline/device_frame_view.hpp"

namespace kc::stages {

inline cudaStream_t streamOf(const CudaStageIo& io) { return static_cast<cudaStream_t>(io.stream); }

// Calls f(inView, outView) with grey or RGBA device views (same format in and out).
template <class F>
void withSameFormatDeviceViews(const CudaStageIo& io, F&& f) {
  if (io.in.shape.format == PixelFormat::Gray8)
    f(ConstImageView<std::uint8_t>(deviceView<std::uint8_t>(io.in)), deviceView<std::uint8_t>(io.out));
  else f(ConstImageView<Rgba8>(deviceView<Rgba8>(io.in)), deviceView<Rgba8>(io.out));
}

}  // namespace kc::stages
