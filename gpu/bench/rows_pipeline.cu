// The live pipeline without the window: per frame, upload an RGBA frame from pinned memory, run
// grayscale -> 5x5 Gaussian -> transpose -> 256-bin histogram, and copy the result into an output
// buffer standing in for the interop PBO. With one stream everything is serial; with two, frame
// i+1's upload (copy engine) overlaps frame i's kernels (SMs), so the time per frame should
// approach max(upload, compute). At 4K the upload alone is 33 MB at ~55 GB/s = 0.6 ms.
#include <algorithm>

#include "gpu/bench/bench_context.cuh"
#include "gpu/image/convolution.cuh"
#include "gpu/image/grayscale.cuh"
#include "gpu/image/histogram.cuh"
#include "gpu/image/transpose.cuh"

namespace kc::bench {

namespace {

constexpr int kTrials = 5;

struct FrameBuffers {
  DeviceImage<Rgba8> rgba;
  DeviceImage<std::uint8_t> gray, blurred, transposed;
  DeviceBuffer<std::uint32_t> histogram;
  DeviceBuffer<std::uint8_t> output;  // the PBO's stand-in: tightly packed transposed gray

  FrameBuffers(int w, int h)
      : rgba(w, h), gray(w, h), blurred(w, h), transposed(h, w), histogram(kMaxHistogramBins),
        output(static_cast<std::size_t>(w) * h) {}
};

class PipelineRunner {
 public:
  PipelineRunner(ImageSize size, int streamCount) : size_(size), kernel_(makePresetKernel(ConvPreset::Gaussian, 5)) {
    for (int i = 0; i < streamCount; ++i) {
      streams_.emplace_back();
      buffers_.emplace_back(size.width, size.height);
      hostFrames_.emplace_back(static_cast<std::size_t>(size.width) * size.height);
      for (std::size_t p = 0; p < hostFrames_.back().size(); ++p)
        hostFrames_.back()[p] = Rgba8{static_cast<std::uint8_t>(p * 7), static_cast<std::uint8_t>(p >> 3),
                                      static_cast<std::uint8_t>(p * 13 + i), 255};
    }
  }

  void upload(int k, cudaStream_t s) {
    const ConstImageView<Rgba8> host{hostFrames_[k].data(), size_.width, size_.height,
                                     static_cast<std::size_t>(size_.width) * sizeof(Rgba8)};
    copyToDeviceAsync<Rgba8>(host, buffers_[k].rgba.view(), s);
  }

  void compute(int k, cudaStream_t s) {
    FrameBuffers& b = buffers_[k];
    grayscaleAsync(b.rgba.view(), b.gray.view(), GrayWeights::BT601, ChannelOrder::RGBA, s);
    convolveAsync(b.gray.view(), b.blurred.view(), kernel_, BorderMode::Clamp, s);
    transposeAsync(b.blurred.view(), b.transposed.view(), s);
    histogramAsync(b.transposed.view(), kMaxHistogramBins, b.histogram.data(), s);
    const ImageView<std::uint8_t> t = b.transposed.view();
    KC_CUDA_CHECK(cudaMemcpy2DAsync(b.output.data(), t.width, t.data, t.pitch, t.width, t.height,
                                    cudaMemcpyDeviceToDevice, s));
  }

  // Milliseconds per frame over `frames` frames, frame f on stream f % streams.
  double msPerFrame(int frames) {
    const int n = static_cast<int>(streams_.size());
    Event start, stop;
    std::vector<Event> done(n);
    enqueueSpin(streams_[0], 5.0);  // let the CPU queue every frame before the GPU starts
    start.record(streams_[0]);
    for (int i = 1; i < n; ++i) KC_CUDA_CHECK(cudaStreamWaitEvent(streams_[i], start, 0));
    for (int f = 0; f < frames; ++f) {
      const int k = f % n;
      upload(k, streams_[k]);
      compute(k, streams_[k]);
    }
    for (int i = 1; i < n; ++i) {
      done[i].record(streams_[i]);
      KC_CUDA_CHECK(cudaStreamWaitEvent(streams_[0], done[i], 0));
    }
    stop.record(streams_[0]);
    stop.synchronize();
    float ms = 0.f;
    KC_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms / frames;
  }

 private:
  ImageSize size_;
  ConvKernel kernel_;
  std::vector<Stream> streams_;
  std::vector<FrameBuffers> buffers_;
  std::vector<PinnedBuffer<Rgba8>> hostFrames_;
};

void measurePipeline(BenchContext& ctx, ImageSize size, double uploadMs, double computeMs, int streamCount) {
  PipelineRunner runner(size, streamCount);
  const int frames = std::max(ctx.options().reps, 50);
  runner.msPerFrame(std::max(ctx.options().warmup, 2));
  std::vector<double> trials;
  for (int t = 0; t < kTrials; ++t) trials.push_back(runner.msPerFrame(frames));
  std::sort(trials.begin(), trials.end());
  const double ms = trials[kTrials / 2];
  const double bound = std::max(uploadMs, computeMs);

  BenchRow row = makeRow("pipeline " + sizeLabel(size) + (streamCount == 1 ? " 1 stream" : " 2 streams"),
                         "pipeline", ms, 0);
  row.key = "pipeline/" + std::to_string(streamCount) + "/" + sizeLabel(size);
  row.extra = {{"fps", 1000.0 / ms}, {"uploadMs", uploadMs}, {"computeMs", computeMs},
               {"timePerFrameOverBound", ms / bound}};
  char note[160];
  std::snprintf(note, sizeof note, "%.0f fps; %.2fx max(upload %.3f, compute %.3f) ms; median of %d runs of %d frames",
                1000.0 / ms, ms / bound, uploadMs, computeMs, kTrials, frames);
  row.note = note;
  ctx.add(std::move(row));
}

}  // namespace

void runPipelineRows(BenchContext& ctx) {
  for (ImageSize size : ctx.options().sizes) {
    PipelineRunner single(size, 1);
    const double frameBytes = 4.0 * size.width * size.height;
    const double uploadMs = ctx.time([&](cudaStream_t s, int) { single.upload(0, s); });
    const double computeMs = ctx.time([&](cudaStream_t s, int) { single.compute(0, s); });
    BenchRow upload = makeRow("pipeline " + sizeLabel(size) + " upload only (H2D)", "pipeline", uploadMs, frameBytes);
    upload.note = "pinned host -> device, one RGBA frame";
    ctx.add(std::move(upload));
    BenchRow compute = makeRow("pipeline " + sizeLabel(size) + " compute only", "pipeline", computeMs, 0);
    compute.note = "gray + conv 5x5 + transpose + hist 256 + output copy, input resident";
    ctx.add(std::move(compute));
    measurePipeline(ctx, size, uploadMs, computeMs, 1);
    measurePipeline(ctx, size, uploadMs, computeMs, 2);
  }
}

}  // namespace kc::bench
