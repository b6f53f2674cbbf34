// The histogram exercise (statement.md beside this file).
#include <cstdio>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/image/grayscale.hpp"
#include "gpu/lab/line_figures.hpp"
#include "gpu/exercises/worst_line.hpp"

namespace kc::exercises {
namespace {

constexpr int kBins = 256;

ExerciseCase histogramCase(const std::string& label, const std::vector<std::uint8_t>& pixels) {
  std::vector<std::uint32_t> bins(kBins, 0);
  for (const std::uint8_t p : pixels) ++bins[p];
  ExerciseCase c;
  c.label = label;
  const auto n = static_cast<std::int64_t>(pixels.size());
  c.arguments = {inputBuffer("pixels", ElementType::U8, pixels), valueArgument("n", n),
                 outputBuffer("bins", ElementType::U32, bins, 0u)};
  c.minBytes = static_cast<std::uint64_t>(n) + kBins * sizeof(std::uint32_t);
  return c;
}

// Random bytes, a share of them (in 256ths) set to one value the seed picks: a camera's sky or wall,
// where many threads count into the same bin at once.
std::vector<std::uint8_t> skewedPixels(std::mt19937_64& random, std::size_t n, int hotShare256) {
  std::vector<std::uint8_t> pixels = randomBytes(random, n);
  const std::vector<std::uint8_t> pick = randomBytes(random, n);
  const auto hot = static_cast<std::uint8_t>(random());
  for (std::size_t i = 0; i < n; ++i)
    if (pick[i] < hotShare256) pixels[i] = hot;
  return pixels;
}

std::vector<std::uint8_t> grayPixels(const HostFrame& photo) {
  HostImage<std::uint8_t> gray(photo.width(), photo.height());  // packed: pitch = width
  grayscaleCpu(photo.rgba.view(), gray.view(), GrayWeights::Lab);
  return {gray.bytes(), gray.bytes() + gray.sizeBytes()};
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  const auto random = [&](std::int64_t n, int index) {
    std::mt19937_64 r = caseRandom(options.seed, index);
    list.push_back(histogramCase("n = " + std::to_string(n), randomBytes(r, static_cast<std::size_t>(n))));
  };
  random(1, 0);
  random(17, 1);
  random(1000, 2);
  if (const HostFrame* photo = photoFor(options)) {
    list.push_back(histogramCase(photoLabel(options, *photo) + " in gray", grayPixels(*photo)));
  } else {  // no sample photos: a skewed frame of a photo's size stands in
    std::mt19937_64 r = caseRandom(options.seed, 3);
    list.push_back(histogramCase("skewed n = 307200 (640x480)", skewedPixels(r, 640 * 480, 64)));
  }
  random(1000003, 4);
  std::mt19937_64 r = caseRandom(options.seed, 5);
  list.push_back(histogramCase("n = 8294400 (3840x2160, 30% in one bin)", skewedPixels(r, 3840 * 2160, 77)));
  list.back().timed = true;
  return list;
}

constexpr const char* kAtomicCounter = "smsp__sass_inst_executed_op_global_atom";
constexpr const char* kReductionCounter = "smsp__sass_inst_executed_op_global_red";
constexpr double kMaxAtomicsPerBlock = kBins;
constexpr double kMinPixelsPerAtomic = 16;

// The profiler counts a warp's atomic instruction once, whatever its active threads: x 32 is the
// most threads it can stand for, so the estimate errs on the side of too many.
CounterVerdict fewGlobalAtomics(const CounterInputs& inputs) {
  for (const std::string& missing : inputs.missingCounters)
    if (missing == kAtomicCounter || missing == kReductionCounter) return missingCounterVerdict(inputs, missing);
  std::int64_t n = 0;
  for (const CaseArgument& a : inputs.timedCase.arguments)
    if (a.name == "n") n = a.integer;
  const double atomics = 32.0 * static_cast<double>(lab::wholeKernel(inputs.lines).globalAtomics);
  const double perBlock = inputs.blocks ? atomics / static_cast<double>(inputs.blocks) : 0;
  const double perPixel = n ? atomics / static_cast<double>(n) : 0;
  CounterVerdict verdict;
  verdict.met = perBlock <= kMaxAtomicsPerBlock && perPixel <= 1 / kMinPixelsPerAtomic;
  char text[240];
  std::snprintf(text, sizeof text,
                "about %.0f global atomics per block, %.4f per pixel (the warp-level count x 32; goal: at most %.0f "
                "per block and 1 per %.0f pixels)",
                perBlock, perPixel, kMaxAtomicsPerBlock, kMinPixelsPerAtomic);
  verdict.figure = text;
  verdict.line = worstLine(
      inputs.ofFile, [](const lab::LineFigures& l) { return l.globalAtomics > 0; },
      [](const lab::LineFigures& l) { return static_cast<double>(l.globalAtomics); });
  return verdict;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "histogram";
  e.title = "Histogram";
  e.topic = "atomics and contention, a private histogram per block in shared memory, many pixels per block";
  e.order = 40;
  e.parameters = {{"const unsigned char*", "pixels"}, {"int", "n"}, {"unsigned int*", "bins"}};
  e.hints = {
      "One thread per pixel: `i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) atomicAdd(&bins[pixels[i]], 1u);` "
      "Without atomicAdd, two threads that count into the same bin at once both read the old count and one "
      "increment is lost.",
      "That is correct but slow: every pixel is an atomic on global memory, and on a real image many threads hit "
      "the same few bins at once and wait for each other in L2. Count in a private histogram per block instead: "
      "`__shared__ unsigned int local[256];`, zeroed by the block's 256 threads (`local[threadIdx.x] = 0;`) and "
      "then `__syncthreads()`.",
      "Each thread counts with `atomicAdd(&local[pixels[i]], 1u)` (atomics on shared memory are cheap), the block "
      "waits (`__syncthreads()`), and thread t adds local[t] to bins[t] with one global atomicAdd, only when it "
      "is not 0.",
      "A block of 256 pixels still makes up to 256 global atomics for 256 pixels. Give each block many pixels: "
      "a grid-stride loop `for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * "
      "blockDim.x)` and fewer blocks, e.g. `@grid (n + 16383) / 16384`: 64 pixels per thread.",
  };
  e.cases = cases;
  e.counterGoals = {{"few-global-atomics", 2, "Few global atomics",
                     "Pixels are counted in shared memory; global memory sees one atomic per bin per block.\n"
                     "Global atomics on the same bin queue up in L2; shared ones stay in the block's own SM.",
                     "Count into a __shared__ histogram and merge it once per block, with many pixels per block.",
                     fewGlobalAtomics}};
  e.goalWhyNaive =
      "Counting in shared memory keeps the waits for a busy bin inside each block.\n"
      "The naive version sends every pixel to global memory, where a busy bin serialises them all.";
  e.goalWhyOptimised =
      "With many pixels per block, the merge's global atomics are a rounding error.\n"
      "What is left is reading the pixels once and the shared atomics of the busiest bin.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(histogram, definition());

}  // namespace kc::exercises
