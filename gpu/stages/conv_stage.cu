#include "gpu/image/convolution.cuh"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/conv_stage.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

void launchConv(const StageSpec& spec, const CudaStageIo& io) {
  const ConvConfig& config = spec.configAs<ConvConfig>();
  withSameFormatDeviceViews(io, [&](auto in, auto out) { convolveAsync(in, out, config.kernel, config.border, streamOf(io)); });
}

}  // namespace

KC_REGISTER_CUDA_STAGE(conv, launchConv);

}  // namespace kc::stages
