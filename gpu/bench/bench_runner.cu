#include "gpu/bench/bench_runner.hpp"

#include <cstdio>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/bench/sm_clock.hpp"
#include "gpu/core/device_query.cuh"

namespace kc::bench {

namespace {

struct Group {
  const char* name;
  void (*run)(BenchContext&);
};

// The bench's own groups, around the records' (bench_rows.hpp: the stages' between copy and
// pipeline, the demos' after camera). copy runs always (it measures the roofline the % column needs).
constexpr Group kBeforeStages[] = {{"copy", runCopyRows}};
constexpr Group kAfterStages[] = {{"pipeline", runPipelineRows}, {"camera", runCameraFormatRows}};

std::string describeDevice(const DeviceInfo& info) {
  char text[256];
  std::snprintf(text, sizeof text, "%s, %d SMs, L2 %zu MB, CC %d.%d", info.name.c_str(), info.multiprocessors,
                info.l2CacheBytes >> 20, info.computeMajor, info.computeMinor);
  return text;
}

// The current device's PCI bus id ("0000:18:00.0"), by which NVML and nvidia-smi name it; "" if unknown.
std::string currentBusId() {
  int device = 0;
  char id[64] = {};
  if (cudaGetDevice(&device) != cudaSuccess || cudaDeviceGetPCIBusId(id, sizeof id, device) != cudaSuccess) {
    (void)cudaGetLastError();
    return "";
  }
  return id;
}

}  // namespace

BenchReport runBench(const BenchOptions& options, const std::function<void(const BenchRow&)>& onRow) {
  if (cudaDeviceCountOrZero() == 0) KC_FAIL("runBench", "no CUDA device: the bench needs a GPU");
  const DeviceInfo info = currentDeviceInfo();
  BenchReport report;
  report.device = describeDevice(info);
  report.l2Bytes = info.l2CacheBytes;
  report.reps = options.reps;
  report.warmup = options.warmup;
  report.graphLaunches = kGraphLaunches;
  report.graphMinReps = kGraphMinReps;
  const std::string busId = currentBusId();
  report.clockBefore = readSmClock(busId);  // read only: the bench never sets a clock

  BenchContext ctx(options, report, onRow);
  for (const Group& group : kBeforeStages) group.run(ctx);
  for (const RecordRows& stage : stageRows()) {
    if (!groupSelected(options, stage.group)) continue;
    if (stage.rows) stage.rows(ctx);
    else runGenericStageRows(ctx, stage.group);
  }
  for (const Group& group : kAfterStages)
    if (groupSelected(options, group.name)) group.run(ctx);
  for (const RecordRows& demo : demoRows())
    if (groupSelected(options, demo.group)) demo.rows(ctx);
  report.clockAfter = readSmClock(busId);
  return report;
}

}  // namespace kc::bench
