#include "gpu/image/convolution.cuh"
#include "gpu/pipeline/cuda_fusion.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/conv_stage.hpp"
#include "gpu/stages/gray_stage.hpp"
#include "gpu/stages/hist_stage.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

void launchConv(const StageSpec& spec, const CudaStageIo& io) {
  const ConvConfig& config = spec.configAs<ConvConfig>();
  withSameFormatDeviceViews(
      io, [&](auto in, auto out) { convolveAsync(in, out, config.kernel, config.border, streamOf(io)); });
}

// The live chain's fused step (issue 21): [gray on an RGBA frame,] a separable convolution of the
// grey image (radius 1..15) [, hist]: at least two of the three, in that order, as one kernel
// (grayConvolveAsync / convolveCountingAsync), bit-exact with the stages one by one.
bool fusableConv(const StageSpec& stage) {
  if (stage.id() != "conv") return false;
  const ConvConfig& config = stage.configAs<ConvConfig>();
  const int radius = config.kernel.size / 2;
  return config.separable.has_value() && radius >= 1 && radius <= 15;
}

std::size_t matchGrayConvHist(const FilterChain& chain, std::size_t first, FrameShape shape) {
  std::size_t i = first;
  const bool gray = chain[i].id() == "gray" && shape.format == PixelFormat::Rgba8;
  if (gray) ++i;
  else if (shape.format != PixelFormat::Gray8) return 0;  // a convolution of colour: not this fusion
  if (i >= chain.size() || !fusableConv(chain[i])) return 0;
  ++i;
  if (i < chain.size() && chain[i].id() == "hist") ++i;
  const std::size_t count = i - first;
  return count >= 2 ? count : 0;
}

bool launchGrayConvHist(const FilterChain& chain, std::size_t first, std::size_t count, const CudaStageIo& io) {
  const bool gray = chain[first].id() == "gray";
  const ConvConfig& conv = chain[first + (gray ? 1 : 0)].configAs<ConvConfig>();
  const StageSpec* hist = chain[first + count - 1].id() == "hist" ? &chain[first + count - 1] : nullptr;
  HistogramTarget histogram;
  if (hist) {
    KC_REQUIRE(io.histogram && io.histogram->counts, "gray+conv+hist: the pipeline gave no histogram buffer");
    histogram = {io.histogram->counts, hist->configAs<HistConfig>().bins};
  }
  const bool launched =
      gray ? grayConvolveAsync(deviceView<const Rgba8>(io.in), chain[first].configAs<GrayConfig>().weights,
                               deviceView<std::uint8_t>(io.out), conv.kernel, conv.border, histogram, streamOf(io))
           : convolveCountingAsync(deviceView<const std::uint8_t>(io.in), deviceView<std::uint8_t>(io.out), conv.kernel,
                                   conv.border, histogram, streamOf(io));
  if (launched && hist) {
    io.histogram->bins = histogram.bins;
    io.histogram->channels = 1;
  }
  return launched;
}

}  // namespace

KC_REGISTER_CUDA_STAGE(conv, launchConv);
KC_REGISTER_CUDA_FUSION(gray_conv_hist, (CudaFusion{"gray+conv+hist", matchGrayConvHist, launchGrayConvHist}));

}  // namespace kc::stages
