#include <memory>
#include <mutex>
#include <thread>

#include "app/backend/pipeline_factory.hpp"
#include "app/lab/machine_toolchain.hpp"
#include "gpu/core/device_query.cuh"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"

namespace kc {

lab::LabToolchain cudaLabToolchain() {
  lab::LabToolchain toolchain;
  toolchain.compile = [](const lab::KernelSource& source) { return lab::compileKernel(source); };
  toolchain.cancel = [] { lab::cancelCompiles(); };
  // The compiler process starts beside the window's own start-up, so the editor's first compile
  // finds it ready (a failure shows at that compile, with its reason).
  std::thread([] {
    try {
      lab::startCompilerProcess();
    } catch (const std::exception&) {
    }
  }).detach();
  if (cudaDeviceCountOrZero() == 0) {
    toolchain.cannotRun = "the kernel stage needs CUDA (" + cudaUnavailableReason() + ")";
    return toolchain;
  }
  // One runner of its own (a lab worker) to load each compiled kernel and ask the driver; made on
  // first use, on the compile worker's thread, and used only from there (one compile at a time).
  auto runner = std::make_shared<std::unique_ptr<lab::LabRunner>>();
  auto mutex = std::make_shared<std::mutex>();
  toolchain.occupancy = [runner, mutex](const lab::CompiledKernel& kernel) -> std::optional<lab::Occupancy> {
    if (!kernel.ok() || kernel.arch != lab::defaultArch()) return std::nullopt;
    const std::lock_guard lock(*mutex);
    try {
      if (!*runner) *runner = std::make_unique<lab::LabRunner>(0);
      (*runner)->load(kernel);
      return (*runner)->occupancy();
    } catch (const std::exception&) {
      return std::nullopt;  // the resources still show; occupancy is a bonus
    }
  };
  return toolchain;
}

}  // namespace kc
