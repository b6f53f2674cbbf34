// Copy rows: the device-to-device roofline every "% of roofline" column refers to, the rotated
// copies of several sizes whose fit (time = fixed + bytes / bandwidth) gives the fixed cost of one
// operation, the frame-sized copy that image kernels should be compared with (a 33 MB copy does
// not reach the 1 GiB figure: ramp-up and tail of a 15-25 us operation), and the PCIe/NVLink-C2C
// host transfers the live path pays. The device copies are BenchContext::copyTiming's, the same
// copies the "% of copy" column of every other row is measured with.
#include "gpu/bench/bench_context.cuh"

namespace kc::bench {

namespace {

constexpr std::size_t kRooflineBytes = std::size_t(1) << 30;
constexpr std::size_t kHostTransferBytes = std::size_t(256) << 20;
// The fit's copies: 1 MiB .. 256 MiB. From 1 MiB up, 64 sets (rotationCount's most) hold >= 2x
// an H200's 60 MB L2, so every copy comes from DRAM as the rows' inputs do.
constexpr std::size_t kFitSmallest = std::size_t(1) << 20;
constexpr std::size_t kFitLargest = std::size_t(256) << 20;

std::string mibLabel(std::size_t bytes) {
  return bytes >= (std::size_t(1) << 30) ? std::to_string(bytes >> 30) + " GiB" : std::to_string(bytes >> 20) + " MiB";
}

void measureRoofline(BenchContext& ctx) {
  const double moved = 2.0 * kRooflineBytes;  // read once + written once
  const RowTiming& timing = ctx.copyTiming(moved, 1);
  ctx.setRoofline(moved / (timing.ms * 1e6));
  BenchRow row = makeRow("D2D copy 1 GiB (roofline)", "copy", timing, moved);
  row.sets = 1;
  ctx.add(std::move(row));
}

// Rows "D2D copy N MiB (rotated)" and the report's copy fit from them.
void measureCopyFit(BenchContext& ctx) {
  std::vector<double> bytes, ms, graphMs;
  for (std::size_t size = kFitSmallest; size <= kFitLargest; size *= 2) {
    const double moved = 2.0 * size;
    const int sets = ctx.rotation(2 * size);
    const RowTiming& timing = ctx.copyTiming(moved, sets);
    bytes.push_back(moved);
    ms.push_back(timing.ms);
    graphMs.push_back(timing.graphMs);
    BenchRow row = makeRow("D2D copy " + mibLabel(size) + " (rotated, fit)", "copy", timing, moved);
    row.sets = sets;
    row.note = std::to_string(sets) + " buffer sets";
    ctx.add(std::move(row));
  }
  ctx.setCopyFit(fitCopies(bytes, ms, graphMs));
}

void measureFrameCopy(BenchContext& ctx, ImageSize size) {
  const std::size_t frameBytes = static_cast<std::size_t>(size.width) * size.height * 4;
  const int sets = ctx.rotation(2 * frameBytes);
  BenchRow row = makeRow("frame copy " + sizeLabel(size) + " RGBA (rotated, ref)", "copy",
                         ctx.copyTiming(2.0 * frameBytes, sets), 2.0 * frameBytes);
  row.sets = sets;
  row.note = std::to_string(sets) + " buffer sets";
  ctx.add(std::move(row));
}

void measureHostTransfer(BenchContext& ctx, std::size_t bytes, const std::string& what) {
  PinnedBuffer<unsigned char> host(bytes);
  DeviceBuffer<unsigned char> device(bytes);
  BenchRow h2d = makeRow("H2D pinned " + what, "copy", ctx.time([&](cudaStream_t s, int) {
    KC_CUDA_CHECK(cudaMemcpyAsync(device.data(), host.data(), bytes, cudaMemcpyHostToDevice, s));
  }),
                         static_cast<double>(bytes));
  h2d.hostTransfer = true;
  ctx.add(std::move(h2d));
  BenchRow d2h = makeRow("D2H pinned " + what, "copy", ctx.time([&](cudaStream_t s, int) {
    KC_CUDA_CHECK(cudaMemcpyAsync(host.data(), device.data(), bytes, cudaMemcpyDeviceToHost, s));
  }),
                         static_cast<double>(bytes));
  d2h.hostTransfer = true;
  ctx.add(std::move(d2h));
}

}  // namespace

void runCopyRows(BenchContext& ctx) {
  measureRoofline(ctx);
  measureCopyFit(ctx);
  if (!groupSelected(ctx.options(), "copy")) return;
  measureHostTransfer(ctx, kHostTransferBytes, "256 MiB");
  for (ImageSize size : ctx.options().sizes) {
    measureHostTransfer(ctx, static_cast<std::size_t>(size.width) * size.height * 4,
                        "one " + sizeLabel(size) + " RGBA frame");
    measureFrameCopy(ctx, size);
  }
}

}  // namespace kc::bench
