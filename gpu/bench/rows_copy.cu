// Copy rows: the device-to-device roofline every "%" column refers to, the frame-sized copy that
// image kernels should be compared with (a 33 MB copy does not reach the 1 GiB figure: ramp-up
// and tail of a 15-25 us operation), and the PCIe/NVLink-C2C host transfers the live path pays.
#include "gpu/bench/bench_context.cuh"

namespace kc::bench {

namespace {

constexpr std::size_t kRooflineBytes = std::size_t(1) << 30;
constexpr std::size_t kHostTransferBytes = std::size_t(256) << 20;

double measureRoofline(BenchContext& ctx) {
  DeviceBuffer<unsigned char> src(kRooflineBytes), dst(kRooflineBytes);
  src.fillBytes(1, ctx.stream());
  const double ms = ctx.time([&](cudaStream_t s, int) {
    KC_CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), kRooflineBytes, cudaMemcpyDeviceToDevice, s));
  });
  const double bytes = 2.0 * kRooflineBytes;  // read once + written once
  ctx.setRoofline(bytes / (ms * 1e6));
  ctx.add(makeRow("D2D copy 1 GiB (roofline)", "copy", ms, bytes));
  return ms;
}

void measureFrameCopy(BenchContext& ctx, ImageSize size) {
  const std::size_t frameBytes = static_cast<std::size_t>(size.width) * size.height * 4;
  const int sets = ctx.rotation(2 * frameBytes);
  std::vector<DeviceBuffer<unsigned char>> src, dst;
  for (int i = 0; i < sets; ++i) {
    src.emplace_back(frameBytes);
    dst.emplace_back(frameBytes);
    src.back().fillBytes(1, ctx.stream());
  }
  const double ms = ctx.time([&](cudaStream_t s, int rep) {
    const int k = rep % sets;
    KC_CUDA_CHECK(cudaMemcpyAsync(dst[k].data(), src[k].data(), frameBytes, cudaMemcpyDeviceToDevice, s));
  });
  BenchRow row = makeRow("frame copy " + sizeLabel(size) + " RGBA (rotated, ref)", "copy", ms, 2.0 * frameBytes);
  row.note = std::to_string(sets) + " buffer sets";
  ctx.add(std::move(row));
}

void measureHostTransfer(BenchContext& ctx, std::size_t bytes, const std::string& what) {
  PinnedBuffer<unsigned char> host(bytes);
  DeviceBuffer<unsigned char> device(bytes);
  const double h2d = ctx.time([&](cudaStream_t s, int) {
    KC_CUDA_CHECK(cudaMemcpyAsync(device.data(), host.data(), bytes, cudaMemcpyHostToDevice, s));
  });
  ctx.add(makeRow("H2D pinned " + what, "copy", h2d, static_cast<double>(bytes)));
  const double d2h = ctx.time([&](cudaStream_t s, int) {
    KC_CUDA_CHECK(cudaMemcpyAsync(host.data(), device.data(), bytes, cudaMemcpyDeviceToHost, s));
  });
  ctx.add(makeRow("D2H pinned " + what, "copy", d2h, static_cast<double>(bytes)));
}

}  // namespace

void runCopyRows(BenchContext& ctx) {
  measureRoofline(ctx);
  if (!groupSelected(ctx.options(), "copy")) return;
  measureHostTransfer(ctx, kHostTransferBytes, "256 MiB");
  for (ImageSize size : ctx.options().sizes) {
    measureHostTransfer(ctx, static_cast<std::size_t>(size.width) * size.height * 4,
                        "one " + sizeLabel(size) + " RGBA frame");
    measureFrameCopy(ctx, size);
  }
}

}  // namespace kc::bench
