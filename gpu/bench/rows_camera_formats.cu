// Camera formats on the live path: what an NV12 frame costs to upload (1.5 bytes per pixel, 12.4 MB
// at 4K) against its Y plane alone (1 byte, 8.3 MB: what a grey chain needs) and an RGBA frame
// (4 bytes, 33 MB: the "pipeline" group), the GPU conversions, and the pipeline fed with each.
#include "gpu/bench/pipeline_runner.cuh"
#include "gpu/image/yuv_convert.cuh"

namespace kc::bench {

namespace {

void addUploadRow(BenchContext& ctx, PipelineRunner& runner, ImageSize size, FrameEntry entry, double* ms) {
  const RowTiming timing = ctx.time([&](cudaStream_t s, int) { runner.upload(0, s); });
  *ms = timing.ms;
  BenchRow row = makeRow("upload " + std::string(frameEntryName(entry)) + " " + sizeLabel(size) + " (H2D)", "camera",
                         timing, runner.uploadBytes());
  row.hostTransfer = true;
  row.key = std::string("camera/upload/") + (entry == FrameEntry::Nv12 ? "nv12/" : "y/") + sizeLabel(size);
  row.note = "pinned host -> device, as a pool frame is uploaded";
  ctx.add(std::move(row));
}

void addConversionRows(BenchContext& ctx, ImageSize size) {
  const int w = size.width, h = size.height;
  const double pixels = static_cast<double>(w) * h;
  const int sets = ctx.rotation(static_cast<std::size_t>(5.5 * pixels));
  auto nv12 = randomImages<std::uint8_t>(sets, w, h + h / 2, 3);
  auto rgba = blankImages<Rgba8>(sets, w, h);
  auto gray = blankImages<std::uint8_t>(sets, w, h);
  auto planes = [&](int k) {
    const ImageView<std::uint8_t> all = nv12[k].view();
    return YuvPlanes{YuvLayout::Nv12, w, h, {{all.data, w, h, all.pitch}, {all.row(h), w, h / 2, all.pitch}, {}}};
  };
  BenchRow convert = makeRow(
      "convert nv12 -> RGBA " + sizeLabel(size), "camera",
      ctx.time([&](cudaStream_t s, int rep) { yuvToRgbaAsync(planes(rep % sets), {}, rgba[rep % sets].view(), s); }),
      5.5 * pixels);
  convert.key = "camera/convert/nv12/" + sizeLabel(size);
  convert.sets = sets;
  convert.note = "BT.601 limited; 1.5 bytes read, 4 written per pixel";
  ctx.add(std::move(convert));
  BenchRow luma = makeRow("luma nv12 -> grey " + sizeLabel(size), "camera", ctx.time([&](cudaStream_t s, int rep) {
    lumaToGrayAsync(planes(rep % sets).plane[0], YuvRange::Limited, gray[rep % sets].view(), s);
  }),
                          2 * pixels);
  luma.key = "camera/luma/nv12/" + sizeLabel(size);
  luma.sets = sets;  // the rotation of the conversion's buffers, which this row shares
  luma.note = "Y plane expanded from 16..235 to 0..255";
  ctx.add(std::move(luma));
}

}  // namespace

void runCameraFormatRows(BenchContext& ctx) {
  for (ImageSize size : ctx.options().sizes) {
    if (size.width % 2 || size.height % 2) continue;  // NV12 rows: even sizes
    addConversionRows(ctx, size);
    for (FrameEntry entry : {FrameEntry::Nv12, FrameEntry::Nv12Luma}) {
      PipelineRunner single(size, 1, entry);
      double uploadMs = 0;
      addUploadRow(ctx, single, size, entry, &uploadMs);
      const RowTiming computeTiming = ctx.time([&](cudaStream_t s, int) { single.compute(0, s); });
      const double computeMs = computeTiming.ms;
      BenchRow compute = makeRow("pipeline " + sizeLabel(size) + " from " + frameEntryName(entry) + " compute only",
                                 "camera", computeTiming, 0);
      compute.note = std::string(entry == FrameEntry::Nv12 ? "convert nv12, " : "luma nv12, ") +
                     formatFilterChain(defaultFilterChain()) + " + output copy, input resident";
      ctx.add(std::move(compute));
      addPipelineRow(ctx, size, entry, uploadMs, computeMs, 1);
      addPipelineRow(ctx, size, entry, uploadMs, computeMs, 2);
    }
  }
}

}  // namespace kc::bench
