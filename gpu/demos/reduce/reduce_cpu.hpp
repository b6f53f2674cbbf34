#pragma once
// Reduction demo, plain C++ half: the operations, their CPU references and the result type
// the GPU versions are checked against.
//
// Semantics (CPU and GPU agree on these exactly for int32):
//   Sum    int32 input is accumulated in int64 (no wrap-around for any n < 2^32 of int32 values);
//          float input: GPU accumulates in float, the reference in double (see floatSumTolerance).
//   Min/Max  exact for both types. Float inputs must not contain NaN (unspecified then).
//   ArgMax value and index of the largest element; ties -> the SMALLEST index (as cub::ArgMax).
//   Mat3Min n 3x3 int32 matrices stored as 9 vectors (structure of arrays: element e of matrix i
//          at planes[e * n + i]) -> the element-wise minimum 3x3 matrix.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gpu/demos/demo_random.hpp"

namespace kc::demos {

enum class ReduceOp { Sum, Min, Max, ArgMax };
enum class ReduceType { Int32, Float32 };

const char* toString(ReduceOp op);
const char* toString(ReduceType type);

// One reduction result. `i` holds int32 results (sum in int64), `f` float results (the float
// sum as computed; the reference's as double), `index` the ArgMax position (-1 otherwise).
struct ReduceValue {
  std::int64_t i = 0;
  double f = 0.0;
  std::int64_t index = -1;
};

// (CUDA code includes this header too, and nvcc compiles C++17: pointer + count, not std::span.)
ReduceValue reduceReference(const std::int32_t* values, std::size_t n, ReduceOp op);
ReduceValue reduceReference(const float* values, std::size_t n, ReduceOp op);

// |gpuSum - referenceSum| allowed for a float sum, relative to sum(|x_i|) (the condition number
// of the sum scales the error with that, not with |sum|). Every GPU version adds each element
// in float along a chain of at most L sequential adds (grid-stride per thread) followed by a
// tree of log2(n) levels; the worst-case rounding bound is (L + log2 n) * 2^-24 * sum|x|.
// All our versions keep L <= sqrt(n) (enough threads), so (sqrt(n) + 64) * 2^-24 bounds them
// with margin; it is still 1e-3 relative at n = 2^28 and tight (4e-6) at small n.
// Dropped or doubled elements are caught exactly by the int32 runs of the same kernels.
double floatSumTolerance(std::size_t n);

// Whether `gpu` matches `reference` for this op/type (exact for ints, min/max/argmax of floats;
// tolerance above for the float sum, needing sumAbs = sum |x_i|).
bool reduceResultsMatch(ReduceOp op, ReduceType type, const ReduceValue& gpu, const ReduceValue& reference,
                        std::size_t n, double sumAbs);

std::string formatReduceValue(ReduceOp op, ReduceType type, const ReduceValue& value);

// Element-wise minimum over n 3x3 matrices stored as 9 planes of n (see above).
using Mat3i = std::array<std::int32_t, 9>;
Mat3i mat3MinReference(const std::int32_t* planes, std::size_t n);

// Seeded inputs the demo and the tests use: ints in [-1000, 5000] (many ties for ArgMax, and a
// sum that overflows int32 from n ~ 2^20 on), floats uniform in [-1, 2) (mixed signs, mean 0.5).
inline std::vector<std::int32_t> randomInts(std::size_t n, std::uint32_t seed, std::int32_t lo = -1000,
                                            std::int32_t hi = 5000) {
  return seededInts(n, seed, lo, hi);
}
inline std::vector<float> randomFloats(std::size_t n, std::uint32_t seed, float lo = -1.f, float hi = 2.f) {
  return seededFloats(n, seed, lo, hi);
}

}  // namespace kc::demos
