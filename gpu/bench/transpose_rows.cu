// Transpose rows: 1-byte (gray) and 4-byte (RGBA) pixels, each read once and written once.
#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/image/transpose.cuh"
#ifdef KC_HAVE_NPP
#include "gpu/bench/npp_baselines.cuh"
#endif

namespace kc::bench {

namespace {

template <class T>
void measureTranspose(BenchContext& ctx, ImageSize size, const char* what) {
  const std::string label = sizeLabel(size);
  const double bytes = 2.0 * sizeof(T) * size.width * size.height;
  const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
  auto in = randomImages<T>(sets, size.width, size.height, 3);
  auto out = blankImages<T>(sets, size.height, size.width);

  BenchRow ours = makeRow(
      std::string("transpose ") + what + " " + label, "transpose",
      ctx.time([&](cudaStream_t s, int rep) { transposeAsync(in[rep % sets].view(), out[rep % sets].view(), s); }),
      bytes);
  ours.key = "transpose/" + std::to_string(sizeof(T)) + "/" + label;
  setStage(ours, "transpose", size, sizeof(T) == 1);
#ifdef KC_HAVE_NPP
  NppBaselines npp;
  ctx.addBaseline(ours, makeRow(std::string("NPP Transpose ") + (sizeof(T) == 1 ? "8u C1 " : "8u C4 ") + label,
                                "transpose", ctx.time([&](cudaStream_t s, int rep) {
                                  npp.transpose(in[rep % sets].view(), out[rep % sets].view(), s);
                                }),
                                bytes));
#endif
  ctx.add(std::move(ours));
}

void runTransposeRows(BenchContext& ctx) {
  for (ImageSize size : ctx.options().sizes) {
    measureTranspose<std::uint8_t>(ctx, size, "1-byte gray");
    measureTranspose<Rgba8>(ctx, size, "4-byte RGBA");
  }
}

}  // namespace

KC_REGISTER_BENCH_ROWS(transpose, runTransposeRows);

}  // namespace kc::bench
