#include "gpu/lab/cuda/worker/line_profiler.hpp"

#include <cstdlib>
#include <cstring>
#include <map>
#include <utility>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/worker/cupti_api.hpp"

namespace kc::lab {
namespace {

// The counters, by the names CUPTI gives them on Volta and later (checked on the lent H200: its
// GH100 offers 60 SASS metrics), and the field each one fills.
// An optional counter (the exercises' goals) is left out where the GPU lacks it, and missing() names
// it; a required one missing means no profile at all.
struct Counter {
  const char* metric;
  std::uint64_t LineFigures::*field;
  bool optional;
};
constexpr Counter kCounters[] = {
    {"smsp__sass_inst_executed", &LineFigures::instructions, false},
    {"smsp__sass_inst_executed_op_global", &LineFigures::globalRequests, false},
    {"smsp__sass_sectors_mem_global", &LineFigures::globalSectors, false},
    {"smsp__sass_sectors_mem_global_ideal", &LineFigures::globalSectorsIdeal, false},
    {"smsp__sass_inst_executed_op_shared", &LineFigures::sharedRequests, false},
    {"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared", &LineFigures::sharedWavefronts, false},
    {"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal", &LineFigures::sharedWavefrontsIdeal, false},
    {"smsp__sass_branch_targets_threads_divergent", &LineFigures::divergentBranches, true},
    {"smsp__sass_inst_executed_op_global_atom", &LineFigures::globalAtomics, true},
    {"smsp__sass_inst_executed_op_global_red", &LineFigures::globalAtomics, true},
};

// Why CUPTI said no, in words a student can act on.
std::string why(const CuptiApi& api, const char* call, CUptiResult result) {
  if (result == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES)
    return "the NVIDIA driver lets only administrators profile (NVreg_RestrictProfilingToAdminUsers=1)";
  if (result == CUPTI_ERROR_NOT_SUPPORTED)
    return "this GPU or driver has no per-instruction counters (CUPTI's SASS metrics need Volta or newer)";
  return std::string(call) + ": " + cuptiResultText(api, result);
}

}  // namespace

LineProfileSession::LineProfileSession(CUcontext context, int deviceIndex)
    : context_(context), deviceIndex_(deviceIndex) {
  const CuptiApi* api = nullptr;
  try {
    api = &cuptiApi();
  } catch (const Error& error) {
    note_ = error.message();
    return;
  }
  CUpti_Profiler_Initialize_Params init{CUpti_Profiler_Initialize_Params_STRUCT_SIZE, nullptr};
  if (const CUptiResult r = api->cuptiProfilerInitialize(&init); r != CUPTI_SUCCESS) {
    note_ = why(*api, "cuptiProfilerInitialize", r);
    return;
  }
  CUpti_Device_GetChipName_Params chip{CUpti_Device_GetChipName_Params_STRUCT_SIZE, nullptr,
                                       static_cast<std::size_t>(deviceIndex), nullptr};
  if (const CUptiResult r = api->cuptiDeviceGetChipName(&chip); r != CUPTI_SUCCESS) {
    note_ = why(*api, "cuptiDeviceGetChipName", r);
    return;
  }
  std::vector<CUpti_SassMetrics_Config> configs;
  for (const Counter& counter : kCounters) {
    CUpti_SassMetrics_GetProperties_Params properties{CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE};
    properties.pChipName = chip.pChipName;
    properties.pMetricName = counter.metric;
    if (const CUptiResult r = api->cuptiSassMetricsGetProperties(&properties); r != CUPTI_SUCCESS) {
      if (counter.optional) {
        missing_.push_back(counter.metric);
        continue;
      }
      note_ = std::string("the GPU (") + chip.pChipName + ") has no counter " + counter.metric + " (" +
              cuptiResultText(*api, r) + ")";
      return;
    }
    configs.push_back({properties.metric.metricId, CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU});
    metricIds_.push_back(properties.metric.metricId);
    fields_.push_back(counter.field);
  }
  CUpti_SassMetricsSetConfig_Params set{CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
  set.numOfMetricConfig = configs.size();
  set.pConfigs = configs.data();
  set.deviceIndex = static_cast<std::uint32_t>(deviceIndex);
  if (const CUptiResult r = api->cuptiSassMetricsSetConfig(&set); r != CUPTI_SUCCESS) {
    note_ = why(*api, "cuptiSassMetricsSetConfig", r);
    return;
  }
  state_ = State::Configured;
  CUpti_SassMetricsEnable_Params enable{CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
  enable.ctx = context;
  enable.enableLazyPatching = 1;  // only what runs in the session is patched: the user's kernel
  if (const CUptiResult r = api->cuptiSassMetricsEnable(&enable); r != CUPTI_SUCCESS) {
    note_ = why(*api, "cuptiSassMetricsEnable", r);
    stop();
    return;
  }
  state_ = State::Enabled;
}

LineProfileSession::~LineProfileSession() { stop(); }

void LineProfileSession::stop() {
  if (state_ == State::Off) return;
  const CuptiApi& api = cuptiApi();  // loaded: a state past Off needed it
  if (state_ == State::Enabled) {
    CUpti_SassMetricsDisable_Params disable{CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
    disable.ctx = context_;
    (void)api.cuptiSassMetricsDisable(&disable);
  }
  CUpti_SassMetricsUnsetConfig_Params unset{CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE};
  unset.deviceIndex = static_cast<std::uint32_t>(deviceIndex_);
  (void)api.cuptiSassMetricsUnsetConfig(&unset);
  state_ = State::Off;
}

std::vector<LineFigures> LineProfileSession::finish(const std::string& cubin, const std::string& function) {
  if (!collecting()) return {};
  const CuptiApi& api = cuptiApi();
  CUpti_SassMetricsGetDataProperties_Params properties{CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
  properties.ctx = context_;
  if (const CUptiResult r = api.cuptiSassMetricsGetDataProperties(&properties); r != CUPTI_SUCCESS) {
    note_ = why(api, "cuptiSassMetricsGetDataProperties", r);
    stop();
    return {};
  }
  if (properties.numOfPatchedInstructionRecords == 0 || properties.numOfInstances == 0) {
    note_ = "CUPTI counted no instruction of the kernel (was it launched?)";
    stop();
    return {};
  }
  // Each record (one SASS instruction) holds numOfInstances values per counter.
  const std::size_t perRecord = properties.numOfInstances * metricIds_.size();
  std::vector<CUpti_SassMetrics_InstanceValue> values(properties.numOfPatchedInstructionRecords * perRecord);
  std::vector<CUpti_SassMetrics_Data> records(properties.numOfPatchedInstructionRecords);
  for (std::size_t i = 0; i < records.size(); ++i) {
    records[i].structSize = sizeof(CUpti_SassMetrics_Data);
    records[i].pInstanceValues = values.data() + i * perRecord;
  }
  CUpti_SassMetricsFlushData_Params flush{CUpti_SassMetricsFlushData_Params_STRUCT_SIZE};
  flush.ctx = context_;
  flush.numOfPatchedInstructionRecords = records.size();
  flush.numOfInstances = properties.numOfInstances;
  flush.pMetricsData = records.data();
  const CUptiResult flushed = api.cuptiSassMetricsFlushData(&flush);
  stop();
  if (flushed != CUPTI_SUCCESS) {
    note_ = why(api, "cuptiSassMetricsFlushData", flushed);
    return {};
  }

  std::map<std::uint64_t, std::uint64_t LineFigures::*> fieldOf;  // the ids the constructor configured
  for (std::size_t i = 0; i < metricIds_.size(); ++i) fieldOf[metricIds_[i]] = fields_[i];
  std::map<std::pair<std::string, std::uint32_t>, LineFigures> byLine;
  for (const CUpti_SassMetrics_Data& record : records) {
    if (!record.functionName || function != record.functionName) continue;
    CUpti_GetSassToSourceCorrelationParams where{CUpti_GetSassToSourceCorrelationParamsSize};
    where.cubin = cubin.data();
    where.cubinSize = cubin.size();
    where.functionName = record.functionName;
    where.pcOffset = record.pcOffset;
    std::string file;
    std::uint32_t line = 0;
    if (api.cuptiGetSassToSourceCorrelation(&where) == CUPTI_SUCCESS) {
      line = where.lineNumber;
      // The #line name comes back split into a folder and a file name; joined, it is the path the
      // compile was given (program_source.cpp).
      if (where.fileName) file = where.fileName;
      if (where.dirName && *where.dirName && !file.empty() && file.front() != '/')
        file = std::string(where.dirName) + (where.dirName[std::strlen(where.dirName) - 1] == '/' ? "" : "/") + file;
      std::free(where.fileName);
      std::free(where.dirName);
    }
    LineFigures& figures = byLine[{file, line}];
    figures.file = file;
    figures.line = line;
    for (std::size_t k = 0; k < perRecord; ++k) {
      const CUpti_SassMetrics_InstanceValue& v = record.pInstanceValues[k];
      if (const auto found = fieldOf.find(v.metricId); found != fieldOf.end()) figures.*(found->second) += v.value;
    }
  }
  std::vector<LineFigures> lines;
  for (auto& [key, figures] : byLine) lines.push_back(std::move(figures));
  if (lines.empty()) note_ = "CUPTI counted no instruction of " + function;
  return lines;
}

}  // namespace kc::lab
