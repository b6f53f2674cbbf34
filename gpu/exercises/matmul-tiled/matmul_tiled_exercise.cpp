// The tiled matrix multiplication exercise (statement.md beside this file).
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/exercises/matmul_inputs.hpp"

namespace kc::exercises {
namespace {

// The ragged size: around the 16x16 tiles (several, with a ragged edge).
std::vector<ExerciseCase> cases(const CaseOptions& options) { return matmulCases(options.seed, 129, 70, 33); }

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "matmul-tiled";
  e.title = "Matrix multiplication with shared tiles";
  e.topic = "data reuse: square tiles of a and b in shared memory, loaded once and read 16 times";
  e.order = 50;
  e.parameters = matmulParameters();
  e.hints = {
      "One thread per element of c: `col = blockIdx.x * blockDim.x + threadIdx.x`, `row = blockIdx.y * blockDim.y "
      "+ threadIdx.y`; if both are inside c, `sum += a[row * k + l] * b[l * n + col]` for l = 0..k-1, then "
      "`c[row * n + col] = sum`. With `@grid ceil_div(n, 16), ceil_div(m, 16)` that is kernelcam's naive version.",
      "Every element of a is read by n threads and every element of b by m threads, each time from memory. A "
      "16x16 block needs only a 16-row strip of a and a 16-column strip of b: go along k in steps of 16, and "
      "let the block copy a 16x16 square of each into `__shared__ float as[16][16], bs[16][16];` one element per "
      "thread: `as[ty][tx] = a[row * k + (l0 + tx)]`, `bs[ty][tx] = b[(l0 + ty) * n + col]`.",
      "Wait for the copies (`__syncthreads()`), add the 16 products `as[ty][l] * bs[l][tx]`, and wait again "
      "before the next step overwrites the squares: without the second `__syncthreads()` a fast warp refills "
      "them while a slow one is still reading.",
      "The edges: every thread takes part in the copies and the waits, also those outside c, so don't return "
      "early. A thread copies 0.0f where its element is outside a or b (row >= m, col >= n, or past k: k need "
      "not be a multiple of 16), and only threads inside c write it.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "Each element the block copies into shared memory is then read by 16 threads from there.\n"
      "The naive version reads every a and b element from memory (or L1) for each product.";
  e.goalWhyOptimised =
      "Two shared reads per multiply-add are now the limit, not memory.\n"
      "Several outputs per thread cut that further: the next exercise, matmul-coarse.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(matmul_tiled, definition());

}  // namespace kc::exercises
