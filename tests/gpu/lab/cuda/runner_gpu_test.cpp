// LabRunner on a GPU (skips without one): a user kernel written to equal the built-in grayscale
// matches it bit for bit (host and device paths); a faulting and a hanging kernel are reported,
// their worker process is ended, this process's CUDA context (the built-in kernels, their memory
// and streams) keeps working, during a hang too, and a later launch works in a new worker;
// checked mode reports writes outside the output and nothing else. Without a device: a missing
// worker and a worker without a device are clear errors.
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

template <class T>
kc::lab::DeviceFrameRef deviceRef(const kc::DeviceImage<T>& image, PixelFormat format) {
  return {reinterpret_cast<std::uintptr_t>(image.view().data), image.pitch(), image.width(), image.height(), format};
}

TEST(LabRunner, UserGrayscaleMatchesTheBuiltInBitForBit) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  std::uint32_t seed = 1;
  for (const auto& size : kc::test::awkwardSizesWith4K()) {
    SCOPED_TRACE(testing::Message() << size.width << "x" << size.height);
    const auto image = kc::test::randomImage<kc::Rgba8>(size.width, size.height, seed++, 12);
    const auto expected = builtInGray(image);

    HostFrame out;
    const auto report = runner.run(rgbaFrame(image), out, {});
    ASSERT_TRUE(report.ok()) << report.message;
    ASSERT_EQ(out.format, PixelFormat::Gray8);
    EXPECT_TRUE(kc::samePixels<std::uint8_t>(out.gray.view(), expected.view()));

    const auto deviceIn = kc::uploadImage(image);
    kc::DeviceImage<std::uint8_t> deviceOut(size.width, size.height);
    const auto deviceReport =
        runner.runDevice(deviceRef(deviceIn, PixelFormat::Rgba8), deviceRef(deviceOut, PixelFormat::Gray8), {});
    ASSERT_TRUE(deviceReport.ok()) << deviceReport.message;
    EXPECT_TRUE(kc::samePixels<std::uint8_t>(kc::downloadImage(deviceOut).view(), expected.view()));
    EXPECT_GT(deviceReport.kernelMs, 0.f);
  }
}

TEST(LabRunner, ParametersReachTheKernel) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto kernel = compileText(
      "params.cu", labKernel("// @output gray\n// @param level int 0..255 = 7\n// @param scale float 0..4 = 1\n",
                             "  out.setGray(x, y, (unsigned char)(params.level * params.scale));"));
  kc::lab::LabRunner runner;
  runner.load(kernel);
  HostFrame out;
  const auto values = kc::lab::applyAssignments(kernel.analysis.annotations.params, {"level=50", "scale=2.5"});
  ASSERT_TRUE(runner.run(rgbaFrame(kc::test::randomImage<kc::Rgba8>(17, 3, 5)), out, values).ok());
  kc::HostImage<std::uint8_t> expected(17, 3);
  expected.fillBytes(125);
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(out.gray.view(), expected.view()));
  EXPECT_THROW(runner.run(rgbaFrame(kc::test::randomImage<kc::Rgba8>(17, 3, 5)), out, {}), kc::InvalidArgument);
}

TEST(LabRunner, ThisProcessKeepsItsCudaContextAfterAUserFault) {
  KC_REQUIRE_CUDA_DEVICE();
  // What the app holds when a user kernel faults: device memory, a stream, results on them.
  const auto image = kc::test::randomImage<kc::Rgba8>(1921, 1079, 12);
  kc::HostImage<std::uint8_t> expected(image.width(), image.height());
  kc::grayscaleCpu(image.view(), expected.view(), kc::GrayWeights::Lab);
  const auto in = kc::uploadImage(image);
  kc::DeviceImage<std::uint8_t> before(image.width(), image.height()), after(image.width(), image.height());
  kc::Stream stream;
  kc::grayscaleAsync(in.view(), before.view(), kc::GrayWeights::Lab, kc::ChannelOrder::RGBA, stream);
  stream.synchronize();

  kc::lab::LabRunner runner;
  runner.load(faultingKernel());
  kc::DeviceImage<kc::Rgba8> userOut(image.width(), image.height());  // the device path, as the stage runs it
  const auto report = runner.runDevice(deviceRef(in, PixelFormat::Rgba8), deviceRef(userOut, PixelFormat::Rgba8), {});
  ASSERT_EQ(report.status, LaunchStatus::Fault) << report.message;

  EXPECT_EQ(cudaGetLastError(), cudaSuccess) << "the fault reached this process's context";
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess) << "the fault reached this process's context";
  kc::grayscaleAsync(in.view(), after.view(), kc::GrayWeights::Lab, kc::ChannelOrder::RGBA, stream);
  stream.synchronize();
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(kc::downloadImage(before).view(), expected.view())) << "memory made before";
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(kc::downloadImage(after).view(), expected.view())) << "a launch after";
  EXPECT_TRUE(kc::samePixels<kc::Rgba8>(kc::downloadImage(in).view(), image.view())) << "the input the user read";
}

