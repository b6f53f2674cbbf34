#include "gpu/demos/cg/cg_kernels.cuh"

#include <algorithm>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/demos/cg/cg_device.cuh"

namespace kc::cg {

using device::kBlock;
using device::kMinBlocksPerSm;

template <class T>
DeviceCsrMatrix<T>::DeviceCsrMatrix(const CsrMatrix& host, cudaStream_t stream)
    : rows_(host.rows), cols_(host.cols), rowPtr_(host.rowPtr.size()), colIdx_(host.nnz()), values_(host.nnz()) {
  KC_REQUIRE(host.rowPtr.size() == static_cast<std::size_t>(host.rows) + 1, "DeviceCsrMatrix: malformed CSR");
  std::vector<T> values(host.values.begin(), host.values.end());
  rowPtr_.uploadAsync(host.rowPtr.data(), host.rowPtr.size(), stream);
  if (host.nnz() > 0) {
    colIdx_.uploadAsync(host.colIdx.data(), host.nnz(), stream);
    values_.uploadAsync(values.data(), values.size(), stream);
  }
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));  // `values` is a local staging copy
}
template class DeviceCsrMatrix<float>;
template class DeviceCsrMatrix<double>;

int maxGrid() { return currentDeviceSmCount() * (2048 / kBlock); }

int gridFor(long long work, int perBlock) {
  const long long blocks = (work + perBlock - 1) / perBlock;
  return static_cast<int>(std::clamp<long long>(blocks, 1, maxGrid()));
}

int vectorCsrLanes(double meanRowLength) {
  int lanes = 2;
  while (lanes < 32 && lanes * 2 <= meanRowLength) lanes *= 2;
  return lanes;
}

namespace {

template <int LANES, class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    spmvKernel(DeviceCsrView<T> a, const T* __restrict__ x, T* __restrict__ y) {
  device::forEachRow<LANES>(a.rows, [&](int row, int laneInRow) {
    const T sum = device::csrRowDot<LANES>(a, x, row, laneInRow);
    if (row < a.rows && laneInRow == 0) y[row] = sum;
  });
}

// Figure 5.6, step 1: grid-stride products, then a shared-memory tree per block.
template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    dotPartialKernel(const T* __restrict__ x, const T* __restrict__ y, int n, double* __restrict__ partials) {
  __shared__ double cache[kBlock];
  double sum = 0;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock)
    sum += static_cast<double>(x[i]) * static_cast<double>(y[i]);
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int half = kBlock / 2; half > 0; half >>= 1) {
    if (threadIdx.x < half) cache[threadIdx.x] += cache[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = cache[0];
}

// Figure 5.6, step 2: one block sums the partials with the same tree.
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    dotFinalKernel(const double* __restrict__ partials, int count, double* __restrict__ result) {
  __shared__ double cache[kBlock];
  double sum = 0;
  for (int i = threadIdx.x; i < count; i += kBlock) sum += partials[i];
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int half = kBlock / 2; half > 0; half >>= 1) {
    if (threadIdx.x < half) cache[threadIdx.x] += cache[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = cache[0];
}

template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    dotShuffleKernel(const T* __restrict__ x, const T* __restrict__ y, int n, double2* partials, unsigned* arrivals,
                     double* result) {
  double sum = 0;
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock)
    sum += static_cast<double>(x[i]) * static_cast<double>(y[i]);
  const double2 blockSum = device::blockSum2(make_double2(sum, 0.0));
  if (threadIdx.x == 0) partials[blockIdx.x] = blockSum;
  if (!device::arriveLast(arrivals)) return;
  const double2 total = device::sumPartials(partials, gridDim.x);
  if (threadIdx.x == 0) *result = total.x;
}

template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    axpyKernel(const T* __restrict__ x, T* __restrict__ y, int n, T alpha) {
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) y[i] += alpha * x[i];
}

template <class T>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm)
    xpayKernel(const T* __restrict__ x, T* __restrict__ y, int n, T beta) {
  for (int i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) y[i] = x[i] + beta * y[i];
}

}  // namespace

