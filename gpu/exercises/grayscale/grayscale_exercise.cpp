// The grayscale exercise (statement.md beside this file).
#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/image/grayscale.hpp"
#include "gpu/lab/line_figures.hpp"

namespace kc::exercises {
namespace {

HostFrame grayOf(const HostFrame& in) {
  HostFrame out;
  out.format = PixelFormat::Gray8;
  HostImage<std::uint8_t> gray(in.width(), in.height());
  grayscaleCpu(in.rgba.view(), gray.view(), GrayWeights::Lab);
  out.gray = std::move(gray);
  return out;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  const auto random = [&](const char* label, int width, int height, int index) {
    std::mt19937_64 r = caseRandom(options.seed, index);
    const HostFrame in = randomRgbaFrame(r, width, height);
    list.push_back(imageCase(label, in, grayOf(in)));
  };
  random("1x1", 1, 1, 0);
  random("17x3", 17, 3, 1);
  if (const HostFrame* photo = photoFor(options))
    list.push_back(imageCase(photoLabel(options, *photo), *photo, grayOf(*photo)));
  random("1921x1079", 1921, 1079, 2);
  random("3840x2160", 3840, 2160, 3);
  list.back().timed = true;
  return list;
}

// The reads, where the lab's accessor makes them (in.rgba()); else every global access of the kernel.
CounterVerdict coalescedReads(const CounterInputs& inputs) {
  lab::LineFigures reads = lab::wholeKernel(inputs.lines);
  std::string what = "the kernel's global accesses";
  for (const auto& [accessor, figures] : lab::accessorFigures(inputs.lines))
    if (accessor == "in.rgba()") {
      reads = figures;
      what = "in.rgba()'s reads";
    }
  CounterVerdict verdict;
  const double excess =
      reads.globalSectorsIdeal ? static_cast<double>(reads.globalSectors) / reads.globalSectorsIdeal : 1.0;
  verdict.met = reads.globalRequests > 0 && excess <= 1.1;
  char text[160];
  std::snprintf(text, sizeof text,
                "%s move %.2fx the sectors their bytes need (%.1f per request, ideal %.1f; goal: at most 1.10x)",
                what.c_str(), excess, lab::sectorsPerRequest(reads), lab::idealSectorsPerRequest(reads));
  verdict.figure = text;
  verdict.line = lineContaining(inputs.source, "in.rgba(");
  return verdict;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "grayscale";
  e.title = "Grayscale";
  e.topic = "one thread per pixel, the 2D grid, coalesced reads";
  e.order = 10;
  e.imageKernel = true;
  e.referenceChain = "gray=lab";
  e.hints = {
      "A thread's pixel: x = blockIdx.x * blockDim.x + threadIdx.x, and y likewise with .y. Then "
      "`if (x >= out.width || y >= out.height) return;` before touching anything.",
      "The arithmetic in unsigned integers: `(6881u * p.x + 23265u * p.y + 2294u * p.z + 16384u) >> 15`, "
      "where p = in.rgba(x, y). Floats round differently and will not match bit for bit.",
      "Coalescing: the 32 threads of a warp are consecutive threadIdx.x. Make threadIdx.x move along a row "
      "(x), so a warp reads 32 neighbouring pixels: 128 bytes in one piece.",
      "For the last few percent: a block 32 pixels wide (`@block 32x8`) makes a warp's 32 one-byte writes "
      "one 32-byte sector instead of two.",
  };
  e.cases = cases;
  e.counterGoals = {{"coalesced-reads", 2, "The reads are coalesced",
                     "A warp's 32 reads of neighbouring pixels arrive as a few whole 32-byte sectors.\n"
                     "Memory moves sectors, not bytes: scattered reads pay for bytes nobody uses.",
                     "Make threadIdx.x walk along a row (x), not down a column.", coalescedReads}};
  e.goalWhyNaive =
      "Neighbouring threads read neighbouring pixels, so each warp's reads come in whole sectors.\n"
      "The naive version's warps read down columns and move four times the bytes they use.";
  e.goalWhyOptimised =
      "Grayscale does almost no arithmetic: its time is the bytes it moves.\n"
      "Once every byte moved is a byte used, only the write width is left to tune.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(grayscale, definition());

}  // namespace kc::exercises
