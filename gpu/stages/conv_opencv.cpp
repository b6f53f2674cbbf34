// conv on the CPU backend: cv::sepFilter2D for rank-one kernels (gauss, box, sobel: two 1D passes),
// cv::filter2D for the others, in row stripes on OpenCV's thread pool. A stripe is a ROI of the
// whole image, so OpenCV reads its halo rows from the neighbouring stripes and applies the border
// only at the image's real edges: the stripes add up to the one-call result exactly.
#include <opencv2/imgproc.hpp>

#include <optional>

#include "gpu/core/error.hpp"
#include "gpu/stages/conv_stage.hpp"
#include "gpu/stages/stage_opencv.hpp"

namespace kc::stages {
namespace {

// Headers over the kernel's weights (no copies). OpenCV takes the 1D factors as a row or a column.
cv::Mat floatsMat(const std::vector<float>& weights, int rows, int cols) {
  return cv::Mat(rows, cols, CV_32F, const_cast<float*>(weights.data()));
}

cv::Mat kernelMat(const ConvKernel& kernel) { return floatsMat(kernel.weights, kernel.size, kernel.size); }

}  // namespace

void convolveOpenCv(const StageSpec& spec, const CpuStageIo& io) {
  const ConvConfig& config = spec.configAs<ConvConfig>();
  const int border = cvBorderOf(config.border);
  const StageMats mats = sameFormatMats(io);
  KC_REQUIRE(mats.in.size() == mats.out.size(), "conv (CPU): input and output sizes differ");
  KC_REQUIRE(mats.in.data != mats.out.data || mats.in.empty(), "conv (CPU): in and out must be distinct images");
  if (mats.in.empty()) return;
  const std::optional<SeparableKernel>& factors = config.separable;
  const int n = config.kernel.size;
  const cv::Mat kernel = kernelMat(config.kernel);
  const cv::Mat row = factors ? floatsMat(factors->row, 1, n) : cv::Mat();
  const cv::Mat column = factors ? floatsMat(factors->column, n, 1) : cv::Mat();
  forRowStripes(mats.in.rows, 32, [&](int first, int end) {
    const cv::Mat source = mats.in.rowRange(first, end);
    cv::Mat target = mats.out.rowRange(first, end);
    if (factors) cv::sepFilter2D(source, target, -1, row, column, cv::Point(-1, -1), 0, border);
    else cv::filter2D(source, target, -1, kernel, cv::Point(-1, -1), 0, border);
    if (source.channels() == 4) {  // alpha passes through, as in convolveCpu
      const int alpha[] = {3, 3};
      cv::mixChannels(&source, 1, &target, 1, alpha, 1);
    }
  });
}

CpuBaselineCall convOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io) {
  const ConvConfig& config = spec.configAs<ConvConfig>();
  const int border = cvBorderOf(config.border);
  StageMats mats = sameFormatMats(io);
  if (config.separable) {
    const int n = config.kernel.size;
    const cv::Mat row = floatsMat(config.separable->row, 1, n).clone();
    const cv::Mat column = floatsMat(config.separable->column, n, 1).clone();
    return {"cv::sepFilter2D",
            [=]() mutable { cv::sepFilter2D(mats.in, mats.out, -1, row, column, cv::Point(-1, -1), 0, border); }};
  }
  const cv::Mat kernel = kernelMat(config.kernel).clone();
  return {"cv::filter2D", [=]() mutable { cv::filter2D(mats.in, mats.out, -1, kernel, cv::Point(-1, -1), 0, border); }};
}

}  // namespace kc::stages
