// Must-fail: kernel=PATH stages that cannot run: a bad path, file or value (one line naming the stage
// text and the problem), and a kernel stage on the CPU backend ("the kernel stage needs CUDA": its
// output is black, the other stages run). The stage's normal use is in tests/gpu/stages/kernel_stage_test.cpp.
#include <gtest/gtest.h>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/support/test_data.hpp"
#include "tests/gpu/stages/kernel_stage_files.hpp"

namespace {

using kc::test::kBlur;
using kc::test::messageOf;
using kc::test::writeLabFile;

TEST(KernelStage, BadPathsFilesAndValuesGetClearMessages) {
  const std::string path = writeLabFile("blur.cu", kBlur);
  EXPECT_NE(messageOf("kernel").find("the kernel stage needs a file: kernel=PATH[:NAME=VALUE]..."), std::string::npos)
      << messageOf("kernel");
  EXPECT_EQ(messageOf("kernel=/no/such/k.cu"), "--filters: 'kernel=/no/such/k.cu': /no/such/k.cu: no such file");
  EXPECT_NE(messageOf("kernel=" + kc::test::labTempDir().string()).find("is a directory"), std::string::npos);
  EXPECT_EQ(messageOf("kernel=" + path + ":radius=20"),
            "--filters: 'kernel=" + path + ":radius=20': kernel parameter radius=20 is outside 1..7");
  EXPECT_NE(
      messageOf("kernel=" + path + ":size=3").find("kernel parameter 'size' is not declared (known: radius gain)"),
      std::string::npos);
  EXPECT_NE(messageOf("kernel=" + path + ":radius=2.5").find("expected an integer in 1..7"), std::string::npos);
  EXPECT_NE(messageOf("kernel=" + path + ":radius").find("kernel params 'radius': expected NAME=VALUE"),
            std::string::npos)
      << messageOf("kernel=" + path + ":radius");
  EXPECT_NE(messageOf("kernel=" + path + ":radius=1:radius=2").find("given twice"), std::string::npos);
  // A comma ends the stage: the rest is read as the next stage.
  EXPECT_NE(messageOf("kernel=" + path + ",radius=3").find("unknown stage 'radius'"), std::string::npos);
  // A kernel the lab cannot run: the first error at its line, and where to see them all.
  const std::string broken = writeLabFile("broken.cu", "// @param r int 1..3 = 9\n" + kc::test::labKernel("", ""));
  EXPECT_NE(messageOf("kernel=" + broken).find(broken + ":1:24: error: @param r: default 9 is outside 1..3"),
            std::string::npos)
      << messageOf("kernel=" + broken);
  EXPECT_NE(messageOf("kernel=" + broken).find("kernelcam kernel check " + broken + " lists every problem"),
            std::string::npos);
  const std::string none = writeLabFile("none.cu", "__device__ int f() { return 1; }\n");
  EXPECT_NE(messageOf("kernel=" + none).find("no kernel"), std::string::npos);
  // A path the chain syntax cannot carry is refused as text, naming the rule.
  const kc::StageDefinition& kernel = *kc::stageRegistry().find("kernel");
  try {
    (void)kc::makeStage(kernel, {"/tmp/a:b.cu", ""});
    ADD_FAILURE() << "a path with ':' was accepted";
  } catch (const kc::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("may not contain ',' or ':'"), std::string::npos) << e.what();
  }
}

TEST(KernelStage, TheCpuBackendReportsThatItNeedsCudaAndRunsTheRest) {
  const std::string path = writeLabFile("blur.cu", kBlur);
  const kc::FilterChain chain = kc::parseFilterChain("flip=h,kernel=" + path + ",hist=16");
  ASSERT_NE(kc::firstStageNeedingCuda(chain), nullptr);
  EXPECT_EQ(kc::needsCudaMessage(*kc::firstStageNeedingCuda(chain)), "the kernel stage needs CUDA");
  EXPECT_EQ(kc::firstStageNeedingCuda(kc::defaultFilterChain()), nullptr);

  auto pipeline = kc::makeCpuPipeline();
  pipeline->setChain(chain);
  kc::HostFrame frame;
  frame.rgba = kc::test::randomImage<kc::Rgba8>(17, 3, 7);
  const kc::FrameResult result = pipeline->process(frame);
  ASSERT_EQ(result.stats.failures.size(), 1u);
  EXPECT_EQ(result.stats.failures[0].stageIndex, 1);
  EXPECT_EQ(result.stats.failures[0].stage, "kernel=" + path);
  EXPECT_EQ(result.stats.failures[0].message, "the kernel stage needs CUDA");
  // The kernel's output shape (grey), black; the histogram after it ran on it.
  ASSERT_EQ(result.output.format, kc::PixelFormat::Gray8);
  ASSERT_EQ(result.output.width(), 17);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 17; ++x) ASSERT_EQ(result.output.gray.view().at(x, y), 0);
  ASSERT_EQ(result.stats.histogramBins, 16);
  EXPECT_EQ(result.stats.histogram[0], 17u * 3u);
}

}  // namespace
