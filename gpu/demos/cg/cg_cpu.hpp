#pragma once
// The CPU reference CG (plain, single-threaded): the algorithm of the thesis (figure 4.6) step by
// step, in the same order and with the same scalar arithmetic as the GPU solvers:
//   x0 = 0, r0 = b, z0 = M^-1 r0, d0 = z0, rho0 = r0.z0
//   q = A d;  dq = d.q  (<= 0 or NaN: not positive definite);  alpha = rho / dq
//   x += alpha d;  r -= alpha q  (every refreshEvery-th iteration instead r = b - A x)
//   z = M^-1 r;  stop when ||r|| <= tol ||r0||;  beta = r.z / rho;  d = z + beta d
// Vectors are held in T; dot products are accumulated and the scalars kept in double.
#include <vector>

#include "gpu/demos/cg/cg_types.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

template <class T>
CgResult solveCgCpu(const CsrMatrix& a, const std::vector<double>& b, const CgOptions& options);

// Checks shared by every solver: square, symmetric, sizes agree, tolerance sane.
void validateCgInput(const CsrMatrix& a, const std::vector<double>& b, const CgOptions& options);

// 1 / diag(A) for Jacobi; throws nothing, returns false (status NotPositiveDefinite) when a
// diagonal entry is <= 0 or missing: an SPD matrix has a positive diagonal.
bool jacobiInverseDiagonal(const CsrMatrix& a, std::vector<double>& inverse);

// The result of a solve stopped before its first iteration because Jacobi found a diagonal
// entry <= 0: status NotPositiveDefinite, x = 0.
CgResult notPositiveDefiniteBeforeStart(const std::vector<double>& b, const CgOptions& options);

}  // namespace kc::cg
