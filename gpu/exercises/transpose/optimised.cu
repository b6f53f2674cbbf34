// kernelcam's optimised transpose: a block moves a 32x32 square through shared memory. It reads the
// square row by row from in (coalesced), and writes it row by row to out (coalesced), taking the
// tile's columns. The tile's rows are padded to 33 floats, so a column's 32 floats fall in 32
// different banks: one wavefront per warp access, not 32. 32x8 threads: four rows each.
//
// @exercise transpose
// @block 32x8
// @grid ceil_div(cols, 32), ceil_div(rows, 32)

__global__ void transposeOptimised(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[32][33];
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int r = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (r + j < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[(r + j) * cols + c];
  __syncthreads();
  const int outC = blockIdx.y * 32 + threadIdx.x;  // a column of out is a row of in
  const int outR = blockIdx.x * 32 + threadIdx.y;  // a row of out is a column of in
  for (int j = 0; j < 32; j += 8)
    if (outR + j < cols && outC < rows) out[(outR + j) * rows + outC] = tile[threadIdx.x][threadIdx.y + j];
}
