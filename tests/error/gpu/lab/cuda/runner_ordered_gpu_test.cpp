// Must-fail: user kernels that fault, hang or write outside their output, run the pipeline's way
// (LabRunner::submitDevice, ordered with the caller's stream on the GPU). The caller's stream is
// released within the time limit (never left waiting on a worker that is gone), the failed
// frame's output is black, its report says what happened, and a later frame works.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "gpu/lab/worker/shared_page.hpp"

#include "tests/gpu/lab/cuda/ordered_runs.hpp"

namespace {

using namespace kc::test;
using kc::lab::LaunchStatus;

// Submits one frame of `runner`'s kernel; returns its report once the stream is through.
kc::lab::LaunchReport submitOne(kc::lab::LabRunner& runner, OrderedFrame& frame, double seconds) {
  kc::Stream stream;
  const std::uint64_t number = frame.submit(runner, stream);
  synchronizeWithin(stream, seconds, "a failing frame");
  const std::optional<kc::lab::LaunchReport> report = runner.takeReport(number);
  EXPECT_TRUE(report.has_value());
  return report.value_or(kc::lab::LaunchReport{});
}

void expectALaterFrameWorks(kc::lab::LabRunner& runner) {
  expectBuiltInsStillWork();
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  const auto image = kc::test::randomImage<kc::Rgba8>(640, 480, 21, 12);
  OrderedFrame frame(image);
  const kc::lab::LaunchReport report = submitOne(runner, frame, 20);
  EXPECT_TRUE(report.ok()) << report.message;
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(kc::downloadImage(frame.copied).view(), builtInGray(image).view()));
}

TEST(LabRunnerOrdered, AFaultReleasesTheStreamBlacksTheFrameAndALaterFrameWorks) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(compileText("fault.cu", labKernel("// @output gray\n", "  *(volatile int*)(16ull + 4ull * x) = y;")));
  const auto image = kc::test::randomImage<kc::Rgba8>(1921, 1079, 22);
  OrderedFrame frame(image);
  const kc::lab::LaunchReport report = submitOne(runner, frame, 20);
  EXPECT_EQ(report.status, LaunchStatus::Fault) << report.message;
  EXPECT_NE(report.message.find("the kernel faulted (CUDA_ERROR_"), std::string::npos) << report.message;
  EXPECT_TRUE(allBytes(kc::downloadImage(frame.copied), 0)) << "the failed frame is not black";
  EXPECT_EQ(runner.workersStopped(), 1);
  expectALaterFrameWorks(runner);
}

TEST(LabRunnerOrdered, AHangIsStoppedAtTheTimeLimitAndTheStreamGoesOn) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto runner = runnerWithAHangingKernel(1000);
  runner->load(
      compileText("hang_gray.cu", "__device__ volatile int forever = 1;\n" +
                                      labKernel("// @output gray\n", "  while (forever) {}\n  out.setGray(x, y, 1);")));
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 48, 23);
  OrderedFrame frame(image);
  const auto start = std::chrono::steady_clock::now();
  const kc::lab::LaunchReport report = submitOne(*runner, frame, 15);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(report.status, LaunchStatus::TimedOut) << report.message;
  EXPECT_NE(report.message.find("did not finish within 1000 ms"), std::string::npos) << report.message;
  EXPECT_GT(seconds, 0.9) << "released before the time limit: the kernel did not hang, and this proved nothing";
  EXPECT_LT(seconds, 10.0);
  EXPECT_TRUE(allBytes(kc::downloadImage(frame.copied), 0)) << "the failed frame is not black";
  expectALaterFrameWorks(*runner);
}

TEST(LabRunnerOrdered, EachFrameThatWritesOutsideItsOutputIsReported) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(
      compileText("below.cu", labKernel("// @output gray\n",
                                        "  out.setGray(x, y, 0);\n"
                                        "  if (y == out.height - 1 && x < 2) out.row(out.height + 1)[x] = 1;")));
  const auto image = kc::test::randomImage<kc::Rgba8>(17, 3, 24);
  for (int i = 0; i < 2; ++i) {  // the guards are filled again after the first
    SCOPED_TRACE(testing::Message() << "frame " << i);
    OrderedFrame frame(image);
    const kc::lab::LaunchReport report = submitOne(runner, frame, 20);
    EXPECT_EQ(report.status, LaunchStatus::OutOfBounds) << report.message;
    EXPECT_NE(report.message.find("2 bytes below the output (row 4)"), std::string::npos) << report.message;
  }
  runner.load(compileText("zero.cu", labKernel("// @output gray\n", "  out.setGray(x, y, 0);")));
  OrderedFrame clean(image);
  const kc::lab::LaunchReport report = submitOne(runner, clean, 20);
  EXPECT_TRUE(report.ok()) << "guards left changed by the kernel before: " << report.message;
}

// Issue 40, class 12, on the GPU: the order page's name was /kernelcam-lab-<pid>-<n> (guessable,
// made again after a worker restart without a check that someone else had not made it first), and
// a kill at the wrong moment left it in /dev/shm. After ordered frames, across a worker restart, no
// page of this process is left under its name, and a page a killed process left is swept.
TEST(LabRunnerOrdered, TheOrderPageLeavesNoNameAndSweepsWhatKilledProcessesLeft) {
  KC_REQUIRE_CUDA_DEVICE();
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  const std::string stale = std::string(kc::lab::kLabPagePrefix) + std::to_string(child) + "-0123456789abcdef";
  const int fd = ::shm_open(stale.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  ::close(fd);
  const auto mine = [] {
    std::vector<std::string> names;
    const std::string stem = std::string(kc::lab::kLabPagePrefix).substr(1) + std::to_string(::getpid()) + "-";
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm"))
      if (entry.path().filename().string().rfind(stem, 0) == 0) names.push_back(entry.path().filename().string());
    return names;
  };
  kc::lab::LabRunner runner;
  runner.load(compileText("fault.cu", labKernel("// @output gray\n", "  *(volatile int*)(16ull + 4ull * x) = y;")));
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 48, 25);
  OrderedFrame faulting(image);
  EXPECT_EQ(submitOne(runner, faulting, 20).status, LaunchStatus::Fault);  // the worker restarts after it
  EXPECT_FALSE(std::filesystem::exists("/dev/shm" + stale)) << "the page a killed process left is still there";
  expectALaterFrameWorks(runner);  // a new worker, a new page
  EXPECT_EQ(mine(), std::vector<std::string>{}) << "a page's name outlived its mapping by both sides";
}

}  // namespace
