// Reduction rows: 2^28 elements (1 GiB) summed (float) and minimised (int), read once each, so
// the copy roofline's GB/s is the bound (a read-only stream can even beat a copy slightly).
// Ours: the demo's fastest versions (warp shuffles + 16-byte loads, and the two-kernel scheme),
// each with the CUB row as its baseline.
#include <cub/device/device_reduce.cuh>

#include <cstdint>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/demos/reduce/reduce.cuh"

namespace kc::bench {

namespace {

constexpr std::size_t kCount = std::size_t(1) << 28;

template <class T>
__global__ void fillPattern(T* data, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    data[i] = static_cast<T>(static_cast<int>((i * 2654435761u) % 2001) - 1000);
}

template <class T, class Reduce>
RowTiming timeCub(BenchContext& ctx, const T* in, T* out, Reduce reduce) {
  std::size_t scratchBytes = 0;
  KC_CUDA_CHECK(reduce(nullptr, scratchBytes, in, out, ctx.stream()));
  DeviceBuffer<unsigned char> scratch(scratchBytes > 0 ? scratchBytes : 1);
  return ctx.time([&](cudaStream_t s, int) {
    std::size_t bytes = scratchBytes;
    KC_CUDA_CHECK(reduce(scratch.data(), bytes, in, out, s));
  });
}

constexpr demos::ReduceVersion kOurVersions[] = {demos::ReduceVersion::WarpShuffle, demos::ReduceVersion::TwoKernel};

void addOurRows(BenchContext& ctx, demos::ReduceOp op, demos::ReduceType type, const void* in, const BenchRow& cub) {
  for (demos::ReduceVersion version : kOurVersions) {
    demos::ReduceWorkspace workspace;
    workspace.reserve(version, op, type, kCount);
    BenchRow row =
        makeRow(std::string("reduce ") + demos::toString(op) + " 2^28 " + demos::toString(type) + " (" +
                    demos::reduceVersionInfo(version).name + ")",
                "reduce", ctx.time([&](cudaStream_t s, int) { workspace.runAsync(version, op, type, in, kCount, s); }),
                cub.bytes);
    row.baselineName = cub.name;
    row.baselineMs = cub.ms;
    row.baselineGraphMs = cub.graphMs;
    row.sets = 1;  // 1 GiB: no rotation needed
    ctx.add(std::move(row));
  }
}

void runReduceRows(BenchContext& ctx) {
  const double bytes = 4.0 * kCount;
  {
    DeviceBuffer<float> in(kCount), out(1);
    fillPattern<<<1024, 256, 0, ctx.stream()>>>(in.data(), kCount);
    KC_CUDA_CHECK_LAUNCH("fillPattern<float>");
    const RowTiming timing =
        timeCub(ctx, in.data(), out.data(), [](void* t, std::size_t& b, const float* i, float* o, cudaStream_t s) {
          return cub::DeviceReduce::Sum(t, b, i, o, static_cast<std::int64_t>(kCount), s);
        });
    BenchRow row = makeRow("CUB DeviceReduce::Sum 2^28 float", "reduce", timing, bytes);
    row.isBaseline = true;
    row.sets = 1;
    addOurRows(ctx, demos::ReduceOp::Sum, demos::ReduceType::Float32, in.data(), row);
    ctx.add(std::move(row));
  }
  {
    DeviceBuffer<std::int32_t> in(kCount), out(1);
    fillPattern<<<1024, 256, 0, ctx.stream()>>>(in.data(), kCount);
    KC_CUDA_CHECK_LAUNCH("fillPattern<int>");
    const RowTiming timing =
        timeCub(ctx, in.data(), out.data(),
                [](void* t, std::size_t& b, const std::int32_t* i, std::int32_t* o, cudaStream_t s) {
                  return cub::DeviceReduce::Min(t, b, i, o, static_cast<std::int64_t>(kCount), s);
                });
    BenchRow row = makeRow("CUB DeviceReduce::Min 2^28 int", "reduce", timing, bytes);
    row.isBaseline = true;
    row.sets = 1;
    addOurRows(ctx, demos::ReduceOp::Min, demos::ReduceType::Int32, in.data(), row);
    ctx.add(std::move(row));
  }
}

}  // namespace

KC_REGISTER_BENCH_ROWS(reduce, runReduceRows);

}  // namespace kc::bench
