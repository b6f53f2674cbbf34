// gray on the CPU backend: the Q15 weights of grayscale.hpp, exactly (the reference's rounding),
// at library speed. cv::cvtColor has BT.601's weights only and cv::transform with a 1x4 matrix is
// exact but a scalar float loop (12 ms at 1080p), so the row loop is ours: written for the
// compiler's vectoriser, cloned for AVX2 and AVX-512 (chosen at load time), and run in row stripes
// on OpenCV's thread pool.
#include <opencv2/imgproc.hpp>

#include "gpu/image/view_checks.hpp"
#include "gpu/stages/gray_stage.hpp"
#include "gpu/stages/stage_opencv.hpp"

namespace kc::stages {
namespace {

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define KC_VECTOR_CLONES __attribute__((target_clones("default", "avx2", "arch=x86-64-v4")))
#else
#define KC_VECTOR_CLONES
#endif

// grayFromRgb over one row, spelled out on bytes so the loop vectorises (4-byte deinterleave).
KC_VECTOR_CLONES void grayRow(const std::uint8_t* rgba, std::uint8_t* gray, int width, std::uint32_t wr,
                              std::uint32_t wg, std::uint32_t wb) {
  for (int x = 0; x < width; ++x)
    gray[x] =
        static_cast<std::uint8_t>((wr * rgba[4 * x] + wg * rgba[4 * x + 1] + wb * rgba[4 * x + 2] + 16384u) >> 15);
}

}  // namespace

void grayOpenCv(const StageSpec& spec, const CpuStageIo& io) {
  const ConstImageView<Rgba8> in = io.in.rgba.view();
  const ImageView<std::uint8_t> out = io.out.gray.view();
  requireValidView(in, "gray (CPU)", "input");
  requireValidView<std::uint8_t>(out, "gray (CPU)", "output");
  requireSameSize<Rgba8, std::uint8_t>(in, out, "gray (CPU)");
  const GrayCoefficients c = grayCoefficients(spec.configAs<GrayConfig>().weights);
  forRowStripes(in.height, 64, [&](int first, int end) {
    for (int y = first; y < end; ++y)
      grayRow(reinterpret_cast<const std::uint8_t*>(in.row(y)), out.row(y), in.width, c.r, c.g, c.b);
  });
}

CpuBaselineCall grayOpenCvBaseline(const StageSpec&, const CpuStageIo& io) {
  cv::Mat in = matOf(io.in.rgba.view()), out = matOf(io.out.gray.view());
  return {"cv::cvtColor RGBA2GRAY", [in, out]() mutable { cv::cvtColor(in, out, cv::COLOR_RGBA2GRAY); }};
}

}  // namespace kc::stages
