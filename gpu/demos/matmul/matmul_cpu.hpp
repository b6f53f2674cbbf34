#pragma once
// Matrix-multiplication demo, plain C++ half. Row-major C = A * B, A is MxK, B is KxN.
//
// float: the reference accumulates in double. A GPU result C passes when
//   max|C - ref| / (max|A| * max|B| * K) <= 1e-5   (kMatmulFloatTolerance)
// i.e. the error per output is small against the largest possible |dot product|. The worst-case
// fp32 rounding bound of a length-K dot product is K * 2^-24 of that scale (2.4e-4 at K = 4096),
// random rounding gives ~sqrt(K) * 2^-24 (4e-6 at K = 4096); 1e-5 still flags a single dropped or
// doubled term of typical size (|a*b| ~ max|A|max|B|/4, i.e. 6e-5 of the scale at K = 4096).
// int32: products and sums wrap around modulo 2^32 (computed in uint32 on both sides), so every
// summation order gives the same bits: CPU and GPU must agree exactly.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gpu/demos/demo_control.hpp"
#include "gpu/demos/demo_random.hpp"

namespace kc::demos {

enum class MatmulType { Int32, Float32 };
const char* toString(MatmulType type);

inline constexpr double kMatmulFloatTolerance = 1e-5;

// The reference: the obvious i-j-k triple loop. C is MxN.
// `cancel` (optional) is read once per row (block) of C: when it is set the function returns
// with C incomplete; the demo then throws Cancelled (demo_control.hpp).
void matmulReference(const float* A, const float* B, double* C, int M, int N, int K,
                     const CancelToken* cancel = nullptr);
void matmulReference(const std::int32_t* A, const std::int32_t* B, std::int32_t* C, int M, int N, int K,
                     const CancelToken* cancel = nullptr);

// A second CPU version for speed: B transposed first so the inner loop reads both operands
// contiguously, blocked over rows of C. Same arithmetic (double / uint32) as the reference.
void matmulTransposedCpu(const float* A, const float* B, double* C, int M, int N, int K,
                         const CancelToken* cancel = nullptr);
void matmulTransposedCpu(const std::int32_t* A, const std::int32_t* B, std::int32_t* C, int M, int N, int K,
                         const CancelToken* cancel = nullptr);

// One output entry of the reference (for checking a sample when the full product is too slow).
double matmulReferenceEntry(const float* A, const float* B, int N, int K, int row, int col);
std::int32_t matmulReferenceEntry(const std::int32_t* A, const std::int32_t* B, int N, int K, int row, int col);

// max|C - ref| / (max|A| * max|B| * K); 0 when A or B is all zeros and C matches.
double matmulNormalizedError(const float* C, const double* ref, std::size_t count, double maxAbsA, double maxAbsB,
                             int K);
double maxAbs(const float* values, std::size_t count);

// Entries the demo checks when the full reference is too slow: the four corners, the last row and
// column, and `count` seeded random entries (row, col pairs).
std::vector<std::pair<int, int>> matmulSampleEntries(int M, int N, std::size_t count, std::uint32_t seed);

// Seeded inputs: floats uniform in [-1, 1), ints in [-100, 100].
inline std::vector<float> randomMatrixFloat(std::size_t count, std::uint32_t seed) {
  return seededFloats(count, seed, -1.f, 1.f);
}
inline std::vector<std::int32_t> randomMatrixInt(std::size_t count, std::uint32_t seed, std::int32_t lo = -100,
                                                 std::int32_t hi = 100) {
  return seededInts(count, seed, lo, hi);
}

}  // namespace kc::demos
