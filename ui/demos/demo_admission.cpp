#include "ui/demos/demo_admission.hpp"

#include <filesystem>

#include "gpu/demos/cg/matrix_market.hpp"
#include "gpu/demos/demo_memory.hpp"

namespace kc {

namespace {

void ask(const DemoAdmission& admit, const std::string& what, const MemoryNeed& need, Backend backend) {
  (admit ? admit : admitHostMemory)(what, need, backend);
}

}  // namespace

void admitHostMemory(const std::string& what, const MemoryNeed& need, Backend) { requireMemory(what, need); }

void admitReduceRun(const DemoAdmission& admit, const demos::ReduceDemoConfig& config) {
  ask(admit, "reduce n=" + std::to_string(config.n), demos::reduceDemoMemory(config), config.backend);
}

void admitMatmulRun(const DemoAdmission& admit, const demos::MatmulDemoConfig& config) {
  ask(admit,
      "matmul " + std::to_string(config.M) + "x" + std::to_string(config.K) + " times " + std::to_string(config.K) +
          "x" + std::to_string(config.N),
      demos::matmulDemoMemory(config), config.backend);
}

void admitCgRun(const DemoAdmission& admit, const cg::CgDemoConfig& config) {
  if (!config.matrixPath.empty()) return;  // its size line is read in the run
  const long long rows = static_cast<long long>(config.poissonN) * config.poissonN;
  ask(admit, "CG on poisson2D n=" + std::to_string(config.poissonN) + " (" + std::to_string(rows) + " rows)",
      cg::cgDemoMemory(rows, cg::poisson2DNonzeros(config.poissonN), config), config.backend);
}

cg::CgDemoReport runAdmittedCgDemo(const cg::CgDemoConfig& config, const cg::CgGpuSolverFn& gpu,
                                   const DemoAdmission& admit) {
  if (config.matrixPath.empty()) return cg::runCgDemo(config, gpu);
  cg::MatrixMarketOptions options;
  // Before the reader allocates: the whole solve must fit, not only the matrix.
  options.checkSize = [&](const cg::MatrixMarketSize& size) {
    ask(admit, "CG on a " + std::to_string(size.rows) + " x " + std::to_string(size.cols) + " matrix",
        cg::cgDemoMemory(size.rows, size.nonzeros, config), config.backend);
  };
  return cg::runCgDemo(cg::readMatrixMarket(config.matrixPath, options),
                       std::filesystem::path(config.matrixPath).filename().string(), config, gpu);
}

}  // namespace kc
