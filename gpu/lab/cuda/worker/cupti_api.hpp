#pragma once
// CUPTI, the CUDA profiling library, loaded on first use in the lab's worker process (dlopen): only
// a per-line profile of a user kernel needs it (line_profiler.hpp), so the worker starts and runs
// kernels where it is missing, and the profile says why it has no figures.
#include <cupti_pcsampling.h>
#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>

#include <string>

namespace kc::lab {

// (The lists of names keep their hand layout: clang-format would wrap them as expressions.)
// clang-format off
#define KC_CUPTI_FUNCTIONS(X)                                                                                       \
  X(cuptiGetResultString) X(cuptiProfilerInitialize) X(cuptiDeviceGetChipName) X(cuptiSassMetricsGetProperties)     \
  X(cuptiSassMetricsSetConfig) X(cuptiSassMetricsUnsetConfig) X(cuptiSassMetricsEnable) X(cuptiSassMetricsDisable)  \
  X(cuptiSassMetricsGetDataProperties) X(cuptiSassMetricsFlushData) X(cuptiGetSassToSourceCorrelation)
// clang-format on

struct CuptiApi {
#define KC_CUPTI_MEMBER(name) decltype(&::name) name = nullptr;
  KC_CUPTI_FUNCTIONS(KC_CUPTI_MEMBER)
#undef KC_CUPTI_MEMBER
};

// Loaded once; throws kc::Error naming the file and dlopen's reason where CUPTI cannot be loaded
// (not installed, or of another version than this build's).
const CuptiApi& cuptiApi();

// "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES" and the like, for one-line messages.
std::string cuptiResultText(const CuptiApi& api, CUptiResult result);

}  // namespace kc::lab
