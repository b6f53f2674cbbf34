#include "app/backend/pipeline_factory.hpp"

#include "gpu/core/error.hpp"
#ifdef KC_HAVE_CUDA
#include "gpu/core/device_query.cuh"  // plain C++ declarations: no CUDA header behind it
#endif

namespace kc {

bool cudaBackendAvailable() { return cudaUnavailableReason().empty(); }

std::string cudaUnavailableReason() {
#ifdef KC_HAVE_CUDA
  return cudaDeviceCountOrZero() > 0 ? "" : "no usable CUDA device on this machine";
#else
  return "this build has no CUDA backend";
#endif
}

std::string cudaDeviceName() {
#ifdef KC_HAVE_CUDA
  return currentDeviceInfo().name;
#else
  throw NoCudaError("--backend cuda: this build has no CUDA backend");
#endif
}

BackendChoice chooseBackend(Backend requested, IfNoCuda ifNoCuda) {
  if (requested == Backend::Cpu) return {Backend::Cpu, ""};
  const std::string why = cudaUnavailableReason();
  if (why.empty()) return {Backend::Cuda, ""};
  if (requested == Backend::Cuda && ifNoCuda == IfNoCuda::Refuse) throw NoCudaError("--backend cuda: " + why);
  return {Backend::Cpu, why + ": using the CPU"};
}

Backend backendForChain(Backend requested, const FilterChain& chain) {
  const StageSpec* stage = firstStageNeedingCuda(chain);
  if (!stage) return requested;
  if (requested == Backend::Cpu) throw NoCudaError(needsCudaMessage(*stage) + " (--backend cpu cannot run it)");
  const std::string why = cudaUnavailableReason();
  if (!why.empty()) throw NoCudaError(needsCudaMessage(*stage) + " (" + why + ")");
  return Backend::Cuda;
}

PipelineChoice makePipeline(Backend requested) {
  BackendChoice choice = chooseBackend(requested);
#ifdef KC_HAVE_CUDA
  if (choice.backend == Backend::Cuda) {
    try {
      return {makeCudaPipeline(), ""};
    } catch (const Error& e) {
      if (requested == Backend::Cuda) throw NoCudaError(std::string("--backend cuda: ") + e.what());
      choice.note = std::string("CUDA unavailable (") + e.what() + "): using the CPU";
    }
  }
#endif
  return {makeCpuPipeline(), choice.note};
}

}  // namespace kc
