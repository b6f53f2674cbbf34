#include "app/backend/pipeline_factory.hpp"

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "gpu/core/cpu_name.hpp"

namespace kc {

bool cudaBackendAvailable() { return cudaUnavailableReason().empty(); }

std::string cudaUnavailableReason() { return backendUnavailableReason(cudaBackend()); }

std::string backendUnavailableReason(const BackendModule* module) {
  if (!module) return cudaBackendLoadError();
  return module->devices->deviceCountOrZero() > 0 ? "" : "no usable CUDA device on this machine";
}

std::string cudaDeviceName() {
  DeviceBackend* devices = cudaDevices();
  if (!devices) throw NoCudaError("--backend cuda: " + cudaBackendLoadError());
  return devices->currentDevice().name;
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