template <class T>
void spmvScalarCsrAsync(DeviceCsrView<T> a, const T* x, T* y, cudaStream_t stream) {
  if (a.rows == 0) return;
  spmvKernel<1><<<gridFor(a.rows, kBlock), kBlock, 0, stream>>>(a, x, y);
  KC_CUDA_CHECK_LAUNCH("spmvKernel<1> (scalar CSR)");
}

template <class T>
void spmvVectorCsrAsync(DeviceCsrView<T> a, const T* x, T* y, int lanesPerRow, cudaStream_t stream) {
  if (a.rows == 0) return;
  device::withLanes(lanesPerRow, [&](auto lanes) {
    constexpr int L = decltype(lanes)::value;
    spmvKernel<L><<<gridFor(a.rows, kBlock / L), kBlock, 0, stream>>>(a, x, y);
    KC_CUDA_CHECK_LAUNCH("spmvKernel<lanes> (vector CSR)");
  });
}

template <class T>
void dotBlockReduceAsync(const T* x, const T* y, int n, double* scratch, double* result, cudaStream_t stream) {
  KC_REQUIRE(n >= 0, "dotBlockReduceAsync: negative size");
  const int grid = gridFor(n, kBlock);
  dotPartialKernel<<<grid, kBlock, 0, stream>>>(x, y, n, scratch);
  KC_CUDA_CHECK_LAUNCH("dotPartialKernel");
  dotFinalKernel<<<1, kBlock, 0, stream>>>(scratch, grid, result);
  KC_CUDA_CHECK_LAUNCH("dotFinalKernel");
}

std::size_t dotShuffleScratchBytes() {
  return static_cast<std::size_t>(maxGrid()) * sizeof(double2) + sizeof(unsigned);
}

template <class T>
void dotWarpShuffleAsync(const T* x, const T* y, int n, void* scratch, double* result, cudaStream_t stream) {
  KC_REQUIRE(n >= 0, "dotWarpShuffleAsync: negative size");
  auto* partials = static_cast<double2*>(scratch);
  auto* arrivals = reinterpret_cast<unsigned*>(partials + maxGrid());
  dotShuffleKernel<<<gridFor(n, kBlock), kBlock, 0, stream>>>(x, y, n, partials, arrivals, result);
  KC_CUDA_CHECK_LAUNCH("dotShuffleKernel");
}

template <class T>
void axpyAsync(const T* x, T* y, int n, T alpha, cudaStream_t stream) {
  if (n <= 0) return;
  axpyKernel<<<gridFor(n, kBlock), kBlock, 0, stream>>>(x, y, n, alpha);
  KC_CUDA_CHECK_LAUNCH("axpyKernel");
}

template <class T>
void xpayAsync(const T* x, T* y, int n, T beta, cudaStream_t stream) {
  if (n <= 0) return;
  xpayKernel<<<gridFor(n, kBlock), kBlock, 0, stream>>>(x, y, n, beta);
  KC_CUDA_CHECK_LAUNCH("xpayKernel");
}

#define KC_CG_INSTANTIATE(T)                                                                     \
  template void spmvScalarCsrAsync<T>(DeviceCsrView<T>, const T*, T*, cudaStream_t);             \
  template void spmvVectorCsrAsync<T>(DeviceCsrView<T>, const T*, T*, int, cudaStream_t);        \
  template void dotBlockReduceAsync<T>(const T*, const T*, int, double*, double*, cudaStream_t); \
  template void dotWarpShuffleAsync<T>(const T*, const T*, int, void*, double*, cudaStream_t);   \
  template void axpyAsync<T>(const T*, T*, int, T, cudaStream_t);                                \
  template void xpayAsync<T>(const T*, T*, int, T, cudaStream_t);
KC_CG_INSTANTIATE(float)
KC_CG_INSTANTIATE(double)
#undef KC_CG_INSTANTIATE

}  // namespace kc::cg
