#pragma once
// The memory admission of the demo panel's runs (gpu/core/memory_budget.hpp), as `kernelcam demo`
// makes it: what a run will allocate is estimated from its parameters (gpu/demos/demo_memory.hpp)
// and a run that cannot fit is refused before it starts, in one line naming what was asked, what
// it needs and what is available, instead of being killed by the kernel half-way. A Matrix Market
// file's size is known only from its size line, so its run is refused there, before the matrix
// and the solver's vectors exist (runAdmittedCgDemo).
#include <functional>
#include <string>

#include "gpu/core/backend.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"

namespace kc {

// Throws OutOfMemory when `need` cannot fit; on the CUDA backend the run uses the device too, whose
// free memory app/ knows (requireMachineMemory in app/backend/frame_admission.hpp).
using DemoAdmission = std::function<void(const std::string& what, const MemoryNeed& need, Backend backend)>;

// Host memory only (MemAvailable): the admission of runners without a CUDA device.
void admitHostMemory(const std::string& what, const MemoryNeed& need, Backend backend);

// Each run's request against `admit` (admitHostMemory when empty). A CG run on a matrix file is
// admitted at its size line by runAdmittedCgDemo; admitCgRun covers the Poisson grid.
void admitReduceRun(const DemoAdmission& admit, const demos::ReduceDemoConfig& config);
void admitMatmulRun(const DemoAdmission& admit, const demos::MatmulDemoConfig& config);
void admitCgRun(const DemoAdmission& admit, const cg::CgDemoConfig& config);

// runCgDemo, a Matrix Market file admitted at its size line (a MatrixMarketError naming file:line).
cg::CgDemoReport runAdmittedCgDemo(const cg::CgDemoConfig& config, const cg::CgGpuSolverFn& gpu,
                                   const DemoAdmission& admit);

}  // namespace kc
