// The helpers shared by tests/gpu/lab/cuda/runner_gpu_test.cpp and its must-fail tests
// (tests/error/gpu/lab/cuda/runner_gpu_test.cpp).
#pragma once

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

namespace kc::test {

using kc::HostFrame;
using kc::PixelFormat;
using kc::lab::LaunchStatus;

inline kc::lab::CompiledKernel compileText(const std::string& name, const std::string& text) {
  kc::lab::CompiledKernel kernel =
      kc::lab::compileKernel(kc::lab::readKernelSource(kc::test::writeLabFile(name, text)));
  std::string diagnostics;
  for (const auto& d : kernel.diagnostics) diagnostics += kc::lab::formatDiagnostic(d) + "\n";
  EXPECT_TRUE(kernel.ok()) << diagnostics;
  return kernel;
}

// The built-in grayscale's arithmetic (GrayWeights::Lab, Q15 weights) written as a lab kernel.
inline std::string userGrayscaleKernel() {
  const kc::GrayCoefficients c = kc::grayCoefficients(kc::GrayWeights::Lab);
  return labKernel("// @output gray\n", "  const uchar4 p = in.rgba(x, y);\n  out.setGray(x, y, (unsigned char)((" +
                                            std::to_string(c.r) + "u * p.x + " + std::to_string(c.g) + "u * p.y + " +
                                            std::to_string(c.b) + "u * p.z + 16384u) >> 15));");
}

inline HostFrame rgbaFrame(kc::HostImage<kc::Rgba8> image) {
  HostFrame frame;
  frame.format = PixelFormat::Rgba8;
  frame.rgba = std::move(image);
  return frame;
}

inline kc::HostImage<std::uint8_t> builtInGray(const kc::HostImage<kc::Rgba8>& image) {
  const auto in = kc::uploadImage(image);
  kc::DeviceImage<std::uint8_t> out(image.width(), image.height());
  kc::grayscale(in.view(), out.view(), kc::GrayWeights::Lab);
  return kc::downloadImage(out);
}

// The built-in stages still run in this process after a user kernel's fault or hang.
inline void expectBuiltInsStillWork() {
  const auto image = kc::test::randomImage<kc::Rgba8>(33, 31, 99);
  kc::HostImage<std::uint8_t> expected(33, 31);
  kc::grayscaleCpu(image.view(), expected.view(), kc::GrayWeights::Lab);
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(builtInGray(image).view(), expected.view()));
}

// Kernels that fault and that never finish, as a user might write them.
inline kc::lab::CompiledKernel faultingKernel() {
  // A store to a low address no allocation ever gets (not nullptr: the optimiser may treat that as
  // unreachable and drop it).
  return compileText("fault.cu", labKernel("", "  *(volatile int*)(16ull + 4ull * x) = y;"));
}

// A runner with `limitMs` per launch and a kernel that never finishes: a volatile flag nobody
// clears (the loop has a side effect, so the compiler must keep it).
inline std::unique_ptr<kc::lab::LabRunner> runnerWithAHangingKernel(double limitMs) {
  kc::lab::LabRunnerOptions options;
  options.timeLimitMs = limitMs;
  auto runner = std::make_unique<kc::lab::LabRunner>(0, options);
  runner->load(compileText("hang.cu", "__device__ volatile int forever = 1;\n" +
                                          labKernel("", "  while (forever) {}\n  out.setRgba(x, y, in.rgba(x, y));")));
  return runner;
}

}  // namespace kc::test
