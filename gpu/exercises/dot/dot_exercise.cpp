// The dot product exercise (statement.md beside this file).
#include <cmath>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"

namespace kc::exercises {
namespace {

// The sum in double; the tolerance, 1e-5 * sum |x_i * y_i| + 1e-6, the statement's.
ExerciseCase dotCase(std::int64_t n, std::uint64_t seed, int index) {
  std::mt19937_64 random = caseRandom(seed, index);
  const std::vector<float> x = randomFloats(random, static_cast<std::size_t>(n), -1.0f, 1.0f);
  const std::vector<float> y = randomFloats(random, static_cast<std::size_t>(n), -1.0f, 1.0f);
  double sum = 0, magnitude = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double product = static_cast<double>(x[i]) * y[i];
    sum += product;
    magnitude += std::fabs(product);
  }
  ExerciseCase c;
  c.label = "n = " + std::to_string(n);
  CaseArgument result = outputBuffer("result", ElementType::F32, std::vector<float>{static_cast<float>(sum)}, 0u);
  result.tolerance = {1e-5 * magnitude + 1e-6};
  c.arguments = {inputBuffer("x", ElementType::F32, x), inputBuffer("y", ElementType::F32, y), valueArgument("n", n),
                 std::move(result)};
  c.minBytes = static_cast<std::uint64_t>(n) * 2 * sizeof(float) + sizeof(float);
  return c;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  list.push_back(dotCase(1, options.seed, 0));
  list.push_back(dotCase(17, options.seed, 1));
  list.push_back(dotCase(1000, options.seed, 2));
  list.push_back(dotCase(1000003, options.seed, 3));
  list.push_back(dotCase(16777216, options.seed, 4));
  list.back().timed = true;
  return list;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "dot";
  e.title = "Dot product";
  e.topic = "a float reduction: a grid-stride loop, warp shuffles, one atomicAdd per block, rounding";
  e.order = 110;
  e.parameters = {{"const float*", "x"}, {"const float*", "y"}, {"int", "n"}, {"float*", "result"}};
  e.hints = {
      "One thread per element: `if (i < n) atomicAdd(result, x[i] * y[i]);` is correct (kernelcam's naive "
      "version), and makes n atomics on the same 4 bytes, which wait for each other one by one.",
      "Let each thread add up many products first, in a register: a grid-stride loop `for (int j = i; j < n; "
      "j += gridDim.x * blockDim.x) sum += x[j] * y[j];` with fewer blocks, e.g. `@grid (n + 8191) / 8192`. A "
      "warp's reads stay 32 neighbouring floats.",
      "Then the warp's 32 sums: `for (int offset = 16; offset > 0; offset /= 2) sum += "
      "__shfl_down_sync(0xffffffffu, sum, offset);` leaves the warp's total in lane 0, without shared memory.",
      "Lane 0 of each warp writes its total to `__shared__ float warpSums[8];` (@block 256), "
      "`__syncthreads()`, the first warp adds those 8 the same way, and its lane 0 makes the block's one "
      "`atomicAdd(result, sum)`.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "One atomic per block instead of one per element: the 4 bytes of result are no longer a queue.\n"
      "The naive version's 16 million atomicAdd on one float wait for each other in L2.";
  e.goalWhyOptimised =
      "A dot product reads 8 bytes per multiply-add: its time is the two vectors over the bandwidth.\n"
      "Many elements per thread, shuffles and one atomic per block leave only that.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(dot, definition());

}  // namespace kc::exercises
