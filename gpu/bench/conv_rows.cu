// Convolution rows: Gaussian kernels 3x3..15x15 on gray, general (2D) and separable paths, plus
// 5x5 on RGBA. Bytes = image read once + written once (the halo re-reads come from cache), so
// the % column says how close a kernel gets to being memory-bound.
#include <algorithm>
#include <optional>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/image/convolution.cuh"
#include "gpu/image/histogram.hpp"
#ifdef KC_HAVE_NPP
#include "gpu/bench/npp_baselines.cuh"
#endif

namespace kc::bench {

namespace {

constexpr int kGrayKernelSizes[] = {3, 5, 9, 15};

const char* pathName(ConvPath path) { return path == ConvPath::Separable ? "separable" : "general"; }

struct DeviceWeights {
  DeviceBuffer<float> full, row, column;
  explicit DeviceWeights(const ConvKernel& kernel)
      : full(kernel.weights.size()), row(kernel.size), column(kernel.size) {
    KC_CUDA_CHECK(cudaMemcpy(full.data(), kernel.weights.data(), full.bytes(), cudaMemcpyHostToDevice));
    const std::optional<SeparableKernel> parts = separateKernel(kernel);
    KC_REQUIRE(parts.has_value(), "bench: the Gaussian kernel should be separable");
    KC_CUDA_CHECK(cudaMemcpy(row.data(), parts->row.data(), row.bytes(), cudaMemcpyHostToDevice));
    KC_CUDA_CHECK(cudaMemcpy(column.data(), parts->column.data(), column.bytes(), cudaMemcpyHostToDevice));
  }
};

template <class T>
void measureConvolution(BenchContext& ctx, ImageSize size, int kernelSize, ConvPath path) {
  const bool gray = sizeof(T) == 1;
  const std::string label = sizeLabel(size);
  const std::string ks = std::to_string(kernelSize);
  const double bytes = 2.0 * sizeof(T) * size.width * size.height;
  const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
  auto in = randomImages<T>(sets, size.width, size.height, 4);
  auto out = blankImages<T>(sets, size.width, size.height);
  const ConvKernel kernel = makePresetKernel(ConvPreset::Gaussian, kernelSize);

  BenchRow ours =
      makeRow("conv " + ks + "x" + ks + " " + pathName(path) + (gray ? " gray " : " RGBA ") + label, "conv",
              ctx.time([&](cudaStream_t s, int rep) {
                convolveAsync(in[rep % sets].view(), out[rep % sets].view(), kernel, BorderMode::Clamp, s, path);
              }),
              bytes);
  ours.key = std::string("conv/") + pathName(path) + (gray ? "/gray/" : "/rgba/") + ks + "/" + label;
  setStage(ours, "conv=gauss:" + ks, size, gray);
#ifdef KC_HAVE_NPP
  NppBaselines npp;
  DeviceWeights weights(kernel);
  if (path == ConvPath::General) {
    ctx.addBaseline(ours, makeRow("NPP FilterBorder32f " + ks + "x" + ks + (gray ? " gray " : " RGBA ") + label, "conv",
                                  ctx.time([&](cudaStream_t s, int rep) {
                                    npp.filterBorder(in[rep % sets].view(), out[rep % sets].view(), weights.full.data(),
                                                     kernelSize, s);
                                  }),
                                  bytes));
  } else if constexpr (sizeof(T) == 1) {
    DeviceImage<std::uint8_t> tmp(size.width, size.height);
    ctx.addBaseline(ours, makeRow("NPP Row+Column 32f " + ks + "x" + ks + " gray " + label, "conv",
                                  ctx.time([&](cudaStream_t s, int rep) {
                                    npp.filterRowColumn(in[rep % sets].view(), tmp.view(), out[rep % sets].view(),
                                                        weights.row.data(), weights.column.data(), kernelSize, s);
                                  }),
                                  bytes));
  }
#endif
  ctx.add(std::move(ours));
}

// The general gray register kernel's launch shapes (rows per warp x pixels per lane), each on the 3x3
// and 5x5 Gaussians: the sweep the default shape is chosen from. Only when named (--only "conv shape"),
// so that a default run does not time its 32 extra rows.
void measureStreamShapes(BenchContext& ctx, ImageSize size) {
  const auto& only = ctx.options().only;
  if (std::none_of(only.begin(), only.end(), [](const std::string& e) { return e.rfind("conv shape", 0) == 0; }))
    return;
  const double bytes = 2.0 * size.width * size.height;
  const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
  auto in = randomImages<std::uint8_t>(sets, size.width, size.height, 4);
  auto out = blankImages<std::uint8_t>(sets, size.width, size.height);
  for (int k : {3, 5}) {
    const ConvKernel kernel = makePresetKernel(ConvPreset::Gaussian, k);
    const std::string ks = std::to_string(k);
    for (const GrayStreamShape shape : grayStreamShapes()) {
      bool launched = true;
      const RowTiming timing = ctx.time([&](cudaStream_t s, int rep) {
        launched &=
            convolveGrayStreamAsync(in[rep % sets].view(), out[rep % sets].view(), kernel, BorderMode::Clamp, s, shape);
      });
      if (!launched) continue;
      const std::string cvt = shape.byteByConversion ? " cvt" : "";
      BenchRow row = makeRow("conv shape " + ks + "x" + ks + " rows " + std::to_string(shape.rowsPerWarp) + " px " +
                                 std::to_string(shape.pixelsPerLane) + cvt + " " + sizeLabel(size),
                             "conv", timing, bytes);
      row.key = "conv/shape/" + ks + "/r" + std::to_string(shape.rowsPerWarp) + "p" +
                std::to_string(shape.pixelsPerLane) + (shape.byteByConversion ? "c" : "") + "/" + sizeLabel(size);
      ctx.add(std::move(row));
    }
  }
}

// The live chain's fused step (grayConvolveAsync): an RGBA frame in, the grey convolution out, with
// and without the histogram of the output; and the grey-input form (convolveCountingAsync). Bytes: the
// frame read once, the output written once.
void measureFused(BenchContext& ctx, ImageSize size) {
  const std::string label = sizeLabel(size);
  const double pixels = static_cast<double>(size.width) * size.height;
  const int sets = ctx.rotation(static_cast<std::size_t>(5 * pixels));
  auto rgba = randomImages<Rgba8>(sets, size.width, size.height, 4);
  auto gray = randomImages<std::uint8_t>(sets, size.width, size.height, 5);
  auto out = blankImages<std::uint8_t>(sets, size.width, size.height);
  DeviceBuffer<std::uint32_t> counts(kMaxHistogramBins);
  const ConvKernel kernel = makePresetKernel(ConvPreset::Gaussian, 5);
  for (const bool histogram : {false, true}) {
    const HistogramTarget target{histogram ? counts.data() : nullptr, 256};
    BenchRow row = makeRow(std::string("conv 5x5 fused gray") + (histogram ? "+hist 256" : "") + " RGBA->gray " + label,
                           "conv", ctx.time([&](cudaStream_t s, int rep) {
                             grayConvolveAsync(rgba[rep % sets].view(), GrayWeights::Lab, out[rep % sets].view(),
                                               kernel, BorderMode::Clamp, target, s);
                           }),
                           5 * pixels);
    row.note = "issue 21's fused live step: gray=lab,conv=gauss:5:clamp" + std::string(histogram ? ",hist=256" : "");
    ctx.add(std::move(row));
  }
  BenchRow counting =
      makeRow("conv 5x5 separable+hist 256 gray " + label, "conv", ctx.time([&](cudaStream_t s, int rep) {
        convolveCountingAsync(gray[rep % sets].view(), out[rep % sets].view(), kernel, BorderMode::Clamp,
                              {counts.data(), 256}, s);
      }),
              2 * pixels);
  counting.note = "conv=gauss:5:clamp,hist=256 on a grey frame, one kernel";
  ctx.add(std::move(counting));
}

void runConvolutionRows(BenchContext& ctx) {
  for (ImageSize size : ctx.options().sizes) {
    for (int k : kGrayKernelSizes) {
      measureConvolution<std::uint8_t>(ctx, size, k, ConvPath::General);
      measureConvolution<std::uint8_t>(ctx, size, k, ConvPath::Separable);
    }
    measureConvolution<Rgba8>(ctx, size, 5, ConvPath::General);
    measureConvolution<Rgba8>(ctx, size, 5, ConvPath::Separable);
    measureStreamShapes(ctx, size);
    measureFused(ctx, size);
  }
}

}  // namespace

KC_REGISTER_BENCH_ROWS(conv, runConvolutionRows);

}  // namespace kc::bench
