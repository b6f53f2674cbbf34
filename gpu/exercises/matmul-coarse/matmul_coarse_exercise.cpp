// The matrix multiplication exercise with several outputs per thread (statement.md beside this file).
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/exercises/matmul_inputs.hpp"

namespace kc::exercises {
namespace {

// The ragged size: around the 64x64 squares of a block (just over three by two of them).
std::vector<ExerciseCase> cases(const CaseOptions& options) { return matmulCases(options.seed, 200, 131, 47); }

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "matmul-coarse";
  e.title = "Matrix multiplication, several outputs per thread";
  e.topic = "register tiling: a 4x4 piece of c per thread, two products per shared-memory read";
  e.order = 60;
  e.parameters = matmulParameters();
  e.hints = {
      "Start from the tiled kernel of matmul-tiled and count: for each product it reads as[ty][l] and bs[l][tx] "
      "from shared memory. Two shared reads per multiply-add: shared memory's bandwidth is the limit, not the "
      "arithmetic. The cure is to reuse each value read: a thread that computes a 4x4 piece of c reads 4 values "
      "of a and 4 of b per l and makes 16 products of them.",
      "Launch 16x16 threads per 64x64 square of c (`@grid ceil_div(n, 64), ceil_div(m, 64)`). Thread (tx, ty) "
      "keeps `float acc[4][4]` for rows row0 + ty + 16 * i and columns col0 + tx + 16 * j. Strided by 16, not "
      "ty * 4 + i: neighbouring threads then read neighbouring floats of bs (no bank conflicts) and write "
      "neighbouring floats of c.",
      "The copies: each step along k needs 64x16 floats of a and 16x64 of b, 1024 each: 4 per thread. Number "
      "the block's threads tid = ty * 16 + tx and copy elements e = tid + 256 * p (p < 4): for a, row e / 16 "
      "and column e % 16 (16 neighbouring threads read 16 neighbouring floats of a row); for b, row e / 64 and "
      "column e % 64. 0.0f outside the matrices, as before.",
      "The inner loop: for each l < 16, `ar[i] = as[ty + 16 * i][l]`, `br[j] = bs[l][tx + 16 * j]`, then "
      "`acc[i][j] += ar[i] * br[j]` for the 16 pairs. Loops with constant bounds are unrolled by the compiler, "
      "so acc, ar and br stay in registers. Keep both __syncthreads() around it, and check each of the 16 "
      "outputs against m and n when writing.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "Each value read from shared memory now feeds four multiply-adds instead of half of one.\n"
      "The tiled kernel's two shared reads per product keep its arithmetic units waiting.";
  e.goalWhyOptimised =
      "Sixteen outputs per thread in registers: shared memory is no longer the only limit.\n"
      "Libraries go further (wider tiles, float4 reads, tensor cores), but this is the idea.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(matmul_coarse, definition());

}  // namespace kc::exercises
