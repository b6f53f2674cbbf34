// transpose on the CPU backend: cv::transpose (cache-blocked; the reference walks the output a
// column at a time), which is also the bare call the bench compares with.
#include "gpu/core/error.hpp"
#include "gpu/stages/stage_opencv.hpp"
#include "gpu/stages/transpose_stage.hpp"

namespace kc::stages {
namespace {

// `out` already has the transposed size and the type, so cv::transpose writes into it.
void transposeMats(const StageMats& mats) {
  KC_REQUIRE(mats.out.rows == mats.in.cols && mats.out.cols == mats.in.rows,
             "transpose (CPU): output must be in.height x in.width");
  KC_REQUIRE(mats.in.data != mats.out.data || mats.in.empty(), "transpose (CPU): in and out must be distinct images");
  cv::Mat out = mats.out;
  if (!mats.in.empty()) cv::transpose(mats.in, out);
}

}  // namespace

void transposeOpenCv(const StageSpec&, const CpuStageIo& io) { transposeMats(sameFormatMats(io)); }

CpuBaselineCall transposeOpenCvBaseline(const StageSpec&, const CpuStageIo& io) {
  return {"cv::transpose", [mats = sameFormatMats(io)] { transposeMats(mats); }};
}

}  // namespace kc::stages
