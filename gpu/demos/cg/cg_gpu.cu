// The fused CG solver (see cg_gpu.cuh for the kernel sequence and why).
#include <cmath>
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/cg/cg_cpu.hpp"
#include "gpu/demos/cg/cg_gpu.cuh"
#include "gpu/demos/cg/cg_device.cuh"
#include "gpu/demos/cg/cg_kernels.cuh"
#include "gpu/demos/cg/cg_solve_loop.cuh"
#include "gpu/demos/cg/cg_stop_rule.cuh"
#include "gpu/core/cuda_graph.cuh"

namespace kc::cg {

using device::kBlock;
using device::kMinBlocksPerSm;

namespace {

// The vectors of one solve. Plain CG has z == r (same pointer, invDiag == nullptr), so r and z
// are never declared __restrict__.
template <class T>
struct CgVectors {
  int n;
  const T* b;
  const T* invDiag;  // Jacobi: 1 / diag(A); nullptr: no preconditioner
  T* x;
  T* r;
  T* z;
  T* d;
  T* q;
};

// r = ri and z = M^-1 ri at element i (z is r itself without a preconditioner), adding r.r and r.z.
template <class T>
__device__ __forceinline__ void storeResidual(const CgVectors<T>& v, int i, T ri, double& rr, double& rz) {
  const T zi = v.invDiag ? ri * v.invDiag[i] : ri;
  v.r[i] = ri;
  if (v.invDiag) v.z[i] = zi;
  rr += static_cast<double>(ri) * ri;
  rz += static_cast<double>(ri) * zi;
}

// The tail of every reduction kernel: each block's (a, b) into partials; true only in the block
// that arrives last, which then has the grid's sums in `total`.
__device__ __forceinline__ bool lastBlockSums(double2 mine, double2* partials, CgState* s, double2* total) {
  const double2 sum = device::blockSum2(mine);
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
  if (!device::arriveLast(&s->arrivals)) return false;
  *total = device::sumPartials(partials, gridDim.x);
  return true;
}

// Grid-stride over elements; 256 threads, gridFor(n) blocks (at most 8 per SM, resident at once).
#define KC_FOR_EACH_ELEMENT(i, n) for (int i = blockIdx.x * kBlock + threadIdx.x; i < (n); i += gridDim.x * kBlock)

// x0 = 0, r0 = b, z0 = M^-1 r0, d0 = z0; rho = r.z, ||r0||^2; decides the stopping threshold.
template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm) cgInitKernel(CgVectors<T> v, double2* partials, CgState* s) {
  double rr = 0, rz = 0;
  KC_FOR_EACH_ELEMENT(i, v.n) {
    const T bi = v.b[i];
    const T zi = v.invDiag ? bi * v.invDiag[i] : bi;
    v.x[i] = T(0);
    v.r[i] = bi;
    if (v.invDiag) v.z[i] = zi;
    v.d[i] = zi;
    rr += static_cast<double>(bi) * bi;
    rz += static_cast<double>(bi) * zi;
  }
  double2 total;
  if (!lastBlockSums(make_double2(rr, rz), partials, s, &total)) return;
  if (threadIdx.x == 0) device::startIterations(s, total.x, total.y);
}

// 1. q = A d and d.q; alpha = rho / d.q, or "not positive definite" when d.q <= 0 or NaN.
template <int LANES, class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    cgSpmvDotKernel(DeviceCsrView<T> a, const T* __restrict__ d, T* __restrict__ q, double2* partials, CgState* s) {
  if (s->status != kCgRunning) return;
  double dq = 0;
  device::forEachRow<LANES>(a.rows, [&](int row, int laneInRow) {
    const T qi = device::csrRowDot<LANES>(a, d, row, laneInRow);
    if (row < a.rows && laneInRow == 0) {
      q[row] = qi;
      dq += static_cast<double>(d[row]) * qi;
    }
  });
  double2 total;
  if (!lastBlockSums(make_double2(dq, 0.0), partials, s, &total)) return;
  if (threadIdx.x == 0) {
    if (!(total.x > 0)) s->status = static_cast<int>(CgStatus::NotPositiveDefinite);
    else s->alpha = s->rho / total.x;
  }
}

// 2. x += alpha d; r -= alpha q; z = M^-1 r; r.r and r.z -> convergence test and beta.
template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    cgUpdateKernel(CgVectors<T> v, double2* partials, CgState* s) {
  if (s->status != kCgRunning) return;
  const T alpha = static_cast<T>(s->alpha);
  double rr = 0, rz = 0;
  KC_FOR_EACH_ELEMENT(i, v.n) {
    v.x[i] += alpha * v.d[i];
    storeResidual(v, i, static_cast<T>(v.r[i] - alpha * v.q[i]), rr, rz);
  }
  double2 total;
  if (!lastBlockSums(make_double2(rr, rz), partials, s, &total)) return;
  if (threadIdx.x == 0) device::finishIteration(s, total.x, total.y);
}

// 2a (refresh iterations). x += alpha d, alone: the next kernel reads x at other rows' columns.
template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm) cgStepXKernel(CgVectors<T> v, const CgState* s) {
  if (s->status != kCgRunning) return;
  const T alpha = static_cast<T>(s->alpha);
  KC_FOR_EACH_ELEMENT(i, v.n) v.x[i] += alpha * v.d[i];
}

