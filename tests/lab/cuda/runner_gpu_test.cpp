// LabRunner on a GPU (skips without one): a user kernel written to equal the built-in grayscale
// matches it bit for bit (host and device paths); a faulting and a hanging kernel are reported,
// the lab's context is rebuilt, the built-in kernels keep working and a later launch works;
// checked mode reports writes outside the output and nothing else.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>

#include "common/test_data.hpp"
#include "gpu/core/error.hpp"
#include "gpu/gpu_test_support.hpp"
#include "gpu/image/device_image.cuh"
#include "gpu/image/grayscale.cuh"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "lab/lab_test_files.hpp"

namespace {

using kc::HostFrame;
using kc::PixelFormat;
using kc::lab::LaunchStatus;
using kc::test::labKernel;

kc::lab::CompiledKernel compileText(const std::string& name, const std::string& text) {
  kc::lab::CompiledKernel kernel =
      kc::lab::compileKernel(kc::lab::readKernelSource(kc::test::writeLabFile(name, text)));
  std::string diagnostics;
  for (const auto& d : kernel.diagnostics) diagnostics += kc::lab::formatDiagnostic(d) + "\n";
  EXPECT_TRUE(kernel.ok()) << diagnostics;
  return kernel;
}

// The built-in grayscale's arithmetic (GrayWeights::Lab, Q15 weights) written as a lab kernel.
std::string userGrayscaleKernel() {
  const kc::GrayCoefficients c = kc::grayCoefficients(kc::GrayWeights::Lab);
  return labKernel("// @output gray\n", "  const uchar4 p = in.rgba(x, y);\n  out.setGray(x, y, (unsigned char)((" +
                                            std::to_string(c.r) + "u * p.x + " + std::to_string(c.g) + "u * p.y + " +
                                            std::to_string(c.b) + "u * p.z + 16384u) >> 15));");
}

HostFrame rgbaFrame(kc::HostImage<kc::Rgba8> image) {
  HostFrame frame;
  frame.format = PixelFormat::Rgba8;
  frame.rgba = std::move(image);
  return frame;
}

kc::HostImage<std::uint8_t> builtInGray(const kc::HostImage<kc::Rgba8>& image) {
  const auto in = kc::uploadImage(image);
  kc::DeviceImage<std::uint8_t> out(image.width(), image.height());
  kc::grayscale(in.view(), out.view(), kc::GrayWeights::Lab);
  return kc::downloadImage(out);
}

template <class T>
kc::lab::DeviceFrameRef deviceRef(const kc::DeviceImage<T>& image, PixelFormat format) {
  return {reinterpret_cast<std::uintptr_t>(image.view().data), image.pitch(), image.width(), image.height(), format};
}

// The built-in stages still run after the lab's context was rebuilt.
void expectBuiltInsStillWork() {
  const auto image = kc::test::randomImage<kc::Rgba8>(33, 31, 99);
  kc::HostImage<std::uint8_t> expected(33, 31);
  kc::grayscaleCpu(image.view(), expected.view(), kc::GrayWeights::Lab);
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(builtInGray(image).view(), expected.view()));
}

// After a fault or a hang: the built-ins run, and the lab runs a good kernel on a fresh context.
void expectALaterLaunchWorks(kc::lab::LabRunner& runner, const kc::HostImage<kc::Rgba8>& image) {
  expectBuiltInsStillWork();
  runner.load(compileText("gray.cu", userGrayscaleKernel()));
  HostFrame out;
  const auto report = runner.run(rgbaFrame(image), out, {});
  ASSERT_TRUE(report.ok()) << report.message;
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(out.gray.view(), builtInGray(image).view()));
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

TEST(LabRunner, FaultIsReportedAndALaterLaunchWorks) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunner runner;
  // A store to a low address no allocation ever gets (not nullptr: the optimiser may treat that as
  // unreachable and drop it).
  runner.load(compileText("fault.cu", labKernel("", "  *(volatile int*)(16ull + 4ull * x) = y;")));
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 64, 3);
  HostFrame out;
  const auto report = runner.run(rgbaFrame(image), out, {});
  EXPECT_EQ(report.status, LaunchStatus::Fault) << report.message;
  EXPECT_TRUE(report.contextRebuilt);
  EXPECT_NE(report.message.find("the kernel faulted (CUDA_ERROR_"), std::string::npos) << report.message;
  EXPECT_FALSE(runner.loaded());
  EXPECT_EQ(runner.contextRebuilds(), 1);
  expectALaterLaunchWorks(runner, image);
}

TEST(LabRunner, HangIsStoppedAtTheTimeLimitAndALaterLaunchWorks) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::LabRunnerOptions options;
  options.timeLimitMs = 300;
  kc::lab::LabRunner runner(0, options);
  // A volatile flag nobody clears: the loop has a side effect, so the compiler must keep it.
  runner.load(compileText("hang.cu", "__device__ volatile int forever = 1;\n" +
                                         labKernel("", "  while (forever) {}\n  out.setRgba(x, y, in.rgba(x, y));")));
  const auto image = kc::test::randomImage<kc::Rgba8>(64, 64, 4);
  HostFrame out;
  const auto start = std::chrono::steady_clock::now();
  const auto report = runner.run(rgbaFrame(image), out, {});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(report.status, LaunchStatus::TimedOut) << report.message;
  EXPECT_TRUE(report.contextRebuilt);
  EXPECT_NE(report.message.find("did not finish within 300 ms"), std::string::npos) << report.message;
  EXPECT_LT(seconds, 10.0) << "stopping the kernel took too long";
  RecordProperty("hang_report_seconds", std::to_string(seconds));
  expectALaterLaunchWorks(runner, image);
}

TEST(LabRunner, CheckedModeReportsOutOfBoundsWrites) {
  KC_REQUIRE_CUDA_DEVICE();
  struct Case {
    std::string name, body, expected;
  };
  const std::vector<Case> cases{
      {"above", "  if (y == 0) out.row(-1)[x] = 1;", "17 bytes above the output (row -1)"},
      {"below", "  if (y == out.height - 1 && x < 2) out.row(out.height + 1)[x] = 1;", "2 bytes below the output (row 4)"},
      {"right", "  if (x == out.width - 1) out.row(y)[x + 1] = 1;", "3 bytes right of the rows, from x = 17 (rows 0..2)"},
  };
  const auto image = kc::test::randomImage<kc::Rgba8>(17, 3, 6);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const auto kernel = compileText(c.name + ".cu", labKernel("// @output gray\n", "  out.setGray(x, y, 0);\n" + c.body));
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
  const auto kernel =
      kc::lab::compileKernel(kc::lab::readKernelSource(kc::test::writeLabFile("arch.cu", userGrayscaleKernel())), options);
  ASSERT_TRUE(kernel.ok());
  kc::lab::LabRunner runner;
  EXPECT_THROW(runner.load(kernel), kc::Error);
  EXPECT_FALSE(runner.loaded());
}

}  // namespace
