#include "app/backend/pipeline_factory.hpp"

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "gpu/core/cpu_name.hpp"
#include "gpu/core/error.hpp"

namespace kc {

bool cudaBackendAvailable() { return cudaUnavailableReason().empty(); }

std::string cudaUnavailableReason() {
  CudaBackend* cuda = cudaBackend();
  if (!cuda) return cudaBackendLoadError();
  return cuda->deviceCountOrZero() > 0 ? "" : "no usable CUDA device on this machine";
}

std::string cudaDeviceName() {
  CudaBackend* cuda = cudaBackend();
  if (!cuda) throw NoCudaError("--backend cuda: " + cudaBackendLoadError());
  return cuda->currentDevice().name;
}

std::string deviceName(Backend backend) { return backend == Backend::Cuda ? cudaDeviceName() : cpuModelName(); }

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
  if (choice.backend == Backend::Cuda) {  // chooseBackend found the backend loaded and a device
    try {
      return {cudaBackend()->makePipeline(), ""};
    } catch (const Error& e) {
      if (requested == Backend::Cuda) throw NoCudaError(std::string("--backend cuda: ") + e.what());
      choice.note = std::string("CUDA unavailable (") + e.what() + "): using the CPU";
    }
  }
  return {makeCpuPipeline(), choice.note};
}

}  // namespace kc
