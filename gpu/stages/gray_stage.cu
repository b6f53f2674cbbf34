#include "gpu/image/grayscale.cuh"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/gray_stage.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

void launchGray(const StageSpec& spec, const CudaStageIo& io) {
  grayscaleAsync(deviceView<Rgba8>(io.in), deviceView<std::uint8_t>(io.out), spec.configAs<GrayConfig>().weights,
                 ChannelOrder::RGBA, streamOf(io));
}

}  // namespace

KC_REGISTER_CUDA_STAGE(gray, launchGray);

}  // namespace kc::stages