TEST(LabRunner, BuiltInsKeepRunningWhileAUserKernelHangs) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto runner = runnerWithAHangingKernel(4000);
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 64, 13);
  auto hung = std::async(std::launch::async, [&] {
    HostFrame out;
    return runner->run(rgbaFrame(image), out, {});
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the user kernel spins by now
  const auto start = std::chrono::steady_clock::now();
  expectBuiltInsStillWork();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ measured ] the built-in grayscale beside a hanging user kernel: %.0f ms\n", seconds * 1000);
  EXPECT_LT(seconds, 2.0) << "the built-in kernels waited for the hanging user kernel";
  EXPECT_EQ(hung.wait_for(std::chrono::seconds(0)), std::future_status::timeout)
      << "the user kernel stopped before the built-ins ran: this test proved nothing";
  const auto report = hung.get();
  EXPECT_EQ(report.status, LaunchStatus::TimedOut) << report.message;
}

TEST(LabRunner, CheckedModeReportsOutOfBoundsWrites) {
  KC_REQUIRE_CUDA_DEVICE();
  struct Case {
    std::string name, body, expected;
  };
  const std::vector<Case> cases{
      {"above", "  if (y == 0) out.row(-1)[x] = 1;", "17 bytes above the output (row -1)"},
      {"below", "  if (y == out.height - 1 && x < 2) out.row(out.height + 1)[x] = 1;",
       "2 bytes below the output (row 4)"},
      {"right", "  if (x == out.width - 1) out.row(y)[x + 1] = 1;",
       "3 bytes right of the rows, from x = 17 (rows 0..2)"},
  };
  const auto image = kc::test::randomImage<kc::Rgba8>(17, 3, 6);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const auto kernel =
        compileText(c.name + ".cu", labKernel("// @output gray\n", "  out.setGray(x, y, 0);\n" + c.body));
    kc::lab::LabRunner runner;
    runner.load(kernel);
    HostFrame out;
    const auto report = runner.run(rgbaFrame(image), out, {});
    EXPECT_EQ(report.status, LaunchStatus::OutOfBounds) << report.message;
    EXPECT_NE(report.message.find(c.expected), std::string::npos) << report.message;
    if (c.name == "right") {  // inside the row padding: harmless without guards, and unseen
      runner.setOptions({2000, false});
      EXPECT_TRUE(runner.run(rgbaFrame(image), out, {}).ok()) << "unchecked mode does not look";
    }
  }
}

TEST(LabRunner, CheckedModeAcceptsACorrectKernelAtEverySize) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  for (const auto& size : kc::test::awkwardSizes()) {
    SCOPED_TRACE(testing::Message() << size.width << "x" << size.height);
    HostFrame out;
    const auto report = runner.run(rgbaFrame(kc::test::randomImage<kc::Rgba8>(size.width, size.height, 7)), out, {});
    EXPECT_TRUE(report.ok()) << report.message;
  }
}

TEST(LabRunner, OccupancyOfTheTemplate) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  runner.load(compileText("template.cu", kc::lab::kernelTemplate()));
  const kc::lab::Occupancy occupancy = runner.occupancy();
  EXPECT_EQ(occupancy.blockThreads, 256);
  EXPECT_GT(occupancy.activeBlocksPerSm, 0);
  EXPECT_GT(occupancy.fraction(), 0.0);
  EXPECT_LE(occupancy.fraction(), 1.0);
}

TEST(LabRunner, CubinOfAnotherArchitectureIsRefused) {
  KC_REQUIRE_CUDA_DEVICE();
  const int other = kc::lab::defaultArch() / 10 == 7 ? 80 : 75;
  kc::lab::CompileOptions options;
  options.arch = other;
  const auto kernel = kc::lab::compileKernel(
      kc::lab::readKernelSource(kc::test::writeLabFile("arch.cu", userGrayscaleKernel())), options);
  ASSERT_TRUE(kernel.ok());
  kc::lab::LabRunner runner;
  EXPECT_THROW(runner.load(kernel), kc::Error);
  EXPECT_FALSE(runner.loaded());
}

// Without a device these run too (CI): the worker is found, started and heard.

}  // namespace
