#pragma once
// The inputs of the matrix multiplication exercises (matmul-tiled, matmul-coarse): c = a * b, with
// a m x k, b k x n and c m x n, row-major; c's answer and its tolerance per element,
// 2e-5 * sum over l of |a_il * b_lj| + 1e-6 (both statements give it).
#include <cstdint>

#include "gpu/exercises/exercise.hpp"

namespace kc::exercises {

// The case "MxNxK" (its label), the seed's matrices and their product.
ExerciseCase matmulCase(int m, int n, int k, std::uint64_t seed, int caseIndex);

// Both exercises' inputs: 1x1x1, 17x3x5 and 33x65x17, then `ragged` (m, n, k: a size around the
// exercise's block), then the timed 1024x1024x1024. Its answer takes the CPU a fraction of a second
// (2048^3 would take eight times that, every check), and the kernels' times there, tens to hundreds
// of microseconds, are long enough to measure.
std::vector<ExerciseCase> matmulCases(std::uint64_t seed, int raggedM, int raggedN, int raggedK);

// Their signature: (const float* a, const float* b, float* c, int m, int n, int k).
std::vector<KernelParameter> matmulParameters();

}  // namespace kc::exercises
