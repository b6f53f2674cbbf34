// gray=lab|bt601|bt709: RGBA -> grey with the chosen weights; on a grey image a no-op.
#include "gpu/stages/gray_stage.hpp"

#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_helpers.hpp"

namespace kc::stages {
namespace {

constexpr NameTable<GrayWeights, 3> kWeightNames{
    {{GrayWeights::Lab, "lab"}, {GrayWeights::BT601, "bt601"}, {GrayWeights::BT709, "bt709"}}};

StageDefinition grayStage() {
  StageDefinition stage;
  stage.id = "gray";
  stage.displayName = "Grayscale";
  stage.help = "RGBA -> grey with the chosen weights (a no-op on a grey image)";
  stage.menuOrder = 10;
  stage.params = {choiceParam("weights", "Weights", namesOf(kWeightNames), "lab",
                              "RGB weights: lab = 0.21/0.71/0.07 (the lab report), bt601, bt709")};
  stage.configure = [](const StageSpec& spec) {
    auto config = std::make_shared<GrayConfig>();
    config->weights = valueNamed(kWeightNames, spec.value("weights"));
    return std::shared_ptr<const StageConfig>(config);
  };
  stage.label = [](const StageSpec& spec) { return "gray " + spec.value("weights"); };
  stage.isNoOp = [](const StageSpec&, FrameShape in) { return in.format == PixelFormat::Gray8; };
  stage.outputShape = [](const StageSpec&, FrameShape in) {
    return FrameShape{in.width, in.height, PixelFormat::Gray8};
  };
  // At the head of a chain, a camera's Y plane is the grey picture: no RGBA, and the stage is a no-op.
  stage.headInput = HeadInput::LumaPlane;
  setCpuPaths(
      stage,
      [](const StageSpec& spec, const CpuStageIo& io) {
        grayscaleCpu(io.in.rgba.view(), io.out.gray.view(), spec.configAs<GrayConfig>().weights);
      },
      KC_OPENCV_PATH(grayOpenCv), KC_OPENCV_PATH(grayOpenCvBaseline));
  stage.benchCases = {"gray=bt601"};
  return stage;
}

}  // namespace

KC_REGISTER_STAGE(gray, grayStage());

}  // namespace kc::stages
