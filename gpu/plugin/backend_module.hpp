#pragma once
// The backend seam: what a backend library hands kernelcam, one small interface per concern. A
// backend offers the concerns it has; kernelcam asks each caller's concern alone (the run session
// the pipelines, `devices` the devices, `bench` the bench, the lab the compiler and the runner) and
// treats a missing one as "not on this backend". docs/ARCHITECTURE.md, "How to add a backend".
//
// Plain C++ (no CUDA or Qt header): both sides are built from this tree by the same compiler, so
// C++ types cross the boundary; kBackendAbi changes whenever one of these interfaces does, and a
// library of another version is refused by name.
#include "gpu/plugin/bench_backend.hpp"
#include "gpu/plugin/device_backend.hpp"
#include "gpu/plugin/kernel_compiler_backend.hpp"
#include "gpu/plugin/kernel_runner_backend.hpp"
#include "gpu/plugin/pipeline_backend.hpp"

namespace kc {

// Each pointer lives as long as the program (a loaded library is never closed).
struct BackendModule {
  DeviceBackend* devices = nullptr;           // required
  PipelineBackend* pipelines = nullptr;       // required
  BenchBackend* bench = nullptr;              // optional: the GPU bench
  KernelCompilerBackend* compiler = nullptr;  // optional: the kernel lab's compiler
  KernelRunnerBackend* runner = nullptr;      // optional: the kernel lab's runs
};

// A backend library's one exported symbol: extern "C" const BackendModule* kc_cuda_backend(int abi);
// it returns nullptr when `abi` is not the library's own kBackendAbi (a kernelcam of another version).
inline constexpr int kBackendAbi = 5;
inline constexpr const char* kBackendEntry = "kc_cuda_backend";
using BackendEntry = const BackendModule* (*)(int abi);

}  // namespace kc
