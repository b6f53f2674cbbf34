#pragma once
// The CG building blocks as separate kernels, the way the thesis introduces them: SpMV (scalar
// and vector CSR), dot products (block reduction + final pass, and warp shuffles), axpy / xpay.
// The solver in cg_gpu.cuh fuses them; these stay for teaching, the tests and the bench.
// Dot products accumulate in double for float and double inputs alike.
#include <cuda_runtime.h>

#include <cstddef>

#include "gpu/core/device_buffer.cuh"
#include "gpu/demos/cg/device_csr.cuh"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

// A CSR matrix uploaded in precision T; owns its device memory.
template <class T>
class DeviceCsrMatrix {
 public:
  DeviceCsrMatrix(const CsrMatrix& host, cudaStream_t stream);  // synchronises the stream
  DeviceCsrView<T> view() const noexcept { return {rows_, cols_, rowPtr_.data(), colIdx_.data(), values_.data()}; }
  int rows() const noexcept { return rows_; }
  std::size_t nnz() const noexcept { return values_.size(); }

 private:
  int rows_ = 0, cols_ = 0;
  DeviceBuffer<int> rowPtr_, colIdx_;
  DeviceBuffer<T> values_;
};

// Blocks to launch for `work` items of `perBlock` each: enough to fill the GPU (8 resident
// blocks of 256 threads per SM), grid-stride beyond that so the partial-sum arrays stay small.
int gridFor(long long work, int perBlock);
int maxGrid();  // the cap gridFor applies; partial-sum scratch holds this many entries

// y = A x. Scalar CSR: one thread per row (figure 5.5): simple, but a warp's loads of values and
// column indices are strided by row lengths, so it suits short rows (Poisson: 5 per row).
template <class T>
void spmvScalarCsrAsync(DeviceCsrView<T> a, const T* x, T* y, cudaStream_t stream);
// Vector CSR: lanesPerRow threads (1..32, power of two; 32 = one warp per row) share a row, so
// its entries are read as a coalesced run: suits long rows (bcsstk17: 39 per row).
template <class T>
void spmvVectorCsrAsync(DeviceCsrView<T> a, const T* x, T* y, int lanesPerRow, cudaStream_t stream);
// The group width the solver picks for a mean row length: the power of two nearest below it,
// at least 2, at most 32 (a warp).
int vectorCsrLanes(double meanRowLength);

// result[0] = sum x[i] y[i] in double. Figure 5.6: each block reduces in shared memory (a tree,
// halving the active threads each step) and writes one partial; a second one-block launch sums
// the partials. scratch: at least maxGrid() doubles.
template <class T>
void dotBlockReduceAsync(const T* x, const T* y, int n, double* scratch, double* result, cudaStream_t stream);
// Same sum in one launch: warps reduce with shuffles (no shared memory, no barriers within a
// warp), and the last block to finish sums the partials. scratch: maxGrid() double2 + 1
// counter, i.e. dotShuffleScratchBytes().
template <class T>
void dotWarpShuffleAsync(const T* x, const T* y, int n, void* scratch, double* result, cudaStream_t stream);
std::size_t dotShuffleScratchBytes();

// y += alpha x
template <class T>
void axpyAsync(const T* x, T* y, int n, T alpha, cudaStream_t stream);
// y = x + beta y (the search-direction update d = z + beta d)
template <class T>
void xpayAsync(const T* x, T* y, int n, T beta, cudaStream_t stream);

}  // namespace kc::cg
