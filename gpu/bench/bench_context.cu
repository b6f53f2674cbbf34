#include <algorithm>
#include <cmath>

#include "gpu/bench/bench_context.cuh"

namespace kc::bench {

RowTiming BenchContext::time(const BenchWork& work) {
  RowTiming timing;
  timing.ms = medianMs(stream_, options_.warmup, options_.reps, work);
  const GraphTiming graph = graphMedianMs(stream_, graphReps(options_.reps, timing.ms), work);
  timing.graphMs = graph.ms;
  timing.graphReps = graph.reps;
  timing.graphNote = graph.whyNot;
  return timing;
}

const RowTiming& BenchContext::copyTiming(double movedBytes, int sets) {
  const std::size_t bytes = std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(movedBytes / 2)));
  sets = std::max(sets, 1);
  const auto key = std::make_pair(bytes, sets);
  if (const auto found = copies_.find(key); found != copies_.end()) return found->second;
  std::vector<DeviceBuffer<unsigned char>> src, dst;
  for (int i = 0; i < sets; ++i) {
    src.emplace_back(bytes);
    dst.emplace_back(bytes);
    src.back().fillBytes(1, stream_);
    dst.back().fillBytes(0xCD, stream_);
  }
  const RowTiming timing = time([&](cudaStream_t s, int rep) {
    const int k = rep % sets;
    KC_CUDA_CHECK(cudaMemcpyAsync(dst[k].data(), src[k].data(), bytes, cudaMemcpyDeviceToDevice, s));
  });
  return copies_.emplace(key, timing).first->second;
}

void BenchContext::add(BenchRow row) {
  if (!rowSelected(options_, row.group, row.name)) return;
  if (row.bytes > 0 && !row.hostTransfer) {
    if (row.sets <= 0) row.sets = rotation(static_cast<std::size_t>(row.bytes));
    const RowTiming& copy = copyTiming(row.bytes, row.sets);
    row.copyMs = copy.ms;
    row.copyGraphMs = copy.graphMs;
  }
  report_.rows.push_back(std::move(row));
  if (onRow_) onRow_(report_.rows.back());
}

}  // namespace kc::bench
