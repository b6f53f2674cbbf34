#include "app/backend/pipeline_factory.hpp"

#include "gpu/core/error.hpp"
#ifdef KC_HAVE_CUDA
#include "gpu/core/device_query.cuh"  // plain C++ declarations: no CUDA header behind it
#endif

namespace kc {

Backend parseBackend(const std::string& text) {
  if (text == "auto" || text.empty()) return Backend::Auto;
  if (text == "cuda") return Backend::Cuda;
  if (text == "cpu") return Backend::Cpu;
  throw InvalidArgument("--backend '" + text + "': expected cuda, cpu or auto");
}

bool cudaBackendAvailable() {
#ifdef KC_HAVE_CUDA
  return cudaDeviceCountOrZero() > 0;
#else
  return false;
#endif
}

std::unique_ptr<FramePipeline> makePipeline(Backend backend) {
  if (backend == Backend::Cpu) return makeCpuPipeline();
#ifdef KC_HAVE_CUDA
  if (cudaDeviceCountOrZero() > 0) {
    try {
      return makeCudaPipeline();
    } catch (const Error& e) {
      if (backend == Backend::Cuda) throw NoCudaError(std::string("--backend cuda: ") + e.what());
      return makeCpuPipeline();
    }
  }
  if (backend == Backend::Cuda) throw NoCudaError("--backend cuda: no usable CUDA device on this machine");
#else
  if (backend == Backend::Cuda) throw NoCudaError("--backend cuda: this build has no CUDA backend");
#endif
  return makeCpuPipeline();
}

}  // namespace kc
