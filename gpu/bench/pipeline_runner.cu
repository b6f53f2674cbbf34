#include "gpu/bench/pipeline_runner.cuh"

#include <algorithm>
#include <cstdio>

#include "gpu/image/histogram.cuh"
#include "gpu/image/yuv_convert.cuh"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::bench {

namespace {
constexpr int kTrials = 5;
}

const char* frameEntryName(FrameEntry entry) {
  switch (entry) {
    case FrameEntry::Nv12:
      return "NV12";
    case FrameEntry::Nv12Luma:
      return "NV12 Y plane";
    case FrameEntry::Rgba:
      break;
  }
  return "RGBA";
}

// One frame in flight's buffers. Work images are raw bytes with room for any image of the chain
// (grey or RGBA, either orientation); `input` is what the chain starts from (RGBA, or grey for the
// Y plane); `planes` what NV12 uploads land in before their conversion.
struct PipelineRunner::Buffers {
  PinnedBuffer<std::uint8_t> host;   // the frame as a source leaves it: RGBA, or NV12 (Y then CbCr)
  DeviceImage<std::uint8_t> planes;  // NV12: w bytes x 3h/2 rows (Y, then the CbCr rows)
  DeviceImage<std::uint8_t> input;   // w x h RGBA (4w bytes wide) or grey
  DeviceImage<std::uint8_t> work[2];
  DeviceBuffer<std::uint32_t> histogram{3 * kMaxHistogramBins};
  HistogramSync histogramSync;        // the buffer set's launches run one after another on one stream
  DeviceBuffer<std::uint8_t> output;  // the PBO's stand-in: the tightly packed result

  Buffers(ImageSize size, FrameEntry entry, int seed) {
    const int w = size.width, h = size.height, side = std::max(w, h);
    const std::size_t rgbaBytes = 4 * static_cast<std::size_t>(w) * h;
    host =
        PinnedBuffer<std::uint8_t>(entry == FrameEntry::Rgba ? rgbaBytes : static_cast<std::size_t>(w) * (h + h / 2));
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<std::uint8_t>(i * 7 + (i >> 11) + seed);
    if (entry == FrameEntry::Nv12) planes = DeviceImage<std::uint8_t>(w, h + h / 2);
    if (entry == FrameEntry::Nv12Luma) planes = DeviceImage<std::uint8_t>(w, h);
    input = DeviceImage<std::uint8_t>(entry == FrameEntry::Nv12Luma ? w : 4 * w, h);
    for (auto& image : work) image = DeviceImage<std::uint8_t>(4 * side, side);
    output = DeviceBuffer<std::uint8_t>(rgbaBytes);
  }
};

PipelineRunner::PipelineRunner(ImageSize size, int streamCount, FrameEntry entry, bool fuse)
    : size_(size),
      entry_(entry),
      chain_(defaultFilterChain()),
      steps_(planCudaChain(
          chain_, {size.width, size.height, entry == FrameEntry::Nv12Luma ? PixelFormat::Gray8 : PixelFormat::Rgba8},
          fuse)) {
  KC_REQUIRE(entry == FrameEntry::Rgba || (size.width % 2 == 0 && size.height % 2 == 0),
             "bench: NV12 rows need even sizes");
  for (const StageSpec& stage : chain_) {
    launches_.push_back(stageRegistry().cudaLaunch(stage.id()));
    KC_REQUIRE(launches_.back(), "bench: the " + stage.id() + " stage has no CUDA launch");
  }
  for (int i = 0; i < streamCount; ++i) {
    streams_.emplace_back();
    buffers_.emplace_back(size, entry, i);
  }
}

PipelineRunner::~PipelineRunner() = default;

double PipelineRunner::uploadBytes() const {
  const double pixels = static_cast<double>(size_.width) * size_.height;
  return entry_ == FrameEntry::Rgba ? 4 * pixels : entry_ == FrameEntry::Nv12 ? 1.5 * pixels : pixels;
}

void PipelineRunner::upload(int k, cudaStream_t s) {
  Buffers& b = buffers_[k];
  const int w = size_.width, h = size_.height;
  // Tightly packed host rows, as a pool frame of these sizes has them.
  DeviceImage<std::uint8_t>& target = entry_ == FrameEntry::Rgba ? b.input : b.planes;
  const std::size_t rowBytes = entry_ == FrameEntry::Rgba ? 4 * static_cast<std::size_t>(w) : w;
  const int rows = entry_ == FrameEntry::Nv12 ? h + h / 2 : h;
  KC_CUDA_CHECK(cudaMemcpy2DAsync(target.view().data, target.pitch(), b.host.data(), rowBytes, rowBytes, rows,
                                  cudaMemcpyHostToDevice, s));
}

