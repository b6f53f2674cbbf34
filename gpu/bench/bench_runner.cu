#include "gpu/bench/bench_runner.hpp"

#include <cstdio>

#include "gpu/bench/bench_context.cuh"
#include "gpu/core/device_query.cuh"

namespace kc::bench {

namespace {

struct Group {
  const char* name;
  void (*run)(BenchContext&);
};

// Table order = report order. copy runs always (it measures the roofline the % column needs).
constexpr Group kGroups[] = {
    {"copy", runCopyRows},          {"gray", runGrayRows},         {"hist", runHistogramRows},
    {"conv", runConvolutionRows},   {"transpose", runTransposeRows}, {"pipeline", runPipelineRows},
    {"reduce", runReduceRows},      {"gemm", runGemmRows},         {"cg", runCgRows},
};

std::string describeDevice(const DeviceInfo& info) {
  char text[256];
  std::snprintf(text, sizeof text, "%s, %d SMs, L2 %zu MB, CC %d.%d", info.name.c_str(), info.multiprocessors,
                info.l2CacheBytes >> 20, info.computeMajor, info.computeMinor);
  return text;
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

  BenchContext ctx(options, report, onRow);
  for (const Group& group : kGroups) {
    const bool isCopy = std::string(group.name) == "copy";
    if (isCopy || groupSelected(options, group.name)) group.run(ctx);
  }
  return report;
}

}  // namespace kc::bench
