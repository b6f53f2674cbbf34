// The live pipeline's rows for RGBA frames (the runner: pipeline_runner.cuh; camera formats:
// rows_camera_formats.cu). At 4K the upload alone is 33 MB at ~55 GB/s = 0.6 ms.
#include "gpu/bench/pipeline_runner.cuh"

namespace kc::bench {

void runPipelineRows(BenchContext& ctx) {
  for (ImageSize size : ctx.options().sizes) {
    PipelineRunner single(size, 1);
    const double frameBytes = 4.0 * size.width * size.height;
    const RowTiming uploadTiming = ctx.time([&](cudaStream_t s, int) { single.upload(0, s); });
    const RowTiming computeTiming = ctx.time([&](cudaStream_t s, int) { single.compute(0, s); });
    const double uploadMs = uploadTiming.ms, computeMs = computeTiming.ms;
    BenchRow upload =
        makeRow("pipeline " + sizeLabel(size) + " upload only (H2D)", "pipeline", uploadTiming, frameBytes);
    upload.hostTransfer = true;
    upload.note = "pinned host -> device, one RGBA frame";
    ctx.add(std::move(upload));
    BenchRow compute = makeRow("pipeline " + sizeLabel(size) + " compute only", "pipeline", computeTiming, 0);
    compute.note =
        formatFilterChain(defaultFilterChain()) + " + output copy, input resident; stages fused as the app runs them";
    ctx.add(std::move(compute));
    // The per-stage mode (FramePipeline::setFusion(false)): what fusing saves.
    PipelineRunner unfused(size, 1, FrameEntry::Rgba, /*fuse=*/false);
    BenchRow separate = makeRow("pipeline " + sizeLabel(size) + " compute only (stages unfused)", "pipeline",
                                ctx.time([&](cudaStream_t s, int) { unfused.compute(0, s); }), 0);
    separate.note = "every stage its own launch, as with per-stage timings";
    ctx.add(std::move(separate));
    addPipelineRow(ctx, size, FrameEntry::Rgba, uploadMs, computeMs, 1);
    addPipelineRow(ctx, size, FrameEntry::Rgba, uploadMs, computeMs, 2);
  }
}

}  // namespace kc::bench
