// CG rows: one conjugate-gradient iteration (SpMV, two dots, three vector updates) on BCSSTK17
// (n = 10974, 428650 non-zeros after expanding the symmetric file: fits in L2) and on the 2D
// Poisson matrix with 2048^2 unknowns (~250 MB moved: DRAM-bound). Baseline: cuSPARSE SpMV plus
// cuBLAS dot/axpy/scal with device-side scalars (no host round trip). fp32.
// Bytes counted as in PERF-ANCHORS.md: SpMV = values + column indices + row offsets + x read +
// y written; the iteration adds 7 vector passes of n floats.
// kernelcam's own rows run the demo's fused solver (gpu/demos/cg/cg_gpu.cuh: three launches per
// iteration, CUDA-graph replays of 50-iteration periods) for a fixed number of iterations with
// tolerance 0, and report its event-timed ms per iteration; their baseline is the
// cuSPARSE+cuBLAS iteration. The fused time includes the residual refresh every 50 iterations
// (one extra SpMV per period), which the library row does not do: a 2% handicap at most.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/library_handles.cuh"
#include "gpu/demos/cg/cg_gpu.cuh"
#include "gpu/demos/cg/csr_matrix.hpp"
#include "gpu/demos/cg/matrix_market.hpp"

namespace kc::bench {

namespace {

// Device-side scalars of one iteration, so that nothing waits for the host.
struct CgScalars {
  float rr, pq, alpha, minusAlpha, rrNew, beta, one;
};

__global__ void initScalars(CgScalars* s, float rr) {
  s->rr = rr;
  s->one = 1.f;
}
__global__ void computeAlpha(CgScalars* s) {
  s->alpha = s->rr / s->pq;
  s->minusAlpha = -s->alpha;
}
__global__ void computeBeta(CgScalars* s) {
  s->beta = s->rrNew / s->rr;
  s->rr = s->rrNew;
}

using cg::CsrMatrix;

class CsrDescriptor {
 public:
  CsrDescriptor(const CsrMatrix& m, int* offsets, int* columns, float* values) {
    KC_CUSPARSE_CHECK(cusparseCreateCsr(&desc_, m.rows, m.cols, static_cast<std::int64_t>(m.nnz()), offsets,
                                        columns, values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                        CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  }
  ~CsrDescriptor() { (void)cusparseDestroySpMat(desc_); }
  CsrDescriptor(const CsrDescriptor&) = delete;
  CsrDescriptor& operator=(const CsrDescriptor&) = delete;
  operator cusparseSpMatDescr_t() const { return desc_; }

 private:
  cusparseSpMatDescr_t desc_ = nullptr;
};

class VectorDescriptor {
 public:
  VectorDescriptor(int n, float* data) { KC_CUSPARSE_CHECK(cusparseCreateDnVec(&desc_, n, data, CUDA_R_32F)); }
  ~VectorDescriptor() { (void)cusparseDestroyDnVec(desc_); }
  VectorDescriptor(const VectorDescriptor&) = delete;
  VectorDescriptor& operator=(const VectorDescriptor&) = delete;
  operator cusparseDnVecDescr_t() const { return desc_; }

 private:
  cusparseDnVecDescr_t desc_ = nullptr;
};

template <class T>
DeviceBuffer<T> upload(const std::vector<T>& host) {
  DeviceBuffer<T> device(host.size());
  KC_CUDA_CHECK(cudaMemcpy(device.data(), host.data(), device.bytes(), cudaMemcpyHostToDevice));
  return device;
}

// Bytes of one SpMV as PERF-ANCHORS.md counts them (fp32 values, 32-bit indices).
double spmvTrafficBytes(const CsrMatrix& m) {
  return static_cast<double>(m.nnz()) * 8.0 + (m.rows + 1) * 4.0 + 2.0 * m.rows * 4.0;
}

// Adds the cuSPARSE rows and returns the CG iteration row's ms (the fused solver's baseline).
double measureLibraryCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  const int n = m.rows;
  auto offsets = upload(m.rowPtr);
  auto columns = upload(m.colIdx);
  auto values = upload(std::vector<float>(m.values.begin(), m.values.end()));
  const std::vector<float> ones(n, 1.f), zeros(n, 0.f);
  auto x = upload(zeros);
  auto r = upload(ones);  // b = 1, x0 = 0: r0 = p0 = b
  auto p = upload(ones);
  auto q = upload(zeros);
  DeviceBuffer<CgScalars> scalars(1);
  initScalars<<<1, 1, 0, ctx.stream()>>>(scalars.data(), static_cast<float>(n));
  KC_CUDA_CHECK_LAUNCH("initScalars");
  CgScalars* sc = scalars.data();

  CusparseHandle cusparse;
  CublasHandle cublas;
  KC_CUBLAS_CHECK(cublasSetPointerMode(cublas, CUBLAS_POINTER_MODE_DEVICE));
  CsrDescriptor a(m, offsets.data(), columns.data(), values.data());
  VectorDescriptor pVec(n, p.data()), qVec(n, q.data());
  const float alphaOne = 1.f, betaZero = 0.f;  // cuSPARSE in host pointer mode
  std::size_t spmvBytes = 0;
  KC_CUSPARSE_CHECK(cusparseSpMV_bufferSize(cusparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &alphaOne, a, pVec, &betaZero,
                                            qVec, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &spmvBytes));
  DeviceBuffer<unsigned char> spmvScratch(spmvBytes > 0 ? spmvBytes : 1);

  auto spmv = [&](cudaStream_t s) {
    KC_CUSPARSE_CHECK(cusparseSetStream(cusparse, s));
    KC_CUSPARSE_CHECK(cusparseSpMV(cusparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &alphaOne, a, pVec, &betaZero, qVec,
                                   CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, spmvScratch.data()));
  };
  const double spmvTraffic = spmvTrafficBytes(m);
  BenchRow spmvRow = makeRow("cuSPARSE SpMV " + label + " f32", "cg", ctx.time([&](cudaStream_t s, int) { spmv(s); }),
                             spmvTraffic);
  spmvRow.isBaseline = true;
  ctx.add(std::move(spmvRow));

  auto iteration = [&](cudaStream_t s) {
    spmv(s);  // q = A p
    KC_CUBLAS_CHECK(cublasSetStream(cublas, s));
    KC_CUBLAS_CHECK(cublasSdot(cublas, n, p.data(), 1, q.data(), 1, &sc->pq));
    computeAlpha<<<1, 1, 0, s>>>(sc);
    KC_CUDA_CHECK_LAUNCH("computeAlpha");
    KC_CUBLAS_CHECK(cublasSaxpy(cublas, n, &sc->alpha, p.data(), 1, x.data(), 1));       // x += alpha p
    KC_CUBLAS_CHECK(cublasSaxpy(cublas, n, &sc->minusAlpha, q.data(), 1, r.data(), 1));  // r -= alpha q
    KC_CUBLAS_CHECK(cublasSdot(cublas, n, r.data(), 1, r.data(), 1, &sc->rrNew));
    computeBeta<<<1, 1, 0, s>>>(sc);
    KC_CUDA_CHECK_LAUNCH("computeBeta");
    KC_CUBLAS_CHECK(cublasSscal(cublas, n, &sc->beta, p.data(), 1));                   // p = beta p
    KC_CUBLAS_CHECK(cublasSaxpy(cublas, n, &sc->one, r.data(), 1, p.data(), 1));       //   + r
  };
  BenchRow cgRow = makeRow("cuSPARSE+cuBLAS CG iteration " + label + " f32", "cg",
                           ctx.time([&](cudaStream_t s, int) { iteration(s); }), spmvTraffic + 7.0 * n * 4.0);
  cgRow.isBaseline = true;
  cgRow.note = std::to_string(n) + " unknowns, " + std::to_string(m.nnz()) + " non-zeros";
  const double ms = cgRow.ms;
  ctx.add(std::move(cgRow));
  return ms;
}

// The demo's fused solver, both SpMV variants: median ms per iteration of three solves of
// `iterations` iterations each (tolerance 0, so none stops early).
void measureFusedCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label, double libraryMs) {
  const long long iterations = 1000;
  cg::CgOptions options;
  options.tolerance = 0.0;
  options.maxIterations = iterations;
  options.keepSolution = false;
  const std::vector<double> b(static_cast<std::size_t>(m.rows), 1.0);
  for (auto [variant, variantName] : {std::pair{cg::SpmvVariant::ScalarCsr, "scalar CSR"},
                                      std::pair{cg::SpmvVariant::VectorCsr, "vector CSR"}}) {
    std::vector<double> msPerIteration;
    for (int run = 0; run < 3; ++run)
      msPerIteration.push_back(cg::solveCgCuda(m, b, cg::Precision::Float, variant, options).msPerIteration);
    std::sort(msPerIteration.begin(), msPerIteration.end());
    BenchRow row = makeRow(std::string("CG iteration ") + label + " f32 (fused, " + variantName + ")", "cg",
                           msPerIteration[1], spmvTrafficBytes(m) + 7.0 * m.rows * 4.0);
    row.baselineName = "cuSPARSE+cuBLAS CG iteration " + label + " f32";
    row.baselineMs = libraryMs;
    row.note = "median of 3 solves of " + std::to_string(iterations) + " iterations, refresh every 50";
    ctx.add(std::move(row));
  }
}

void measureCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  const double libraryMs = measureLibraryCg(ctx, m, label);
  measureFusedCg(ctx, m, label, libraryMs);
}

}  // namespace

void runCgRows(BenchContext& ctx) {
  const std::filesystem::path path = ctx.options().matrixDir + "/bcsstk17.mtx";
  try {
    measureCg(ctx, cg::readMatrixMarket(path), "bcsstk17");
  } catch (const Error& e) {
    std::fprintf(stderr, "bench: skipping the bcsstk17 CG rows: %s\n", e.what());
  }
  measureCg(ctx, cg::poisson2D(2048), "poisson2d 2048^2");
}

}  // namespace kc::bench
