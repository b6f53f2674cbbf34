// Must-fail: kernel= stages that fault, hang or do not compile in the CUDA pipeline: the stage's
// output is blanked, the failure is one line naming the kernel and what happened, and the other
// stages run. The stage's normal runs are in tests/gpu/lab/cuda/kernel_stage_gpu_test.cpp.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "tests/support/test_data.hpp"
#include "tests/support/gpu_test_support.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/gpu/lab/cuda/kernel_stage_runs.hpp"

namespace {

using namespace kc::test;

using kc::HostFrame;
using kc::PixelFormat;

// A user stage that faults (or hangs) in the middle of a chain: that frame reports it and gets a
// black image from it, the stages before and after it run; the next frame, without it, is right.
void expectFailureIsContained(const std::string& kernelPath, const std::string& expectedMessage) {
  auto pipeline = kc::makeCudaPipeline();
  auto reference = kc::makeCudaPipeline();
  reference->setChain(kc::parseFilterChain("flip=h,gray=lab,hist=16"));
  pipeline->setChain(kc::parseFilterChain("flip=h,kernel=" + kernelPath + ",hist=16"));
  const HostFrame frame = randomFrame(64, 48, 11);
  const kc::FrameResult failed = pipeline->process(frame);
  ASSERT_EQ(failed.stats.failures.size(), 1u);
  EXPECT_EQ(failed.stats.failures[0].stageIndex, 1);
  EXPECT_NE(failed.stats.failures[0].message.find(expectedMessage), std::string::npos)
      << failed.stats.failures[0].message;
  EXPECT_NE(failed.stats.failures[0].message.find("the lab's worker process was ended"), std::string::npos);
  EXPECT_TRUE(allZero(failed.output));        // the failed stage's output: black
  ASSERT_EQ(failed.stats.histogramBins, 16);  // the stage after it ran on that
  EXPECT_EQ(failed.stats.histogram[0], 64u * 48u);

  // What the window does next: the chain without the stage. The built-ins are unharmed.
  pipeline->setChain(kc::parseFilterChain("flip=h,gray=lab,hist=16"));
  const kc::FrameResult next = pipeline->process(frame);
  EXPECT_TRUE(next.stats.failures.empty());
  EXPECT_TRUE(samePixels(next.output, reference->process(frame).output));

  // And the lab runs a good kernel again (the next edit), in a fresh context.
  pipeline->setChain(kc::parseFilterChain("flip=h,kernel=" + labResource("grey.cu") + ",hist=16"));
  const kc::FrameResult again = pipeline->process(frame);
  EXPECT_TRUE(again.stats.failures.empty()) << again.stats.failures[0].message;
  EXPECT_TRUE(samePixels(again.output, reference->process(frame).output));
}

TEST(KernelStageGpu, AFaultingStageIsBlankedReportedAndTheOtherStagesRun) {
  KC_REQUIRE_CUDA_DEVICE();
  const std::string fault = kc::test::writeLabFile(
      "stage_fault.cu", kc::test::labKernel("// @output gray\n", "  *(volatile int*)(16ull + 4ull * x) = y;"));
  expectFailureIsContained(fault, "kernel stage_fault: the kernel faulted (CUDA_ERROR_");
}

TEST(KernelStageGpu, AHangingStageIsStoppedAtTwoSecondsAndTheOtherStagesRun) {
  KC_REQUIRE_CUDA_DEVICE();
  const std::string hang = kc::test::writeLabFile(
      "stage_hang.cu", "__device__ volatile int forever = 1;\n" +
                           kc::test::labKernel("// @output gray\n", "  while (forever) {}\n  out.setGray(x, y, 1);"));
  const auto start = std::chrono::steady_clock::now();
  expectFailureIsContained(hang, "kernel stage_hang: the kernel did not finish within 2000 ms and was stopped");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 15.0);
  RecordProperty("hang_contained_seconds", std::to_string(seconds));
}

TEST(KernelStageGpu, AKernelThatDoesNotCompileIsReportedNotRun) {
  KC_REQUIRE_CUDA_DEVICE();
  const std::string broken =
      kc::test::writeLabFile("stage_broken.cu", kc::test::labKernel("", "  out.setRgba(x, y, in.rgba(x, y, z));"));
  auto pipeline = kc::makeCudaPipeline();
  pipeline->setChain(kc::parseFilterChain("kernel=" + broken));
  const kc::FrameResult result = pipeline->process(randomFrame(17, 3, 2));
  ASSERT_EQ(result.stats.failures.size(), 1u);
  EXPECT_NE(result.stats.failures[0].message.find("kernel stage_broken: does not compile: " + broken + ":5:"),
            std::string::npos)
      << result.stats.failures[0].message;
}

}  // namespace
