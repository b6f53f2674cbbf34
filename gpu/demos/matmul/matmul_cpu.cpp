#include "gpu/demos/matmul/matmul_cpu.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "gpu/core/error.hpp"

namespace kc::demos {

const char* toString(MatmulType type) { return type == MatmulType::Int32 ? "int32" : "float"; }

namespace {
void checkSizes(int M, int N, int K) { KC_REQUIRE(M >= 1 && N >= 1 && K >= 1, "matmul: M, N, K must be at least 1"); }
std::size_t at(int row, int col, int ld) { return static_cast<std::size_t>(row) * ld + col; }
// Wrap-around int product: uint32 arithmetic is defined modulo 2^32.
std::uint32_t wrapMul(std::int32_t a, std::int32_t b) {
  return static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b);
}
bool stopped(const CancelToken* cancel) { return cancel && cancel->cancelled(); }
}  // namespace

void matmulReference(const float* A, const float* B, double* C, int M, int N, int K, const CancelToken* cancel) {
  checkSizes(M, N, K);
  for (int i = 0; i < M && !stopped(cancel); ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0.0;
      for (int k = 0; k < K; ++k) sum += static_cast<double>(A[at(i, k, K)]) * B[at(k, j, N)];
      C[at(i, j, N)] = sum;
    }
}

void matmulReference(const std::int32_t* A, const std::int32_t* B, std::int32_t* C, int M, int N, int K,
                     const CancelToken* cancel) {
  checkSizes(M, N, K);
  for (int i = 0; i < M && !stopped(cancel); ++i)
    for (int j = 0; j < N; ++j) {
      std::uint32_t sum = 0;
      for (int k = 0; k < K; ++k) sum += wrapMul(A[at(i, k, K)], B[at(k, j, N)]);
      C[at(i, j, N)] = static_cast<std::int32_t>(sum);
    }
}

namespace {
template <class T, class Acc, class Out, class Mul>
void transposedLoop(const T* A, const T* B, Out* C, int M, int N, int K, Mul mul, const CancelToken* cancel) {
  checkSizes(M, N, K);
  std::vector<T> Bt(static_cast<std::size_t>(N) * K);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) Bt[at(j, k, K)] = B[at(k, j, N)];
  constexpr int kRows = 16;  // a block of C rows reuses each column of Bt while it is in cache
  for (int i0 = 0; i0 < M && !stopped(cancel); i0 += kRows)
    for (int j = 0; j < N; ++j) {
      const T* b = &Bt[at(j, 0, K)];
      for (int i = i0; i < std::min(M, i0 + kRows); ++i) {
        const T* a = &A[at(i, 0, K)];
        Acc sum = 0;
        for (int k = 0; k < K; ++k) sum += mul(a[k], b[k]);
        C[at(i, j, N)] = static_cast<Out>(sum);
      }
    }
}
}  // namespace

void matmulTransposedCpu(const float* A, const float* B, double* C, int M, int N, int K, const CancelToken* cancel) {
  transposedLoop<float, double>(
      A, B, C, M, N, K, [](float a, float b) { return static_cast<double>(a) * b; }, cancel);
}
void matmulTransposedCpu(const std::int32_t* A, const std::int32_t* B, std::int32_t* C, int M, int N, int K,
                         const CancelToken* cancel) {
  transposedLoop<std::int32_t, std::uint32_t>(A, B, C, M, N, K, wrapMul, cancel);
}

double matmulReferenceEntry(const float* A, const float* B, int N, int K, int row, int col) {
  double sum = 0.0;
  for (int k = 0; k < K; ++k) sum += static_cast<double>(A[at(row, k, K)]) * B[at(k, col, N)];
  return sum;
}
std::int32_t matmulReferenceEntry(const std::int32_t* A, const std::int32_t* B, int N, int K, int row, int col) {
  std::uint32_t sum = 0;
  for (int k = 0; k < K; ++k) sum += wrapMul(A[at(row, k, K)], B[at(k, col, N)]);
  return static_cast<std::int32_t>(sum);
}

double maxAbs(const float* values, std::size_t count) {
  double m = 0.0;
  for (std::size_t i = 0; i < count; ++i) m = std::max(m, static_cast<double>(std::fabs(values[i])));
  return m;
}

double matmulNormalizedError(const float* C, const double* ref, std::size_t count, double maxAbsA, double maxAbsB,
                             int K) {
  double worst = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    const double d = std::fabs(static_cast<double>(C[i]) - ref[i]);
    if (!(d <= worst)) worst = d;  // NaN propagates as a failure
  }
  const double scale = maxAbsA * maxAbsB * K;
  if (scale == 0.0) return worst == 0.0 ? 0.0 : INFINITY;
  return worst / scale;
}

std::vector<std::pair<int, int>> matmulSampleEntries(int M, int N, std::size_t count, std::uint32_t seed) {
  std::vector<std::pair<int, int>> entries{{0, 0}, {0, N - 1}, {M - 1, 0}, {M - 1, N - 1}, {M / 2, N / 2}};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> row(0, M - 1), col(0, N - 1);
  for (std::size_t s = 0; s < count; ++s) {
    entries.emplace_back(row(rng), N - 1);
    entries.emplace_back(M - 1, col(rng));
    entries.emplace_back(row(rng), col(rng));
  }
  return entries;
}

}  // namespace kc::demos
