// transpose: rows become columns (a padded shared-memory tile on the GPU).
#include "gpu/image/transpose.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_helpers.hpp"
#include "gpu/stages/transpose_stage.hpp"

namespace kc::stages {
namespace {

StageDefinition transposeStage() {
  StageDefinition stage;
  stage.id = "transpose";
  stage.displayName = "Transpose";
  stage.help = "Swap rows and columns (a padded-tile transpose on the GPU)";
  stage.menuOrder = 40;
  stage.configure = noConfig;
  stage.outputShape = [](const StageSpec&, FrameShape in) { return FrameShape{in.height, in.width, in.format}; };
  setCpuPaths(
      stage,
      [](const StageSpec&, const CpuStageIo& io) {
        withSameFormatViews(io, [](auto in, auto out) { transposeCpu(in, out); });
      },
      KC_OPENCV_PATH(transposeOpenCv), KC_OPENCV_PATH(transposeOpenCvBaseline));
  stage.benchCases = {"transpose"};
  return stage;
}

}  // namespace

KC_REGISTER_STAGE(transpose, transposeStage());

}  // namespace kc::stages
