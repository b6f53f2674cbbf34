#pragma once
// The inputs of the matrix multiplication exercises (matmul-tiled, matmul-coarse): c = a * b, with
// a m x k, b k x n and c m x n, row-major; c's answer and its tolerance per element,
// 2e-5 * sum over l of |a_il * b_lj| + 1e-6 (both statements give it).
#include <cstdint>

#include "gpu/exercises/exercise.hpp"

namespace kc::exercises {

// The case "MxNxK" (its label), the seed's matrices and their product.
ExerciseCase matmulCase(int m, int n, int k, std::uint64_t seed, int caseIndex);

}  // namespace kc::exercises
