// The argmax exercise (statement.md beside this file).
#include <algorithm>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"

namespace kc::exercises {
namespace {

// The statement's key: the value (its sign bit flipped, so unsigned order is signed order) above, the
// index reversed below, so that of equal values the smaller index has the larger key.
std::uint64_t key(std::int32_t value, std::size_t index) {
  return static_cast<std::uint64_t>(static_cast<std::uint32_t>(value) ^ 0x80000000u) << 32 |
         (0xffffffffu - static_cast<std::uint32_t>(index));
}

ExerciseCase argmaxCase(const std::string& label, const std::vector<std::int32_t>& values) {
  std::uint64_t best = 0;
  for (std::size_t i = 0; i < values.size(); ++i) best = std::max(best, key(values[i], i));
  ExerciseCase c;
  c.label = label;
  const auto n = static_cast<std::int64_t>(values.size());
  c.arguments = {inputBuffer("values", ElementType::I32, values), valueArgument("n", n),
                 outputBuffer("best", ElementType::U64, std::vector<std::uint64_t>{best}, 0u)};
  c.minBytes = static_cast<std::uint64_t>(n) * sizeof(std::int32_t) + sizeof(std::uint64_t);
  return c;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  const auto random = [&](std::int64_t n, std::int32_t low, std::int32_t high, int index) {
    std::mt19937_64 r = caseRandom(options.seed, index);
    list.push_back(argmaxCase("n = " + std::to_string(n), randomInts(r, static_cast<std::size_t>(n), low, high)));
  };
  random(1, -1000000, 1000000, 0);
  {  // 17 values with the maximum at least twice, at random places: the first of them must win
    std::mt19937_64 r = caseRandom(options.seed, 1);
    std::vector<std::int32_t> values = randomInts(r, 17, -20, 20);
    const std::size_t first = r() % 16, second = first + 1 + r() % (16 - first);
    values[first] = values[second] = 21;
    list.push_back(argmaxCase("n = 17 (the maximum twice)", values));
  }
  random(1000, -100, 100, 2);  // a few hundred values, 201 levels: ties at the top
  random(1000003, -1000000000, 1000000000, 3);
  random(16777216, -2000000000, 2000000000, 4);
  list.back().timed = true;
  return list;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "argmax";
  e.title = "Argmax";
  e.topic = "a reduction of (value, index) pairs as one 64-bit key: warp shuffles, one atomicMax per block";
  e.order = 90;
  e.parameters = {{"const int*", "values"}, {"int", "n"}, {"unsigned long long*", "best"}};
  e.hints = {
      "Write the key as a __device__ function and test it in your head: `((unsigned long long)((unsigned)v ^ "
      "0x80000000u) << 32) | (0xffffffffu - (unsigned)i)`. The cast to unsigned comes before the shift: a "
      "32-bit value shifted by 32 is lost.",
      "One thread per element: `if (i < n) atomicMax(best, key(values[i], i));` is correct (kernelcam's naive "
      "version). It makes n atomics on the same 8 bytes, which wait for each other one by one.",
      "Reduce the keys first, as in the sum: a grid-stride loop (`for (int j = i; j < n; j += gridDim.x * "
      "blockDim.x)`) in which each thread keeps the largest key it sees, then the warp's largest with "
      "`__shfl_down_sync(0xffffffffu, k, offset)` for offset 16, 8, 4, 2, 1 (it shuffles 64-bit values too), "
      "keeping max(k, the other).",
      "Lane 0 of each warp puts its key in `__shared__ unsigned long long warpBest[8];` (@block 256), "
      "`__syncthreads()`, and the first warp reduces those 8 the same way; its lane 0 makes the block's one "
      "`atomicMax(best, k)`. Launch fewer, busier blocks: `@grid (n + 8191) / 8192`.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "One atomic per block instead of one per element: the 8 bytes of best are no longer a queue.\n"
      "The naive version's 16 million atomicMax on one address wait for each other in L2.";
  e.goalWhyOptimised =
      "Each thread reads a run of values and keeps its best key in a register.\n"
      "What is left is reading the values once: the memory's bandwidth.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(argmax, definition());

}  // namespace kc::exercises
