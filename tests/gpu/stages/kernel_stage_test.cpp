// kernel=PATH[:NAME=VALUE]... as a registry stage, without a GPU: parsed and printed like every
// stage, its @params as instance parameters (the dock's controls) and the output shape from @output.
// Bad paths, files and values, and the CPU backend's answer ("the kernel stage needs CUDA"), are
// must-fail tests: tests/error/gpu/stages/kernel_stage_test.cpp.
// The generic registry pieces it uses (Float, Assignments) are tested on a throw-away stage.
#include <gtest/gtest.h>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/support/test_data.hpp"
#include "tests/gpu/stages/kernel_stage_files.hpp"

namespace {

using kc::parseStage;
using kc::test::kBlur;
using kc::test::messageOf;
using kc::test::writeLabFile;

TEST(KernelStage, ParsesPathAndAssignmentsAndPrintsThemBack) {
  const std::string path = writeLabFile("blur.cu", kBlur);
  const kc::StageSpec stage = parseStage("kernel=" + path + ":radius=3");
  EXPECT_EQ(stage.id(), "kernel");
  EXPECT_EQ(stage.value("path"), path);
  EXPECT_EQ(stage.value("params"), "radius=3");
  EXPECT_EQ(kc::formatStage(stage), "kernel=" + path + ":radius=3");
  EXPECT_EQ(parseStage(kc::formatStage(stage)), stage);
  EXPECT_EQ(kc::stageLabel(stage), "kernel blur");
  // No assignments: every @param at its default, nothing after the path.
  EXPECT_EQ(kc::formatStage(parseStage("kernel=" + path)), "kernel=" + path);
  // Spaces around tokens go; the order given is kept.
  const kc::StageSpec two = parseStage("kernel=" + path + ": gain = 0.5 :radius=1");
  EXPECT_EQ(kc::formatStage(two), "kernel=" + path + ":gain=0.5:radius=1");
  // In a chain, with other stages around it.
  const kc::FilterChain chain = kc::parseFilterChain("gray=lab,kernel=" + path + ":radius=4,hist=16");
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(kc::formatFilterChain(chain), "gray=lab,kernel=" + path + ":radius=4,hist=16");
}

TEST(KernelStage, ParamsAreInstanceParametersWithRangesAndDefaults) {
  const std::string path = writeLabFile("blur.cu", kBlur);
  const kc::StageSpec stage = parseStage("kernel=" + path + ":radius=3");
  const std::vector<kc::ParamDescriptor> params = kc::instanceParams(stage);
  ASSERT_EQ(params.size(), 2u);
  EXPECT_EQ(params[0].id, "radius");
  EXPECT_EQ(params[0].type, kc::ParamType::Int);
  EXPECT_EQ(params[0].minValue, 1);
  EXPECT_EQ(params[0].maxValue, 7);
  EXPECT_EQ(params[0].defaultValue, "2");
  EXPECT_EQ(params[0].help, "half the box's width");
  EXPECT_EQ(params[1].id, "gain");
  EXPECT_EQ(params[1].type, kc::ParamType::Float);
  EXPECT_DOUBLE_EQ(params[1].minReal, -1);
  EXPECT_DOUBLE_EQ(params[1].maxReal, 1);
  EXPECT_EQ(kc::instanceValue(stage, params[0]), "3");
  EXPECT_EQ(kc::instanceValue(stage, params[1]), "0.25");  // the default

  // The dock's edit: one value set, the rest kept; an out-of-range value refused.
  const kc::StageSpec edited = kc::withInstanceValue(stage, "gain", "-0.5");
  EXPECT_EQ(kc::formatStage(edited), "kernel=" + path + ":radius=3:gain=-0.5");
  EXPECT_EQ(kc::formatStage(kc::withInstanceValue(edited, "radius", "7")), "kernel=" + path + ":radius=7:gain=-0.5");
  EXPECT_THROW((void)kc::withInstanceValue(stage, "radius", "8"), kc::InvalidArgument);
  // Built-in stages have none.
  EXPECT_TRUE(kc::instanceParams(parseStage("conv=gauss:5")).empty());
}

TEST(KernelStage, OutputShapeComesFromTheOutputAnnotation) {
  const kc::StageSpec gray = parseStage("kernel=" + writeLabFile("blur.cu", kBlur));
  EXPECT_EQ(kc::stageOutputShape(gray, {17, 3, kc::PixelFormat::Rgba8}),
            (kc::FrameShape{17, 3, kc::PixelFormat::Gray8}));
  const std::string same = writeLabFile("same.cu", kc::test::labKernel("", "  out.setRgba(x, y, in.rgba(x, y));"));
  EXPECT_EQ(kc::stageOutputShape(parseStage("kernel=" + same), {5, 4, kc::PixelFormat::Gray8}),
            (kc::FrameShape{5, 4, kc::PixelFormat::Gray8}));
}

// A camera's NV12 frame (limited range), every byte set: it has a Y plane of its own, so a chain
// whose head asks for luma is given that plane alone.
kc::HostFrame nv12Frame(kc::FramePool& pool, int width, int height) {
  kc::HostFrame frame = pool.acquire(kc::PixelFormat::Nv12, width, height, {});
  frame.yuv.planes[0].fillBytes(120);
  frame.yuv.planes[1].fillBytes(90);
  return frame;
}

// Where the head stage's input is decided, for every backend (frame_ops.hpp: pipelineInputFrame,
// from StageDefinition::headInput): `@output gray` says what a kernel writes, not what it reads, so
// a grey-output kernel at the head gets the frame in RGBA as it declares (the default), not the
// Y plane the gray stage asks for. (tests/gpu/lab/cuda/kernel_stage_gpu_test.cpp runs it on CUDA.)
TEST(KernelStage, AGreyOutputKernelAtTheHeadGetsTheFrameInRgbaNotTheYPlane) {
  const std::string path = writeLabFile("blur.cu", kBlur);  // @output gray, reads in.rgba
  const kc::FilterChain kernelFirst = kc::parseFilterChain("kernel=" + path + ",hist=16");
  const kc::FilterChain grayFirst = kc::parseFilterChain("gray=lab,hist=16");
  ASSERT_EQ(kc::stageOutputShape(kernelFirst.front(), {4, 4, kc::PixelFormat::Rgba8}).format, kc::PixelFormat::Gray8);
  EXPECT_EQ(kernelFirst.front().definition->headInput, kc::HeadInput::Frame);
  EXPECT_EQ(grayFirst.front().definition->headInput, kc::HeadInput::LumaPlane);
  EXPECT_FALSE(kc::chainStartsFromLuma(kernelFirst));
  EXPECT_TRUE(kc::chainStartsFromLuma(grayFirst));

  kc::FramePool pool;
  const kc::HostFrame frame = nv12Frame(pool, 34, 6);
  EXPECT_FALSE(kc::startsFromLumaPlane(frame, kernelFirst));
  EXPECT_EQ(kc::entryConversionName(frame, kernelFirst), "convert nv12");
  EXPECT_EQ(kc::pipelineInputFrame(frame, kernelFirst).format, kc::PixelFormat::Rgba8);
  // The same frame does offer its Y plane: the gray stage takes it.
  EXPECT_TRUE(kc::startsFromLumaPlane(frame, grayFirst));
  EXPECT_EQ(kc::entryConversionName(frame, grayFirst), "luma nv12");
  EXPECT_EQ(kc::pipelineInputFrame(frame, grayFirst).format, kc::PixelFormat::Gray8);

  // The CPU backend follows it: its first row is the conversion to RGBA (the kernel itself needs CUDA).
  auto pipeline = kc::makeCpuPipeline();
  pipeline->setChain(kernelFirst);
  const kc::FrameResult result = pipeline->process(frame);
  ASSERT_FALSE(result.stats.stages.empty());
  EXPECT_EQ(result.stats.stages[0].name, "convert nv12");
  ASSERT_EQ(result.stats.failures.size(), 1u);
  EXPECT_EQ(result.stats.failures[0].message, "the kernel stage needs CUDA");
}

TEST(KernelStage, TheSameTextIsTheSameProgramAndTheEditorsVersionStandsInForTheFile) {
  const std::string path = writeLabFile("program.cu", kBlur);
  const auto first = kc::lab::kernelProgramFor(path);
  EXPECT_EQ(kc::lab::kernelProgramFor(path), first);  // read again, same text: compiled once
  writeLabFile("program.cu", kBlur + "// changed\n");
  const auto second = kc::lab::kernelProgramFor(path);
  EXPECT_NE(second->revision, first->revision);

  // The editor publishes a version: stages of that file run it, whatever the file holds.
  auto edited = kc::lab::makeKernelProgram({path, kc::test::labKernel("// @param level int 0..9 = 4\n", "")});
  kc::lab::publishKernelProgram(edited);
  const kc::StageSpec stage = parseStage("kernel=" + path + ":level=9");
  EXPECT_EQ(kc::instanceParams(stage).at(0).id, "level");
  kc::lab::withdrawKernelProgram(path);
  EXPECT_EQ(kc::lab::kernelProgramFor(path)->source.text, second->source.text);  // the file again
  EXPECT_THROW((void)parseStage("kernel=" + path + ":level=9"), kc::InvalidArgument);
  EXPECT_EQ(kc::lab::kernelPathKey(kc::test::labTempDir().string() + "/./program.cu"), kc::lab::kernelPathKey(path));
}

// The generic pieces, on a stage that exists only here: a Float parameter (range, canonical form)
// and an Assignments parameter (the rest of the tokens; only as the last parameter).
TEST(KernelStage, FloatAndAssignmentsParametersAreGeneric) {
  kc::StageDefinition stage;
  stage.id = "scaled";
  stage.displayName = "Scaled";
  stage.help = "test only";
  kc::ParamDescriptor scale;
  scale.id = "scale";
  scale.displayName = "Scale";
  scale.type = kc::ParamType::Float;
  scale.minReal = 0.5;
  scale.maxReal = 2;
  scale.defaultValue = "1";
  kc::ParamDescriptor rest;
  rest.id = "extra";
  rest.displayName = "Extra";
  rest.type = kc::ParamType::Assignments;
  stage.params = {scale, rest};
  stage.configure = [](const kc::StageSpec&) { return std::make_shared<kc::StageConfig>(); };
  stage.applyCpu = [](const kc::StageSpec&, const kc::CpuStageIo&) {};
  kc::stageRegistry().add(stage);
  EXPECT_EQ(kc::formatStage(parseStage("scaled=1.50")), "scaled=1.5");
  EXPECT_EQ(kc::formatStage(parseStage("scaled")), "scaled=1");
  EXPECT_EQ(kc::formatStage(parseStage("scaled=2:a=1:b=x y")), "scaled=2:a=1:b=x y");
  EXPECT_NE(messageOf("scaled=3").find("scaled scale 3 is out of range (expected 0.5..2)"), std::string::npos);
  EXPECT_NE(messageOf("scaled=nan").find("is not a number"), std::string::npos);
  EXPECT_NE(messageOf("scaled=1:=4").find("expected NAME=VALUE"), std::string::npos);
  EXPECT_NE(kc::filterHelpText().find("scaled=SCALE[:NAME=VALUE]..."), std::string::npos);
  kc::stageRegistry().remove("scaled");

  stage.params = {rest, scale};
  EXPECT_THROW(kc::stageRegistry().add(stage), kc::InvalidArgument);  // Assignments not last
  EXPECT_NE(kc::filterHelpText().find("kernel=PATH[:NAME=VALUE]..."), std::string::npos);
}

}  // namespace