// 2b (refresh iterations). r = b - A x recomputed explicitly, then as kernel 2.
template <int LANES, class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    cgRefreshKernel(DeviceCsrView<T> a, CgVectors<T> v, double2* partials, CgState* s) {
  if (s->status != kCgRunning) return;
  double rr = 0, rz = 0;
  device::forEachRow<LANES>(a.rows, [&](int row, int laneInRow) {
    const T ax = device::csrRowDot<LANES>(a, v.x, row, laneInRow);
    if (row < a.rows && laneInRow == 0) storeResidual(v, row, static_cast<T>(v.b[row] - ax), rr, rz);
  });
  double2 total;
  if (!lastBlockSums(make_double2(rr, rz), partials, s, &total)) return;
  if (threadIdx.x == 0) device::finishIteration(s, total.x, total.y);
}

// 3. d = z + beta d.
template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm) cgDirectionKernel(CgVectors<T> v, const CgState* s) {
  if (s->status != kCgRunning) return;
  const T beta = static_cast<T>(s->beta);
  KC_FOR_EACH_ELEMENT(i, v.n) v.d[i] = v.z[i] + beta * v.d[i];
}

#undef KC_FOR_EACH_ELEMENT

template <class T>
CgResult solveFused(const CsrMatrix& a, const std::vector<double>& b, SpmvVariant variant, const CgOptions& options) {
  validateCgInput(a, b, options);
  const int n = a.rows;
  const bool jacobi = options.preconditioner == Preconditioner::Jacobi;
  std::vector<double> invDiag64;
  if (jacobi && !jacobiInverseDiagonal(a, invDiag64)) return notPositiveDefiniteBeforeStart(b, options);

  Stream stream;
  const DeviceCsrMatrix<T> matrix(a, stream);
  const std::vector<T> bT(b.begin(), b.end()), invDiagT(invDiag64.begin(), invDiag64.end());
  DeviceBuffer<T> bDev(n), x(n), r(n), d(n), q(n), z(jacobi ? n : 0), invDiag(jacobi ? n : 0);
  bDev.uploadAsync(bT.data(), bT.size(), stream);
  if (jacobi) invDiag.uploadAsync(invDiagT.data(), invDiagT.size(), stream);
  DeviceBuffer<double2> partials(static_cast<std::size_t>(maxGrid()));
  CgLoopState loop(options, n, stream);  // uploads the initial CgState
  stream.synchronize();

  const CgVectors<T> v{n,        bDev.data(), jacobi ? invDiag.data() : nullptr,
                       x.data(), r.data(),    jacobi ? z.data() : r.data(),
                       d.data(), q.data()};
  const DeviceCsrView<T> av = matrix.view();
  CgState* s = loop.deviceState();
  double2* p = partials.data();
  const int lanes = variant == SpmvVariant::ScalarCsr ? 1 : vectorCsrLanes(a.meanRowLength());
  const int elementGrid = gridFor(n, kBlock);

  auto enqueueIteration = [&](bool refresh, cudaStream_t st) {
    device::withLanes(lanes, [&](auto lanesTag) {
      constexpr int L = decltype(lanesTag)::value;
      const int rowGrid = gridFor(n, kBlock / L);
      cgSpmvDotKernel<L><<<rowGrid, kBlock, 0, st>>>(av, v.d, v.q, p, s);
      KC_CUDA_CHECK_LAUNCH("cgSpmvDotKernel");
      if (refresh) {
        cgStepXKernel<<<elementGrid, kBlock, 0, st>>>(v, s);
        KC_CUDA_CHECK_LAUNCH("cgStepXKernel");
        cgRefreshKernel<L><<<rowGrid, kBlock, 0, st>>>(av, v, p, s);
        KC_CUDA_CHECK_LAUNCH("cgRefreshKernel");
      } else {
        cgUpdateKernel<<<elementGrid, kBlock, 0, st>>>(v, p, s);
        KC_CUDA_CHECK_LAUNCH("cgUpdateKernel");
      }
    });
    cgDirectionKernel<<<elementGrid, kBlock, 0, st>>>(v, s);
    KC_CUDA_CHECK_LAUNCH("cgDirectionKernel");
  };
  // One refresh period as a graph: iterations k = 0 .. period-1 of every period, the refresh last.
  const int period = loop.period();
  const CapturedGraph periodGraph(stream, [&](cudaStream_t st) {
    for (int k = 0; k < period; ++k) enqueueIteration(options.refreshEvery > 0 && k == period - 1, st);
  });

  loop.start();
  cgInitKernel<<<elementGrid, kBlock, 0, stream>>>(v, p, s);
  KC_CUDA_CHECK_LAUNCH("cgInitKernel");
  loop.run([&](cudaStream_t st) { periodGraph.launch(st); });

  std::vector<T> xHost(static_cast<std::size_t>(n));
  x.downloadAsync(xHost.data(), xHost.size(), stream);
  stream.synchronize();
  return loop.finish(a, b, std::vector<double>(xHost.begin(), xHost.end()));
}

}  // namespace

CgResult solveCgCuda(const CsrMatrix& a, const std::vector<double>& b, Precision precision, SpmvVariant variant,
                     const CgOptions& options) {
  return precision == Precision::Float ? solveFused<float>(a, b, variant, options)
                                       : solveFused<double>(a, b, variant, options);
}

}  // namespace kc::cg
