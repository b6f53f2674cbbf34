#include "app/backend/pipeline_factory.hpp"

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "gpu/core/cpu_name.hpp"

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

Backend backendForChain(Backend requested, const FilterChain& chain) {
  const StageSpec* stage = firstStageNeedingCuda(chain);
  if (!stage) return requested;
  if (requested == Backend::Cpu) throw NoCudaError(needsCudaMessage(*stage) + " (--backend cpu cannot run it)");
  const std::string why = cudaUnavailableReason();
  if (!why.empty()) throw NoCudaError(needsCudaMessage(*stage) + " (" + why + ")");
  return Backend::Cuda;
}

}  // namespace kc
