#pragma once
// What every CG solver of the demo (CPU reference, fused CUDA kernels, cuSPARSE+cuBLAS baseline)
// takes and returns, so their rows compare one to one. (Included by .cu files: C++17 only.)
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gpu/demos/demo_control.hpp"

namespace kc::cg {

enum class Precision { Float, Double };
enum class Preconditioner { None, Jacobi };

enum class CgStatus {
  Converged,            // ||r|| <= tol ||r0||
  MaxIterations,        // stopped at maxIterations without converging
  NotPositiveDefinite,  // d^T A d <= 0 (or NaN), or a non-positive diagonal under Jacobi
  NumericalBreakdown,   // the residual became NaN / Inf
  Cancelled,            // options.cancel was set: stopped between iterations (CPU) or periods (GPU)
};
const char* toString(CgStatus status) noexcept;

struct CgSample {
  long long iteration;
  double residualNorm;  // ||r_k||_2 as the solver sees it (recurrence or refreshed)
};

struct CgOptions {
  double tolerance = 1e-6;      // relative: stop at ||r_k|| <= tolerance * ||r_0||
  long long maxIterations = 0;  // 0: defaultMaxIterations(n)
  // r = b - A x is recomputed explicitly every `refreshEvery` iterations (0: never). The
  // recurrence r -= alpha q drifts from the true residual in finite precision; NOS2 stalls
  // without the refresh.
  int refreshEvery = 50;
  Preconditioner preconditioner = Preconditioner::None;
  bool keepSolution = true;
  // Read every iteration (CPU) or every period of refreshEvery iterations (GPU, between launches).
  demos::CancelToken cancel;
  // Called on the solving thread with each history sample as it is taken (the first, about every
  // 50 iterations, the last): a live chart of the convergence.
  std::function<void(const CgSample&)> onSample;
};

// Enough for every matrix of the study (BCSSTK13 unpreconditioned needs ~416k iterations).
inline long long defaultMaxIterations(long long n) { return n * 10 > 1000000 ? n * 10 : 1000000; }

struct CgResult {
  CgStatus status = CgStatus::MaxIterations;
  long long iterations = 0;
  double initialResidualNorm = 0;    // ||r_0|| = ||b|| (x0 = 0)
  double finalRelativeResidual = 0;  // ||b - A x|| / ||b|| recomputed from the final x in double
  double totalMs = 0;                // solve only: uploads and the final download excluded
  double msPerIteration = 0;
  std::vector<CgSample> history;  // at least every 50 iterations, plus the first and the last
  std::vector<double> solution;   // empty unless options.keepSolution
  bool converged() const noexcept { return status == CgStatus::Converged; }
};

}  // namespace kc::cg
