#include <gtest/gtest.h>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace {

TEST(CudaCore, AbsurdAllocationThrowsWithCallAndSize) {
  KC_REQUIRE_CUDA_DEVICE();
  const std::size_t absurd = std::size_t(1) << 50;  // 1 PiB
  try {
    kc::DeviceBuffer<unsigned char> buffer(absurd);
    FAIL() << "allocating 1 PiB succeeded";
  } catch (const kc::Error& e) {
    EXPECT_EQ(e.call(), "cudaMalloc");
    EXPECT_NE(std::string(e.what()).find(std::to_string(absurd)), std::string::npos) << e.what();
    EXPECT_NE(e.file().find("device_buffer"), std::string::npos);
  }
  // The failure must not leak into the next call.
  kc::DeviceBuffer<int> fine(16);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(CudaCore, FailedCallCarriesItsText) {
  KC_REQUIRE_CUDA_DEVICE();
  try {
    KC_CUDA_CHECK(cudaSetDevice(9999));
    FAIL() << "cudaSetDevice(9999) succeeded";
  } catch (const kc::Error& e) {
    EXPECT_NE(e.call().find("cudaSetDevice(9999)"), std::string::npos);
    EXPECT_NE(e.message().find("cudaErrorInvalidDevice"), std::string::npos) << e.message();
    EXPECT_GT(e.line(), 0);
  }
}

TEST(CudaCore, RoundTripThroughDeviceAndTimer) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::Stream stream;
  std::vector<int> host(1000), back(1000, -1);
  for (int i = 0; i < 1000; ++i) host[i] = i * 7;
  kc::DeviceBuffer<int> device(host.size());
  kc::EventTimer timer;
  timer.start(stream);
  device.uploadAsync(host.data(), host.size(), stream);
  device.downloadAsync(back.data(), back.size(), stream);
  timer.stop(stream);
  EXPECT_GE(timer.elapsedMs(), 0.f);
  EXPECT_EQ(host, back);
}

TEST(CudaCore, DeviceMemoryGrowsByWhatIsAllocated) {
  KC_REQUIRE_CUDA_DEVICE();
  const kc::DeviceMemory before = kc::currentDeviceMemory();
  EXPECT_GT(before.totalBytes, 0u);
  const std::size_t bytes = std::size_t(256) << 20;
  kc::DeviceBuffer<unsigned char> buffer(bytes);
  const kc::DeviceMemory during = kc::currentDeviceMemory();
  // Other processes may allocate too: at least what we took, within a generous margin.
  EXPECT_GE(during.usedBytes(), before.usedBytes() + bytes - (std::size_t(8) << 20));
}

TEST(CudaCore, DeviceQueryDescribesTheDevice) {
  KC_REQUIRE_CUDA_DEVICE();
  auto devices = kc::listCudaDevices();
  ASSERT_FALSE(devices.empty());
  EXPECT_FALSE(devices[0].name.empty());
  EXPECT_GT(devices[0].multiprocessors, 0);
  EXPECT_GT(devices[0].peakBandwidthGBs(), 10.0);
  EXPECT_NE(kc::describe(devices[0]).find(devices[0].name), std::string::npos);
}

}  // namespace
