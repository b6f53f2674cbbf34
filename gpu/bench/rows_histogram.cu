// Histogram rows: 256 bins of a Gray8 image, 1 byte read per pixel (the 1 KB of counts is noise).
// Input is uniform random bytes: little atomic contention; a flat photo region would have more.
#include <cub/device/device_histogram.cuh>

#include "gpu/bench/bench_context.cuh"
#include "gpu/image/histogram.cuh"
#ifdef KC_HAVE_NPP
#include "gpu/bench/npp_baselines.cuh"
#endif

namespace kc::bench {

namespace {

// cub::DeviceHistogram::HistogramEven over a pitched image: 257 levels 0..256 = one bin per value.
// The scratch size is asked once, outside the timed loop.
class CubHistogram {
 public:
  CubHistogram(ConstImageView<std::uint8_t> shape, std::uint32_t* counts) { run(shape, counts, nullptr, true); }
  void run(ConstImageView<std::uint8_t> in, std::uint32_t* counts, cudaStream_t stream, bool sizeOnly = false) {
    std::size_t bytes = scratch_.bytes();
    KC_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(sizeOnly ? nullptr : scratch_.data(), bytes, in.data, counts,
                                                      257, 0, 256, in.width, in.height, in.pitch, stream));
    if (sizeOnly) scratch_ = DeviceBuffer<unsigned char>(bytes > 0 ? bytes : 1);
  }

 private:
  DeviceBuffer<unsigned char> scratch_;
};

}  // namespace

void runHistogramRows(BenchContext& ctx) {
  DeviceBuffer<std::uint32_t> counts(kMaxHistogramBins);
  for (ImageSize size : ctx.options().sizes) {
    const std::string label = sizeLabel(size);
    const double bytes = 1.0 * size.width * size.height;
    const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
    auto in = randomImages<std::uint8_t>(sets, size.width, size.height, 2);

    BenchRow ours = makeRow("hist 256 bins gray " + label, "hist", ctx.time([&](cudaStream_t s, int rep) {
      histogramAsync(in[rep % sets].view(), 256, counts.data(), s);
    }), bytes);
    ours.key = "hist/" + label;
    setStage(ours, "hist=256", size, true);

    CubHistogram cubHistogram(in[0].view(), counts.data());
    const std::string cubName = "CUB HistogramEven 256 bins " + label;
    const double cubMs = ctx.time([&](cudaStream_t s, int rep) { cubHistogram.run(in[rep % sets].view(), counts.data(), s); });
    ctx.addBaseline(ours, makeRow(cubName, "hist", cubMs, bytes));
#ifdef KC_HAVE_NPP
    NppBaselines npp;
    npp.prepareHistogram(size.width, size.height);
    auto* nppCounts = reinterpret_cast<std::int32_t*>(counts.data());
    ctx.addBaseline(ours, makeRow("NPP HistogramEven 256 bins " + label, "hist", ctx.time([&](cudaStream_t s, int rep) {
      npp.histogram256(in[rep % sets].view(), nppCounts, s);
    }), bytes));
#endif
    ctx.add(std::move(ours));
    // The privatisation granularity (histogram.cuh): one shared histogram per block up to one per lane.
    for (int slots : {1, 4, 8, 32}) {
      BenchRow variant = makeRow("hist 256 bins gray " + label + " (" + std::to_string(slots) + " lane slots)", "hist",
                                 ctx.time([&](cudaStream_t s, int rep) {
                                   histogramAsync(in[rep % sets].view(), 256, counts.data(), s, slots);
                                 }),
                                 bytes);
      variant.baselineName = cubName;
      variant.baselineMs = cubMs;
      ctx.add(std::move(variant));
    }
  }
}

}  // namespace kc::bench
