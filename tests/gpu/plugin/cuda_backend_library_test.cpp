// libkernelcam-cuda.so loaded as kernelcam loads it (gpu/plugin/cuda_backend_loader.cpp), by a
// program without Qt that carries and exports gpu/'s plain C++ half, as kernelcam does: it builds
// and runs on the GPU machine (scripts/device/run-gpu-tests.sh) where the Qt app cannot be built.
// Loading registers the CUDA stages and demos into this program's registries; with a device, the
// library's pipeline equals the CPU reference pipeline, so the frames the app gets through the
// library are the frames gpu_tests checks in-process.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/image/host_image.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc {
namespace {

TEST(CudaBackendLibrary, LoadsAndRegistersTheCudaStagesAndDemosHere) {
  ASSERT_EQ(stageRegistry().cudaLaunch("gray"), nullptr) << "before the load, this program has no CUDA stage";
  const BackendModule* cuda = cudaBackend();
  ASSERT_NE(cuda, nullptr) << cudaBackendLoadError();
  for (const char* stage : {"gray", "hist", "conv", "transpose", "flip", "kernel"})
    EXPECT_NE(stageRegistry().cudaLaunch(stage), nullptr) << stage << ": its CUDA launch is not registered";
  for (const char* demo : {"reduce", "matmul", "cg"})
    EXPECT_TRUE(demos::demoRegistry().cudaPart(demo).has_value()) << demo << ": its CUDA part is not registered";
  ASSERT_NE(cuda->compiler, nullptr);
  EXPECT_FALSE(cuda->compiler->nvrtcVersion().empty());
}

HostFrame randomFrame(int width, int height, std::uint32_t seed) {
  HostFrame frame;
  frame.format = PixelFormat::Rgba8;
  HostImage<Rgba8> image(width, height);
  std::mt19937 random(seed);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const std::uint32_t bits = random();
      image.at(x, y) = Rgba8{std::uint8_t(bits), std::uint8_t(bits >> 8), std::uint8_t(bits >> 16), 255};
    }
  frame.rgba = std::move(image);
  return frame;
}

TEST(CudaBackendLibrary, ItsPipelineEqualsTheCpuReference) {
  const BackendModule* cuda = cudaBackend();
  ASSERT_NE(cuda, nullptr) << cudaBackendLoadError();
  if (cuda->devices->deviceCountOrZero() == 0) GTEST_SKIP() << "no CUDA device: the library's pipeline needs one";
  auto gpu = cuda->pipelines->makePipeline();
  auto cpu = makeCpuReferencePipeline();
  ASSERT_EQ(gpu->backend(), Backend::Cuda);
  // Integer stages only (bit-exact); conv's float path has its own tolerance in gpu_tests.
  for (const char* text : {"gray=bt709,hist=256", "flip=hv,transpose,hist=32", "gray,transpose,flip=h"}) {
    const FilterChain chain = parseFilterChain(text);
    gpu->setChain(chain);
    cpu->setChain(chain);
    for (const auto& [width, height] : {std::pair{1, 1}, {17, 3}, {1921, 1079}, {3840, 2160}}) {
      SCOPED_TRACE(std::string(text) + " at " + std::to_string(width) + "x" + std::to_string(height));
      const HostFrame frame = randomFrame(width, height, static_cast<std::uint32_t>(width * 7 + height));
      const FrameResult a = gpu->process(frame), b = cpu->process(frame);
      ASSERT_EQ(a.output.format, b.output.format);
      ASSERT_EQ(a.output.width(), b.output.width());
      ASSERT_EQ(a.output.height(), b.output.height());
      const std::size_t rowBytes = static_cast<std::size_t>(a.output.width()) * bytesPerPixel(a.output.format);
      int differing = 0;
      for (int y = 0; y < a.output.height(); ++y)
        differing += std::memcmp(a.output.bytes() + y * a.output.pitch(), b.output.bytes() + y * b.output.pitch(),
                                 rowBytes) != 0;
      EXPECT_EQ(differing, 0) << "rows differ";
      EXPECT_EQ(a.stats.histogram, b.stats.histogram);
    }
  }
}

}  // namespace
}  // namespace kc
