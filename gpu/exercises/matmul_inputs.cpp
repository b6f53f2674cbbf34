#include "gpu/exercises/matmul_inputs.hpp"

#include <cmath>

#include "gpu/exercises/exercise_inputs.hpp"

namespace kc::exercises {
namespace {

// Entries are +-1/64, +-2/64 .. +-64/64, never 0 (a kernel that drops a term always shows). Every
// product is then a multiple of 2^-12 of at most 1, and any sum of up to 4096 of them is exact in a
// float's 24 bits: a float loop, in any order, gives the exact product, which is what a reference
// in double would give, at the speed of SIMD floats (the 1024^3 case's answer in a fraction of a
// second). A correct kernel is exact too; the tolerance is there for the statement's promise.
std::vector<float> matrixEntries(std::mt19937_64& random, std::size_t count) {
  std::vector<float> entries(count);
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (i % 8 == 0) word = random();
    const auto byte = static_cast<unsigned>(word >> (8 * (i % 8)) & 0xffu);
    const float magnitude = static_cast<float>((byte & 63u) + 1u) / 64.0f;
    entries[i] = byte & 64u ? -magnitude : magnitude;
  }
  return entries;
}

}  // namespace

ExerciseCase matmulCase(int m, int n, int k, std::uint64_t seed, int caseIndex) {
  std::mt19937_64 random = caseRandom(seed, caseIndex);
  const std::size_t mm = static_cast<std::size_t>(m), nn = static_cast<std::size_t>(n),
                    kk = static_cast<std::size_t>(k);
  const std::vector<float> a = matrixEntries(random, mm * kk);
  const std::vector<float> b = matrixEntries(random, kk * nn);
  std::vector<float> bMagnitude(b.size());
  for (std::size_t i = 0; i < b.size(); ++i) bMagnitude[i] = std::fabs(b[i]);
  // Row by row, i-l-j: the inner loop runs along rows of b, c and sum|ab| (vectorised, cache-friendly).
  std::vector<float> c(mm * nn, 0.0f), magnitude(mm * nn, 0.0f);
  for (std::size_t i = 0; i < mm; ++i) {
    float* cRow = &c[i * nn];
    float* magnitudeRow = &magnitude[i * nn];
    for (std::size_t l = 0; l < kk; ++l) {
      const float aValue = a[i * kk + l], aMagnitude = std::fabs(aValue);
      const float* bRow = &b[l * nn];
      const float* bMagnitudeRow = &bMagnitude[l * nn];
      for (std::size_t j = 0; j < nn; ++j) {
        cRow[j] += aValue * bRow[j];
        magnitudeRow[j] += aMagnitude * bMagnitudeRow[j];
      }
    }
  }
  ExerciseCase result;
  result.label = std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  CaseArgument cOut = outputBuffer("c", ElementType::F32, c);
  cOut.rowLength = n;
  cOut.tolerance.resize(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) cOut.tolerance[i] = 2e-5 * magnitude[i] + 1e-6;
  result.arguments = {inputBuffer("a", ElementType::F32, a),
                      inputBuffer("b", ElementType::F32, b),
                      std::move(cOut),
                      valueArgument("m", m),
                      valueArgument("n", n),
                      valueArgument("k", k)};
  result.minBytes = (mm * kk + kk * nn + mm * nn) * sizeof(float);
  return result;
}

std::vector<ExerciseCase> matmulCases(std::uint64_t seed, int raggedM, int raggedN, int raggedK) {
  std::vector<ExerciseCase> list;
  list.push_back(matmulCase(1, 1, 1, seed, 0));
  list.push_back(matmulCase(17, 3, 5, seed, 1));
  list.push_back(matmulCase(33, 65, 17, seed, 2));
  list.push_back(matmulCase(raggedM, raggedN, raggedK, seed, 3));
  list.push_back(matmulCase(1024, 1024, 1024, seed, 4));
  list.back().timed = true;
  return list;
}

std::vector<KernelParameter> matmulParameters() {
  return {{"const float*", "a"}, {"const float*", "b"}, {"float*", "c"}, {"int", "m"}, {"int", "n"}, {"int", "k"}};
}

}  // namespace kc::exercises
