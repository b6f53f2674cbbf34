// kernelcam's optimised SpMV ("vector CSR"): one warp per row. Lane l adds the row's entries l, l + 32,
// ...: neighbouring lanes read neighbouring entries (coalesced), a long row is shared by 32 lanes,
// and the warp adds its 32 partial sums with register shuffles.
//
// @exercise spmv-csr
// @block 256
// @grid (rows + 7) / 8

__global__ void spmvVector(int rows, const int* rowStart, const int* columns, const float* values, const float* x,
                           float* y) {
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (row >= rows) return;  // the same for the warp's 32 lanes: the shuffles below have them all
  float sum = 0.0f;
  for (int j = rowStart[row] + lane; j < rowStart[row + 1]; j += 32) sum += values[j] * x[columns[j]];
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) y[row] = sum;
}
