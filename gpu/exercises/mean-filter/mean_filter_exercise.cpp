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
  if (const HostFrame* photo = photoFor(options)) list.push_back(imageCase(photoLabel(options, *photo), *photo, meanOf(*photo)));
  random("1921x1079", 1921, 1079, 2);
  random("3840x2160", 3840, 2160, 3);
  list.back().timed = true;
  return list;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "mean-filter";
  e.title = "3x3 mean filter";
  e.topic = "a stencil: a shared tile with a halo, clamped edges, the weights in constant memory";
  e.order = 70;
  e.imageKernel = true;
  e.hints = {
      "The naive version first: for dy and dx in -1..1, read `in.rgba(min(max(x + dx, 0), in.width - 1), "
      "min(max(y + dy, 0), in.height - 1))` and add its .x, .y and .z to three int sums. Then "
      "`out.setRgba(x, y, make_uchar4((r + 4) / 9, (g + 4) / 9, (b + 4) / 9, in.rgba(x, y).w))`.",
      "Every pixel is read by 9 threads, each time through the cache, with its own clamping and address "
      "arithmetic. A block of 32x8 pixels needs only (8 + 2) x (32 + 2) of them, its pixels and a 1-pixel "
      "halo around them: copy those once into `__shared__ uchar4 tile[10][34];` with `@block 32x8`.",
      "The copy: the tile's pixel (tx, ty) is the image's (blockIdx.x * 32 - 1 + tx, blockIdx.y * 8 - 1 + ty), "
      "clamped. 340 pixels for 256 threads: `for (int i = threadIdx.y * 32 + threadIdx.x; i < 340; i += 256)` "
      "with tx = i % 34 and ty = i / 34. Then `__syncthreads()`, and only then let the threads outside the "
      "image leave: every thread helps copy.",
      "The sums from the tile: the thread's centre is tile[threadIdx.y + 1][threadIdx.x + 1], so its 3x3 is "
      "tile[threadIdx.y + dy][threadIdx.x + dx] for dy, dx in 0..2. Keep the weights in constant memory, "
      "`__constant__ int kWeights[3][3] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};`: every thread reads the same "
      "weight at once, which constant memory broadcasts.",
  };
  e.cases = cases;
  e.goalWhyNaive = "Each pixel crosses from memory into the block once, into the tile; its 9 uses read shared memory.\n"
                   "The naive version reads each pixel 9 times from global memory, clamping each time.";
  e.goalWhyOptimised = "A 3x3 mean moves each pixel in and out once: its time is the frame's bytes over the bandwidth.\n"
                       "The tile's halo costs 40% more reads per block, far less than 9 reads per pixel.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(mean_filter, definition());

}  // namespace kc::exercises
