// kernelcam's optimised matrix multiplication: several outputs per thread. A block of 16x16 threads
// computes a 64x64 square of c, each thread 16 outputs of it in registers: rows ty + 16 * i and
// columns tx + 16 * j (i, j < 4), so neighbouring threads read neighbouring floats of shared memory
// (no bank conflicts) and write neighbouring floats of c (coalesced). Along k, in steps of 16, the
// block copies 64 rows of a and 64 columns of b into shared memory; for each l, a thread reads 4
// values of a and 4 of b and makes 16 multiply-adds of them: 2 products per shared read, where the
// tiled kernel makes 1 per 2 reads.
//
// @exercise matmul-coarse
// @block 16x16
// @grid ceil_div(n, 64), ceil_div(m, 64)

__global__ void matmulCoarse(const float* a, const float* b, float* c, int m, int n, int k) {
  __shared__ float as[64][16];  // the block's 64 rows of a, 16 columns of the step
  __shared__ float bs[16][64];  // 16 rows of b, the block's 64 columns
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
  const int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;
  float acc[4][4] = {};
  for (int l0 = 0; l0 < k; l0 += 16) {
    for (int p = 0; p < 4; ++p) {  // 1024 floats of each, 4 per thread; a warp reads whole rows
      const int e = tid + p * 256;
      const int r = e / 16, l = e % 16;
      as[r][l] = row0 + r < m && l0 + l < k ? a[(row0 + r) * k + l0 + l] : 0.0f;
      const int bl = e / 64, bc = e % 64;
      bs[bl][bc] = l0 + bl < k && col0 + bc < n ? b[(l0 + bl) * n + col0 + bc] : 0.0f;
    }
    __syncthreads();
    for (int l = 0; l < 16; ++l) {
      float ar[4], br[4];
      for (int i = 0; i < 4; ++i) ar[i] = as[ty + 16 * i][l];
      for (int j = 0; j < 4; ++j) br[j] = bs[l][tx + 16 * j];
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) acc[i][j] += ar[i] * br[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const int row = row0 + ty + 16 * i, col = col0 + tx + 16 * j;
      if (row < m && col < n) c[row * n + col] = acc[i][j];
    }
}
