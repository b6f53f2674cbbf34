#include "gpu/image/flip.cuh"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/flip_stage.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

void launchFlip(const StageSpec& spec, const CudaStageIo& io) {
  const FlipAxis axis = spec.configAs<FlipConfig>().axis;
  withSameFormatDeviceViews(io, [&](auto in, auto out) { flipAsync(in, out, axis, streamOf(io)); });
}

}  // namespace

// No bench rows of its own: the bench's generic stage rows time its benchCases.
KC_REGISTER_CUDA_STAGE(flip, launchFlip);

}  // namespace kc::stages
