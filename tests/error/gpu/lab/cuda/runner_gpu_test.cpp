// Must-fail: user kernels the lab's runner must contain (one that faults, one that hangs) and a
// runner that cannot start its worker (missing, no device): each is one line naming what happened,
// and a later launch works. They need a CUDA device but the worker's; the runner's normal work is in
// tests/gpu/lab/cuda/runner_gpu_test.cpp.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <memory>
#include <optional>
#include <thread>

#include "tests/support/test_data.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/stream.cuh"
#include "tests/support/gpu_test_support.hpp"
#include "gpu/image/device_image.cuh"
#include "gpu/image/grayscale.cuh"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/support/scoped_environment.hpp"
#include "tests/gpu/lab/cuda/lab_runs.hpp"

namespace {

using namespace kc::test;

using kc::HostFrame;
using kc::PixelFormat;
using kc::lab::LaunchStatus;

// After a fault or a hang: the built-ins run, and the lab runs a good kernel in a new worker.
void expectALaterLaunchWorks(kc::lab::LabRunner& runner, const kc::HostImage<kc::Rgba8>& image) {
  expectBuiltInsStillWork();
  const auto start = std::chrono::steady_clock::now();
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ measured ] a new worker process and the load: %.0f ms\n", ms);
  HostFrame out;
  const auto report = runner.run(rgbaFrame(image), out, {});
  ASSERT_TRUE(report.ok()) << report.message;
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(out.gray.view(), builtInGray(image).view()));
}

TEST(LabRunner, FaultIsReportedAndALaterLaunchWorks) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(faultingKernel());
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 64, 3);
  HostFrame out;
  const auto report = runner.run(rgbaFrame(image), out, {});
  EXPECT_EQ(report.status, LaunchStatus::Fault) << report.message;
  EXPECT_TRUE(report.workerStopped);
  EXPECT_NE(report.message.find("the kernel faulted (CUDA_ERROR_"), std::string::npos) << report.message;
  EXPECT_FALSE(runner.loaded());
  EXPECT_EQ(runner.workersStopped(), 1);
  expectALaterLaunchWorks(runner, image);
  EXPECT_EQ(runner.workersStopped(), 1);
}

TEST(LabRunner, HangIsStoppedAtTheTimeLimitAndALaterLaunchWorks) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto runner = runnerWithAHangingKernel(300);
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 64, 4);
  HostFrame out;
  const auto start = std::chrono::steady_clock::now();
  const auto report = runner->run(rgbaFrame(image), out, {});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(report.status, LaunchStatus::TimedOut) << report.message;
  EXPECT_TRUE(report.workerStopped);
  EXPECT_FALSE(runner->loaded());
  EXPECT_NE(report.message.find("did not finish within 300 ms"), std::string::npos) << report.message;
  EXPECT_LT(seconds, 10.0) << "stopping the kernel took too long";
  RecordProperty("hang_report_seconds", std::to_string(seconds));
  std::printf("[ measured ] a hang reported (300 ms limit) and its worker ended after %.0f ms\n", seconds * 1000);
  expectALaterLaunchWorks(*runner, image);
}

TEST(LabRunnerWorker, AMissingWorkerIsAClearError) {
  const kc::test::ScopedEnvironment missing("KC_LAB_WORKER", "/nonexistent/kernelcam-lab-worker");
  try {
    kc::lab::LabRunner runner;
    FAIL() << "a runner without its worker";
  } catch (const kc::Error& error) {
    EXPECT_EQ(error.message(), "KC_LAB_WORKER=/nonexistent/kernelcam-lab-worker is not an executable file");
  }
}

TEST(LabRunnerWorker, WithoutADeviceTheWorkerSaysWhy) {
  if (kc::cudaDeviceCountOrZero() > 0) GTEST_SKIP() << "a CUDA device exists: LabRunner.* run kernels on it";
  try {
    kc::lab::LabRunner runner;
    FAIL() << "a runner without a device";
  } catch (const kc::Error& error) {
    EXPECT_NE(error.message().find("the kernel lab's worker process cannot run kernels: "), std::string::npos)
        << error.message();
  }
}

}  // namespace
