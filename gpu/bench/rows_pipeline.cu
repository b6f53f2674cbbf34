// The live pipeline without the window: per frame, upload an RGBA frame from pinned memory, run the
// app's default chain (defaultFilterChain(), each stage through its registered CUDA launch, as the
// app's pipeline does), and copy the result into an output buffer standing in for the interop PBO. With one stream everything is serial; with two, frame
// i+1's upload (copy engine) overlaps frame i's kernels (SMs), so the time per frame should
// approach max(upload, compute). At 4K the upload alone is 33 MB at ~55 GB/s = 0.6 ms.
#include <algorithm>

#include "gpu/bench/bench_context.cuh"
#include "gpu/image/histogram.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::bench {

namespace {

constexpr int kTrials = 5;

// Work images are raw bytes with room for any image of the chain (grey or RGBA, either orientation).
struct FrameBuffers {
  DeviceImage<Rgba8> rgba;
  DeviceImage<std::uint8_t> work[2];
  DeviceBuffer<std::uint32_t> histogram;
  DeviceBuffer<std::uint8_t> output;  // the PBO's stand-in: the tightly packed result

  FrameBuffers(int w, int h)
      : rgba(w, h), work{DeviceImage<std::uint8_t>(4 * std::max(w, h), std::max(w, h)),
                         DeviceImage<std::uint8_t>(4 * std::max(w, h), std::max(w, h))},
        histogram(3 * kMaxHistogramBins), output(4 * static_cast<std::size_t>(w) * h) {}
};

class PipelineRunner {
 public:
  PipelineRunner(ImageSize size, int streamCount) : size_(size), chain_(defaultFilterChain()) {
    for (const StageSpec& stage : chain_) {
      launches_.push_back(stageRegistry().cudaLaunch(stage.id()));
      KC_REQUIRE(launches_.back(), "bench: the " + stage.id() + " stage has no CUDA launch");
    }
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
    DeviceFrame current{b.rgba.view().data, {size_.width, size_.height, PixelFormat::Rgba8}, b.rgba.pitch()};
    DeviceHistogram histogram{b.histogram.data(), 0, 0};
    int target = 0;
    for (std::size_t i = 0; i < chain_.size(); ++i) {
      const StageSpec& stage = chain_[i];
      if (stageIsNoOp(stage, current.shape)) continue;
      const bool producesImage = stage.definition->producesImage;
      CudaStageIo io;
      io.in = current;
      io.out = {producesImage ? b.work[target].view().data : nullptr, stageOutputShape(stage, current.shape),
                b.work[target].pitch()};
      io.stream = s;
      io.histogram = &histogram;
      launches_[i](stage, io);
      if (producesImage) {
        current = io.out;
        target = 1 - target;
      }
    }
    KC_CUDA_CHECK(cudaMemcpy2DAsync(b.output.data(), current.shape.rowBytes(), current.data, current.pitch,
                                    current.shape.rowBytes(), current.shape.height, cudaMemcpyDeviceToDevice, s));
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
  FilterChain chain_;
  std::vector<CudaStageLaunch> launches_;
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
    compute.note = formatFilterChain(defaultFilterChain()) + " + output copy, input resident";
    ctx.add(std::move(compute));
    measurePipeline(ctx, size, uploadMs, computeMs, 1);
    measurePipeline(ctx, size, uploadMs, computeMs, 2);
  }
}

}  // namespace kc::bench
