// The element-wise minimum of 3x3 matrices exercise (statement.md beside this file).
#include <algorithm>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"

namespace kc::exercises {
namespace {

constexpr std::uint32_t kIntMax = 0x7fffffffu;  // the minima's start: INT_MAX

// Values in [-2^30, 2^30): the check's guard words past the input (0xa5a5a5a5, -1515870811) are below
// them all, so a kernel that reads one always changes a minimum.
ExerciseCase minCase(std::int64_t count, std::uint64_t seed, int index) {
  std::mt19937_64 random = caseRandom(seed, index);
  const std::vector<std::int32_t> matrices =
      randomInts(random, static_cast<std::size_t>(count) * 9, -(1 << 30), (1 << 30) - 1);
  std::vector<std::int32_t> result(9, static_cast<std::int32_t>(kIntMax));
  for (std::size_t i = 0; i < matrices.size(); i += 9)
    for (std::size_t p = 0; p < 9; ++p) result[p] = std::min(result[p], matrices[i + p]);
  ExerciseCase c;
  c.label = "count = " + std::to_string(count);
  c.arguments = {inputBuffer("matrices", ElementType::I32, matrices), valueArgument("count", count),
                 outputBuffer("result", ElementType::I32, result, kIntMax)};
  c.minBytes = (static_cast<std::uint64_t>(count) * 9 + 9) * sizeof(std::int32_t);
  return c;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  list.push_back(minCase(1, options.seed, 0));
  list.push_back(minCase(17, options.seed, 1));
  list.push_back(minCase(1000, options.seed, 2));
  list.push_back(minCase(1000003, options.seed, 3));
  list.push_back(minCase(4194304, options.seed, 4));
  list.back().timed = true;
  return list;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "min-3x3";
  e.title = "Minimum of 3x3 matrices";
  e.topic = "a reduction with several results: each thread on one position, a shared tree, 9 atomics per block";
  e.order = 80;
  e.parameters = {{"const int*", "matrices"}, {"int", "count"}, {"int*", "result"}};
  e.hints = {
      "One thread per matrix first: `i = blockIdx.x * blockDim.x + threadIdx.x; if (i < count)` then, for p = "
      "0..8, `atomicMin(&result[p], matrices[i * 9 + p])`. That is kernelcam's naive version: 9 atomics per "
      "matrix, all on the same 9 addresses.",
      "Reduce first, then touch result once per block: each thread keeps its own minima in registers (start "
      "from 0x7fffffff, INT_MAX, which the kernel language does not define), the block combines them in shared "
      "memory, and 9 threads do one atomicMin each.",
      "A trick that makes it simple and coalesced: see the input as count * 9 ints in a row, where element e "
      "belongs to position e % 9. With a block of 288 = 32 * 9 threads and a grid-stride loop (stride "
      "gridDim.x * 288, a multiple of 9), thread t always lands on position t % 9: one running minimum per "
      "thread, and a warp reads 32 neighbouring ints.",
      "The block's step: `__shared__ int minima[288]; minima[t] = m; __syncthreads();` Thread t = p + 9 * q "
      "holds position p; halve q's range: `for (int half = 16; half > 0; half /= 2) { if (t < 9 * half) "
      "minima[t] = min(minima[t], minima[t + 9 * half]); __syncthreads(); }` and threads 0..8 atomicMin "
      "minima[t] into result[t]. Launch `@block 288` and `@grid (count + 1023) / 1024`.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "Nine atomics per block instead of nine per matrix: the 9 addresses are no longer a queue.\n"
      "The naive version's millions of atomicMin on the same 9 ints wait for each other in L2.";
  e.goalWhyOptimised =
      "Each thread reads a run of neighbouring ints and keeps one minimum in a register.\n"
      "What is left is reading the matrices once: the memory's bandwidth.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(min_3x3, definition());

}  // namespace kc::exercises
