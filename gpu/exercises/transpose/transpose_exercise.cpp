// The transpose exercise (statement.md beside this file).
#include <algorithm>
#include <cstdio>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/line_figures.hpp"
#include "gpu/exercises/worst_line.hpp"

namespace kc::exercises {
namespace {

ExerciseCase transposeCase(int rows, int cols, std::uint64_t seed, int index) {
  std::mt19937_64 random = caseRandom(seed, index);
  const std::size_t size = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  const std::vector<float> in = randomFloats(random, size, -1000.0f, 1000.0f);
  std::vector<float> out(size);
  // In 32x32 squares: both matrices are walked a cache line at a time (4096x4096 in ~40 ms, not 200).
  constexpr int kSquare = 32;
  for (int r0 = 0; r0 < rows; r0 += kSquare)
    for (int c0 = 0; c0 < cols; c0 += kSquare)
      for (int r = r0; r < std::min(r0 + kSquare, rows); ++r)
        for (int c = c0; c < std::min(c0 + kSquare, cols); ++c)
          out[static_cast<std::size_t>(c) * rows + r] = in[static_cast<std::size_t>(r) * cols + c];
  ExerciseCase c;
  c.label = std::to_string(rows) + "x" + std::to_string(cols);
  CaseArgument output = outputBuffer("out", ElementType::F32, out);
  output.rowLength = rows;  // messages give (x, y) in out, which has `rows` floats per row
  c.arguments = {inputBuffer("in", ElementType::F32, in), std::move(output), valueArgument("rows", rows),
                 valueArgument("cols", cols)};
  c.minBytes = 2 * static_cast<std::uint64_t>(size) * sizeof(float);
  return c;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  list.push_back(transposeCase(1, 1, options.seed, 0));
  list.push_back(transposeCase(17, 3, options.seed, 1));
  list.push_back(transposeCase(3, 17, options.seed, 2));
  list.push_back(transposeCase(1921, 1079, options.seed, 3));
  list.push_back(transposeCase(4096, 4096, options.seed, 4));
  list.back().timed = true;
  return list;
}

constexpr double kMaxWavefrontExcess = 1.1;

double wavefrontExcess(const lab::LineFigures& line) {
  return line.sharedWavefrontsIdeal ? static_cast<double>(line.sharedWavefronts) / line.sharedWavefrontsIdeal : 1.0;
}

// The whole kernel's shared-memory wavefronts against the fewest its accesses need; a kernel
// without a shared tile has not started the lesson, whatever its figure would be.
CounterVerdict conflictFreeTile(const CounterInputs& inputs) {
  const lab::LineFigures all = lab::wholeKernel(inputs.lines);
  CounterVerdict verdict;
  char text[200];
  if (all.sharedRequests == 0) {
    verdict.met = false;
    std::snprintf(text, sizeof text,
                  "no shared-memory accesses: the kernel has no shared tile yet (goal: a tile accessed in at most "
                  "%.2fx the fewest wavefronts)",
                  kMaxWavefrontExcess);
    verdict.figure = text;
    verdict.line = worstLine(  // the strided global access the tile is there to fix
        inputs.ofFile, [](const lab::LineFigures& l) { return l.globalRequests > 0; },
        [](const lab::LineFigures& l) { return lab::memoryExcess(l); });
    return verdict;
  }
  const double excess = wavefrontExcess(all);
  verdict.met = excess <= kMaxWavefrontExcess;
  std::snprintf(text, sizeof text,
                "shared memory takes %.2fx the fewest wavefronts (%.1f per request, ideal %.1f; goal: at most %.2fx)",
                excess, lab::wavefrontsPerRequest(all), lab::idealWavefrontsPerRequest(all), kMaxWavefrontExcess);
  verdict.figure = text;
  verdict.line = worstLine(
      inputs.ofFile, [](const lab::LineFigures& l) { return l.sharedRequests > 0; },
      [](const lab::LineFigures& l) { return wavefrontExcess(l); });
  return verdict;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "transpose";
  e.title = "Matrix transpose";
  e.topic = "coalescing both ways through a shared-memory tile, bank conflicts and padding";
  e.order = 30;
  e.parameters = {{"const float*", "in"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.hints = {
      "A thread's element: its column of in is c = blockIdx.x * blockDim.x + threadIdx.x, its row "
      "r = blockIdx.y * blockDim.y + threadIdx.y. in[r * cols + c] goes to out[c * rows + r]; a thread with "
      "r >= rows or c >= cols does nothing.",
      "That version reads a row of in with neighbouring threads (coalesced), but writes down a column of out: "
      "the 32 floats of a warp's write are `rows` floats apart, 32 sectors for 128 bytes. A plain thread per "
      "element can make the reads or the writes coalesced, never both.",
      "A tile: the block copies a 32x32 square of in into `__shared__ float tile[32][32]` (tile[ty][tx] = "
      "in[...]: coalesced reads), waits with `__syncthreads()`, then writes the square to out row by row, "
      "taking tile[tx][ty]: coalesced writes. The square's place in out swaps the block indices: it starts at "
      "row blockIdx.x * 32, column blockIdx.y * 32.",
      "With `@block 32x8` each thread copies four rows of the tile: `for (int j = 0; j < 32; j += 8)`, both when "
      "it fills the tile and when it writes out. Launch `@grid ceil_div(cols, 32), ceil_div(rows, 32)`.",
      "Bank conflicts: tile[tx][ty] for tx = 0..31 reads a column, 32 floats 32 apart, all in the same one of "
      "shared memory's 32 banks: 32 wavefronts instead of 1. One column of padding, `tile[32][33]`, puts a "
      "column's floats in 32 different banks.",
  };
  e.cases = cases;
  e.counterGoals = {{"conflict-free-tile", 2, "The tile is read without bank conflicts",
                     "Each warp's access to the tile takes one pass of shared memory, rows and columns alike.\n"
                     "A column of a 32-wide tile sits in one bank; a padded row of 33 spreads it over all 32.",
                     "Use a shared tile, and pad its rows by one float: `__shared__ float tile[32][33];`.",
                     conflictFreeTile}};
  e.goalWhyNaive =
      "Through the tile, a warp reads 128 bytes of a row of in and writes 128 bytes of a row of out.\n"
      "The naive version writes down a column: each float of a warp's write is its own sector.";
  e.goalWhyOptimised =
      "A transpose only moves bytes: its time is twice the matrix over the memory's bandwidth.\n"
      "Coalesced both ways, without bank conflicts, that is what is left.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(transpose, definition());

}  // namespace kc::exercises
