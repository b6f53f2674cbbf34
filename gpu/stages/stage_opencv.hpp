#pragma once
// The OpenCV side's counterpart of stage_cuda.cuh, for the CPU fast paths (stages/*_opencv.cpp,
// built only where OpenCV is found): cv::Mat headers over a stage's frames (no copies), the
// border modes in OpenCV's names, and row stripes on OpenCV's thread pool.
#include <opencv2/core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "gpu/image/convolution.hpp"
#include "gpu/image/image_view.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

template <class T>
cv::Mat matOf(ImageView<T> view) {
  using Pixel = std::remove_const_t<T>;
  static_assert(std::is_same_v<Pixel, std::uint8_t> || std::is_same_v<Pixel, Rgba8>);
  const int type = std::is_same_v<Pixel, std::uint8_t> ? CV_8UC1 : CV_8UC4;
  return cv::Mat(view.height, view.width, type, const_cast<Pixel*>(view.data), view.pitch);
}

inline int cvBorderOf(BorderMode border) {
  switch (border) {
    case BorderMode::Clamp:
      return cv::BORDER_REPLICATE;
    case BorderMode::Zero:
      return cv::BORDER_CONSTANT;  // the value is 0
    case BorderMode::Reflect:
      break;
  }
  return cv::BORDER_REFLECT_101;
}

// Headers over the stage's grey or RGBA frames (same format in and out).
struct StageMats {
  cv::Mat in, out;
};
inline StageMats sameFormatMats(const CpuStageIo& io) {
  if (io.in.format == PixelFormat::Gray8) return {matOf(io.in.gray.view()), matOf(io.out.gray.view())};
  return {matOf(io.in.rgba.view()), matOf(io.out.rgba.view())};
}

// Runs f(firstRow, endRow) over stripes of `rows` on OpenCV's thread pool. A few stripes per
// thread, so a thread that gets its core back late (the machine is shared) does not hold the
// others up; at least `minRows` rows each, so a stripe's fixed cost (a filter's halo rows, a
// histogram's merge) stays small.
template <class F>
void forRowStripes(int rows, int minRows, F&& f) {
  const int stripes = std::clamp(rows / std::max(minRows, 1), 1, 4 * cv::getNumThreads());
  if (stripes == 1) {
    f(0, rows);
    return;
  }
  cv::parallel_for_(
      cv::Range(0, rows), [&](const cv::Range& range) { f(range.start, range.end); }, stripes);
}

}  // namespace kc::stages
