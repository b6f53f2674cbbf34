#pragma once
// The cuSPARSE SpMV + cuBLAS CG iteration, in one place for its two users: the demo's library
// baseline (solveCgCuSparse, cg_gpu.cuh) and the bench's "cuSPARSE SpMV" and "cuSPARSE+cuBLAS CG
// iteration" rows (gpu/bench/cg_rows.cu), so the bench times exactly what the demo runs.
#include <cuda_runtime.h>

#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/library_handles.cuh"
#include "gpu/demos/cg/cg_kernels.cuh"
#include "gpu/demos/cg/cg_solve_loop.cuh"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

// Device scalars for cuBLAS's device pointer mode: no host round trip per dot.
template <class T>
struct LibraryCgScalars {
  T dq, rr, rz, alpha, negAlpha, beta, one;
};

// A, b, x, r, d (the direction), q = A d and z = M^-1 r in device memory; cusparseSpMV for the
// products, cuBLAS dot / axpy / scal for the vectors, and one-thread kernels for the divisions and
// the stopping rule, which they write into `state` (CgLoopState's) as the fused solver does: after
// a stop alpha = 0 freezes x, so the iteration count is exact. Everything runs on `stream`.
template <class T>
class CuSparseCg {
 public:
  // invDiag: Jacobi's 1 / diag(A) (jacobiInverseDiagonal), or empty for no preconditioner.
  CuSparseCg(const CsrMatrix& a, const std::vector<double>& b, const std::vector<double>& invDiag, CgState* state,
             cudaStream_t stream);

  void start();                    // x = 0, r = b, z = M^-1 r, d = z, r.r and r.z; the state's first decision
  void spmv();                     // q = A d alone
  void iterate(bool refresh);      // one iteration; refresh: r = b - A x instead of r -= alpha q
  std::vector<double> solution();  // x in double (synchronises the stream)

 private:
  void precondition();
  void residualDots();

  int n_;
  bool jacobi_;
  cudaStream_t stream_;
  CgState* state_;
  DeviceCsrMatrix<T> matrix_;
  DeviceBuffer<T> b_, x_, r_, d_, q_, z_, invDiag_;
  DeviceBuffer<LibraryCgScalars<T>> scalars_;
  CusparseHandle sparse_;
  CublasHandle blas_;
  CusparseMatrix a_;
  CusparseVector vecD_, vecQ_, vecX_, vecR_;
  DeviceBuffer<unsigned char> spmvBuffer_;
};

extern template class CuSparseCg<float>;
extern template class CuSparseCg<double>;

}  // namespace kc::cg
