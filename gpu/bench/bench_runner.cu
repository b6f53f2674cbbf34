#include "gpu/bench/bench_runner.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/sm_clock.hpp"
#include "gpu/core/device_query.cuh"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::bench {

namespace {

struct Group {
  const char* name;
  void (*run)(BenchContext&);
};

// The groups that are not stages; the stages' groups come from the stage registry, between copy
// and pipeline. copy runs always (it measures the roofline the % column needs).
constexpr Group kBeforeStages[] = {{"copy", runCopyRows}};
// The stages whose rows are written here in the bench (rows_NAME.cu) rather than generic (each of
// the stage's benchCases): the bench knows the stages, never the other way round.
constexpr Group kStageRows[] = {{"gray", runGrayRows},
                                {"hist", runHistogramRows},
                                {"conv", runConvolutionRows},
                                {"transpose", runTransposeRows}};
constexpr Group kAfterStages[] = {{"pipeline", runPipelineRows}, {"camera", runCameraFormatRows}};
// The demos' groups come from the demo registry (each record's benchGroup), after those; these are
// the rows the bench writes for them (rows_NAME.cu), as for the stages above: the bench knows the
// demos' groups, a demo names no bench.
constexpr Group kDemoRows[] = {{"reduce", runReduceRows}, {"gemm", runGemmRows}, {"cg", runCgRows}};

const Group* ownRows(const Group* begin, const Group* end, const std::string& name) {
  const Group* own = std::find_if(begin, end, [&](const Group& rows) { return name == rows.name; });
  return own != end ? own : nullptr;
}

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
  for (const StageDefinition* stage : stageRegistry().all()) {
    if (!groupSelected(options, stage->id)) continue;
    if (const Group* own = ownRows(std::begin(kStageRows), std::end(kStageRows), stage->id))
      own->run(ctx);
    else
      runGenericStageRows(ctx, stage->id);
  }
  for (const Group& group : kAfterStages)
    if (groupSelected(options, group.name)) group.run(ctx);
  for (const demos::DemoDefinition* demo : demos::demoRegistry().all()) {
    if (demo->benchGroup.empty() || !groupSelected(options, demo->benchGroup)) continue;
    if (const Group* own = ownRows(std::begin(kDemoRows), std::end(kDemoRows), demo->benchGroup)) own->run(ctx);
  }
  report.clockAfter = readSmClock(busId);
  return report;
}

}  // namespace kc::bench
