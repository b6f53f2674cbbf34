#include "gpu/image/histogram.cuh"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/hist_stage.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

void launchHist(const StageSpec& spec, const CudaStageIo& io) {
  KC_REQUIRE(io.histogram && io.histogram->counts && io.histogram->sync,
             "hist stage: the pipeline gave no histogram buffer");
  const int bins = spec.configAs<HistConfig>().bins;
  const bool gray = io.in.shape.format == PixelFormat::Gray8;
  io.histogram->bins = bins;
  io.histogram->channels = gray ? 1 : 3;
  if (gray)
    histogramAsync(deviceView<const std::uint8_t>(io.in), bins, io.histogram->counts, io.histogram->sync, streamOf(io));
  else histogramRgbAsync(deviceView<const Rgba8>(io.in), bins, io.histogram->counts, io.histogram->sync, streamOf(io));
}

}  // namespace

KC_REGISTER_CUDA_STAGE(hist, launchHist);

}  // namespace kc::stages
