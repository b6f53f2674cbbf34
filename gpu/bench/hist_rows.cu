// Histogram rows: 256 bins of a Gray8 image, 1 byte read per pixel (the 1 KB of counts is noise).
// Three inputs, each with the library baselines, since the atomics' contention depends on the
// data: uniform random bytes (little contention), a natural photo's grey values (smooth regions
// put many pixels in few bins; the largest photo in --images, cropped or tiled to the row's size)
// and a constant image (every pixel in one bin: the worst case for per-bin atomics).
// The libraries' scratch (CUB's temporary storage, NPP's buffer) is rotated with the inputs, one
// per buffer set, so that it is not the one hot buffer in the L2 when the input is not.
#include <cub/device/device_histogram.cuh>

#include <cstdio>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/bench/bench_photo.hpp"
#include "gpu/image/histogram.cuh"
#ifdef KC_HAVE_NPP
#include "gpu/bench/npp_baselines.cuh"
#endif

namespace kc::bench {

namespace {

// cub::DeviceHistogram::HistogramEven over a pitched image: 257 levels 0..256 = one bin per value.
// The scratch size is asked once, outside the timed loop; one scratch buffer per buffer set.
class CubHistogram {
 public:
  CubHistogram(ConstImageView<std::uint8_t> shape, std::uint32_t* counts, int sets) {
    std::size_t bytes = 0;
    KC_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, shape.data, counts, 257, 0, 256, shape.width,
                                                      shape.height, shape.pitch));
    bytes_ = bytes > 0 ? bytes : 1;
    for (int i = 0; i < sets; ++i) scratch_.emplace_back(bytes_);
  }
  void run(ConstImageView<std::uint8_t> in, std::uint32_t* counts, int rep, cudaStream_t stream) {
    std::size_t bytes = bytes_;
    KC_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(scratch_[rep % scratch_.size()].data(), bytes, in.data, counts,
                                                      257, 0, 256, in.width, in.height, in.pitch, stream));
  }

 private:
  std::size_t bytes_ = 0;
  std::vector<DeviceBuffer<unsigned char>> scratch_;
};

enum class HistInput { Random, Photo, Constant };

struct InputKind {
  HistInput input;
  const char* suffix;  // after the size in row names and keys ("" for random: the rows' old names)
  const char* key;
};
constexpr InputKind kInputs[] = {{HistInput::Random, "", ""},
                                 {HistInput::Photo, " photo", "photo/"},
                                 {HistInput::Constant, " constant", "constant/"}};

constexpr std::uint8_t kConstantValue = 137;  // any one value: every pixel in one bin

void measureInput(BenchContext& ctx, ImageSize size, const InputKind& kind, const std::vector<std::uint8_t>& host,
                  const std::string& inputNote, DeviceBuffer<std::uint32_t>& counts) {
  const std::string label = sizeLabel(size) + kind.suffix;
  const double bytes = 1.0 * size.width * size.height;
  const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
  auto in = imagesOf<std::uint8_t>(sets, size.width, size.height, host);

  HistogramSync sync;  // the rows' launches run one after another
  BenchRow ours = makeRow("hist 256 bins gray " + label, "hist", ctx.time([&](cudaStream_t s, int rep) {
    histogramAsync(in[rep % sets].view(), 256, counts.data(), sync.words(), s);
  }),
                          bytes);
  ours.key = std::string("hist/") + kind.key + sizeLabel(size);
  ours.note = inputNote;
  // The CPU columns (kernelcam bench) time the stage on random input: only that row names it.
  if (kind.input == HistInput::Random) setStage(ours, "hist=256", size, true);

  CubHistogram cubHistogram(in[0].view(), counts.data(), sets);
  const std::string cubName = "CUB HistogramEven 256 bins " + label;
  BenchRow cub = makeRow(cubName, "hist", ctx.time([&](cudaStream_t s, int rep) {
    cubHistogram.run(in[rep % sets].view(), counts.data(), rep, s);
  }),
                         bytes);
  const double cubMs = cub.ms, cubGraphMs = cub.graphMs;
  ctx.addBaseline(ours, std::move(cub));
#ifdef KC_HAVE_NPP
  NppBaselines npp;
  npp.prepareHistogram(size.width, size.height, sets);
  auto* nppCounts = reinterpret_cast<std::int32_t*>(counts.data());
  ctx.addBaseline(ours, makeRow("NPP HistogramEven 256 bins " + label, "hist", ctx.time([&](cudaStream_t s, int rep) {
                    npp.histogram256(in[rep % sets].view(), nppCounts, rep, s);
                  }),
                                bytes));
#endif
  ctx.add(std::move(ours));
  // The privatisation granularity (histogram.cuh): one shared histogram per block up to one per lane.
  for (int slots : {1, 4, 8, 32}) {
    BenchRow variant = makeRow("hist 256 bins gray " + label + " (" + std::to_string(slots) + " lane slots)", "hist",
                               ctx.time([&](cudaStream_t s, int rep) {
                                 histogramAsync(in[rep % sets].view(), 256, counts.data(), sync.words(), s, slots);
                               }),
                               bytes);
    variant.baselineName = cubName;
    variant.baselineMs = cubMs;
    variant.baselineGraphMs = cubGraphMs;
    ctx.add(std::move(variant));
  }
}

void runHistogramRows(BenchContext& ctx) {
  DeviceBuffer<std::uint32_t> counts(kMaxHistogramBins);
  std::string photoWhy;
  const GrayPhoto photo = loadGrayPhoto(ctx.options().imageDir, photoWhy);
  if (photo.pixels.empty()) std::fprintf(stderr, "bench: skipping the histogram photo rows: %s\n", photoWhy.c_str());
  for (ImageSize size : ctx.options().sizes) {
    const std::size_t pixels = static_cast<std::size_t>(size.width) * size.height;
    for (const InputKind& kind : kInputs) {
      std::vector<std::uint8_t> host;
      std::string note;
      switch (kind.input) {
        case HistInput::Random: {
          std::mt19937 rng(2);
          host.resize(pixels);
          for (auto& b : host) b = static_cast<std::uint8_t>(rng() >> 24);
          note = "uniform random bytes";
          break;
        }
        case HistInput::Photo:
          if (photo.pixels.empty()) {
            // A visible row without figures: the table says why the photo is missing.
            BenchRow skipped = makeRow("hist 256 bins gray " + sizeLabel(size) + kind.suffix, "hist", 0.0, 0);
            skipped.note = "skipped: " + photoWhy;
            ctx.add(std::move(skipped));
            continue;
          }
          host = tilePhoto(photo, size.width, size.height);
          note = photo.name + " (" + std::to_string(photo.width) + "x" + std::to_string(photo.height) + ") grey, " +
                 (photo.width >= size.width && photo.height >= size.height ? "cropped" : "tiled");
          break;
        case HistInput::Constant:
          host.assign(pixels, kConstantValue);
          note = "every pixel " + std::to_string(kConstantValue) + ": one bin";
          break;
      }
      measureInput(ctx, size, kind, host, note, counts);
    }
  }
}

}  // namespace

KC_REGISTER_BENCH_ROWS(hist, runHistogramRows);

}  // namespace kc::bench
