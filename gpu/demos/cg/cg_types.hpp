#pragma once
// What every CG solver of the demo (CPU reference, fused CUDA kernels, cuSPARSE+cuBLAS baseline)
// takes and returns, so their rows compare one to one. (Included by .cu files: C++17 only.)
#include <cstdint>
#include <string>
#include <vector>

namespace kc::cg {

enum class Precision { Float, Double };
enum class Preconditioner { None, Jacobi };

enum class CgStatus {
  Converged,             // ||r|| <= tol ||r0||
  MaxIterations,         // stopped at maxIterations without converging
  NotPositiveDefinite,   // d^T A d <= 0 (or NaN), or a non-positive diagonal under Jacobi
  NumericalBreakdown,    // the residual became NaN / Inf
};
const char* toString(CgStatus status) noexcept;

struct CgOptions {
  double tolerance = 1e-6;   // relative: stop at ||r_k|| <= tolerance * ||r_0||
  long long maxIterations = 0;  // 0: defaultMaxIterations(n)
  // r = b - A x is recomputed explicitly every `refreshEvery` iterations (0: never). The
  // recurrence r -= alpha q drifts from the true residual in finite precision; NOS2 stalls
  // without the refresh.
  int refreshEvery = 50;
  Preconditioner preconditioner = Preconditioner::None;
  bool keepSolution = true;
};

// Enough for every matrix of the study (BCSSTK13 unpreconditioned needs ~416k iterations).
inline long long defaultMaxIterations(long long n) { return n * 10 > 1000000 ? n * 10 : 1000000; }

struct CgSample {
  long long iteration;
  double residualNorm;  // ||r_k||_2 as the solver sees it (recurrence or refreshed)
};

struct CgResult {
  CgStatus status = CgStatus::MaxIterations;
  long long iterations = 0;
  double initialResidualNorm = 0;   // ||r_0|| = ||b|| (x0 = 0)
  double finalRelativeResidual = 0; // ||b - A x|| / ||b|| recomputed from the final x in double
  double totalMs = 0;               // solve only: uploads and the final download excluded
  double msPerIteration = 0;
  std::vector<CgSample> history;    // at least every 50 iterations, plus the first and the last
  std::vector<double> solution;     // empty unless options.keepSolution
  bool converged() const noexcept { return status == CgStatus::Converged; }
};

}  // namespace kc::cg
