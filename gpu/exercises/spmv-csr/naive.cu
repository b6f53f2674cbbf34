// kernelcam's naive SpMV ("scalar CSR"): one thread per row. A warp's 32 threads walk 32 different
// rows, so their reads of values and columns are scattered (up to 32 sectors per request), and the
// warp runs as long as its longest row while the threads of short rows wait.
//
// @exercise spmv-csr
// @block 256
// @grid (rows + 255) / 256

__global__ void spmvScalar(int rows, const int* rowStart, const int* columns, const float* values, const float* x,
                           float* y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  float sum = 0.0f;
  for (int j = rowStart[row]; j < rowStart[row + 1]; ++j) sum += values[j] * x[columns[j]];
  y[row] = sum;
}
