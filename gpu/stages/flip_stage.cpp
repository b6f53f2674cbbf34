// flip=h|v|hv: mirror left-right (the selfie view), upside down, or both.
#include "gpu/stages/flip_stage.hpp"

#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_helpers.hpp"

namespace kc::stages {
namespace {

constexpr NameTable<FlipAxis, 3> kAxisNames{
    {{FlipAxis::Horizontal, "h"}, {FlipAxis::Vertical, "v"}, {FlipAxis::Both, "hv"}}};

StageDefinition flipStage() {
  StageDefinition stage;
  stage.id = "flip";
  stage.displayName = "Flip";
  stage.help = "Mirror: h = left-right (selfie view), v = upside down, hv = both (a half turn)";
  stage.menuOrder = 50;
  stage.params = {choiceParam("axis", "Axis", namesOf(kAxisNames), "h", "h (left-right), v (upside down) or hv")};
  stage.configure = [](const StageSpec& spec) {
    auto config = std::make_shared<FlipConfig>();
    config->axis = valueNamed(kAxisNames, spec.value("axis"));
    return std::shared_ptr<const StageConfig>(config);
  };
  setCpuPaths(
      stage,
      [](const StageSpec& spec, const CpuStageIo& io) {
        const FlipAxis axis = spec.configAs<FlipConfig>().axis;
        withSameFormatViews(io, [&](auto in, auto out) { flipCpu(in, out, axis); });
      },
      KC_OPENCV_PATH(flipOpenCv), KC_OPENCV_PATH(flipOpenCvBaseline));
  stage.benchCases = {"flip=h", "flip=v"};
  return stage;
}

}  // namespace

KC_REGISTER_STAGE(flip, flipStage());

}  // namespace kc::stages
