// The sum reduction exercise (statement.md beside this file).
#include <cstdio>
#include <numeric>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/exercises/worst_line.hpp"

namespace kc::exercises {
namespace {

ExerciseCase sumCase(const std::string& label, std::int64_t n, std::uint64_t seed, int index) {
  std::mt19937_64 random = caseRandom(seed, index);
  const std::vector<std::int32_t> values = randomInts(random, static_cast<std::size_t>(n), -100, 100);
  const std::int64_t total = std::accumulate(values.begin(), values.end(), std::int64_t{0});
  ExerciseCase c;
  c.label = label;
  c.arguments = {
      inputBuffer("in", ElementType::I32, values), valueArgument("n", n),
      outputBuffer("sum", ElementType::I32, std::vector<std::int32_t>{static_cast<std::int32_t>(total)}, 0u)};
  c.minBytes = static_cast<std::uint64_t>(n) * 4 + 4;
  return c;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  list.push_back(sumCase("n = 1", 1, options.seed, 0));
  list.push_back(sumCase("n = 17", 17, options.seed, 1));
  list.push_back(sumCase("n = 1000", 1000, options.seed, 2));
  list.push_back(sumCase("n = 1048579", (1 << 20) + 3, options.seed, 3));
  list.push_back(sumCase("n = 16777216", 1 << 24, options.seed, 4));
  list.back().timed = true;
  return list;
}

constexpr const char* kDivergenceCounter = "smsp__sass_branch_targets_threads_divergent";
constexpr double kMaxDivergentPerBlock = 16;

CounterVerdict undivergedTree(const CounterInputs& inputs) {
  for (const std::string& missing : inputs.missingCounters)
    if (missing == kDivergenceCounter) return missingCounterVerdict(inputs, kDivergenceCounter);
  const lab::LineFigures all = lab::wholeKernel(inputs.lines);
  const double perBlock = inputs.blocks ? static_cast<double>(all.divergentBranches) / inputs.blocks : 0;
  CounterVerdict verdict;
  verdict.met = perBlock <= kMaxDivergentPerBlock;
  char text[128];
  std::snprintf(text, sizeof text, "%.1f divergent branches per block (goal: at most %.0f)", perBlock,
                kMaxDivergentPerBlock);
  verdict.figure = text;
  verdict.line = worstLine(
      inputs.ofFile, [](const lab::LineFigures& l) { return l.divergentBranches > 0; },
      [](const lab::LineFigures& l) { return static_cast<double>(l.divergentBranches); });
  return verdict;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "reduce-sum";
  e.title = "Sum reduction";
  e.topic = "shared memory, a tree reduction, one atomic per block, warps that do not diverge";
  e.order = 20;
  e.parameters = {{"const int*", "in"}, {"int", "n"}, {"int*", "sum"}};
  e.hints = {
      "Copy first: `partial[tid] = i < n ? in[i] : 0; __syncthreads();` The zero past the end keeps the "
      "tree the same for every block, the last one too.",
      "A tree without divergence keeps the working threads together: `for (int s = blockDim.x / 2; s > 0; "
      "s /= 2) { if (tid < s) partial[tid] += partial[tid + s]; __syncthreads(); }` Whole warps are either "
      "all in or all out until s drops below 32.",
      "Then `if (tid == 0) atomicAdd(sum, partial[0]);` one atomic per block, not per element.",
      "Faster still: fewer, busier blocks. Let each thread add up many elements first in a grid-stride loop "
      "(`for (int j = i; j < n; j += gridDim.x * blockDim.x)`) and launch fewer blocks: "
      "`@grid (n + 8191) / 8192`. The last steps of a warp can use `__shfl_down_sync` instead of shared memory.",
  };
  e.cases = cases;
  e.counterGoals = {{"undiverged-tree", 2, "The tree's warps do not diverge",
                     "Active threads sit together, so whole warps are either busy or idle in each step.\n"
                     "A warp whose threads disagree runs both sides of the branch, one after the other.",
                     "Keep the working threads together: `if (tid < s)` with s halving, not `tid % (2 * s) == 0`.",
                     undivergedTree}};
  e.goalWhyNaive =
      "The tree halves its working threads each step and keeps them in whole warps.\n"
      "The naive tree spreads them over every warp, which all diverge in every step.";
  e.goalWhyOptimised =
      "A sum reads every element once: its time is the array's bytes over the memory's bandwidth.\n"
      "Many elements per thread and few blocks leave only that, and one atomic per block.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(reduce_sum, definition());

}  // namespace kc::exercises
