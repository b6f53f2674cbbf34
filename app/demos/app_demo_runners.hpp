#pragma once
// What the demos run on this build and machine (the window's panel and `kernelcam demo` alike),
// and where their matrices are.
#include <QString>
#include <string>

#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"
#include "ui/demos/demo_runners.hpp"

namespace kc {

// The injected runner table: each demo's CUDA versions, handed to runReduceDemo / runMatmulDemo /
// runCgDemo. All empty where the build has no CUDA or the machine no usable device.
struct DemoGpuParts {
  demos::ReduceGpuRowsFn reduce;
  demos::MatmulGpuRowsFn matmul;
  cg::CgGpuSolverFn cg;
};
DemoGpuParts demoGpuParts();

// The memory admission of a demo run, for `kernelcam demo` and the panel alike: host memory
// (MemAvailable) and, when `cuda`, the device's free memory (cudaMemGetInfo). Throws OutOfMemory.
void admitDemoMemory(const std::string& what, const MemoryNeed& need, bool cuda);

// The panel's runners over demoGpuParts(), with admitDemoMemory; where those are empty, CPU only,
// with the reason the panel shows on its greyed "cuda" backend.
DemoRunners appDemoRunners();

// The shared Matrix Market set: $KC_MATRIX_DIR, else shared/data/matrices next to the checkout
// (from the working directory or the binary's); "" when none is found.
QString defaultMatrixDirectory();

}  // namespace kc
