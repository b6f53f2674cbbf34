// libkernelcam-cuda.so: the CUDA backend, a backend module (gpu/plugin/backend_module.hpp) that
// offers every concern: devices, frame pipelines, the bench, the kernel lab's compiler and runs.
// Loading the library also registers the CUDA stages' and demos' GPU parts (their static
// registration objects run at dlopen, into the registries of the kernelcam that loads it: the
// library leaves gpu/'s plain C++ half to the program, which exports it).
#include <cuda_runtime_api.h>

#include <memory>

#include "gpu/bench/bench_runner.hpp"
#include "gpu/lab/cuda/buffer_runner.hpp"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/cuda/occupancy_calculator.hpp"
#include "gpu/plugin/backend_module.hpp"

namespace kc {
namespace {

class CudaDevices final : public DeviceBackend {
 public:
  int deviceCountOrZero() noexcept override { return cudaDeviceCountOrZero(); }
  std::vector<DeviceInfo> listDevices() override { return listCudaDevices(); }
  DeviceInfo currentDevice() override { return currentDeviceInfo(); }
  DeviceMemory currentDeviceMemory() override { return kc::currentDeviceMemory(); }

  CudaRuntimeFacts runtimeFacts() noexcept override {
    CudaRuntimeFacts facts;
    if (cudaRuntimeGetVersion(&facts.runtimeVersion) != cudaSuccess) facts.runtimeVersion = CUDART_VERSION;
    if (cudaDriverGetVersion(&facts.driverVersion) != cudaSuccess) facts.driverVersion = 0;
    const cudaError_t status = cudaGetDeviceCount(&facts.deviceCount);
    if (status != cudaSuccess) {
      facts.deviceCount = 0;
      facts.deviceError = cudaGetErrorString(status);
      (void)cudaGetLastError();  // the sticky error must not surface in the next, unrelated call
    }
    return facts;
  }
};

class CudaPipelines final : public PipelineBackend {
 public:
  std::unique_ptr<FramePipeline> makePipeline() override { return makeCudaPipeline(); }
};

class CudaBench final : public BenchBackend {
 public:
  bench::BenchReport runBench(const bench::BenchOptions& options,
                              const std::function<void(const bench::BenchRow&)>& onRow) override {
    return bench::runBench(options, onRow);
  }
};

class NvrtcCompiler final : public KernelCompilerBackend {
 public:
  lab::CompiledKernel compileKernel(const lab::KernelSource& source, const lab::CompileOptions& options) override {
    return lab::compileKernel(source, options);
  }
  void startCompilerProcess() override { lab::startCompilerProcess(); }
  void cancelCompiles() noexcept override { lab::cancelCompiles(); }
  int compilerProcessId() override { return lab::compilerProcessId(); }
  void setCompileParallelism(int processes) override { lab::setCompileParallelism(processes); }
  std::string nvrtcVersion() override { return lab::nvrtcVersion(); }
  int parseArch(const std::string& text) override { return lab::parseArch(text); }
  int defaultArch() override { return lab::defaultArch(); }
};

class LabWorkerRunner final : public KernelRunnerBackend {
 public:
  OccupancyProbe makeOccupancyProbe(int device) override {
    auto runner = std::make_shared<std::unique_ptr<lab::LabRunner>>();
    return [runner, device](const lab::CompiledKernel& kernel) {
      if (const std::optional<lab::Occupancy> calculated = lab::calculateOccupancy(kernel, device)) return *calculated;
      // No ptxas report to calculate from: the driver's figure, from a worker that loads the kernel.
      if (!*runner) *runner = std::make_unique<lab::LabRunner>(device);
      (*runner)->load(kernel);
      return (*runner)->occupancy();
    };
  }

  std::optional<lab::DeviceLimits> deviceLimits(int device) override { return lab::queryDeviceLimits(device); }
  std::optional<lab::Occupancy> occupancyFromLimits(const lab::CompiledKernel& kernel,
                                                    const lab::DeviceLimits& limits) override {
    return lab::calculateOccupancy(kernel, limits);
  }

  lab::LaunchReport profileKernel(const lab::CompiledKernel& kernel, const HostFrame& in, HostFrame& out,
                                  const lab::ParamValues& values, int device) override {
    lab::LabRunner runner(device);
    runner.load(kernel);
    return runner.profile(in, out, values);
  }

  std::unique_ptr<lab::BufferDevice> makeBufferDevice(int device, double timeLimitMs, bool profiles) override {
    return std::make_unique<lab::BufferRunner>(device, timeLimitMs, profiles);
  }
};

}  // namespace
}  // namespace kc

extern "C" __attribute__((visibility("default"))) const kc::BackendModule* kc_cuda_backend(int abi) {
  if (abi != kc::kBackendAbi) return nullptr;
  // Live until the program ends: the library is never closed.
  static kc::CudaDevices devices;
  static kc::CudaPipelines pipelines;
  static kc::CudaBench bench;
  static kc::NvrtcCompiler compiler;
  static kc::LabWorkerRunner runner;
  static const kc::BackendModule module{&devices, &pipelines, &bench, &compiler, &runner};
  return &module;
}
