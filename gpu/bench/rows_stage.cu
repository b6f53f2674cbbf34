// Generic rows for a registered stage (gpu/pipeline/stage_registry.hpp) that brings no rows of its
// own: each of its benchCases on a grey and an RGBA input at every bench size, launched through the
// stage's registered CUDA launch exactly as the pipeline launches it. Bytes from the stage's record.
#include "gpu/bench/bench_context.cuh"
#include "gpu/image/histogram.cuh"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::bench {

namespace {

template <class T>
void measureStage(BenchContext& ctx, const StageSpec& stage, ImageSize size) {
  const bool gray = sizeof(T) == 1;
  const FrameShape inShape{size.width, size.height, gray ? PixelFormat::Gray8 : PixelFormat::Rgba8};
  if (stageIsNoOp(stage, inShape)) return;
  const CudaStageLaunch launch = stageRegistry().cudaLaunch(stage.id());
  if (!launch) return;
  const FrameShape outShape = stageOutputShape(stage, inShape);
  const double bytes = stageBytes(stage, inShape);
  const int sets = ctx.rotation(static_cast<std::size_t>(bytes));
  auto in = randomImages<T>(sets, size.width, size.height, 6);
  std::vector<DeviceImage<std::uint8_t>> out;  // raw bytes: the output may be grey or RGBA, any size
  for (int i = 0; i < sets; ++i) out.emplace_back(static_cast<int>(outShape.rowBytes()), outShape.height);
  DeviceBuffer<std::uint32_t> counts(3 * kMaxHistogramBins);
  HistogramSync histogramSync;
  DeviceHistogram histogram{counts.data(), histogramSync.words(), 0, 0};

  BenchRow row =
      makeRow(stageLabel(stage) + (gray ? " gray " : " RGBA ") + sizeLabel(size), stage.id(),
              ctx.time([&](cudaStream_t s, int rep) {
                const auto& input = in[rep % sets];
                const auto& output = out[rep % sets];
                CudaStageIo io;
                io.in = {const_cast<T*>(input.view().data), inShape, input.pitch()};
                io.out = {stage.definition->producesImage ? output.view().data : nullptr, outShape, output.pitch()};
                io.stream = s;
                if (stage.definition->sideOutput == SideOutput::Histogram) io.histogram = &histogram;
                launch(stage, io);
              }),
              bytes);
  row.key = stage.id() + "/" + formatStage(stage) + (gray ? "/gray/" : "/rgba/") + sizeLabel(size);
  setStage(row, formatStage(stage), size, gray);
  ctx.add(std::move(row));
}

}  // namespace

void runGenericStageRows(BenchContext& ctx, const std::string& stageId) {
  const StageDefinition* definition = stageRegistry().find(stageId);
  if (!definition) return;
  for (const std::string& text : definition->benchCases) {
    const StageSpec stage = parseStage(text);
    for (ImageSize size : ctx.options().sizes) {
      measureStage<std::uint8_t>(ctx, stage, size);
      measureStage<Rgba8>(ctx, stage, size);
    }
  }
}

}  // namespace kc::bench
