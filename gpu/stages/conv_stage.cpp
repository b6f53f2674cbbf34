// conv=PRESET:SIZE:BORDER or conv=custom:SIZE:WEIGHTS:BORDER: 2D correlation (as cv::filter2D).
#include "gpu/stages/conv_stage.hpp"

#include <sstream>

#include "gpu/image/convolution_names.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_helpers.hpp"

namespace kc::stages {
namespace {

constexpr std::array<ConvPreset, 9> kPresets{ConvPreset::Box,    ConvPreset::Gaussian, ConvPreset::Sharpen,
                                             ConvPreset::SobelX, ConvPreset::SobelY,   ConvPreset::Laplacian,
                                             ConvPreset::Emboss, ConvPreset::Identity, ConvPreset::Custom};
constexpr std::array<BorderMode, 3> kBorders{BorderMode::Clamp, BorderMode::Zero, BorderMode::Reflect};

template <class Enum, std::size_t N>
std::vector<std::string> spellings(const std::array<Enum, N>& values) {
  std::vector<std::string> names;
  for (Enum value : values) names.push_back(toString(value));
  return names;
}

std::vector<float> weightsOf(const std::string& text) {
  std::vector<float> weights;
  std::istringstream in(text);
  for (float w; in >> w;) weights.push_back(w);
  return weights;
}

std::shared_ptr<const StageConfig> configureConv(const StageSpec& spec) {
  auto config = std::make_shared<ConvConfig>();
  config->preset = *parseConvPreset(spec.value("preset"));
  config->border = *parseBorderMode(spec.value("border"));
  const int size = std::stoi(spec.value("size"));
  if (config->preset == ConvPreset::Custom) {
    const std::vector<float> weights = weightsOf(spec.value("custom"));
    if (weights.empty()) throw InvalidArgument("custom needs a size and weights (conv=custom:3:0 -1 0 -1 5 -1 0 -1 0)");
    const std::size_t expected = static_cast<std::size_t>(size) * static_cast<std::size_t>(size);
    if (weights.size() != expected)
      throw InvalidArgument("conv=custom:" + std::to_string(size) + " needs " + std::to_string(expected) +
                            " weights (row by row), got " + std::to_string(weights.size()));
    config->kernel.size = size;
    config->kernel.weights = weights;
  } else {
    config->kernel = makePresetKernel(config->preset, size);  // sobel/laplacian refuse size 1
  }
  validateKernel(config->kernel);
  config->separable = separateKernel(config->kernel);
  return config;
}

StageDefinition convStage() {
  StageDefinition stage;
  stage.id = "conv";
  stage.displayName = "Convolution";
  stage.help = "2D convolution (correlation, as cv::filter2D); tiled with a halo, filter in constant memory";
  stage.menuOrder = 20;
  ParamDescriptor custom =
      plainParam("custom", "Weights", ParamType::FloatList, "size*size weights, row by row, space-separated");
  custom.onlyWhenParam = "preset";
  custom.onlyWhenValue = "custom";
  custom.gridSideParam = "size";
  stage.params = {choiceParam("preset", "Preset", spellings(kPresets), "gauss", "Kernel preset, or custom weights"),
                  intParam("size", "Size", 1, kMaxKernelSize, 2, 5, "Kernel width and height (odd)"), custom,
                  choiceParam("border", "Border", spellings(kBorders), "clamp",
                              "Pixels outside the image: clamp (replicate), zero, reflect (101)")};
  stage.configure = configureConv;
  stage.label = [](const StageSpec& spec) {
    const std::string& n = spec.value("size");
    std::string label = "conv " + spec.value("preset") + " " + n + "x" + n;
    if (spec.value("border") != "clamp") label += " " + spec.value("border");
    return label;
  };
  setCpuPaths(
      stage,
      [](const StageSpec& spec, const CpuStageIo& io) {
        const ConvConfig& config = spec.configAs<ConvConfig>();
        withSameFormatViews(io, [&](auto in, auto out) { convolveCpu(in, out, config.kernel, config.border); });
      },
      KC_OPENCV_PATH(convolveOpenCv), KC_OPENCV_PATH(convOpenCvBaseline));
  stage.benchCases = {"conv=gauss:5"};
  return stage;
}

}  // namespace

KC_REGISTER_STAGE(conv, convStage());

}  // namespace kc::stages
