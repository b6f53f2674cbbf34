// The cuSPARSE SpMV + cuBLAS CG baseline (see cg_gpu.cuh and cusparse_cg.cuh). Same algorithm and
// stopping rule as the fused solver; the vendor libraries do the SpMV and the vector work.
#include <vector>

#include "gpu/core/stream.cuh"
#include "gpu/demos/cg/cg_cpu.hpp"
#include "gpu/demos/cg/cg_device.cuh"
#include "gpu/demos/cg/cg_gpu.cuh"
#include "gpu/demos/cg/cg_stop_rule.cuh"
#include "gpu/demos/cg/cusparse_cg.cuh"

namespace kc::cg {

namespace {

template <class T>
constexpr cudaDataType_t cudaDataTypeOf() {
  return std::is_same_v<T, float> ? CUDA_R_32F : CUDA_R_64F;
}

cublasStatus_t dot(cublasHandle_t h, int n, const float* x, const float* y, float* result) {
  return cublasApi().cublasSdot(h, n, x, 1, y, 1, result);
}
cublasStatus_t dot(cublasHandle_t h, int n, const double* x, const double* y, double* result) {
  return cublasApi().cublasDdot(h, n, x, 1, y, 1, result);
}
cublasStatus_t axpy(cublasHandle_t h, int n, const float* alpha, const float* x, float* y) {
  return cublasApi().cublasSaxpy(h, n, alpha, x, 1, y, 1);
}
cublasStatus_t axpy(cublasHandle_t h, int n, const double* alpha, const double* x, double* y) {
  return cublasApi().cublasDaxpy(h, n, alpha, x, 1, y, 1);
}
cublasStatus_t scal(cublasHandle_t h, int n, const float* alpha, float* x) {
  return cublasApi().cublasSscal(h, n, alpha, x, 1);
}
cublasStatus_t scal(cublasHandle_t h, int n, const double* alpha, double* x) {
  return cublasApi().cublasDscal(h, n, alpha, x, 1);
}

// r.z; without a preconditioner z is r, so r.r serves and the second dot is not computed.
template <class T>
__device__ double residualDotZ(const LibraryCgScalars<T>* c, bool jacobi) {
  return jacobi ? c->rz : c->rr;
}

// One thread: the scalar steps cuBLAS cannot do. After a stop, alpha = 0 freezes x.
template <class T>
__global__ void baselineInitKernel(LibraryCgScalars<T>* c, CgState* s, bool jacobi) {
  const double rr = c->rr, rz = residualDotZ(c, jacobi);
  c->one = T(1);
  device::startIterations(s, rr, rz);
}

template <class T>
__global__ void baselineAlphaKernel(LibraryCgScalars<T>* c, CgState* s) {
  const double dq = c->dq;
  if (s->status == kCgRunning && !(dq > 0)) s->status = static_cast<int>(CgStatus::NotPositiveDefinite);
  const double alpha = s->status == kCgRunning ? s->rho / dq : 0.0;
  c->alpha = static_cast<T>(alpha);
  c->negAlpha = static_cast<T>(-alpha);
}

template <class T>
__global__ void baselineBetaKernel(LibraryCgScalars<T>* c, CgState* s, bool jacobi) {
  c->beta = T(0);
  if (s->status != kCgRunning) return;
  if (device::finishIteration(s, c->rr, residualDotZ(c, jacobi))) c->beta = static_cast<T>(s->beta);
}

// z = r / diag(A): cuBLAS has no elementwise product, so Jacobi needs this one kernel.
template <class T>
__global__ void __launch_bounds__(device::kBlock, device::kMinBlocksPerSm)
    jacobiApplyKernel(const T* __restrict__ r, const T* __restrict__ invDiag, T* __restrict__ z, int n) {
  for (int i = blockIdx.x * device::kBlock + threadIdx.x; i < n; i += gridDim.x * device::kBlock)
    z[i] = r[i] * invDiag[i];
}

template <class T>
CusparseVector denseVector(int n, T* data) {
  cusparseDnVecDescr_t v = nullptr;
  KC_CUSPARSE_CHECK(cusparseApi().cusparseCreateDnVec(&v, n, data, cudaDataTypeOf<T>()));
  return CusparseVector(v);
}

template <class T>
CusparseMatrix csrDescriptor(const DeviceCsrMatrix<T>& matrix) {
  const DeviceCsrView<T> av = matrix.view();
  cusparseSpMatDescr_t descriptor = nullptr;
  KC_CUSPARSE_CHECK(cusparseApi().cusparseCreateCsr(&descriptor, av.rows, av.cols, static_cast<int64_t>(matrix.nnz()),
                                                    const_cast<int*>(av.rowPtr), const_cast<int*>(av.colIdx),
                                                    const_cast<T*>(av.values), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                                    CUSPARSE_INDEX_BASE_ZERO, cudaDataTypeOf<T>()));
  return CusparseMatrix(descriptor);
}

template <class T>
void upload(DeviceBuffer<T>& device, const std::vector<double>& host, cudaStream_t stream) {
  const std::vector<T> converted(host.begin(), host.end());
  device.uploadAsync(converted.data(), converted.size(), stream);  // pageable: staged before it returns
}

// cuSPARSE stays in host pointer mode: its alpha and beta are these constants.
template <class T>
struct SpmvConstants {
  static constexpr T one = 1, zero = 0, minusOne = -1;
};

template <class T>
std::size_t spmvBufferBytes(cusparseHandle_t sparse, cusparseSpMatDescr_t a, cusparseDnVecDescr_t x,
                            cusparseDnVecDescr_t y) {
  std::size_t bytes = 0;
  KC_CUSPARSE_CHECK(cusparseApi().cusparseSpMV_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                                          &SpmvConstants<T>::one, a, x, &SpmvConstants<T>::zero, y,
                                                          cudaDataTypeOf<T>(), CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
  return bytes;
}

}  // namespace

template <class T>
CuSparseCg<T>::CuSparseCg(const CsrMatrix& a, const std::vector<double>& b, const std::vector<double>& invDiag,
                          CgState* state, cudaStream_t stream)
    : n_(a.rows),
      jacobi_(!invDiag.empty()),
      stream_(stream),
      state_(state),
      matrix_(a, stream),
      b_(n_),
      x_(n_),
      r_(n_),
      d_(n_),
      q_(n_),
      z_(jacobi_ ? n_ : 0),
      invDiag_(jacobi_ ? n_ : 0),
      scalars_(1),
      a_(csrDescriptor(matrix_)),
      vecD_(denseVector(n_, d_.data())),
      vecQ_(denseVector(n_, q_.data())),
      vecX_(denseVector(n_, x_.data())),
      vecR_(denseVector(n_, r_.data())),
      spmvBuffer_(spmvBufferBytes<T>(sparse_, a_, vecD_, vecQ_)) {
  upload(b_, b, stream_);
  if (jacobi_) upload(invDiag_, invDiag, stream_);
  KC_CUSPARSE_CHECK(cusparseApi().cusparseSetStream(sparse_, stream_));
  KC_CUBLAS_CHECK(cublasApi().cublasSetStream(blas_, stream_));
  KC_CUBLAS_CHECK(cublasApi().cublasSetPointerMode(blas_, CUBLAS_POINTER_MODE_DEVICE));
  KC_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

template <class T>
void CuSparseCg<T>::precondition() {
  if (!jacobi_) return;
  jacobiApplyKernel<<<gridFor(n_, device::kBlock), device::kBlock, 0, stream_>>>(r_.data(), invDiag_.data(), z_.data(),
                                                                                 n_);
  KC_CUDA_CHECK_LAUNCH("jacobiApplyKernel");
}

template <class T>
void CuSparseCg<T>::residualDots() {
  LibraryCgScalars<T>* c = scalars_.data();
  KC_CUBLAS_CHECK(dot(blas_, n_, r_.data(), r_.data(), &c->rr));
  if (jacobi_) KC_CUBLAS_CHECK(dot(blas_, n_, r_.data(), z_.data(), &c->rz));
}

template <class T>
void CuSparseCg<T>::start() {
  const T* z = jacobi_ ? z_.data() : r_.data();
  KC_CUDA_CHECK(cudaMemsetAsync(x_.data(), 0, x_.bytes(), stream_));
  KC_CUDA_CHECK(cudaMemcpyAsync(r_.data(), b_.data(), r_.bytes(), cudaMemcpyDeviceToDevice, stream_));
  precondition();
  KC_CUDA_CHECK(cudaMemcpyAsync(d_.data(), z, d_.bytes(), cudaMemcpyDeviceToDevice, stream_));
  residualDots();
  baselineInitKernel<<<1, 1, 0, stream_>>>(scalars_.data(), state_, jacobi_);
  KC_CUDA_CHECK_LAUNCH("baselineInitKernel");
}

template <class T>
void CuSparseCg<T>::spmv() {
  KC_CUSPARSE_CHECK(cusparseApi().cusparseSpMV(sparse_, CUSPARSE_OPERATION_NON_TRANSPOSE, &SpmvConstants<T>::one, a_,
                                               vecD_, &SpmvConstants<T>::zero, vecQ_, cudaDataTypeOf<T>(),
                                               CUSPARSE_SPMV_ALG_DEFAULT, spmvBuffer_.data()));
}

template <class T>
void CuSparseCg<T>::iterate(bool refresh) {
  LibraryCgScalars<T>* c = scalars_.data();
  spmv();  // q = A d
  KC_CUBLAS_CHECK(dot(blas_, n_, d_.data(), q_.data(), &c->dq));
  baselineAlphaKernel<<<1, 1, 0, stream_>>>(c, state_);
  KC_CUDA_CHECK_LAUNCH("baselineAlphaKernel");
  KC_CUBLAS_CHECK(axpy(blas_, n_, &c->alpha, d_.data(), x_.data()));
  if (refresh) {  // r = b - A x
    KC_CUDA_CHECK(cudaMemcpyAsync(r_.data(), b_.data(), r_.bytes(), cudaMemcpyDeviceToDevice, stream_));
    KC_CUSPARSE_CHECK(cusparseApi().cusparseSpMV(sparse_, CUSPARSE_OPERATION_NON_TRANSPOSE, &SpmvConstants<T>::minusOne,
                                                 a_, vecX_, &SpmvConstants<T>::one, vecR_, cudaDataTypeOf<T>(),
                                                 CUSPARSE_SPMV_ALG_DEFAULT, spmvBuffer_.data()));
  } else {
    KC_CUBLAS_CHECK(axpy(blas_, n_, &c->negAlpha, q_.data(), r_.data()));
  }
  precondition();
  residualDots();
  baselineBetaKernel<<<1, 1, 0, stream_>>>(c, state_, jacobi_);
  KC_CUDA_CHECK_LAUNCH("baselineBetaKernel");
  KC_CUBLAS_CHECK(scal(blas_, n_, &c->beta, d_.data()));
  KC_CUBLAS_CHECK(axpy(blas_, n_, &c->one, jacobi_ ? z_.data() : r_.data(), d_.data()));
}

template <class T>
std::vector<double> CuSparseCg<T>::solution() {
  std::vector<T> host(static_cast<std::size_t>(n_));
  x_.downloadAsync(host.data(), host.size(), stream_);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream_));
  return std::vector<double>(host.begin(), host.end());
}

template class CuSparseCg<float>;
template class CuSparseCg<double>;

namespace {

template <class T>
CgResult solveBaseline(const CsrMatrix& a, const std::vector<double>& b, const CgOptions& options) {
  validateCgInput(a, b, options);
  std::vector<double> invDiag;
  if (options.preconditioner == Preconditioner::Jacobi && !jacobiInverseDiagonal(a, invDiag))
    return notPositiveDefiniteBeforeStart(b, options);

  Stream stream;
  CgLoopState loop(options, a.rows, stream);
  CuSparseCg<T> solver(a, b, invDiag, loop.deviceState(), stream);
  loop.start();
  solver.start();
  const int period = loop.period();
  loop.run([&](cudaStream_t) {
    for (int k = 0; k < period; ++k) solver.iterate(options.refreshEvery > 0 && k == period - 1);
  });
  return loop.finish(a, b, solver.solution());
}

}  // namespace

CgResult solveCgCuSparse(const CsrMatrix& a, const std::vector<double>& b, Precision precision,
                         const CgOptions& options) {
  return precision == Precision::Float ? solveBaseline<float>(a, b, options) : solveBaseline<double>(a, b, options);
}

}  // namespace kc::cg
