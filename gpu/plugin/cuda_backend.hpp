#pragma once
// The CUDA backend as the app sees it: one interface, implemented by the plugin library
// libkernelcam-cuda.so (cuda_backend_module.cpp), which kernelcam loads on first use
// (gpu/plugin/cuda_backend_loader.hpp).
//
// Why a plugin: the CUDA backend needs cuBLAS, cuSPARSE and the CUDA runtime, which Debian does
// not ship and which cost ~200 MB of address space and a quarter second to load. kernelcam itself
// links none of them, so it installs from Debian's archive alone, runs the CPU backend where they
// are missing, and `kernelcam --help` starts without them; the kernelcam-cuda package adds this
// library (and the lab's worker and compiler processes).
//
// Plain C++ (no CUDA or Qt header): both sides are built from this tree by the same compiler, so
// C++ types cross the boundary; kCudaBackendAbi changes whenever this interface does, and a library
// of another version is refused by name.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/core/device_info.hpp"
#include "gpu/core/device_query.cuh"  // DeviceMemory: plain C++ declarations
#include "gpu/lab/buffer_launch.hpp"
#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/device_limits.hpp"
#include "gpu/lab/cuda/lab_runner.hpp"      // LaunchReport: plain C++ declarations
#include "gpu/lab/cuda/nvrtc_compiler.hpp"  // CompileOptions: plain C++ declarations
#include "gpu/lab/kernel_source.hpp"
#include "gpu/lab/occupancy.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

// What the CUDA runtime and driver say about this machine (cheap: no context is created).
struct CudaRuntimeFacts {
  int runtimeVersion = 0;   // the CUDA runtime inside the plugin (12040 = 12.4)
  int driverVersion = 0;    // the newest CUDA the installed driver supports; 0: no NVIDIA driver
  int deviceCount = 0;      // usable CUDA devices
  std::string deviceError;  // why cudaGetDeviceCount failed ("" when it did not)
};

class CudaBackend {
 public:
  virtual ~CudaBackend() = default;

  // Devices (gpu/core/device_query.cuh).
  virtual int deviceCountOrZero() noexcept = 0;
  virtual std::vector<DeviceInfo> listDevices() = 0;
  virtual DeviceInfo currentDevice() = 0;
  virtual DeviceMemory currentDeviceMemory() = 0;
  virtual CudaRuntimeFacts runtimeFacts() noexcept = 0;

  // The frame pipeline (gpu/pipeline/frame_pipeline.hpp); throws kc::Error when CUDA fails to start.
  virtual std::unique_ptr<FramePipeline> makePipeline() = 0;

  // The GPU bench (gpu/bench/bench_runner.hpp).
  virtual bench::BenchReport runBench(const bench::BenchOptions& options,
                                      const std::function<void(const bench::BenchRow&)>& onRow) = 0;

  // The kernel lab (gpu/lab/cuda/nvrtc_compiler.hpp, lab_runner.hpp).
  virtual lab::CompiledKernel compileKernel(const lab::KernelSource& source, const lab::CompileOptions& options) = 0;
  virtual void startCompilerProcess() = 0;
  virtual void cancelCompiles() noexcept = 0;
  virtual int compilerProcessId() = 0;  // the running compiler process's pid, or -1
  // How many compiles may run at once, each in a compiler process of its own (the grader's; 1 by default).
  virtual void setCompileParallelism(int processes) = 0;
  virtual std::string nvrtcVersion() = 0;
  virtual int parseArch(const std::string& text) = 0;
  virtual int defaultArch() = 0;
  // A probe of a compiled kernel's theoretical occupancy: calculated from ptxas's report and the
  // device's limits (gpu/lab/cuda/occupancy_calculator.hpp), or where there is no report, asked of
  // the driver with the kernel loaded into a lab worker of its own (started on first use); throws
  // kc::Error when that worker or the driver refuses. Not thread-safe: one caller at a time.
  using OccupancyProbe = std::function<lab::Occupancy(const lab::CompiledKernel&)>;
  virtual OccupancyProbe makeOccupancyProbe(int device) = 0;
  // The device's limits as the calculator uses them (nullopt where the driver cannot be asked), and
  // the occupancy calculated from limits read earlier (nullopt without ptxas's report, or for a
  // kernel of another architecture): `kernel check` keeps the limits and needs no CUDA next time.
  virtual std::optional<lab::DeviceLimits> deviceLimits(int device) = 0;
  virtual std::optional<lab::Occupancy> occupancyFromLimits(const lab::CompiledKernel& kernel,
                                                            const lab::DeviceLimits& limits) = 0;
  // One launch of a compiled kernel (compiled with lineInfo) on `in`, counted per source line by
  // CUPTI in a lab worker of its own (lab_runner.hpp's profile()); `out` gets the kernel's output.
  // Throws kc::Error when the worker or the driver refuses the kernel.
  virtual lab::LaunchReport profileKernel(const lab::CompiledKernel& kernel, const HostFrame& in, HostFrame& out,
                                          const lab::ParamValues& values, int device) = 0;
  // What the exercises' checks run on (gpu/exercises/exercise_check.hpp): a lab worker of its own
  // that runs exercise kernels (lab/cuda/buffer_runner.hpp), each launch within `timeLimitMs`.
  // Throws kc::Error when the worker cannot start.
  virtual std::unique_ptr<lab::BufferDevice> makeBufferDevice(int device, double timeLimitMs) = 0;
};

// The plugin's one exported symbol: extern "C" CudaBackend* kc_cuda_backend(int abi); it returns
// nullptr when `abi` is not the library's own kCudaBackendAbi (a kernelcam of another version).
inline constexpr int kCudaBackendAbi = 4;
inline constexpr const char* kCudaBackendEntry = "kc_cuda_backend";
using CudaBackendEntry = CudaBackend* (*)(int abi);

}  // namespace kc
