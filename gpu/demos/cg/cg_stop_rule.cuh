#pragma once
// Device code only (include from .cu files): CG's stopping rule, written once for both GPU solvers
// (the fused kernels, cg_gpu.cu, and the cuSPARSE/cuBLAS baseline, cg_cusparse.cu); cg_cpu.cpp
// applies the same rule on the host. One thread calls these, once the grid's sums are known.
#include <cuda_runtime.h>

#include "gpu/demos/cg/cg_solve_loop.cuh"
#include "gpu/demos/cg/cg_types.hpp"

namespace kc::cg::device {

// After r0 and z0: rho = r0.z0, ||r0||^2 remembered, and the threshold tol^2 ||r0||^2 (the host
// stored tol^2 in stopRr). Stops at once on a NaN/Inf residual, an r0 already small enough, or no
// iterations allowed.
__device__ __forceinline__ void startIterations(CgState* s, double rr, double rz) {
  s->rho = rz;
  s->rr = s->rr0 = rr;
  s->stopRr *= rr;
  if (!isfinite(rr)) s->status = static_cast<int>(CgStatus::NumericalBreakdown);
  else if (rr <= s->stopRr) s->status = static_cast<int>(CgStatus::Converged);
  else if (s->maxIterations <= 0) s->status = static_cast<int>(CgStatus::MaxIterations);
}

// After r and z of iteration k+1: counts the iteration, then stops (NaN/Inf, converged, out of
// iterations) or sets beta = rz / rho and rho = rz for the next direction. True while running.
__device__ __forceinline__ bool finishIteration(CgState* s, double rr, double rz) {
  s->iteration += 1;
  s->rr = rr;
  if (!isfinite(rr) || !isfinite(rz)) s->status = static_cast<int>(CgStatus::NumericalBreakdown);
  else if (rr <= s->stopRr) s->status = static_cast<int>(CgStatus::Converged);
  else if (s->iteration >= s->maxIterations) s->status = static_cast<int>(CgStatus::MaxIterations);
  else {
    s->beta = rz / s->rho;
    s->rho = rz;
    return true;
  }
  return false;
}

}  // namespace kc::cg::device
