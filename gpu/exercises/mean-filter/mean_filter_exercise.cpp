// The 3x3 mean filter exercise (statement.md beside this file).
#include <algorithm>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"

namespace kc::exercises {
namespace {

// The reference: each of R, G and B is the mean of the 3x3 neighbourhood, coordinates clamped to the
// image, (sum + 4) / 9 in integers; alpha is the centre's.
HostFrame meanOf(const HostFrame& in) {
  const int width = in.width(), height = in.height();
  HostImage<Rgba8> mean(width, height);
  const ImageView<const Rgba8> source = in.rgba.view();
  const ImageView<Rgba8> target = mean.view();
  for (int y = 0; y < height; ++y) {
    const Rgba8* rows[3] = {source.row(std::max(y - 1, 0)), source.row(y), source.row(std::min(y + 1, height - 1))};
    Rgba8* out = target.row(y);
    for (int x = 0; x < width; ++x) {
      const int columns[3] = {std::max(x - 1, 0), x, std::min(x + 1, width - 1)};
      int r = 0, g = 0, b = 0;
      for (const Rgba8* row : rows)
        for (const int column : columns) {
          r += row[column].r;
          g += row[column].g;
          b += row[column].b;
        }
      out[x] = {static_cast<std::uint8_t>((r + 4) / 9), static_cast<std::uint8_t>((g + 4) / 9),
                static_cast<std::uint8_t>((b + 4) / 9), rows[1][x].a};
    }
  }
  HostFrame frame;
  frame.format = PixelFormat::Rgba8;
  frame.rgba = std::move(mean);
  return frame;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  const auto random = [&](const char* label, int width, int height, int index) {
    std::mt19937_64 r = caseRandom(options.seed, index);
    const HostFrame in = randomRgbaFrame(r, width, height);
    list.push_back(imageCase(label, in, meanOf(in)));
  };
  random("1x1", 1, 1, 0);
  random("17x3", 17, 3, 1);
  if (const HostFrame* photo = photoFor(options))
    list.push_back(imageCase(photoLabel(options, *photo), *photo, meanOf(*photo)));
  random("1921x1079", 1921, 1079, 2);
  random("3840x2160", 3840, 2160, 3);
  list.back().timed = true;
  return list;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "mean-filter";
  e.title = "3x3 mean filter";
  e.topic = "a stencil: clamped edges, whole-pixel reads, and when a shared tile with a halo pays";
  e.order = 70;
  e.imageKernel = true;
  e.hints = {
      "The naive version first: for dy and dx in -1..1, read `in.rgba(min(max(x + dx, 0), in.width - 1), "
      "min(max(y + dy, 0), in.height - 1))` and add its .x, .y and .z to three int sums. Then "
      "`out.setRgba(x, y, make_uchar4((r + 4) / 9, (g + 4) / 9, (b + 4) / 9, in.rgba(x, y).w))`.",
      "kernelcam's naive version reads bytes: 27 one-byte loads a pixel, each with its own clamping and "
      "address arithmetic. Reading each neighbour once as a whole `uchar4` (the first hint's kernel) is 9 loads: "
      "on the H200 that alone is 1.2x the naive version's speed.",
      "The textbook's shared tile with a 1-pixel halo (`__shared__ uchar4 tile[10][34]` for `@block 32x8`) "
      "is no faster here: the H200's L1 already keeps the 3x3 neighbourhood, and the copy, the halo's branches "
      "and `__syncthreads()` cost what they save (72.6 us against the naive 70.6 us). The kernel is bound by "
      "its instructions: count them, not the bytes.",
      "Sum four channels in two registers: read a pixel as `unsigned int p = reinterpret_cast<const unsigned "
      "int*>(in.row(y))[x]` (when in.channels == 4), then `rb += p & 0x00ff00ffu; ga += (p >> 8) & "
      "0x00ff00ffu;`: R and B sit in rb's 16-bit halves, G and A in ga's, and 9 x 255 fits in 16 bits. "
      "R is rb & 0xffff, B is rb >> 16, G is ga & 0xffff.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "Whole-pixel reads: 9 loads a pixel instead of 27, with a third of the clamping and addressing.\n"
      "The naive version reads every byte on its own; the L1 keeps the neighbourhood either way.";
  e.goalWhyOptimised =
      "A 3x3 mean is bound by its instructions here, not its bytes (66 MB would take about 17 us).\n"
      "Packed sums of four channels in two registers leave fewer instructions per pixel.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(mean_filter, definition());

}  // namespace kc::exercises
