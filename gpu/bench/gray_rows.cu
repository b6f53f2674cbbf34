// Grayscale rows: RGBA8 -> Gray8, 5 bytes per pixel (4 read, 1 written).
#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/image/grayscale.cuh"
#ifdef KC_HAVE_NPP
#include "gpu/bench/npp_baselines.cuh"
#endif

namespace kc::bench {

namespace {

void runGrayRows(BenchContext& ctx) {
  for (ImageSize size : ctx.options().sizes) {
    const std::string label = sizeLabel(size);
    const double bytes = 5.0 * size.width * size.height;
    const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
    auto in = randomImages<Rgba8>(sets, size.width, size.height, 1);
    auto out = blankImages<std::uint8_t>(sets, size.width, size.height);

    BenchRow ours = makeRow("gray RGBA->Gray " + label, "gray", ctx.time([&](cudaStream_t s, int rep) {
      grayscaleAsync(in[rep % sets].view(), out[rep % sets].view(), GrayWeights::BT601, ChannelOrder::RGBA, s);
    }),
                            bytes);
    ours.key = "gray/" + label;
    setStage(ours, "gray=bt601", size, false);
#ifdef KC_HAVE_NPP
    NppBaselines npp;
    ctx.addBaseline(ours, makeRow("NPP RGBToGray AC4->C1 " + label, "gray", ctx.time([&](cudaStream_t s, int rep) {
                      npp.rgbaToGray(in[rep % sets].view(), out[rep % sets].view(), s);
                    }),
                                  bytes));
#endif
    ctx.add(std::move(ours));
  }
}

}  // namespace

KC_REGISTER_BENCH_ROWS(gray, runGrayRows);

}  // namespace kc::bench
