// flip on the CPU backend: cv::flip, which is also the bare call the bench compares with.
#include "gpu/core/error.hpp"
#include "gpu/stages/flip_stage.hpp"
#include "gpu/stages/stage_opencv.hpp"

namespace kc::stages {
namespace {

int flipCode(FlipAxis axis) {
  switch (axis) {
    case FlipAxis::Horizontal:
      return 1;  // around the vertical axis: left-right
    case FlipAxis::Vertical:
      return 0;  // around the horizontal axis: upside down
    case FlipAxis::Both:
      break;
  }
  return -1;
}

void flipMats(const StageMats& mats, FlipAxis axis) {
  KC_REQUIRE(mats.in.size() == mats.out.size(), "flip (CPU): input and output sizes differ");
  KC_REQUIRE(mats.in.data != mats.out.data || mats.in.empty(), "flip (CPU): in and out must be distinct images");
  cv::Mat out = mats.out;
  if (!mats.in.empty()) cv::flip(mats.in, out, flipCode(axis));
}

}  // namespace

void flipOpenCv(const StageSpec& spec, const CpuStageIo& io) {
  flipMats(sameFormatMats(io), spec.configAs<FlipConfig>().axis);
}

CpuBaselineCall flipOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io) {
  return {"cv::flip", [mats = sameFormatMats(io), axis = spec.configAs<FlipConfig>().axis] { flipMats(mats, axis); }};
}

}  // namespace kc::stages
