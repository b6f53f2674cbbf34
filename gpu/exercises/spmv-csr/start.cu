// Sparse matrix-vector product: y = A x, A in CSR form (rows rows; row r's entries are values[j] at
// columns[j] for rowStart[r] <= j < rowStart[r + 1]).
// The task, the tolerance and the goals: kernelcam exercise show spmv-csr
//
// @exercise spmv-csr
// @block 256
// @grid (rows + 255) / 256

__global__ void spmv(int rows, const int* rowStart, const int* columns, const float* values, const float* x,
                     float* y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;  // one row per thread, to begin with

  // TODO 1: a thread past the last row (the grid is rounded up to whole blocks) does nothing.

  // TODO 2: add values[j] * x[columns[j]] over the row's entries, and write the sum to y[row] (0 for
  //         an empty row).

  // TODO 3 (level 2 and 3): give each row a whole warp, whose 32 lanes read neighbouring entries, and
  //         add their sums with warp shuffles (the statement and the hints say how).
}
