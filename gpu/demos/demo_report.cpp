#include "gpu/demos/demo_report.hpp"

#include <algorithm>
#include <chrono>

#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"

namespace kc::demos {

double medianOf(std::vector<double> samples) {
  KC_REQUIRE(!samples.empty(), "medianOf: no samples");
  std::sort(samples.begin(), samples.end());
  const std::size_t mid = samples.size() / 2;
  return samples.size() % 2 ? samples[mid] : 0.5 * (samples[mid - 1] + samples[mid]);
}

double timeCpuMedianMs(const std::function<void()>& fn, int reps, const CancelToken& cancel) {
  KC_REQUIRE(reps >= 1, "reps must be at least 1");
  const auto stopIfCancelled = [&] {
    if (cancel.cancelled()) throw Cancelled();
  };
  fn();
  stopIfCancelled();
  std::vector<double> ms;
  for (int r = 0; r < reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    fn();
    ms.push_back(msSince(start));
    stopIfCancelled();
  }
  return medianOf(ms);
}

void fillSpeedups(DemoReport& report) {
  auto firstMs = [&](DemoRowKind kind) -> std::optional<double> {
    for (const DemoRow& row : report.rows)
      if (row.kind == kind && !row.skipped && row.ms > 0) return row.ms;
    return std::nullopt;
  };
  const auto gpu = firstMs(DemoRowKind::Gpu), cpu = firstMs(DemoRowKind::Cpu), lib = firstMs(DemoRowKind::Library);
  for (DemoRow& row : report.rows) {
    if (row.skipped || !(row.ms > 0)) continue;
    if (gpu) row.speedupVsFirstGpu = *gpu / row.ms;
    if (cpu) row.speedupVsCpu = *cpu / row.ms;
    if (lib) row.speedupVsLibrary = *lib / row.ms;
  }
}

bool demoRunsOnGpu(Backend backend, bool gpuGiven, const char* demo) {
  KC_REQUIRE(backend != Backend::Auto,
             std::string(demo) + ": backend auto must be resolved to cuda or cpu before the run (chooseBackend)");
  if (backend == Backend::Cuda)
    KC_REQUIRE(gpuGiven, std::string(demo) +
                             ": backend cuda needs the demo's CUDA versions, and none were given "
                             "(a build without CUDA, or no usable device)");
  return backend == Backend::Cuda;
}

}  // namespace kc::demos