void PipelineRunner::compute(int k, cudaStream_t s) {
  Buffers& b = buffers_[k];
  const int w = size_.width, h = size_.height;
  FrameShape shape{w, h, entry_ == FrameEntry::Nv12Luma ? PixelFormat::Gray8 : PixelFormat::Rgba8};
  if (entry_ == FrameEntry::Nv12) {
    const ImageView<std::uint8_t> all = b.planes.view();
    const YuvPlanes planes{YuvLayout::Nv12, w, h, {{all.data, w, h, all.pitch}, {all.row(h), w, h / 2, all.pitch}, {}}};
    yuvToRgbaAsync(planes, {}, {reinterpret_cast<Rgba8*>(b.input.view().data), w, h, b.input.pitch()}, s);
  } else if (entry_ == FrameEntry::Nv12Luma) {
    lumaToGrayAsync(b.planes.view(), YuvRange::Limited, b.input.view(), s);
  }
  DeviceFrame current{b.input.view().data, shape, b.input.pitch()};
  DeviceHistogram histogram{b.histogram.data(), b.histogramSync.words(), 0, 0};
  int target = 0;
  // As CudaStageExecutor::enqueue: the planned steps, a fused one through its fusion's launch (its
  // stages one by one where it declines), the others through their stages' launches.
  const auto io = [&](bool producesImage, FrameShape out, bool histogramOut) {
    CudaStageIo stageIo;
    stageIo.in = current;
    stageIo.out = {producesImage ? b.work[target].view().data : nullptr, out, b.work[target].pitch()};
    stageIo.stream = s;
    if (histogramOut) stageIo.histogram = &histogram;
    return stageIo;
  };
  const auto advance = [&](const CudaStageIo& done) {
    if (!done.out.data) return;
    current = done.out;
    target = 1 - target;
  };
  for (const CudaChainStep& step : steps_) {
    if (step.fusion) {
      const CudaStageIo fusedIo = io(step.producesImage, step.out, step.histogram);
      if (step.fusion->launch(chain_, step.first, step.count, fusedIo)) {
        advance(fusedIo);
        continue;
      }
    }
    for (std::size_t i = step.first; i < step.first + step.count; ++i) {
      const StageSpec& stage = chain_[i];
      if (stageIsNoOp(stage, current.shape)) continue;
      const CudaStageIo stageIo = io(stage.definition->producesImage, stageOutputShape(stage, current.shape),
                                     stage.definition->sideOutput == SideOutput::Histogram);
      launches_[i](stage, stageIo);
      advance(stageIo);
    }
  }
  KC_CUDA_CHECK(cudaMemcpy2DAsync(b.output.data(), current.shape.rowBytes(), current.data, current.pitch,
                                  current.shape.rowBytes(), current.shape.height, cudaMemcpyDeviceToDevice, s));
}

double PipelineRunner::msPerFrame(int frames) {
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

void addPipelineRow(BenchContext& ctx, ImageSize size, FrameEntry entry, double uploadMs, double computeMs,
                    int streamCount) {
  PipelineRunner runner(size, streamCount, entry);
  const int frames = std::max(ctx.options().reps, 50);
  runner.msPerFrame(std::max(ctx.options().warmup, 2));
  std::vector<double> trials;
  for (int t = 0; t < kTrials; ++t) trials.push_back(runner.msPerFrame(frames));
  std::sort(trials.begin(), trials.end());
  const double ms = trials[kTrials / 2];
  const double bound = std::max(uploadMs, computeMs);

  const std::string from = entry == FrameEntry::Rgba ? "" : std::string(" from ") + frameEntryName(entry);
  BenchRow row = makeRow("pipeline " + sizeLabel(size) + from + (streamCount == 1 ? " 1 stream" : " 2 streams"),
                         "pipeline", ms, 0);
  row.key = "pipeline/" +
            std::string(entry == FrameEntry::Rgba   ? ""
                        : entry == FrameEntry::Nv12 ? "nv12/"
                                                    : "nv12y/") +
            std::to_string(streamCount) + "/" + sizeLabel(size);
  row.graphNote = "own timing (frames over one or two streams, events around the run)";
  row.extra = {
      {"fps", 1000.0 / ms}, {"uploadMs", uploadMs}, {"computeMs", computeMs}, {"timePerFrameOverBound", ms / bound}};
  char note[160];
  std::snprintf(note, sizeof note, "%.0f fps; %.2fx max(upload %.3f, compute %.3f) ms; median of %d runs of %d frames",
                1000.0 / ms, ms / bound, uploadMs, computeMs, kTrials, frames);
  row.note = note;
  ctx.add(std::move(row));
}

}  // namespace kc::bench
