#include "gpu/image/transpose.cuh"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

void launchTranspose(const StageSpec&, const CudaStageIo& io) {
  withSameFormatDeviceViews(io, [&](auto in, auto out) { transposeAsync(in, out, streamOf(io)); });
}

}  // namespace

KC_REGISTER_CUDA_STAGE(transpose, launchTranspose);

}  // namespace kc::stages
