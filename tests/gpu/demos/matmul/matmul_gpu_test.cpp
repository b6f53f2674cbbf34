// Every matmul version at awkward sizes, int32 and float, C poisoned before each run, against
// the CPU reference (float: normalized error <= kMatmulFloatTolerance; int32: exact).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/matmul/matmul.cuh"
#include "gpu/demos/matmul/matmul_demo_cuda.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace kc::demos {
namespace {

struct Dims {
  int M, N, K;
};
const std::vector<Dims> kDims{{1, 1, 1}, {17, 33, 65}, {64, 64, 64}, {1000, 1000, 1000}, {129, 131, 9}, {5, 300, 1}};

template <class T>
std::vector<T> runGpu(MatmulVersion version, MatmulType type, const std::vector<T>& A, const std::vector<T>& B, int M,
                      int N, int K, CublasHandle& cublas) {
  DeviceBuffer<T> dA(A.size()), dB(B.size()), dC(std::size_t(M) * N);
  Stream stream;
  dA.uploadAsync(A.data(), A.size(), stream);
  dB.uploadAsync(B.data(), B.size(), stream);
  dC.fillBytes(0xCD, stream);
  matmulAsync(version, type, dA.data(), dB.data(), dC.data(), M, N, K, &cublas, stream);
  std::vector<T> C(dC.size());
  dC.downloadAsync(C.data(), C.size(), stream);
  stream.synchronize();
  return C;
}

TEST(MatmulGpu, EveryVersionFloat) {
  KC_REQUIRE_CUDA_DEVICE();
  CublasHandle cublas;
  for (auto [M, N, K] : kDims) {
    const auto A = randomMatrixFloat(std::size_t(M) * K, 11), B = randomMatrixFloat(std::size_t(K) * N, 12);
    std::vector<double> ref(std::size_t(M) * N);
    matmulReference(A.data(), B.data(), ref.data(), M, N, K);
    const double ma = maxAbs(A.data(), A.size()), mb = maxAbs(B.data(), B.size());
    for (const MatmulVersionInfo& info : kMatmulVersions) {
      SCOPED_TRACE(testing::Message() << M << "x" << N << "x" << K << " float " << info.name);
      const auto C = runGpu(info.version, MatmulType::Float32, A, B, M, N, K, cublas);
      EXPECT_LE(matmulNormalizedError(C.data(), ref.data(), C.size(), ma, mb, K), kMatmulFloatTolerance);
    }
  }
}

TEST(MatmulGpu, EveryVersionInt32Exact) {
  KC_REQUIRE_CUDA_DEVICE();
  CublasHandle cublas;
  for (auto [M, N, K] : kDims) {
    const auto A = randomMatrixInt(std::size_t(M) * K, 21), B = randomMatrixInt(std::size_t(K) * N, 22);
    std::vector<std::int32_t> ref(std::size_t(M) * N);
    matmulReference(A.data(), B.data(), ref.data(), M, N, K);
    for (const MatmulVersionInfo& info : kMatmulVersions) {
      if (!matmulVersionSupports(info.version, MatmulType::Int32)) continue;
      SCOPED_TRACE(testing::Message() << M << "x" << N << "x" << K << " int32 " << info.name);
      EXPECT_EQ(runGpu(info.version, MatmulType::Int32, A, B, M, N, K, cublas), ref);
    }
  }
}

TEST(MatmulGpu, Int32WrapAroundMatchesTheReference) {
  KC_REQUIRE_CUDA_DEVICE();
  CublasHandle cublas;
  const int M = 70, N = 130, K = 77;  // full-range ints: products and sums overflow and wrap
  const auto A = randomMatrixInt(std::size_t(M) * K, 31, INT32_MIN, INT32_MAX);
  const auto B = randomMatrixInt(std::size_t(K) * N, 32, INT32_MIN, INT32_MAX);
  std::vector<std::int32_t> ref(std::size_t(M) * N);
  matmulReference(A.data(), B.data(), ref.data(), M, N, K);
  for (const MatmulVersionInfo& info : kMatmulVersions) {
    if (!matmulVersionSupports(info.version, MatmulType::Int32)) continue;
    SCOPED_TRACE(info.name);
    EXPECT_EQ(runGpu(info.version, MatmulType::Int32, A, B, M, N, K, cublas), ref);
  }
}

TEST(MatmulGpu, BadArgumentsThrow) {
  KC_REQUIRE_CUDA_DEVICE();
  DeviceBuffer<float> d(16);
  EXPECT_THROW(
      matmulAsync(MatmulVersion::Naive, MatmulType::Float32, d.data(), d.data(), d.data(), 0, 4, 4, nullptr, nullptr),
      InvalidArgument);
  EXPECT_THROW(
      matmulAsync(MatmulVersion::Cublas, MatmulType::Int32, d.data(), d.data(), d.data(), 4, 4, 1, nullptr, nullptr),
      InvalidArgument);
  EXPECT_THROW(
      matmulAsync(MatmulVersion::Cublas, MatmulType::Float32, d.data(), d.data(), d.data(), 4, 4, 1, nullptr, nullptr),
      InvalidArgument);
}

TEST(MatmulDemoGpu, RunnerRowsAreAllCorrect) {
  KC_REQUIRE_CUDA_DEVICE();
  MatmulDemoConfig config;
  config.M = 257;
  config.N = 255;
  config.K = 129;
  config.backend = Backend::Cuda;
  config.reps = 2;
  for (MatmulType type : {MatmulType::Float32, MatmulType::Int32}) {
    config.type = type;
    const DemoReport report = runMatmulDemo(config, cudaMatmulRows());
    ASSERT_EQ(report.rows.size(), 2u + kMatmulVersions.size());
    for (const DemoRow& row : report.rows) {
      SCOPED_TRACE(testing::Message() << toString(type) << ": " << row.version << " " << row.note);
      if (row.skipped) {
        EXPECT_EQ(type, MatmulType::Int32);  // only cuBLAS for int32
        continue;
      }
      EXPECT_TRUE(row.correct);
      EXPECT_GT(row.ms, 0.0);
    }
  }
  config.type = MatmulType::Float32;
  config.M = config.N = config.K = 2048;  // above the CPU limit: sampled check, CPU rows skipped
  const DemoReport big = runMatmulDemo(config, cudaMatmulRows());
  for (const DemoRow& row : big.rows) {
    SCOPED_TRACE(row.version + " " + row.note);
    if (row.kind == DemoRowKind::Cpu) {
      EXPECT_TRUE(row.skipped);
    } else {
      EXPECT_TRUE(row.correct);
    }
  }
}

}  // namespace
}  // namespace kc::demos
