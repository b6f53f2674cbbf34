// The cuSPARSE SpMV + cuBLAS CG baseline (see cg_gpu.cuh). Same algorithm and stopping rule as
// the fused solver; the vendor libraries do the SpMV and the vector work.
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/cg/cg_cpu.hpp"
#include "gpu/demos/cg/cg_gpu.cuh"
#include "gpu/demos/cg/cg_device.cuh"
#include "gpu/demos/cg/cg_kernels.cuh"
#include "gpu/demos/cg/cg_solve_loop.cuh"
#include "gpu/demos/cg/library_handles.cuh"

namespace kc::cg {

namespace {

template <class T>
constexpr cudaDataType_t cudaDataTypeOf() {
  return std::is_same_v<T, float> ? CUDA_R_32F : CUDA_R_64F;
}

cublasStatus_t dot(cublasHandle_t h, int n, const float* x, const float* y, float* result) {
  return cublasSdot(h, n, x, 1, y, 1, result);
}
cublasStatus_t dot(cublasHandle_t h, int n, const double* x, const double* y, double* result) {
  return cublasDdot(h, n, x, 1, y, 1, result);
}
cublasStatus_t axpy(cublasHandle_t h, int n, const float* alpha, const float* x, float* y) {
  return cublasSaxpy(h, n, alpha, x, 1, y, 1);
}
cublasStatus_t axpy(cublasHandle_t h, int n, const double* alpha, const double* x, double* y) {
  return cublasDaxpy(h, n, alpha, x, 1, y, 1);
}
cublasStatus_t scal(cublasHandle_t h, int n, const float* alpha, float* x) { return cublasSscal(h, n, alpha, x, 1); }
cublasStatus_t scal(cublasHandle_t h, int n, const double* alpha, double* x) { return cublasDscal(h, n, alpha, x, 1); }

// Device scalars for cuBLAS's device pointer mode.
template <class T>
struct Scalars {
  T dq, rr, rz, alpha, negAlpha, beta, one;
};

// One thread: the scalar steps cuBLAS cannot do. After a stop, alpha = 0 freezes x.
template <class T>
__global__ void baselineInitKernel(Scalars<T>* c, CgState* s) {
  const double rr = c->rr, rz = c->rz;
  c->one = T(1);
  s->rho = rz;
  s->rr = s->rr0 = rr;
  s->stopRr *= rr;
  if (!isfinite(rr))
    s->status = static_cast<int>(CgStatus::NumericalBreakdown);
  else if (rr <= s->stopRr)
    s->status = static_cast<int>(CgStatus::Converged);
  else if (s->maxIterations <= 0)
    s->status = static_cast<int>(CgStatus::MaxIterations);
}

template <class T>
__global__ void baselineAlphaKernel(Scalars<T>* c, CgState* s) {
  const double dq = c->dq;
  if (s->status == kCgRunning && !(dq > 0)) s->status = static_cast<int>(CgStatus::NotPositiveDefinite);
  const double alpha = s->status == kCgRunning ? s->rho / dq : 0.0;
  c->alpha = static_cast<T>(alpha);
  c->negAlpha = static_cast<T>(-alpha);
}

template <class T>
__global__ void baselineBetaKernel(Scalars<T>* c, CgState* s) {
  c->beta = T(0);
  if (s->status != kCgRunning) return;
  const double rr = c->rr, rz = c->rz;
  s->iteration += 1;
  s->rr = rr;
  if (!isfinite(rr) || !isfinite(rz))
    s->status = static_cast<int>(CgStatus::NumericalBreakdown);
  else if (rr <= s->stopRr)
    s->status = static_cast<int>(CgStatus::Converged);
  else if (s->iteration >= s->maxIterations)
    s->status = static_cast<int>(CgStatus::MaxIterations);
  else {
    c->beta = static_cast<T>(rz / s->rho);
    s->rho = rz;
  }
}

// z = r / diag(A): cuBLAS has no elementwise product, so Jacobi needs this one kernel.
template <class T>
__global__ void __launch_bounds__(device::kBlock, device::kMinBlocksPerSm) jacobiApplyKernel(const T* __restrict__ r, const T* __restrict__ invDiag,
                                                                   T* __restrict__ z, int n) {
  for (int i = blockIdx.x * device::kBlock + threadIdx.x; i < n; i += gridDim.x * device::kBlock) z[i] = r[i] * invDiag[i];
}

template <class T>
CgResult solveBaseline(const CsrMatrix& a, const std::vector<double>& b, const CgOptions& options) {
  validateCgInput(a, b, options);
  const int n = a.rows;
  const bool jacobi = options.preconditioner == Preconditioner::Jacobi;
  std::vector<double> invDiag64;
  if (jacobi && !jacobiInverseDiagonal(a, invDiag64)) return notPositiveDefiniteBeforeStart(b, options);
  constexpr cudaDataType_t type = cudaDataTypeOf<T>();

  Stream stream;
  const DeviceCsrMatrix<T> matrix(a, stream);
  const std::vector<T> bT(b.begin(), b.end()), invDiagT(invDiag64.begin(), invDiag64.end());
  DeviceBuffer<T> bDev(n), x(n), r(n), d(n), q(n), z(jacobi ? n : 0), invDiag(jacobi ? n : 0);
  bDev.uploadAsync(bT.data(), bT.size(), stream);
  if (jacobi) invDiag.uploadAsync(invDiagT.data(), invDiagT.size(), stream);
  DeviceBuffer<Scalars<T>> scalars(1);
  CgLoopState loop(options, n, stream);
  T* zPtr = jacobi ? z.data() : r.data();

  cusparseHandle_t rawSparse = nullptr;
  KC_CUSPARSE_CHECK(cusparseCreate(&rawSparse));
  const CusparseHandle sparse(rawSparse);
  KC_CUSPARSE_CHECK(cusparseSetStream(sparse, stream));
  cublasHandle_t rawBlas = nullptr;
  KC_CUBLAS_CHECK(cublasCreate(&rawBlas));
  const CublasHandle blas(rawBlas);
  KC_CUBLAS_CHECK(cublasSetStream(blas, stream));
  KC_CUBLAS_CHECK(cublasSetPointerMode(blas, CUBLAS_POINTER_MODE_DEVICE));

  const DeviceCsrView<T> av = matrix.view();
  cusparseSpMatDescr_t rawMatrix = nullptr;
  KC_CUSPARSE_CHECK(cusparseCreateCsr(&rawMatrix, n, n, static_cast<int64_t>(matrix.nnz()), const_cast<int*>(av.rowPtr),
                                      const_cast<int*>(av.colIdx), const_cast<T*>(av.values), CUSPARSE_INDEX_32I,
                                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, type));
  const CusparseMatrix spA(rawMatrix);
  auto makeVector = [&](T* data) {
    cusparseDnVecDescr_t v = nullptr;
    KC_CUSPARSE_CHECK(cusparseCreateDnVec(&v, n, data, type));
    return CusparseVector(v);
  };
  const CusparseVector vecD = makeVector(d.data()), vecQ = makeVector(q.data()), vecX = makeVector(x.data()),
                       vecR = makeVector(r.data());
  const T one = 1, zero = 0, minusOne = -1;  // cuSPARSE stays in host pointer mode
  std::size_t bufferBytes = 0;
  KC_CUSPARSE_CHECK(cusparseSpMV_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, spA, vecD, &zero, vecQ,
                                            type, CUSPARSE_SPMV_ALG_DEFAULT, &bufferBytes));
  DeviceBuffer<unsigned char> spmvBuffer(bufferBytes);
  stream.synchronize();

