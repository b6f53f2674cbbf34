// A kernel launch that fails surfaces through KC_CUDA_CHECK_LAUNCH as a kc::Error naming the
// kernel, and leaves no sticky error behind for the next, unrelated call.
#include <gtest/gtest.h>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_buffer.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace {

__global__ void fillOnes(int* out) { out[threadIdx.x] = 1; }

TEST(CudaCore, LaunchErrorCarriesTheKernelName) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::DeviceBuffer<int> buffer(4096);
  try {
    fillOnes<<<1, 4096>>>(buffer.data());  // 4096 threads per block: above every GPU's 1024
    KC_CUDA_CHECK_LAUNCH("fillOnes");
    FAIL() << "a 4096-thread block launched";
  } catch (const kc::Error& e) {
    EXPECT_EQ(e.call(), "launch of kernel fillOnes");
    // The error's name depends on the toolkit (CUDA 13 on Hopper says cudaErrorInvalidValue).
    EXPECT_EQ(e.message().rfind("cudaError", 0), 0u) << e.message();
    EXPECT_NE(std::string(e.what()).find("fillOnes"), std::string::npos) << e.what();
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  fillOnes<<<1, 32>>>(buffer.data());
  EXPECT_NO_THROW(KC_CUDA_CHECK_LAUNCH("fillOnes"));
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

}  // namespace
