#pragma once
// The CG demo's one entry point for the CLI and the UI: a problem (Matrix Market file or the
// Poisson matrix), a precision, a preconditioner and the versions to compare -> one row per
// version plus the convergence histories for the chart. Plain C++: the CUDA solvers come in
// through CgGpuSolverFn (cudaCgSolvers() in cg_demo_cuda.cuh), so the CPU-only build has it too.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "gpu/core/backend.hpp"
#include "gpu/demos/cg/cg_types.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

enum class CgVersion {
  Cpu,        // solveCgCpu, single-threaded reference
  ScalarCsr,  // fused CUDA solver, one row per thread
  VectorCsr,  // fused CUDA solver, a thread group per row
  CuSparse,   // cusparseSpMV + cuBLAS baseline
};
const char* toString(CgVersion version) noexcept;

struct CgDemoConfig {
  std::string matrixPath;  // Matrix Market file; empty: poisson2D(poissonN)
  int poissonN = 0;
  Precision precision = Precision::Double;
  Preconditioner preconditioner = Preconditioner::None;
  double tolerance = 1e-6;
  long long maxIterations = 0;  // 0: defaultMaxIterations(n)
  int refreshEvery = 50;
  // Cuda or Cpu, as the caller resolved --backend (demo_report.hpp); Cpu: only CgVersion::Cpu
  // runs, whatever `versions` says.
  Backend backend = Backend::Cpu;
  std::vector<CgVersion> versions{CgVersion::ScalarCsr, CgVersion::VectorCsr, CgVersion::CuSparse};
  bool keepSolution = true;
  // Cancel (a cancelled run throws demos::Cancelled) and progress: "version i of n" before each
  // solve, then each residual sample of the running solve (iteration and ||r_k||).
  demos::DemoControl control;
};

struct CgDemoRow {
  CgVersion version;
  std::string name;
  CgStatus status;
  long long iterations;
  double msTotal;
  double msPerIteration;
  double finalResidual;      // ||b - A x|| / ||b||, recomputed in double
  double gbPerSecond;        // cgBytesPerIteration / msPerIteration
  double speedupVsCpu;       // CPU ms/iter over this ms/iter; 0 when no CPU row was run
  double speedupVsCuSparse;  // likewise against the cuSPARSE row
};

struct CgDemoReport {
  std::string problem;  // file name or "poisson2D n=..."
  int n = 0;
  std::size_t nnz = 0;
  std::vector<CgDemoRow> rows;
  std::vector<std::vector<CgSample>> histories;  // one per row, same order
  std::vector<double> solution;                  // from the first row (if keepSolution)
};

using CgGpuSolverFn =
    std::function<CgResult(CgVersion, const CsrMatrix&, const std::vector<double>& b, Precision, const CgOptions&)>;

// Bytes one CG iteration of the fused solver moves, each once: the SpMV (values, column
// indices, row offsets, x, y) and the vector kernels (9 vectors, 11 with Jacobi). The same
// count is credited to every version, so GB/s compares like time.
double cgBytesPerIteration(std::size_t n, std::size_t nnz, std::size_t valueBytes, bool jacobi);

// b = ones. Throws kc::InvalidArgument (MatrixMarketError for the file) on bad input, and when
// a GPU version is asked for without `gpu` (backend cuda); demos::Cancelled when cancelled.
CgDemoReport runCgDemo(const CgDemoConfig& config, const CgGpuSolverFn& gpu = nullptr);
// Same on a matrix already loaded (the UI keeps it between runs).
CgDemoReport runCgDemo(const CsrMatrix& a, const std::string& problem, const CgDemoConfig& config,
                       const CgGpuSolverFn& gpu = nullptr);

}  // namespace kc::cg
