#include <gtest/gtest.h>

#include <limits>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/conv_stage.hpp"
#include "gpu/stages/flip_stage.hpp"
#include "gpu/stages/gray_stage.hpp"
#include "gpu/stages/hist_stage.hpp"
#include "tests/gpu/stages/expect_rejected.hpp"

namespace {

using kc::stages::ConvConfig;
using kc::stages::GrayConfig;
using kc::stages::HistConfig;
using kc::test::expectRejected;

TEST(FilterChain, ParsesEveryStageWithItsParameters) {
  const auto chain = kc::parseFilterChain("gray=bt709,conv=sobelx:3:reflect,hist=16,transpose");
  ASSERT_EQ(chain.size(), 4u);
  EXPECT_EQ(chain[0].id(), "gray");
  EXPECT_EQ(chain[0].configAs<GrayConfig>().weights, kc::GrayWeights::BT709);
  EXPECT_EQ(chain[1].id(), "conv");
  EXPECT_EQ(chain[1].configAs<ConvConfig>().preset, kc::ConvPreset::SobelX);
  EXPECT_EQ(chain[1].configAs<ConvConfig>().kernel.size, 3);
  EXPECT_EQ(chain[1].configAs<ConvConfig>().border, kc::BorderMode::Reflect);
  EXPECT_EQ(chain[2].id(), "hist");
  EXPECT_EQ(chain[2].configAs<HistConfig>().bins, 16);
  EXPECT_EQ(chain[3].id(), "transpose");
}

TEST(FilterChain, FlipTakesAnAxis) {
  const auto chain = kc::parseFilterChain("flip,flip=v,flip=hv");
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(chain[0].configAs<kc::stages::FlipConfig>().axis, kc::FlipAxis::Horizontal);
  EXPECT_EQ(chain[1].configAs<kc::stages::FlipConfig>().axis, kc::FlipAxis::Vertical);
  EXPECT_EQ(chain[2].configAs<kc::stages::FlipConfig>().axis, kc::FlipAxis::Both);
  EXPECT_EQ(kc::formatFilterChain(chain), "flip=h,flip=v,flip=hv");
  EXPECT_EQ(kc::stageLabels(chain), (std::vector<std::string>{"flip h", "flip v", "flip hv"}));
  expectRejected("flip=x", {"unknown flip axis 'x'", "h, v, hv"});
  expectRejected("flip=h:v", {"too many parameters", "flip=h|v|hv"});
  // Same shape out as in, grey or RGBA; bytes: read once, written once.
  const kc::FrameShape gray{17, 3, kc::PixelFormat::Gray8};
  EXPECT_EQ(kc::stageOutputShape(chain[0], gray), gray);
  EXPECT_EQ(kc::stageBytes(chain[0], gray), 2.0 * 17 * 3);
}

TEST(FilterChain, DefaultsApplyWhenParametersAreLeftOut) {
  const auto chain = kc::parseFilterChain("gray, conv ,hist,conv=box");
  ASSERT_EQ(chain.size(), 4u);
  EXPECT_EQ(chain[0].configAs<GrayConfig>().weights, kc::GrayWeights::Lab);
  EXPECT_EQ(chain[1].configAs<ConvConfig>().preset, kc::ConvPreset::Gaussian);
  EXPECT_EQ(chain[1].configAs<ConvConfig>().kernel.size, 5);
  EXPECT_EQ(chain[1].configAs<ConvConfig>().border, kc::BorderMode::Clamp);
  EXPECT_EQ(chain[2].configAs<HistConfig>().bins, 256);
  EXPECT_EQ(chain[3].configAs<ConvConfig>().preset, kc::ConvPreset::Box);
  EXPECT_EQ(chain[3].configAs<ConvConfig>().kernel.size, 5);
}

TEST(FilterChain, CustomWeightsRowByRow) {
  const auto chain = kc::parseFilterChain("conv=custom:3:0 -1 0 -1 5 -1 0 -1 0:zero");
  ASSERT_EQ(chain.size(), 1u);
  const auto& conv = chain[0].configAs<ConvConfig>();
  EXPECT_EQ(conv.preset, kc::ConvPreset::Custom);
  EXPECT_EQ(conv.kernel.size, 3);
  EXPECT_EQ(conv.border, kc::BorderMode::Zero);
  EXPECT_EQ(conv.kernel.weights, (std::vector<float>{0, -1, 0, -1, 5, -1, 0, -1, 0}));
  const auto spaced = kc::parseFilterChain("conv=custom:1:  0.25  ");
  EXPECT_EQ(spaced[0].configAs<ConvConfig>().kernel.weights, std::vector<float>{0.25f});
}

TEST(FilterChain, FormatThenParseIsTheIdentity) {
  const char* texts[] = {
      "gray=lab",
      "gray=bt601,conv=gauss:5:clamp",
      "gray=bt709,conv=box:31:zero,conv=box:1:reflect,hist=1,transpose,transpose",
      "conv=sharpen:3:clamp,conv=sobely:7:reflect,conv=laplacian:3:zero,conv=emboss:3:clamp,conv=identity:5:clamp",
      "conv=custom:3:0.1 -0.2 0.30000001 1e-07 5 -1 0 -1 123456.5:reflect,hist=256",
      "transpose,hist=17",
      "flip=h,gray=bt601,flip=v,flip=hv",
  };
  for (const char* text : texts) {
    SCOPED_TRACE(text);
    const auto chain = kc::parseFilterChain(text);
    const std::string canonical = kc::formatFilterChain(chain);
    const auto again = kc::parseFilterChain(canonical);
    EXPECT_EQ(kc::formatFilterChain(again), canonical);
    ASSERT_EQ(again.size(), chain.size());
    for (std::size_t i = 0; i < chain.size(); ++i) {
      EXPECT_EQ(again[i], chain[i]);  // same definition, same values
      if (chain[i].id() == "conv") {  // exact: shortest round-trip floats
        EXPECT_EQ(again[i].configAs<ConvConfig>().kernel.weights, chain[i].configAs<ConvConfig>().kernel.weights);
      }
      EXPECT_EQ(kc::formatStage(kc::parseStage(kc::formatStage(chain[i]))), kc::formatStage(chain[i]));
    }
  }
  // Canonical text spells out every default.
  EXPECT_EQ(kc::formatFilterChain(kc::parseFilterChain("gray,conv,hist,transpose")),
            "gray=lab,conv=gauss:5:clamp,hist=256,transpose");
}

TEST(FilterChain, AllZeroCustomKernelIsAllowed) {
  // Decision: a valid kernel that outputs black (alpha still copied); not an input error.
  const auto chain = kc::parseFilterChain("conv=custom:3:0 0 0 0 0 0 0 0 0");
  ASSERT_EQ(chain.size(), 1u);
  EXPECT_EQ(chain[0].configAs<ConvConfig>().kernel.weights, std::vector<float>(9, 0.f));
}

TEST(FilterChain, RepeatsRunInOrderWithDistinctLabels) {
  const auto chain = kc::parseFilterChain("gray,gray,conv=box:3,conv=box:3,transpose,transpose");
  ASSERT_EQ(chain.size(), 6u);
  EXPECT_EQ(kc::stageLabels(chain), (std::vector<std::string>{"gray lab", "gray lab #2", "conv box 3x3",
                                                              "conv box 3x3 #2", "transpose", "transpose #2"}));
  // The second gray sees a grey image: a no-op that moves no bytes.
  const kc::FrameShape rgba{640, 480, kc::PixelFormat::Rgba8};
  const kc::FrameShape afterGray = kc::stageOutputShape(chain[0], rgba);
  EXPECT_TRUE(kc::stageIsNoOp(chain[1], afterGray));
  EXPECT_EQ(kc::stageBytes(chain[1], afterGray), 0.0);
  const auto out = kc::chainOutputShape(chain, rgba);
  EXPECT_EQ(out.width, 640);
  EXPECT_EQ(out.height, 480);
  EXPECT_EQ(out.format, kc::PixelFormat::Gray8);
}

TEST(FilterChain, LabelsAreShort) {
  EXPECT_EQ(kc::stageLabel(kc::parseStage("conv=gauss:5")), "conv gauss 5x5");
  EXPECT_EQ(kc::stageLabel(kc::parseStage("conv=box:3:zero")), "conv box 3x3 zero");
  EXPECT_EQ(kc::stageLabel(kc::parseStage("hist=16")), "hist 16");
  EXPECT_EQ(kc::stageLabel(kc::parseStage("gray=bt601")), "gray bt601");
}

TEST(FilterChain, RegistryNamesEveryStageAndParameter) {
  const auto& registry = kc::stageRegistry();
  EXPECT_EQ(registry.ids(), (std::vector<std::string>{"gray", "conv", "hist", "transpose", "flip", "kernel"}));
  for (const kc::StageDefinition* d : registry.all()) {
    SCOPED_TRACE(d->id);
    EXPECT_FALSE(d->displayName.empty());
    EXPECT_FALSE(d->help.empty());
    if (d->id == "kernel") continue;  // needs a file (tests/gpu/stages/kernel_stage_test.cpp)
    // Every stage parses by its id alone, and then holds each parameter's default.
    const kc::StageSpec spec = kc::parseStage(d->id);
    EXPECT_EQ(spec.definition, d);
    ASSERT_EQ(spec.values.size(), d->params.size());
    for (std::size_t i = 0; i < d->params.size(); ++i) EXPECT_EQ(spec.values[i], d->params[i].defaultValue);
    // makeStage(id) is the same stage.
    EXPECT_EQ(kc::makeStage(d->id), spec);
  }
  const kc::StageDefinition& conv = *registry.find("conv");
  ASSERT_EQ(conv.params.size(), 4u);
  EXPECT_EQ(conv.params[1].id, "size");
  EXPECT_EQ(conv.params[1].minValue, 1);
  EXPECT_EQ(conv.params[1].maxValue, 31);
  EXPECT_EQ(conv.params[1].step, 2);
  const kc::StageDefinition& hist = *registry.find("hist");
  EXPECT_EQ(hist.params.at(0).maxValue, 256);
  EXPECT_EQ(hist.params.at(0).defaultValue, "256");
  // Every preset choice in the table parses.
  for (const auto& preset : conv.params[0].choices) {
    if (preset == "custom") continue;
    EXPECT_NO_THROW((void)kc::parseStage("conv=" + preset + ":3")) << preset;
  }
}

TEST(FilterChain, HelpTextComesFromTheRegistry) {
  const std::string help = kc::filterHelpText();
  for (const kc::StageDefinition* d : kc::stageRegistry().all()) {
    EXPECT_NE(help.find("  " + d->id), std::string::npos) << d->id;
    EXPECT_NE(help.find(d->help), std::string::npos) << d->id;
  }
  EXPECT_NE(help.find("flip=h|v|hv"), std::string::npos);
  EXPECT_NE(help.find("conv=PRESET:SIZE[:WEIGHTS if preset custom]:clamp|zero|reflect"), std::string::npos);
  EXPECT_NE(help.find("box, gauss, sharpen"), std::string::npos);
}

TEST(FilterChain, MakeStageFillsDefaultsAndValidates) {
  const kc::StageDefinition& conv = *kc::stageRegistry().find("conv");
  const kc::StageSpec blur = kc::makeStage(conv, {"box", "3", "", ""});
  EXPECT_EQ(kc::formatStage(blur), "conv=box:3:clamp");
  // The weights are dropped while the preset is not custom; kept when it is.
  EXPECT_EQ(kc::formatStage(kc::makeStage(conv, {"box", "3", "1 2 3", "zero"})), "conv=box:3:zero");
  EXPECT_EQ(kc::formatStage(kc::makeStage(conv, {"custom", "1", "2", "zero"})), "conv=custom:1:2:zero");
  EXPECT_THROW((void)kc::makeStage(conv, {"custom", "3", "1 2", "zero"}), kc::InvalidArgument);
  EXPECT_THROW((void)kc::makeStage(conv, {"box", "4"}), kc::InvalidArgument);
  EXPECT_THROW((void)kc::makeStage("nope"), kc::InvalidArgument);
}

TEST(FilterChain, DefaultChainIsAGreyBlurWithItsHistogram) {
  // Like a camera preview: not rotated (no transpose), the same size as the camera's frame.
  EXPECT_EQ(kc::formatFilterChain(kc::defaultFilterChain()), "gray=lab,conv=gauss:5:clamp,hist=256");
  const auto layout = kc::displayLayoutFor(kc::defaultFilterChain(), 640, 480);
  EXPECT_EQ(layout.filteredWidth, 640);
  EXPECT_EQ(layout.filteredHeight, 480);
  EXPECT_EQ(layout.filteredFormat, kc::PixelFormat::Gray8);
}

}  // namespace
