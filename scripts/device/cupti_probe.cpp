// On the GPU machine (issue 22, per-line figures): what CUPTI's SASS metrics API offers there, and whether
// it works on an NVRTC kernel compiled with -lineinfo. Lists the chip's SASS metrics, then runs three small
// kernels once each with every metric whose name matches KC_PROBE_METRICS (default: a few memory and
// instruction counters), and prints the figures per source line (cuptiGetSassToSourceCorrelation).
//   g++ -O1 -std=c++17 scripts/device/cupti_probe.cpp -I/usr/local/cuda/include -L<cupti dir> -lcupti \
//       -L/usr/local/cuda/lib64 -lnvrtc -lcuda -o /tmp/cupti_probe
#include <cuda.h>
#include <cupti_pcsampling.h>
#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#define CK(x) do { auto r_ = (x); if (r_ != 0) { std::printf("FAIL %s = %d (line %d)\n", #x, (int)r_, __LINE__); std::exit(1); } } while (0)
#define CUPTI(x) do { CUptiResult r_ = (x); if (r_ != CUPTI_SUCCESS) { const char* s_ = nullptr; cuptiGetResultString(r_, &s_); \
  std::printf("FAIL %s: %s\n", #x, s_ ? s_ : "?"); std::exit(1); } } while (0)

static const char* kSource = R"(
extern "C" __global__ void transposeUnpadded(const float* in, float* out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
extern "C" __global__ void transposePadded(const float* in, float* out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
extern "C" __global__ void stridedRead(const float* in, float* out, int n) {
  int x = blockIdx.x * 32 + threadIdx.y, y = blockIdx.y * 32 + threadIdx.x;
  out[y * n + x] = in[y * n + x] * 2.0f;
}
)";

int main(int argc, char** argv) {
  // --plain: the same launches without CUPTI, for Nsight Compute to count (ncu and CUPTI's SASS
  // metrics cannot share a process); their totals are compared with the CUPTI run's TOTAL lines.
  // A kernel's name after it: that kernel alone (CUPTI sets up once per process: one kernel per run).
  const bool plain = argc > 1 && std::strcmp(argv[1], "--plain") == 0;
  const char* only = argc > (plain ? 2 : 1) ? argv[plain ? 2 : 1] : nullptr;
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  int major = 0, minor = 0;
  cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);

  std::vector<CUpti_SassMetrics_Config> configs;
  std::map<uint64_t, std::string> names;
  if (!plain) {
  CUpti_Profiler_Initialize_Params init{CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
  CUPTI(cuptiProfilerInitialize(&init));
  CUpti_Device_GetChipName_Params chip{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  chip.deviceIndex = 0;
  CUPTI(cuptiDeviceGetChipName(&chip));
  std::printf("chip %s sm_%d%d\n", chip.pChipName, major, minor);

  CUpti_SassMetrics_GetNumOfMetrics_Params num{CUpti_SassMetrics_GetNumOfMetrics_Params_STRUCT_SIZE};
  num.pChipName = chip.pChipName;
  CUPTI(cuptiSassMetricsGetNumOfMetrics(&num));
  std::vector<CUpti_SassMetrics_MetricDetails> list(num.numOfMetrics);
  CUpti_SassMetrics_GetMetrics_Params get{CUpti_SassMetrics_GetMetrics_Params_STRUCT_SIZE};
  get.pChipName = chip.pChipName;
  get.numOfMetrics = list.size();
  get.pMetricsList = list.data();
  CUPTI(cuptiSassMetricsGetMetrics(&get));
  std::printf("%zu SASS metrics:\n", list.size());
  if (std::getenv("KC_PROBE_LIST"))
    for (auto& m : list) std::printf("  %s: %s\n", m.pMetricName, m.pMetricDescription ? m.pMetricDescription : "");

  const char* want = std::getenv("KC_PROBE_METRICS");
  std::string pattern = want ? want : "smsp__sass_inst_executed,smsp__sass_inst_executed_op_global_ld,smsp__sass_inst_executed_op_global_st,smsp__sass_sectors_mem_global,smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared,smsp__sass_inst_executed_op_shared_ld,smsp__sass_inst_executed_op_shared_st";
  for (auto& m : list) {
    std::string name = m.pMetricName;
    bool match = false;
    size_t start = 0;
    while (start <= pattern.size()) {
      size_t comma = pattern.find(',', start);
      std::string part = pattern.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!part.empty() && name.find(part) != std::string::npos) match = true;
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (!match) continue;
    configs.push_back({m.metricId, CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU});
    names[m.metricId] = name;
  }
  }
  std::printf("collecting %zu metrics\n", configs.size());

  nvrtcProgram prog;
  CK(nvrtcCreateProgram(&prog, kSource, "probe.cu", 0, nullptr, nullptr));
  std::string arch = "-arch=sm_" + std::to_string(major * 10 + minor);
  const char* opts[] = {arch.c_str(), "-lineinfo", "-std=c++17"};
  if (nvrtcCompileProgram(prog, 3, opts) != NVRTC_SUCCESS) {
    size_t n; nvrtcGetProgramLogSize(prog, &n); std::string log(n, 0); nvrtcGetProgramLog(prog, log.data());
    std::printf("compile failed: %s\n", log.c_str()); return 1;
  }
  size_t cubinSize;
  CK(nvrtcGetCUBINSize(prog, &cubinSize));
  std::vector<char> cubin(cubinSize);
  CK(nvrtcGetCUBIN(prog, cubin.data()));
  CUmodule mod;
  CK(cuModuleLoadData(&mod, cubin.data()));

  const int n = 2048;
  CUdeviceptr in, out;
  CK(cuMemAlloc(&in, n * n * 4));
  CK(cuMemAlloc(&out, n * n * 4));
  CK(cuMemsetD32(in, 0, n * n));

  for (const char* kernel : {"transposeUnpadded", "transposePadded", "stridedRead"}) {
    if (only && std::strcmp(only, kernel) != 0) continue;
    CUfunction f;
    CK(cuModuleGetFunction(&f, mod, kernel));
    if (plain) {
      int nn = n;
      void* args[] = {&in, &out, &nn};
      CK(cuLaunchKernel(f, n / 32, n / 32, 1, 32, 32, 1, 0, nullptr, args, nullptr));
      CK(cuCtxSynchronize());
      continue;
    }
    static bool configured = false;  // once per process: a second SetConfig after Unset ran out of memory
    if (!configured) {
      CUpti_SassMetricsSetConfig_Params set{CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
      set.numOfMetricConfig = configs.size();
      set.pConfigs = configs.data();
      set.deviceIndex = 0;
      CUPTI(cuptiSassMetricsSetConfig(&set));
      configured = true;
    }
    CUpti_SassMetricsEnable_Params en{CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
    en.ctx = ctx;
    en.enableLazyPatching = 1;
    CUPTI(cuptiSassMetricsEnable(&en));
    int nn = n;
    void* args[] = {&in, &out, &nn};
    CK(cuLaunchKernel(f, n / 32, n / 32, 1, 32, 32, 1, 0, nullptr, args, nullptr));
    CK(cuCtxSynchronize());
    CUpti_SassMetricsGetDataProperties_Params props{CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
    props.ctx = ctx;
    CUPTI(cuptiSassMetricsGetDataProperties(&props));
    std::vector<CUpti_SassMetrics_Data> data(props.numOfPatchedInstructionRecords);
    std::vector<CUpti_SassMetrics_InstanceValue> values(props.numOfPatchedInstructionRecords * props.numOfInstances *
                                                        configs.size());
    for (size_t i = 0; i < data.size(); ++i) {
      data[i].structSize = sizeof(CUpti_SassMetrics_Data);
      data[i].pInstanceValues = values.data() + i * props.numOfInstances * configs.size();
    }
    CUpti_SassMetricsFlushData_Params flush{CUpti_SassMetricsFlushData_Params_STRUCT_SIZE};
    flush.ctx = ctx;
    flush.numOfPatchedInstructionRecords = data.size();
    flush.numOfInstances = props.numOfInstances;
    flush.pMetricsData = data.data();
    CUPTI(cuptiSassMetricsFlushData(&flush));
    CUpti_SassMetricsDisable_Params dis{CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
    dis.ctx = ctx;
    CUPTI(cuptiSassMetricsDisable(&dis));

    std::printf("== %s: %zu records x %zu instances\n", kernel, data.size(), (size_t)props.numOfInstances);
    std::map<uint32_t, std::map<std::string, uint64_t>> perLine;
    for (auto& d : data) {
      if (std::strcmp(d.functionName, kernel) != 0) continue;
      CUpti_GetSassToSourceCorrelationParams corr{CUpti_GetSassToSourceCorrelationParamsSize};
      corr.cubin = cubin.data();
      corr.cubinSize = cubin.size();
      corr.functionName = d.functionName;
      corr.pcOffset = d.pcOffset;
      uint32_t line = 0;
      if (cuptiGetSassToSourceCorrelation(&corr) == CUPTI_SUCCESS) {
        line = corr.lineNumber;
        std::free(corr.fileName);
        std::free(corr.dirName);
      }
      for (size_t k = 0; k < props.numOfInstances * configs.size(); ++k)
        perLine[line][names[d.pInstanceValues[k].metricId]] += d.pInstanceValues[k].value;
    }
    std::map<std::string, uint64_t> total;
    for (auto& [line, m] : perLine) {
      std::printf("  LINE %u:", line);
      for (auto& [name, v] : m) {
        if (v) std::printf(" %s=%llu", name.c_str(), (unsigned long long)v);
        total[name] += v;
      }
      std::printf("\n");
    }
    std::printf("TOTAL %s:", kernel);
    for (auto& [name, v] : total)
      if (v) std::printf(" %s=%llu", name.c_str(), (unsigned long long)v);
    std::printf("\n");
  }
  std::printf("probe done\n");
  return 0;
}
