// LabRunner::submitDevice on a GPU (skips without one): the pipeline's way of running a user kernel,
// ordered with the caller's stream on the GPU instead of by the caller's thread waiting. Frames
// uploaded on the stream right before the submit and copied out right after it come out equal to
// the built-in grayscale, bit for bit, at the awkward sizes and 4K, several in a row with no wait
// on the host between them; each frame's report (its kernel time) comes by its number; and the
// path without stream memory operations gives the same frames. Faults, hangs and writes outside
// the output are in tests/error/gpu/lab/cuda/runner_ordered_gpu_test.cpp.
#include <gtest/gtest.h>

#include <vector>

#include "tests/gpu/lab/cuda/ordered_runs.hpp"

namespace {

using namespace kc::test;

void expectOrderedFramesMatch(kc::lab::LabRunner& runner, int width, int height, int frames) {
  SCOPED_TRACE(testing::Message() << width << "x" << height);
  kc::Stream stream;
  std::vector<kc::HostImage<kc::Rgba8>> images;
  for (int i = 0; i < frames; ++i) images.push_back(kc::test::randomImage<kc::Rgba8>(width, height, 40 + i, 12));
  std::vector<std::unique_ptr<OrderedFrame>> buffers;
  for (const auto& image : images) buffers.push_back(std::make_unique<OrderedFrame>(image));
  std::vector<std::uint64_t> numbers;
  for (auto& frame : buffers) numbers.push_back(frame->submit(runner, stream));  // no host wait between them
  synchronizeWithin(stream, 20, "ordered frames");
  for (int i = 0; i < frames; ++i) {
    SCOPED_TRACE(testing::Message() << "frame " << i);
    const std::optional<kc::lab::LaunchReport> report = runner.takeReport(numbers[i]);
    ASSERT_TRUE(report.has_value());
    EXPECT_TRUE(report->ok()) << report->message;
    EXPECT_GT(report->kernelMs, 0.f);
    EXPECT_FALSE(runner.takeReport(numbers[i]).has_value()) << "a report is taken once";
    EXPECT_TRUE(
        kc::samePixels<std::uint8_t>(kc::downloadImage(buffers[i]->copied).view(), builtInGray(images[i]).view()));
    EXPECT_TRUE(allBytes(kc::downloadImage(buffers[i]->out), 0x33)) << "the output was copied after later work";
  }
}

TEST(LabRunnerOrdered, FramesFollowTheCallersStreamOnTheGpu) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  for (const auto& size : kc::test::awkwardSizes()) expectOrderedFramesMatch(runner, size.width, size.height, 2);
  expectOrderedFramesMatch(runner, 3840, 2160, 4);
}

TEST(LabRunnerOrdered, WithoutStreamMemoryOperationsTheSameFramesComeOut) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunnerOptions options;
  options.orderOnGpu = false;
  kc::lab::LabRunner runner(0, options);
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  expectOrderedFramesMatch(runner, 1921, 1079, 3);
}

}  // namespace
