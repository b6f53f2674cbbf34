// The matmul CPU references: naive loop vs the transposed/blocked loop vs closed forms, the
// wrap-around int rule, the tolerance, and the runner's CPU backend.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gpu/demos/matmul/matmul_cpu.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"

namespace kc::demos {
namespace {

struct Dims {
  int M, N, K;
};
const std::vector<Dims> kDims{{1, 1, 1}, {2, 3, 4}, {17, 33, 65}, {64, 64, 64}, {100, 7, 131}};

TEST(MatmulCpu, TransposedLoopMatchesReferenceFloat) {
  for (auto [M, N, K] : kDims) {
    SCOPED_TRACE(testing::Message() << M << "x" << N << "x" << K);
    const auto A = randomMatrixFloat(std::size_t(M) * K, 1), B = randomMatrixFloat(std::size_t(K) * N, 2);
    std::vector<double> ref(std::size_t(M) * N), other(ref.size());
    matmulReference(A.data(), B.data(), ref.data(), M, N, K);
    matmulTransposedCpu(A.data(), B.data(), other.data(), M, N, K);
    EXPECT_EQ(ref, other);
    EXPECT_EQ(matmulReferenceEntry(A.data(), B.data(), N, K, M - 1, N - 1), ref.back());
  }
}

TEST(MatmulCpu, TransposedLoopMatchesReferenceInt) {
  for (auto [M, N, K] : kDims) {
    SCOPED_TRACE(testing::Message() << M << "x" << N << "x" << K);
    const auto A = randomMatrixInt(std::size_t(M) * K, 1), B = randomMatrixInt(std::size_t(K) * N, 2);
    std::vector<std::int32_t> ref(std::size_t(M) * N), other(ref.size());
    matmulReference(A.data(), B.data(), ref.data(), M, N, K);
    matmulTransposedCpu(A.data(), B.data(), other.data(), M, N, K);
    EXPECT_EQ(ref, other);
  }
}

TEST(MatmulCpu, ClosedForms) {
  // A = all ones (MxK), B(k, j) = k + 1: every C(i, j) = K (K + 1) / 2.
  const int M = 5, N = 3, K = 40;
  std::vector<std::int32_t> A(M * K, 1), B(K * N), C(M * N);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) B[k * N + j] = k + 1;
  matmulReference(A.data(), B.data(), C.data(), M, N, K);
  for (std::int32_t c : C) EXPECT_EQ(c, K * (K + 1) / 2);
  // Identity times X is X.
  const int n = 9;
  std::vector<float> I(n * n, 0.f), X = randomMatrixFloat(n * n, 4);
  for (int i = 0; i < n; ++i) I[i * n + i] = 1.f;
  std::vector<double> Y(n * n);
  matmulReference(I.data(), X.data(), Y.data(), n, n, n);
  for (int i = 0; i < n * n; ++i) EXPECT_EQ(Y[i], X[i]);
}

TEST(MatmulCpu, IntProductWrapsModulo2To32) {
  const std::int32_t a[2] = {65536, 3}, b[2] = {65536, 5};  // 2^32 wraps to 0, + 15
  std::int32_t c = 0;
  matmulReference(a, b, &c, 1, 1, 2);
  EXPECT_EQ(c, 15);
}

TEST(MatmulCpu, ToleranceFlagsOneWrongEntry) {
  const int M = 8, N = 8, K = 4096;
  const auto A = randomMatrixFloat(std::size_t(M) * K, 1), B = randomMatrixFloat(std::size_t(K) * N, 2);
  std::vector<double> ref(M * N);
  matmulReference(A.data(), B.data(), ref.data(), M, N, K);
  std::vector<float> C(ref.begin(), ref.end());  // rounded to float: passes
  const double ma = maxAbs(A.data(), A.size()), mb = maxAbs(B.data(), B.size());
  EXPECT_LE(matmulNormalizedError(C.data(), ref.data(), C.size(), ma, mb, K), kMatmulFloatTolerance);
  C[5] += 0.25f;  // one term of typical size added twice
  EXPECT_GT(matmulNormalizedError(C.data(), ref.data(), C.size(), ma, mb, K), kMatmulFloatTolerance);
}

TEST(MatmulDemoCpu, RunsWithCpuBackendAndSkipsBigSizes) {
  MatmulDemoConfig config;
  config.backend = Backend::Cpu;
  config.M = 33;
  config.N = 17;
  config.K = 65;
  config.reps = 2;
  for (MatmulType type : {MatmulType::Float32, MatmulType::Int32}) {
    config.type = type;
    const DemoReport report = runMatmulDemo(config);
    ASSERT_EQ(report.rows.size(), 2u);
    for (const DemoRow& row : report.rows) {
      SCOPED_TRACE(row.version);
      EXPECT_TRUE(row.correct);
      EXPECT_FALSE(row.skipped);
      EXPECT_GT(row.ms, 0.0);
    }
  }
  config.cpuFlopLimit = 1e6;
  config.M = config.N = config.K = 128;
  const DemoReport skipped = runMatmulDemo(config);
  for (const DemoRow& row : skipped.rows) {
    EXPECT_TRUE(row.skipped);
    EXPECT_FALSE(row.speedupVsCpu.has_value());
  }
  config.K = 0;
  EXPECT_THROW(runMatmulDemo(config), InvalidArgument);
}

TEST(MatmulDemoCpu, SampledCheckFindsAWrongEntry) {
  MatmulDemoConfig config;
  config.M = 40;
  config.N = 50;
  config.K = 30;
  config.cpuFlopLimit = 0;  // forces the sampled path
  const MatmulDemoInput in = makeMatmulDemoInput(config);
  ASSERT_FALSE(in.fullReference);
  std::vector<double> full(std::size_t(config.M) * config.N);
  matmulReference(in.Af.data(), in.Bf.data(), full.data(), config.M, config.N, config.K);
  std::vector<float> C(full.begin(), full.end());
  std::string note;
  EXPECT_TRUE(matmulResultMatches(config, in, C.data(), note)) << note;
  C.back() = 0.f;  // the last entry is always sampled
  EXPECT_FALSE(matmulResultMatches(config, in, C.data(), note)) << note;
}

}  // namespace
}  // namespace kc::demos
