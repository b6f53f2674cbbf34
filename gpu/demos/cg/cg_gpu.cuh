#pragma once
// CG on the GPU with fused kernels, and the cuSPARSE SpMV + cuBLAS baseline it is measured
// against. Same algorithm, same stopping rule and the same result struct as solveCgCpu.
#include <vector>

#include "gpu/demos/cg/cg_types.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

enum class SpmvVariant {
  ScalarCsr,  // one row per thread (figure 5.5)
  VectorCsr,  // a group of vectorCsrLanes(mean row length) threads per row, up to a warp
};

// Three launches per iteration (four on refresh iterations), no host synchronisation inside:
//   1. q = A d and d.q; the last block computes alpha (or flags "not positive definite")
//   2. x += alpha d, r -= alpha q, z = M^-1 r, r.r and r.z; the last block decides convergence
//      and computes beta     (refresh iterations: x += alpha d, then r = b - A x fused with the rest)
//   3. d = z + beta d
// alpha, beta, rho and the status live in device memory; once the status leaves "running" every
// kernel returns at once, so x stays at the converged iterate and the iteration count is exact.
// The host replays a CUDA graph of one refresh period (50 iterations) and reads the status once
// per period, one period behind (asynchronous copy), so the GPU never waits for the host.
CgResult solveCgCuda(const CsrMatrix& a, const std::vector<double>& b, Precision precision, SpmvVariant variant,
                     const CgOptions& options);

// The library baseline: cusparseSpMV (CSR descriptors) for q = A d, cuBLAS dot / axpy / scal
// for the vector steps (device pointer mode, so no host round trip per dot), two one-thread
// kernels for the scalar divisions, and Jacobi's z = r / diag(A) as a small elementwise kernel
// (cuBLAS has none). Status read every refresh period with a synchronisation.
CgResult solveCgCuSparse(const CsrMatrix& a, const std::vector<double>& b, Precision precision,
                         const CgOptions& options);

}  // namespace kc::cg
