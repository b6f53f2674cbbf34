// The SGEMM with B copied asynchronously in every instantiated shape (k tile x stages), at sizes that
// leave partial tiles in M, N and K and fewer k tiles than stages, C poisoned before each run, against
// the float64 CPU reference (normalized error <= kMatmulFloatTolerance, as every matmul version).
#include <gtest/gtest.h>

#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/matmul/matmul.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace kc::demos {
namespace {

struct Dims {
  int M, N, K;
};

std::vector<float> runPipelined(SgemmPipelineShape shape, const std::vector<float>& A, const std::vector<float>& B,
                                int M, int N, int K, bool& launched) {
  DeviceBuffer<float> dA(A.size()), dB(B.size()), dC(std::size_t(M) * N);
  Stream stream;
  dA.uploadAsync(A.data(), A.size(), stream);
  dB.uploadAsync(B.data(), B.size(), stream);
  dC.fillBytes(0xCD, stream);
  launched = sgemmPipelinedAsync(dA.data(), dB.data(), dC.data(), M, N, K, stream, shape);
  std::vector<float> C(dC.size());
  dC.downloadAsync(C.data(), C.size(), stream);
  stream.synchronize();
  return C;
}

TEST(MatmulPipelinedGpu, EveryShapeMatchesTheReference) {
  KC_REQUIRE_CUDA_DEVICE();
  // K = 4: one tile, fewer than any stage count; 260 = 16 tiles + 4; 129/132: one column/row past a tile.
  const std::vector<Dims> dims{{1, 4, 4}, {17, 36, 68}, {129, 132, 260}, {128, 128, 16}, {1000, 1000, 1000}};
  std::uint32_t seed = 40;
  for (auto [M, N, K] : dims) {
    const auto A = randomMatrixFloat(std::size_t(M) * K, seed++), B = randomMatrixFloat(std::size_t(K) * N, seed++);
    std::vector<double> ref(std::size_t(M) * N);
    matmulReference(A.data(), B.data(), ref.data(), M, N, K);
    const double ma = maxAbs(A.data(), A.size()), mb = maxAbs(B.data(), B.size());
    for (const SgemmPipelineShape shape : sgemmPipelineShapes()) {
      SCOPED_TRACE(testing::Message() << M << "x" << N << "x" << K << " k tile " << shape.tileK << " stages "
                                      << shape.stages << " blocks/SM " << shape.minBlocksPerSm);
      bool launched = false;
      const auto C = runPipelined(shape, A, B, M, N, K, launched);
      ASSERT_TRUE(launched);
      EXPECT_LE(matmulNormalizedError(C.data(), ref.data(), C.size(), ma, mb, K), kMatmulFloatTolerance);
    }
  }
}

// K or N not a multiple of 4 (rows' float4s misaligned): the kernel declines and writes nothing.
TEST(MatmulPipelinedGpu, DeclinesShapesItsCopiesCannotTake) {
  KC_REQUIRE_CUDA_DEVICE();
  for (auto [M, N, K] : std::vector<Dims>{{8, 8, 6}, {8, 6, 8}}) {
    const auto A = randomMatrixFloat(std::size_t(M) * K, 1), B = randomMatrixFloat(std::size_t(K) * N, 2);
    bool launched = true;
    const auto C = runPipelined({16, 3, 2}, A, B, M, N, K, launched);
    EXPECT_FALSE(launched) << M << "x" << N << "x" << K;
    const auto* bytes = reinterpret_cast<const unsigned char*>(C.data());
    for (std::size_t i = 0; i < C.size() * sizeof(float); ++i) ASSERT_EQ(bytes[i], 0xCD) << "byte " << i << " written";
  }
}

}  // namespace
}  // namespace kc::demos
