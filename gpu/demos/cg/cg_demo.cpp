#include "gpu/demos/cg/cg_demo.hpp"

#include <filesystem>

#include "gpu/core/error.hpp"
#include "gpu/demos/cg/cg_cpu.hpp"
#include "gpu/demos/cg/matrix_market.hpp"
#include "gpu/demos/demo_report.hpp"

namespace kc::cg {

const char* toString(CgVersion version) noexcept {
  switch (version) {
    case CgVersion::Cpu:
      return "CPU reference";
    case CgVersion::ScalarCsr:
      return "CUDA scalar CSR";
    case CgVersion::VectorCsr:
      return "CUDA vector CSR";
    case CgVersion::CuSparse:
      return "cuSPARSE + cuBLAS";
  }
  return "unknown";
}

double cgBytesPerIteration(std::size_t n, std::size_t nnz, std::size_t valueBytes, bool jacobi) {
  const double spmv = static_cast<double>(nnz) * (valueBytes + sizeof(int)) + static_cast<double>(n + 1) * sizeof(int) +
                      2.0 * static_cast<double>(n) * valueBytes;
  const double vectors = (jacobi ? 11.0 : 9.0) * static_cast<double>(n) * valueBytes;
  return spmv + vectors;
}

CgDemoReport runCgDemo(const CsrMatrix& a, const std::string& problem, const CgDemoConfig& config,
                       const CgGpuSolverFn& gpu) {
  std::vector<CgVersion> versions = config.versions;
  if (!demos::demoRunsOnGpu(config.backend, gpu != nullptr, "CG demo")) versions = {CgVersion::Cpu};
  KC_REQUIRE(!versions.empty(), "CG demo: no version to run");

  CgOptions options;
  options.tolerance = config.tolerance;
  options.maxIterations = config.maxIterations;
  options.refreshEvery = config.refreshEvery;
  options.preconditioner = config.preconditioner;
  options.keepSolution = config.keepSolution;
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);

  CgDemoReport report;
  report.problem = problem;
  report.n = a.rows;
  report.nnz = a.nnz();
  const std::size_t valueBytes = config.precision == Precision::Float ? sizeof(float) : sizeof(double);
  const double bytes = cgBytesPerIteration(a.nnz() > 0 ? static_cast<std::size_t>(a.rows) : 0, a.nnz(), valueBytes,
                                           config.preconditioner == Preconditioner::Jacobi);
  const demos::DemoControl control = config.control.counting(static_cast<int>(versions.size()));
  options.cancel = control.cancel;
  for (CgVersion v : versions) {
    const int index = static_cast<int>(report.rows.size()) + 1;
    control.beginVersion(index, toString(v));
    if (control.progress)
      options.onSample = [&control, index, v](const CgSample& sample) {
        demos::DemoProgress progress{index, 0, toString(v), sample.iteration, sample.residualNorm};
        control.progress(progress);
      };
    CgResult r;
    if (v == CgVersion::Cpu)
      r = config.precision == Precision::Float ? solveCgCpu<float>(a, b, options) : solveCgCpu<double>(a, b, options);
    else r = gpu(v, a, b, config.precision, options);
    if (r.status == CgStatus::Cancelled) throw demos::Cancelled();
    CgDemoRow row{v,
                  toString(v),
                  r.status,
                  r.iterations,
                  r.totalMs,
                  r.msPerIteration,
                  r.finalRelativeResidual,
                  r.msPerIteration > 0 ? bytes / (r.msPerIteration * 1e6) : 0.0,
                  0.0,
                  0.0};
    report.rows.push_back(row);
    report.histories.push_back(std::move(r.history));
    if (report.solution.empty()) report.solution = std::move(r.solution);
  }
  auto msOf = [&](CgVersion v) {
    for (const auto& row : report.rows)
      if (row.version == v) return row.msPerIteration;
    return 0.0;
  };
  const double cpuMs = msOf(CgVersion::Cpu), cusparseMs = msOf(CgVersion::CuSparse);
  for (auto& row : report.rows) {
    if (row.msPerIteration <= 0) continue;
    row.speedupVsCpu = cpuMs > 0 ? cpuMs / row.msPerIteration : 0.0;
    row.speedupVsCuSparse = cusparseMs > 0 ? cusparseMs / row.msPerIteration : 0.0;
  }
  return report;
}

CgDemoReport runCgDemo(const CgDemoConfig& config, const CgGpuSolverFn& gpu) {
  if (!config.matrixPath.empty())
    return runCgDemo(readMatrixMarket(config.matrixPath), std::filesystem::path(config.matrixPath).filename().string(),
                     config, gpu);
  KC_REQUIRE(config.poissonN > 0, "CG demo: give a matrix path or a Poisson grid size n > 0");
  return runCgDemo(poisson2D(config.poissonN), "poisson2D n=" + std::to_string(config.poissonN), config, gpu);
}

}  // namespace kc::cg