  Scalars<T>* c = scalars.data();
  CgState* s = loop.deviceState();
  const int elementGrid = gridFor(n, device::kBlock);
  auto precondition = [&](cudaStream_t st) {
    if (!jacobi) return;
    jacobiApplyKernel<<<elementGrid, device::kBlock, 0, st>>>(r.data(), invDiag.data(), z.data(), n);
    KC_CUDA_CHECK_LAUNCH("jacobiApplyKernel");
  };
  auto residualDots = [&](cudaStream_t) {
    KC_CUBLAS_CHECK(dot(blas, n, r.data(), r.data(), &c->rr));
    KC_CUBLAS_CHECK(dot(blas, n, r.data(), zPtr, &c->rz));
  };
  auto iteration = [&](bool refresh, cudaStream_t st) {
    KC_CUSPARSE_CHECK(cusparseSpMV(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, spA, vecD, &zero, vecQ, type,
                                   CUSPARSE_SPMV_ALG_DEFAULT, spmvBuffer.data()));
    KC_CUBLAS_CHECK(dot(blas, n, d.data(), q.data(), &c->dq));
    baselineAlphaKernel<<<1, 1, 0, st>>>(c, s);
    KC_CUDA_CHECK_LAUNCH("baselineAlphaKernel");
    KC_CUBLAS_CHECK(axpy(blas, n, &c->alpha, d.data(), x.data()));
    if (refresh) {  // r = b - A x
      KC_CUDA_CHECK(cudaMemcpyAsync(r.data(), bDev.data(), n * sizeof(T), cudaMemcpyDeviceToDevice, st));
      KC_CUSPARSE_CHECK(cusparseSpMV(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &minusOne, spA, vecX, &one, vecR, type,
                                     CUSPARSE_SPMV_ALG_DEFAULT, spmvBuffer.data()));
    } else {
      KC_CUBLAS_CHECK(axpy(blas, n, &c->negAlpha, q.data(), r.data()));
    }
    precondition(st);
    residualDots(st);
    baselineBetaKernel<<<1, 1, 0, st>>>(c, s);
    KC_CUDA_CHECK_LAUNCH("baselineBetaKernel");
    KC_CUBLAS_CHECK(scal(blas, n, &c->beta, d.data()));
    KC_CUBLAS_CHECK(axpy(blas, n, &c->one, zPtr, d.data()));
  };

  loop.start();
  KC_CUDA_CHECK(cudaMemsetAsync(x.data(), 0, x.bytes(), stream));
  KC_CUDA_CHECK(cudaMemcpyAsync(r.data(), bDev.data(), r.bytes(), cudaMemcpyDeviceToDevice, stream));
  precondition(stream);
  KC_CUDA_CHECK(cudaMemcpyAsync(d.data(), zPtr, d.bytes(), cudaMemcpyDeviceToDevice, stream));
  residualDots(stream);
  baselineInitKernel<<<1, 1, 0, stream>>>(c, s);
  KC_CUDA_CHECK_LAUNCH("baselineInitKernel");
  const int period = loop.period();
  loop.run([&](cudaStream_t st) {
    for (int k = 0; k < period; ++k) iteration(options.refreshEvery > 0 && k == period - 1, st);
  });

  std::vector<T> xHost(static_cast<std::size_t>(n));
  x.downloadAsync(xHost.data(), xHost.size(), stream);
  stream.synchronize();
  return loop.finish(a, b, std::vector<double>(xHost.begin(), xHost.end()));
}

}  // namespace

CgResult solveCgCuSparse(const CsrMatrix& a, const std::vector<double>& b, Precision precision,
                         const CgOptions& options) {
  return precision == Precision::Float ? solveBaseline<float>(a, b, options) : solveBaseline<double>(a, b, options);
}

}  // namespace kc::cg
