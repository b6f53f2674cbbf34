#include "app/demos/cuda_demo_runners.hpp"

#include "gpu/demos/cg/cg_demo_cuda.cuh"

namespace kc {

DemoRunners cudaDemoRunners() {
  DemoRunners runners;
  // runReduceDemo / runMatmulDemo take the CUDA path here (KC_HAVE_CUDA) and still honour
  // backend cpu; the CG runner needs its GPU solvers handed in.
  runners.reduce = [](const demos::ReduceDemoConfig& config) { return demos::runReduceDemo(config); };
  runners.matmul = [](const demos::MatmulDemoConfig& config) { return demos::runMatmulDemo(config); };
  runners.cg = [solvers = cg::cudaCgSolvers()](const cg::CgDemoConfig& config) { return cg::runCgDemo(config, solvers); };
  runners.cudaAvailable = true;
  return runners;
}

}  // namespace kc
